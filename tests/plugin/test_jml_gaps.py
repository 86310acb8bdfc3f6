"""The JML language's less common corners as a user runs them: each item's exact outcome,
and each violation confirmed on the JVM."""
from __future__ import annotations

import textwrap

from jml_gap_sources import (  # tests/ is on sys.path (its conftest.py)
    OLD_ELEMENTS,
    OLD_OF_EACH,
    REACHED_NON_NULL,
    REGISTRY,
    REPLAYED_STATEMENTS,
)


def _run(plugin, name: str, source: str, items: list[str]):
    """The run with replay of ``source`` as ``src/p/<name>``, whose items are exactly
    ``items`` ("PASSED <node id>", "FAILED <node id> - ...", in the summary's order)."""
    file = plugin.pytester.path / "src" / "p" / name
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(source))
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay", "-rA")
    result.assert_outcomes(passed=sum(i.startswith("PASSED") for i in items),
                           failed=sum(i.startswith("FAILED") for i in items))
    result.stdout.fnmatch_lines(items, consecutive=False)
    return result


def test_a_quantifier_over_objects_ranges_over_what_the_static_fields_reach(plugin):
    result = _run(plugin, "Registry.java", REGISTRY, [
        "PASSED src/p/Registry.java::p.Registry::add(int)",
        "FAILED src/p/Registry.java::p.Registry::addAny(int) - *"])
    result.stdout.fnmatch_lines([
        ("confirmed on the JVM (java *): java.lang.AssertionError: ensures at "
        "Registry.java:17:9: (\\forall Node n; ; (n.value > 0))")])


def test_old_of_a_quantifiers_variable_is_its_objects_value_before_the_call(plugin):
    """Each node's own pre-state value: bumping every node passes, bumping the first
    alone fails; a node the method made has no pre-state, so a clause asking it fails."""
    result = _run(plugin, "Bump.java", OLD_OF_EACH, [
        "PASSED src/p/Bump.java::p.Bump::bumpAll()",
        "PASSED src/p/Bump.java::p.Bump::push()",
        "FAILED src/p/Bump.java::p.Bump::bumpFirst() - *",
        "FAILED src/p/Bump.java::p.Bump::pushAsked() - *"])
    result.stdout.fnmatch_lines([
        "    Node#1.value: 0 -> 1",
        ("violated: ensures at Bump.java:20:9: (\\forall Node n; \\reach(head).has(n); "
        "(n.value == (\\old(n.value) + 1)))"),
        "confirmed on the JVM (java *): java.lang.AssertionError: ensures at Bump.java:20:9: *",
        ("confirmed on the JVM (java *): java.lang.AssertionError: ensures at Bump.java:34:9: "
        "(\\forall Node n; \\reach(head).has(n); (n.next == \\old(n.next)))")],
        consecutive=False)


def test_the_non_null_fields_of_reachable_objects_are_assumed_before_and_kept_after(plugin):
    """A node's non-null label holds before the call (firstLabel may return it) and must
    after it: a list's method that nulls it fails, though the list itself has no
    invariant and no non-null field."""
    result = _run(plugin, "Ring.java", REACHED_NON_NULL, [
        "PASSED src/p/Ring.java::p.Ring::Ring()",
        "PASSED src/p/Ring.java::p.Ring::relabel(String)",
        "PASSED src/p/Ring.java::p.Ring::firstLabel()",
        "PASSED src/p/Ring.java::p.Ring.Node::Node(String)",
        "FAILED src/p/Ring.java::p.Ring::unlabel() - the invariants of Ring.Node, kept*"])
    said = ("the non_null field label (declared at Ring.java:6:16) of a reachable Ring.Node "
            "is null on return (JML's default; declare it nullable if it may be)")
    result.stdout.fnmatch_lines([
        "    Node#1.label: * -> null", f"violated: {said}",
        f"confirmed on the JVM (java *): java.lang.AssertionError: {said}"], consecutive=False)


def test_body_statements_with_old_in_an_enhanced_for_and_in_a_second_class_replay(plugin):
    """Each violation is confirmed on the JVM, but an enhanced for's invariant where a
    break leaves the loop, which says why it is not replayed: no ERROR."""
    result = _run(plugin, "Tally.java", REPLAYED_STATEMENTS, [
        "FAILED src/p/Tally.java::p.Tally::add(int[]) - *",
        "FAILED src/p/Tally.java::p.Tally::positives(int[]) - *",
        "FAILED src/p/Tally.java::p.Tally::firstBig(int[]) - *",
        "FAILED src/p/Tally.java::p.Helper::twice(int) - *"])
    result.stdout.fnmatch_lines([
        ("confirmed on the JVM (java *): java.lang.AssertionError: assert at Tally.java:12:13: "
        "(count >= \\old(count))"),
        ("confirmed on the JVM (java *): java.lang.AssertionError: loop_invariant at "
        "Tally.java:17:13: (k <= 1)"),
        ("not replayed: the JML statement loop_invariant at Tally.java:26:13 does not run on "
        "the JVM: a break leaves its loop"),
        ("confirmed on the JVM (java *): java.lang.AssertionError: assert at Tally.java:38:13: "
        "(y != 6)")])


def test_old_of_an_array_element_a_quantifier_indexes_is_the_element_before_the_call(plugin):
    result = _run(plugin, "Arr.java", OLD_ELEMENTS, [
        "PASSED src/p/Arr.java::p.Arr::incAll(int[])",
        "PASSED src/p/Arr.java::p.Arr::reverse(int[],int)",
        "FAILED src/p/Arr.java::p.Arr::incButLast(int[]) - *"])
    result.stdout.fnmatch_lines([
        "confirmed on the JVM (java *): java.lang.AssertionError: ensures at Arr.java:14:9: *"])
    assert ("violated: ensures at Arr.java:14:9: (\\forall int i; ((0 <= i) && (i < a.length)); "
            "(a[i] == (\\old(a[i]) + 1)))") in result.stdout.str()
