"""Discover stage: source roots -> the .java files under them, in a stable order."""
from __future__ import annotations

import fnmatch
import os
from pathlib import Path

DEFAULT_EXCLUDES = (".*", "build", "target", "out", "node_modules")


def java_files(roots: list[Path], excludes: tuple[str, ...] = DEFAULT_EXCLUDES) -> list[Path]:
    """Every .java file under the roots (a root may also be a .java file), sorted,
    skipping directories whose name matches an exclude pattern."""
    found: set[Path] = set()
    for root in roots:
        root = Path(root).resolve()
        if root.is_file():
            if root.suffix == ".java":
                found.add(root)
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames
                           if not any(fnmatch.fnmatch(d, pattern) for pattern in excludes)]
            found.update(Path(dirpath, f) for f in filenames if f.endswith(".java"))
    return sorted(found)
