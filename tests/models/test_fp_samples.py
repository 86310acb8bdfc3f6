"""The floating-point sample (sample_projects/measures); its replay on the JVM:
tests/plugin/test_replay.py."""
from __future__ import annotations

import fnmatch

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.report.text import message

BOUNDS = "int 32-bit, 8 unrolls, inline depth 8"
MADE = "objects: built by constructors and factories, then up to 2 method calls"


def test_what_the_solver_cannot_settle_is_skipped_not_passed(java):
    found = java.sample("measures").check(
        {"Score"}, {"compareto-antisymmetric", "compareto-transitive", "compareto-substitutable"},
        Bounds(timeout=0.5))
    assert [r.status for r in found.values()] == ["skipped"] * 3
    assert any(fnmatch.fnmatch(message(r), "the solver gave up (*) after * s of work, within the "
                               "work budget of 0.5 s per item*") for r in found.values())


def test_equal_doubles_with_different_bits_are_shown_exactly(java):
    found = java.sample("measures").result("Weight", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "equal objects must have equal hash codes",
        "",
        "  Weight x = new Weight(*0.0);",  # 0.0 and -0.0, in either role
        "  Weight y = new Weight(*0.0);",
        "",
        "  field    x (Weight)    y (Weight)",
        "  kilos    *0.0 * *0.0 * [*]",
        "",
        "  x.equals(y)   -> true         (Weight.java:17)",
        "  x.hashCode()  -> *  (Weight.java:22)",  # 0 and -2147483648
        "  y.hashCode()  -> *  (Weight.java:22)",
        "",
        "violated: x.equals(y), but their hash codes differ",
        f"bounds: {BOUNDS}; {MADE}; * s of work",
    ])


def test_nan_and_float_literals_in_counterexamples(java):
    found = java.sample("measures").check(where=lambda cls, contract: cls == "Temperature" or (
        cls, contract) == ("Score", "compareto-equals"))
    shown = [found[("measures.Temperature", "equals-reflexive")],
             found[("measures.Temperature", "hashcode-consistent")],
             found[("measures.Score", "compareto-equals")]]  # as a run shows them, in order
    assert [java.outcome(r) for r in shown] == ["failed", "failed", "xfailed"]
    java.lines("\n".join(message(r) for r in shown)).fnmatch_lines([
        "*Temperature x = new Temperature(Float.NaN);",
        "*x.equals(x)  -> false  (Temperature.java:13)",
        "*Temperature x = new Temperature(*0.0f);",  # 0.0f and -0.0f, in some order
        "*Temperature y = new Temperature(*0.0f);",
        "*Score x = new Score(*);",  # 0.0 and -0.0, or 0.5 and 0.0
        "*Score y = new Score(*);",
        "*x.compareTo(y)  -> 0      (Score.java:17)",
        "*x.equals(y)     -> false  (Score.java:22)",
    ])


def test_a_tolerance_of_one_ulp_is_not_transitive(java):
    """The smallest doubles either side of zero are each within one ulp of a zero."""
    found = java.sample("measures").result("Reading", "equals-transitive")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  Reading x = new Reading(*Double.MIN_VALUE);",
        "  Reading y = new Reading(*0.0);",
        "  Reading z = new Reading(*Double.MIN_VALUE);",
        "  x.equals(z)  -> false  (Reading.java:37)",
    ])
