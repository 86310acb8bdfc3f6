"""Replay through the plugin (``--boundcheck-replay``): the counterexamples of each area's
samples and classes fail on a real JVM, as the plugin reports them (replayed in xdist's
workers too: the workflow sample). What the engine finds for them: the tests of each stage (tests/models, tests/frontend,
tests/symex); the reproducers of the first samples: test_repro.py."""
from __future__ import annotations

import textwrap

import pytest
from java_sources import DIGITS, HITS, SHADOW  # tests/ is on sys.path (its conftest.py)
from test_plugin import confirmed, write
from test_repro import needs_jdk


@needs_jdk
@pytest.mark.parametrize("sample, package, failures, counterexamples", [
    # boxes' Weight fails once on its null, its three other items are xfails of that cause
    ("boxes_arrays", "boxes", 4, 7), ("pitfalls", "pitfalls", 7, 7)])
def test_every_counterexample_of_the_sample_is_confirmed_on_the_jvm(plugin, sample, package,
                                                                    failures, counterexamples):
    plugin.pytester.copy_example(sample)
    result = plugin.runpytest("--boundcheck", package, "--boundcheck-replay", "-rx",
                              "--boundcheck-strict-compareto-equals")
    text = result.stdout.str()
    assert result.parseoutcomes().get("failed") == failures
    assert confirmed(text) == counterexamples, text


@needs_jdk
def test_every_comparators_counterexample_is_confirmed_on_the_jvm(plugin):
    plugin.pytester.copy_example("comparators")
    failing = ["Score", "Player", "Task", "Shift", "Ticket", "Lap"]
    result = plugin.runpytest("--boundcheck", "comparators", "--boundcheck-replay", "-rx",
                              "-k", " or ".join(failing))
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] + outcomes["xfailed"] == 12
    assert confirmed(result.stdout.str()) == 12, result.stdout.str()


@needs_jdk
def test_every_collections_counterexample_is_confirmed_on_the_jvm(plugin):
    plugin.pytester.copy_example("collections")
    result = plugin.runpytest("--boundcheck", "coll", "-k", "hashcode", "--boundcheck-replay", "-rx")
    text = result.stdout.str()
    # Crew's violation is Member's (an xfail naming it), whose counterexample is replayed too
    assert result.parseoutcomes().get("failed") == 4
    assert result.parseoutcomes().get("xfailed") == 1
    assert confirmed(text) == 5, text


@needs_jdk
def test_every_counterexample_of_the_names_sample_is_confirmed_on_the_jvm(plugin):
    plugin.pytester.copy_example("names")
    result = plugin.runpytest("--boundcheck", "names", "--boundcheck-replay", "-rx")
    text = result.stdout.str()
    assert confirmed(text) == 4, text
    assert "disagree" not in text and "not replayed" not in text


@needs_jdk
@pytest.mark.parametrize("mode", ["constructors", "fields"])
def test_every_floating_point_counterexample_is_confirmed_on_the_jvm(plugin, mode):
    """The literals (NaN, -0.0f, 0.5) make the same values on a JVM. (Not Score's
    compareto-transitive, which Z3 cannot settle in time.)"""
    plugin.pytester.copy_example("measures")
    result = plugin.runpytest("--boundcheck", "measures", f"--boundcheck-objects={mode}",
                              "--boundcheck-replay", "-rx",
                              "-k", "not (Score and compareto and transitive)")
    result.assert_outcomes(failed=7, passed=39, xfailed=1)
    assert confirmed(result.stdout.str()) == 8


@needs_jdk
@pytest.mark.under_xdist  # replayed in the workers
def test_every_workflow_counterexample_is_confirmed_on_the_jvm(plugin):
    plugin.pytester.copy_example("workflow")
    result = plugin.runpytest("--boundcheck", "workflow", "--boundcheck-replay", "-rx")
    text = result.stdout.str()
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] + outcomes["xfailed"] == 4
    assert confirmed(text) == 4, text


BITS = """\
    import java.util.concurrent.atomic.AtomicLongArray;
    public final class Bits {
        private final AtomicLongArray words;
        %s Bits(AtomicLongArray words) { this.words = words; }
        static int size(AtomicLongArray a) { return a == null ? -1 : a.length(); }
        @Override public boolean equals(Object o) {
            return o instanceof Bits b && size(words) == size(b.words);
        }
        @Override public int hashCode() { return size(words) > 0 ? (int) words.get(0) : 0; }
    }
    """


@needs_jdk
@pytest.mark.parametrize("access, outcome, lines", [
    # made by Bits's constructor: the AtomicLongArray it is given is made as Java makes one
    ("public", {"failed": 1}, ["  AtomicLongArray atomicLongArray1 = new AtomicLongArray(*);",
                               "  Bits x = new Bits(atomicLongArray1);"]),
    # made from field values: the AtomicLongArray's own array is never null, as the JDK
    # keeps it (no reflexivity or symmetry failure from a NullPointerException), and the
    # counterexample makes it with its constructor
    ("private", {"xfailed": 1}, ["  long[[]] longArray1 = new long[[]] {*L};",
                                 "  AtomicLongArray atomicLongArray1 = new AtomicLongArray(longArray1);",
                                 '  set(x, Bits.class, "words", atomicLongArray1);']),
])
def test_an_object_of_a_jdk_model_class_is_made_as_java_makes_one(plugin, access, outcome, lines):
    """Equal by the number of words, hashed by the first; the violation replays on the JVM."""
    write(plugin.pytester, "src/Bits.java", BITS % access)
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay", "-rx")
    result.assert_outcomes(passed=4, **outcome)
    result.stdout.fnmatch_lines(lines)
    assert confirmed(result.stdout.str()) == 1, result.stdout.str()


@needs_jdk
def test_violations_through_anonymous_and_local_classes_are_confirmed_on_the_jvm(plugin):
    """The JVM runs the same classes' code, each hashing a field that equals ignores."""
    for package, source in (("hits", HITS), ("digits", DIGITS)):
        write(plugin.pytester, f"src/{package}/Subject.java",
              f"package {package};\n" + textwrap.dedent(source))
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay", "-rx", "-k", "hashcode")
    result.assert_outcomes(failed=2)
    assert confirmed(result.stdout.str()) == 2, result.stdout.str()


@needs_jdk
def test_a_violation_through_abstract_map_equals_is_confirmed_on_the_jvm(plugin):
    """The JVM's LinkedHashMap.equals calls the project map's own get, as the model does."""
    write(plugin.pytester, "src/Shadow.java", textwrap.dedent(SHADOW))
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay", "-rx", "-k", "symmetric")
    result.assert_outcomes(xfailed=1)
    assert confirmed(result.stdout.str()) == 1, result.stdout.str()
