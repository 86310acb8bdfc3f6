"""bench/realcode.py reads back the assumptions that report/text.py writes into each pass:
the tally of a project's passes that rest on one is only right while the two agree, so the
texts here are made by the report's own function, not copied."""
from __future__ import annotations

import collections
import sys
from pathlib import Path

import pytest

from pytest_boundcheck.engine.result import Assumption
from pytest_boundcheck.report.text import assumptions_text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import realcode

HELD = "no violation within int 32-bit, 8 unrolls, inline depth 8; objects: any field values"


def said(*assumed: Assumption) -> str:
    return HELD + assumptions_text(assumed)


# Each kind of assumption with two subjects (one with commas in its parameter list, the
# trusted classes with a remark that holds a "; "), and what the tally says of each subject.
PER_SUBJECT = {
    "calls with documented exceptions": (
        Assumption("functions", ("Map.put(Object, Object)", "List.size()"),
                   raises=("java.lang.UnsupportedOperationException",)),
        ("{} is a deterministic function that may throw UnsupportedOperationException "
         "(as its documentation says) and nothing else")),
    "calls not followed into each class": (
        Assumption("functions", ("Shape.area()", "Shape.name()"), classes=12),
        "{} is a deterministic function that throws no exception (not followed into 12+ classes)"),
    "classes trusted after a long exploration": (
        Assumption("contracts", ("p.Money", "java.util.Date"), trusted_after=41.7),
        ("{} obeys the contracts of equals, hashCode and compareTo "
         "(trusted: its code took too long to explore)")),
    "static fields with their writers": (
        Assumption("statics", ("Cache.ENTRIES", "Cache.HITS"), writers=("Cache.clear()",)),
        ("static field {} starts as class initialisation sets it and keeps that value "
         "(Cache.clear() not called)")),
}


@pytest.mark.parametrize("kind", PER_SUBJECT)
def test_each_subject_of_an_assumption_is_counted_apart_without_seconds(kind):
    assumed, worded = PER_SUBJECT[kind]
    assert realcode.assumptions(said(assumed)) == [worded.format(s) for s in assumed.subjects]


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
