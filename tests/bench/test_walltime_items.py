"""bench/walltime.py measures the items it is named, JML items among them (by their
method, as pytest names them), so that a sample's slow JML items can be measured apart."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import walltime

from pytest_boundcheck.engine.project import Project


def test_a_jml_item_is_found_by_its_class_and_method():
    project = Project([ROOT / "sample_projects" / "structures" / "structures" / "correct"])
    found = walltime._items(project, ["structures.correct.TreeSet::remove(int)",
                                      "LList::insert(int)"], 1, 0)
    assert [(name, contract.id) for name, _, contract in found] == [
        ("structures.correct.LList::insert(int)", "insert(int)"),
        ("structures.correct.TreeSet::remove(int)", "remove(int)")]
