"""``\\reach``, object quantifiers and aggregates as a user runs them: each item's exact
outcome, and a violation replayed on the JVM with the JML runtime class
(``boundcheck.jml.Heap``) compiled beside the harness."""
from __future__ import annotations

import textwrap

from jml_reach_sources import RING  # tests/ is on sys.path (its conftest.py)


def test_reach_items_pass_and_fail_and_a_failure_is_confirmed_on_the_jvm(plugin):
    file = plugin.pytester.path / "src" / "p" / "L.java"
    file.parent.mkdir(parents=True)
    file.write_text(textwrap.dedent(RING))
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-objects=fields",
                              "--boundcheck-replay", "-rA")
    result.assert_outcomes(passed=3, failed=2)
    result.stdout.fnmatch_lines([
        "PASSED src/p/L.java::p.L::pair()",
        "PASSED src/p/L.java::p.L::loopBack()", "PASSED src/p/L.java::p.L::byNextOnly()"],
        consecutive=False)
    result.stdout.fnmatch_lines([
        "*confirmed on the JVM (java *): java.lang.AssertionError: ensures at L.java:12:9: "
        "((\\num_of Node n; \\reach(entry).has(n); true) == 3)",
        "*confirmed on the JVM (java *): java.lang.AssertionError: ensures at L.java:23:9: "
        "\\reach(entry, Node, next).has(entry.other)"])
