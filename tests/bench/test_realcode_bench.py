"""bench/realcode.py reads back the assumptions that report/text.py writes into each pass:
the tally of a project's passes that rest on one is only right while the two agree, so the
texts here are made by the report's own function, not copied."""
from __future__ import annotations

import collections
import sys
from pathlib import Path

from pytest_boundcheck.engine.result import Assumption
from pytest_boundcheck.report.text import assumptions_text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import realcode

HELD = "no violation within int 32-bit, 8 unrolls, inline depth 8; objects: any field values"


def said(*assumed: Assumption) -> str:
    return HELD + assumptions_text(assumed)


def test_each_call_without_code_is_one_assumption_even_with_commas_in_its_parameters():
    calls = ("Map.put(Object, Object)", "List.size()")
    text = said(Assumption("functions", calls, raises=("java.lang.UnsupportedOperationException",)))
    tail = ("is a deterministic function that may throw UnsupportedOperationException "
            "(as its documentation says) and nothing else")
    assert realcode.assumptions(text) == [f"{call} {tail}" for call in calls]


def test_calls_not_followed_into_each_class_keep_the_number_of_classes():
    text = said(Assumption("functions", ("Shape.area()",), classes=12))
    assert realcode.assumptions(text) == [("Shape.area() is a deterministic function that throws "
                                           "no exception (not followed into 12+ classes)")]


def test_trusted_classes_drop_the_seconds_and_keep_the_remark_whole():
    classes = ("p.Money", "java.util.Date")
    text = said(Assumption("contracts", classes, trusted_after=41.7))
    tail = ("obeys the contracts of equals, hashCode and compareTo "
            "(trusted: its code took too long to explore)")
    assert realcode.assumptions(text) == [f"{name} {tail}" for name in classes]


def test_static_fields_are_one_assumption_each_with_the_writers_not_called():
    fields = ("Cache.ENTRIES", "Cache.HITS")
    text = said(Assumption("statics", fields, writers=("Cache.clear()",)))
    tail = ("starts as class initialisation sets it and keeps that value "
            "(Cache.clear() not called)")
    assert realcode.assumptions(text) == [f"static field {name} {tail}" for name in fields]


def test_line_numbers_are_dropped_so_that_one_cause_is_one_line():
    first = said(Assumption("functions", ("Parser.next() at Parser.java:12:9",)))
    second = said(Assumption("functions", ("Parser.next() at Parser.java:40:3",)))
    assert realcode.assumptions(first) == realcode.assumptions(second) == [
        "Parser.next() at Parser.java is a deterministic function that throws no exception"]


def test_a_pass_without_assumptions_states_none():
    assert realcode.assumptions(HELD + "; bounded at loop needs more than 8 unrolls") == []


def test_only_passes_are_counted_and_each_once_per_assumption(tmp_path):
    calls = Assumption("functions", ("URL.toExternalForm()",))
    cases = [("Rests", "passed", said(calls)), ("Twice", "passed", said(calls, calls)),
             ("Bare", "passed", HELD), ("Broken", "failed", said(calls))]
    xml = "".join(
        f'<testcase classname="a.java" name="{name}"><properties>'
        f'<property name="boundcheck" value="{text}"/></properties></testcase>'
        for name, _, text in cases)
    report = tmp_path / "report.xml"
    report.write_text(f"<testsuites><testsuite>{xml}</testsuite></testsuites>")
    kinds = {f"a.java::{name}": kind for name, kind, _ in cases}
    assert realcode.assumed_in_passes(report, kinds) == (2, collections.Counter({
        "URL.toExternalForm() is a deterministic function that throws no exception": 2}))
