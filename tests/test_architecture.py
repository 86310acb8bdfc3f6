"""The house rules the code keeps, checked as tests so that CI enforces them: each stage of
the pipeline imports only the stages before it, no modules import each other in a circle,
only the plugin imports pytest, and no module, class or function is over its size cap."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import size_caps  # noqa: E402  (tools/ is no package)


def test_the_import_contracts_hold():
    """pyproject.toml's import-linter contracts: the pipeline's layers, no import circles,
    pytest only in the plugin."""
    run = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import "
                          "lint_imports; sys.exit(lint_imports(no_cache=True))"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "BROKEN" not in run.stdout


def test_only_the_plugin_module_imports_pytest():
    importers = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "pytest_boundcheck").rglob("*.py")
                       if any(line.strip().startswith(("import pytest", "from pytest "))
                              for line in p.read_text().splitlines()))
    assert importers == ["pytest_boundcheck/plugin.py"]


def test_every_module_class_and_function_is_within_its_cap():
    assert size_caps.oversized() == []
