"""The size caps of the package's code: no module over 800 lines, no class over 600, no
function over 60. Prints every unit over its cap and exits 1 if there is one.

    python tools/size_caps.py [PACKAGE_DIR]
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

MODULE_LINES, CLASS_LINES, FUNCTION_LINES = 800, 600, 60
PACKAGE = Path(__file__).resolve().parent.parent / "pytest_boundcheck"


def oversized(package: Path = PACKAGE) -> list[str]:
    """One line per unit over its cap: ``path:line: kind name has N lines (cap M)``."""
    found = []
    for path in sorted(package.rglob("*.py")):
        source = path.read_text()
        name = path.relative_to(package.parent)
        lines = len(source.splitlines())
        if lines > MODULE_LINES:
            found.append(f"{name}:1: module has {lines} lines (cap {MODULE_LINES})")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef):
                kind, cap = "class", CLASS_LINES
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                kind, cap = "function", FUNCTION_LINES
            else:
                continue
            size = node.end_lineno - node.lineno + 1
            if size > cap:
                found.append(f"{name}:{node.lineno}: {kind} {node.name} has {size} lines (cap {cap})")
    return found


def main() -> int:
    package = Path(sys.argv[1]) if len(sys.argv) > 1 else PACKAGE
    found = oversized(package)
    print("\n".join(found) if found else "every module, class and function is within its cap")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
