"""What bench/run.py and bench/realcode.py measured, as one JSON file of bench/results/.

Measurements are data, not prose: each run is one file in the format bench/results/README.md
gives, so that runs are compared by a diff or a few lines of Python, not read out of a
notebook. Both scripts write it with ``--json FILE``; their printed report stays as it is.
"""
from __future__ import annotations

import json
import os
import platform
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIGITS = 3  # milliseconds: what the reports print, and no float noise in the diffs


def machine() -> str:
    """The machine as the reports name it: platform, architecture and CPU count."""
    return (f"{platform.platform()} ({platform.machine()}), "
            f"os.cpu_count() = {os.cpu_count()}")


def commit() -> str | None:
    """The short hash of HEAD, or None where there is no git or no checkout. A run on a
    working tree with changes still gets HEAD's hash: say so in a note."""
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return done.stdout.strip() or None


def rounded(value):
    """Every float in the figures to DIGITS places, through dicts and lists."""
    if isinstance(value, float):
        return round(value, DIGITS)
    if isinstance(value, dict):
        return {str(key): rounded(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(item) for item in value]
    return value


def write(path: str, measured: dict) -> None:
    """Write the run's record to ``path``: indent 2 and sorted keys, one figure a line."""
    record = {"commit": commit(), "command": shlex.join(["python", *sys.argv]),
              "machine": machine(), "measured": rounded(measured)}
    Path(path).write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
