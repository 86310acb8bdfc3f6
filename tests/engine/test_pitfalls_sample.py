"""The pitfalls sample (sample_projects/pitfalls): breaks that are easy to miss, each with
the outcome its expected-outcomes.txt lists; their replay on the JVM:
tests/plugin/test_replay.py."""
from __future__ import annotations

from pytest_boundcheck.config.bounds import Bounds


def test_the_subtraction_overflow_is_confirmed_through_the_public_constructor(java):
    found = java.sample("pitfalls").result("Score", "compareto-antisymmetric")
    assert (java.outcome(found), found.unconfirmed) == ("failed", "")
    java.lines(found).fnmatch_lines(["  Score [xy] = new Score(Integer.MIN_VALUE);"])


def test_the_version_order_needs_three_turns_of_its_loop_and_a_pass_within_two_says_so(java):
    """"1.a" compares as "1.0" only on the loop's third turn: within 2 unrolls no path
    reaches it, and the pass names the loop that needed more; within 3 it fails."""
    sample = java.sample("pitfalls")
    within_two = sample.result("Release", "compareto-substitutable",
                               Bounds(unroll=2))
    assert java.outcome(within_two) == "passed"
    java.lines(within_two).fnmatch_lines(
        [("no violation within int 32-bit, 2 unrolls, *; bounded at loop needs more than "
          "2 unrolls at Release.java:22:*")])
    within_three = sample.result("Release", "compareto-substitutable",
                                 Bounds(unroll=3))
    assert java.outcome(within_three) == "failed"
    java.lines(within_three).fnmatch_lines(['  Release x = new Release("0. ");'])
