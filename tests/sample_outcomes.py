"""The outcome of every item of a sample project, as its ``expected-outcomes.txt`` lists it:
the one list, which tests/samples checks through the plugin."""
from __future__ import annotations

from pathlib import Path

SAMPLES = Path(__file__).resolve().parent.parent / "sample_projects"


def listed(sample: str) -> dict[str, str]:
    """Item node id -> its outcome (the same on any machine: budgets count work)."""
    found = {}
    for line in (SAMPLES / sample / "expected-outcomes.txt").read_text().splitlines():
        line = line.partition("#")[0].strip()
        if line:
            item, outcome = line.split()
            found[item] = outcome
    return found
