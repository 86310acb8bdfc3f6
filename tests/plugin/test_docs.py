"""The documentation says what the code does: the options page lists exactly the plugin's
options and ini names, with their defaults."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from pytest_boundcheck import plugin
from pytest_boundcheck.config.bounds import Bounds

ROOT = Path(__file__).resolve().parents[2]


def documented() -> dict[str, tuple[str, str]]:
    """--option -> (ini name, default) from docs/user/options.md's table."""
    rows = {}
    for line in (ROOT / "docs/user/options.md").read_text().splitlines():
        match = re.match(r"\| `(--boundcheck[a-z-]*)[^`]*` \| `([a-z_]+)`[^|]*\| ([^|]+) \|", line)
        if match:
            rows[match.group(1)] = (match.group(2), match.group(3).strip())
    return rows


def registered(tmp_path) -> tuple[set[str], set[str]]:
    """The plugin's command-line options and ini names, as ``pytest --help`` lists them."""
    text = subprocess.run([sys.executable, "-m", "pytest", "--help"], cwd=tmp_path,
                          capture_output=True, text=True).stdout
    options = set(re.findall(r"^\s+(--boundcheck[a-z-]*)", text, re.M))
    inis = set(re.findall(r"^\s+(boundcheck[a-z_]*) \(", text, re.M))
    return options, inis


def test_the_options_page_lists_every_option_and_ini_name(tmp_path):
    options, inis = registered(tmp_path)
    rows = documented()
    assert set(rows) == options
    assert {ini for ini, _ in rows.values()} == inis


def test_the_options_page_gives_the_bounds_defaults():
    rows = documented()
    for name, (_, field, _) in plugin._BOUND_OPTIONS.items():
        default = plugin._DERIVED_DEFAULTS.get(field) or getattr(Bounds(), field)
        shown = rows[f"--boundcheck-{name.replace('_', '-')}"][1]
        assert (float(shown) == default) if isinstance(default, float) else shown == str(default)
