"""A JML item's pre-state is any heap within the bounds in which the invariants hold
(TACO's, JForge's and InspectJ's): objects with any field values by default, so a class
whose invariant says less than its methods assume fails; ``--boundcheck-objects
constructors`` (or the ini option) checks only the states the class's code makes. Each
result says which it used."""
from __future__ import annotations

import textwrap

import pytest

GAUGE = """\
    package meter;

    public class Gauge {
        private int level;
        //@ public invariant 0 <= level && level <= 10;

        public Gauge() { level = 0; }

        /*@ ensures \\result == 100 / (10 - level); @*/
        public int headroom() { return 100 / (10 - level); }
    }
    """


@pytest.fixture
def gauge(plugin):
    file = plugin.pytester.path / "src" / "meter" / "Gauge.java"
    file.parent.mkdir(parents=True)
    file.write_text(textwrap.dedent(GAUGE))
    return plugin


@pytest.mark.under_xdist
def test_the_pre_state_is_any_heap_the_invariant_allows(gauge):
    result = gauge.runpytest("--boundcheck", "src", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "*_ Gauge::headroom() _*",
        "*self = Gauge(level=10)*",
        "*ArithmeticException*",
        "bounds: int 32-bit, 3 objects/type, 8 unrolls, *; objects: any field values*"])


def test_the_option_checks_only_the_states_constructors_make(gauge):
    result = gauge.runpytest("--boundcheck", "src", "--boundcheck-objects", "constructors",
                             "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)


def test_the_ini_option_too(gauge):
    gauge.pytester.makeini("[pytest]\nboundcheck_objects = constructors\n")
    result = gauge.runpytest("--boundcheck", "src", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)


def test_the_scope_sets_the_objects_and_the_unrolls_follow_it(gauge):
    result = gauge.runpytest("--boundcheck", "src", "--boundcheck-max-objects", "12",
                             "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["bounds: int 32-bit, 12 objects/type, 12 unrolls, *"])
    result = gauge.runpytest("--boundcheck", "src", "--boundcheck-max-objects", "12",
                             "--boundcheck-unroll", "3", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["bounds: int 32-bit, 12 objects/type, 3 unrolls, *"])
