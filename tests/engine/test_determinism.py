"""The same sources and options give the same verdicts and counterexamples on any machine
under any load: a check's budgets are work on its clock (``config.workclock``), never the
time it takes, and the order of what it asks does not follow Python's hash of strings.
Only the wall-clock safety net reads the time, and reaching it says so."""
from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import time
from dataclasses import replace

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.report.text import message

# (sample, class, contract, bounds): a violation, a pass, and one undecided in its budget
ITEMS = [
    ("orders", "Ticket", "compareto-antisymmetric", Bounds()),
    ("orders", "Version", "compareto-transitive", Bounds()),
    ("orders", "Version", "compareto-transitive", Bounds(timeout=0.05)),
]
VERDICTS = ["violation", "pass", "skipped"]


def results(java, wall_limit: float = 0.0) -> list[tuple[str, str]]:
    """(verdict, text) of each of ``ITEMS``, with the safety net at ``wall_limit`` seconds
    (0: its default)."""
    found = [java.sample(sample).result(cls, contract, replace(bounds, wall_limit=wall_limit))
             for sample, cls, contract, bounds in ITEMS]
    return [(r.verdict.value, message(r)) for r in found]


def test_a_verdict_and_its_counterexample_do_not_depend_on_the_time_checks_take(java, monkeypatch):
    """With every reading of the time a thousand seconds later than the one before (the
    safety net out of reach), each item ends as it does at the time's own pace."""
    at_pace = results(java)
    assert [verdict for verdict, _ in at_pace] == VERDICTS
    racing = itertools.count(step=1000.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(racing))
    monkeypatch.setattr(time, "monotonic", lambda: next(racing))
    assert results(java, wall_limit=1e300) == at_pace


CHECK_IN_A_PROCESS = """
import json, sys
from pathlib import Path
from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.report.text import message
found = []
for sample, cls, contract, timeout in json.loads(sys.argv[1]):
    project = Project([Path(sample)])
    subject = next(c for c in project.program.project if c.simple_name == cls)
    check = next(k for k in project.contracts_for(subject) if k.id == contract)
    result = project.check(subject, check, Bounds(timeout=timeout))
    found.append((result.verdict.value, message(result)))
print(json.dumps(found))
"""


def test_a_verdict_and_its_counterexample_do_not_depend_on_the_hash_of_strings(java):
    """Python hashes strings with a seed per process: the items checked in processes of
    two seeds end alike, to the counterexample's last value."""
    items = json.dumps([(str(java.sample(sample).root), cls, contract, bounds.timeout)
                        for sample, cls, contract, bounds in ITEMS])
    runs = []
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", CHECK_IN_A_PROCESS, items], check=True,
                              capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        runs.append([tuple(r) for r in json.loads(done.stdout)])
    assert [verdict for verdict, _ in runs[0]] == VERDICTS
    assert runs[0] == runs[1]


def test_reaching_the_wall_clock_safety_net_skips_the_item_saying_so(java):
    found = java.sample("orders").result("Ticket", "compareto-antisymmetric",
                                         Bounds(wall_limit=1e-9))
    assert found.status == "skipped" and found.reason.value == "undecided"
    assert message(found).startswith("wall-clock safety net of 1e-09 s reached: the verdict "
                                     "would not be reproducible; bounds: int 32-bit, 8 unrolls")


def test_the_safety_net_is_far_beyond_the_work_budget_unless_set():
    assert Bounds().wall_seconds() == 300
    assert Bounds(timeout=60).wall_seconds() == 1800
    assert Bounds(wall_limit=5).wall_seconds() == 5
