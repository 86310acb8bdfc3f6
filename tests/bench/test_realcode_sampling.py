"""bench/realcode.py samples large projects by class: every N-th class with all its items.
A stride over items meets every class at the same offset when the class's item count is a
multiple of it (every 5th item of equals-only classes is one contract of each), which made
earlier real-code figures measure one contract; these tests pin the class sample."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
import realcode
import realcode_limits

CONTRACTS = ["equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
             "hashcode-consistent"]
# Four classes of five items each, in collection order: (class, contract) per item.
ITEMS = [(cls, contract) for cls in "ABCD" for contract in CONTRACTS]


def test_a_stride_over_items_equal_to_the_items_per_class_picks_one_contract():
    kept = realcode_limits.kept_positions([cls for cls, _ in ITEMS], 5, whole_classes=False)
    assert {ITEMS[at][1] for at in kept} == {"equals-reflexive"}


def test_every_nth_class_keeps_each_kept_class_whole():
    kept = realcode_limits.kept_positions([cls for cls, _ in ITEMS], 2, whole_classes=True)
    assert [ITEMS[at] for at in kept] == [(cls, c) for cls in "AC" for c in CONTRACTS]


def test_classes_are_numbered_as_collection_first_meets_them():
    classes = ["B", "B", "A", "C", "C", "D"]
    kept = realcode_limits.kept_positions(classes, 2, whole_classes=True)
    assert [classes[at] for at in kept] == ["B", "B", "C", "C"]


def test_the_sample_line_is_read_back_into_the_record():
    classes = [cls for cls, _ in ITEMS]
    kept = realcode_limits.kept_positions(classes, 3, whole_classes=True)
    line = realcode_limits.sample_line(classes, kept, 3, whole_classes=True)
    assert realcode.sample(f"collected 20 items\n{line}\n") == {
        "every": 3, "unit": "class", "classes_kept": 2, "classes": 4, "items_kept": 10,
        "items_collected": 20}
    assert realcode.sample("collected 20 items\n") is None


PYTHON_TESTS = "".join(
    f"class Test{cls}:\n" + "".join(f"    def test_{n}(self): pass\n" for n in range(3))
    for cls in "ABCD")


def test_the_plugin_runs_every_nth_class_and_says_what_it_kept(pytester):
    pytester.makepyfile(PYTHON_TESTS)
    pytester.syspathinsert(BENCH)
    result = pytester.runpytest("-p", "realcode_limits", "--realcode-every-class=2", "-v")
    result.assert_outcomes(passed=6, deselected=6)
    result.stdout.fnmatch_lines(["realcode sample: every 2 class: 2 of 4 classes, 6 of 12 items",
                                 "*TestA::test_2 PASSED*", "*TestC::test_0 PASSED*"])
    result.stdout.no_fnmatch_line("*TestB::*")


def test_sampling_by_item_and_by_class_at_once_is_a_usage_error(pytester):
    pytester.makepyfile(PYTHON_TESTS)
    pytester.syspathinsert(BENCH)
    result = pytester.runpytest("-p", "realcode_limits", "--realcode-every-class=2",
                                "--realcode-every=3")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--realcode-every and --realcode-every-class exclude each other*"])


def test_the_empty_case_an_interrupted_run_leaves_is_no_item(tmp_path):
    report = tmp_path / "report.xml"
    report.write_text('<testsuites><testsuite><testcase classname="a.java" name="Slow" time="9.5">'
                      '<skipped type="pytest.skip" message="wall-clock safety net"/></testcase>'
                      '<testcase time="0.000" /></testsuite></testsuites>')
    outcomes, _, times, errors, *_ = realcode.tally(report)
    assert (dict(outcomes), times, errors) == ({"skipped": 1}, [(9.5, "a.java::Slow")], 0)
