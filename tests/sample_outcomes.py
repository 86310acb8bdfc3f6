"""The outcome of every item of a sample project, as its ``expected-outcomes.txt`` lists it:
the one list that tests/samples checks through the plugin and the stages' tests check
through the engine API."""
from __future__ import annotations

from pathlib import Path

SAMPLES = Path(__file__).resolve().parent.parent / "sample_projects"


def listed(sample: str) -> dict[str, set[str]]:
    """Item node id -> the outcomes it may have (several where its time limit decides it)."""
    found = {}
    for line in (SAMPLES / sample / "expected-outcomes.txt").read_text().splitlines():
        line = line.partition("#")[0].strip()
        if line:
            item, outcomes = line.split()
            found[item] = set(outcomes.split("|"))
    return found
