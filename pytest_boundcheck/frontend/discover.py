"""Discover stage: source roots -> the .java files under them, each real file once, in a
stable order.

The walk follows symbolic links, as javac and a build tool do, but enters each real
directory once, by the first way the walk meets (in name order, depth first): a link
back up the tree (a loop) or a second link to a directory already walked adds nothing,
and a file linked twice is read once. A file is named by its *place*: its directory's
real path and its own name, so that a link to a file keeps the name the tree shows
while every way into its directory names it alike.

Excluded directory names (build outputs, hidden directories) are skipped only where
they can be build outputs: at the top of a root, beside a build file (``pom.xml``,
``build.gradle``...: a module's top), or anywhere when the name cannot be a Java package
(``.git``). Below that, ``build`` or ``target`` is a package: ``com.acme.build.Customer``
is legal Java.
"""
from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_EXCLUDES = (".*", "build", "target", "out", "node_modules")
BUILD_FILES = frozenset({"pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle",
                         "settings.gradle.kts", "build.xml"})


def place(path: Path) -> Path:
    """``path`` with the symbolic links of its directories resolved and its own name kept:
    the same for every way a walk reaches one directory entry."""
    return Path(os.path.realpath(path.parent), path.name)


def may_be_package(name: str) -> bool:
    """Whether a directory of this name can hold a Java package (its name is an identifier)."""
    return name.replace("$", "_").isidentifier()


@dataclass
class Sources:
    """What a walk of the roots found. ``files``: the places of the .java files, sorted,
    each real file once; ``walked``: the directories entered, by the way the walk took
    (the resolved root joined with the names on the way); ``leading``: those of them with
    a .java file below; ``seen``: the real paths of the directories entered or excluded,
    which no second way may enter."""
    files: list[Path] = field(default_factory=list)
    walked: set[Path] = field(default_factory=set)
    leading: set[Path] = field(default_factory=set)
    seen: set[str] = field(default_factory=set)

    def enters_twice(self, directory: Path) -> bool:
        """Whether ``directory`` is a second way into a directory the walk entered or
        excluded (a symbolic link loop, or two links to one directory)."""
        return directory not in self.walked and os.path.realpath(directory) in self.seen


def walk(roots: list[Path], excludes: tuple[str, ...] = DEFAULT_EXCLUDES) -> Sources:
    """The .java files and directories under the roots (a root may also be a .java file),
    skipping excluded directories where they can be build outputs (the module docstring)."""
    found = Sources()
    real_files: set[str] = set()
    parents: dict[Path, Path | None] = {}  # a walked directory -> the one the walk came from

    def add_file(path: Path, directory: Path | None) -> None:
        real = os.path.realpath(path)
        if real in real_files:
            return
        real_files.add(real)
        found.files.append(place(path))
        while directory is not None and directory not in found.leading:
            found.leading.add(directory)
            directory = parents[directory]

    for root in roots:
        root = Path(os.path.realpath(root))
        if root.is_file():
            if root.suffix == ".java":
                add_file(root, None)
            continue
        stack: list[tuple[Path, Path | None]] = [(root, None)]
        while stack:  # depth first, in name order, without recursion
            directory, parent = stack.pop()
            real = os.path.realpath(directory)
            if real in found.seen:
                continue
            found.seen.add(real)
            found.walked.add(directory)
            parents[directory] = parent
            subdirectories = []
            outputs_here = directory == root or _has_build_file(directory)
            for entry in _entries(directory):
                if entry.is_dir():
                    if _excluded(entry.name, excludes, outputs_here):
                        found.seen.add(os.path.realpath(entry.path))
                    else:
                        subdirectories.append((Path(entry.path), directory))
                elif entry.name.endswith(".java") and entry.is_file():
                    add_file(Path(entry.path), directory)
            stack.extend(reversed(subdirectories))
    found.files.sort()
    return found


def _entries(directory: Path) -> list[os.DirEntry]:
    """A directory's entries in name order; none for a directory that cannot be read."""
    try:
        with os.scandir(directory) as entries:
            return sorted(entries, key=lambda e: e.name)
    except OSError:
        return []


def _has_build_file(directory: Path) -> bool:
    return any((directory / name).is_file() for name in BUILD_FILES)


def _excluded(name: str, excludes: tuple[str, ...], build_outputs_here: bool) -> bool:
    """Whether a directory is skipped: its name matches an exclude, and it is where build
    outputs are (``build_outputs_here``) or its name cannot be a package."""
    return (any(fnmatch.fnmatch(name, pattern) for pattern in excludes)
            and (build_outputs_here or not may_be_package(name)))
