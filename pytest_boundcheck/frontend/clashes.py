"""Two declarations of one fully qualified class name (two modules given as roots, a copy
of a class under another root): javac would reject them in one compilation, and one
class table holds one class per name, so the other would silently go unchecked.

Each file declaring a clashing name becomes an error of its own, naming every
declaration, and none of them enters the class table: a class elsewhere that uses the
name then meets a class without source, as it would a library's (its result says what
it assumed of that class), never one of the two picked by the order of the files.
"""
from __future__ import annotations

import os
from collections import defaultdict

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.parse import SourceError


def clashes(units: list[ast.CompilationUnit]) -> dict[str, SourceError]:
    """File path -> the error of a file that declares a top-level class whose fully
    qualified name another declaration (in another file, or in the same one) has too."""
    declared: dict[str, list[tuple[ast.CompilationUnit, ast.TypeDecl]]] = defaultdict(list)
    for unit in units:
        prefix = f"{unit.package}." if unit.package else ""
        for decl in unit.types:
            declared[prefix + decl.name].append((unit, decl))
    errors: dict[str, SourceError] = {}
    for name, places in sorted(declared.items()):
        if len(places) < 2:
            continue
        shown = _shown_paths([unit.path for unit, _ in places])
        for unit, decl in places:
            if unit.path in errors:
                continue
            others = ", ".join(f"{shown[other.path]}:{d.line}:{d.column}"
                               for other, d in places if d is not decl)
            errors[unit.path] = SourceError(
                unit.path, decl.line, decl.column,
                f"class {name} is also declared at {others}, and a run checks one class "
                "of a name: remove the copy, or check each module in a run of its own "
                "(one --boundcheck root each)")
    return errors


def _shown_paths(paths: list[str]) -> dict[str, str]:
    """Each path as the user tells them apart: relative to the directory the files share
    (``a/p/Money.java`` and ``b/p/Money.java``), the bare name for one file."""
    common = os.path.commonpath([os.path.dirname(p) for p in paths])
    return {p: os.path.relpath(p, common).replace(os.sep, "/") for p in paths}
