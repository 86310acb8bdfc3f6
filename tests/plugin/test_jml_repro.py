"""Reproducers and replay of JML failures through the plugin: ``--boundcheck-repro`` writes
each failure as a source tree of its own (a JUnit 5 test, a main program, and a copy of
the class with the check nested in it), which compiles ahead of the project's classes and
fails on a real JVM; ``--boundcheck-replay`` confirms a heap made by reflection, a cycle
in it, of a private nested class, in a file that declares two top-level classes.

Needs javac and java; the JUnit part also the JUnit 5 console launcher (as test_repro.py).
"""
from __future__ import annotations

import re
import subprocess
import textwrap

import pytest
from test_repro import JUNIT, needs_jdk

RING = """\
    package cy;

    public class Ring {
        private static class Cell {  // made in the reproducer all the same
            int value;
            /*@ nullable @*/ Cell next;
            Cell(int value, /*@ nullable @*/ Cell next) { this.value = value; this.next = next; }
        }

        private /*@ nullable @*/ Cell first;
        private /*@ nullable @*/ Cell second;

        //@ ensures \\result < 2;
        public int hops() {
            int n = 0;
            Cell c = first;
            while (c != null && n < 3) {
                c = c.next;
                if (c == first) return n;
                n++;
            }
            return 0;
        }

        //@ ensures \\result == 0;
        public int twoCycle() {
            if (first != null && first.next != null && first.next != first
                    && first.next.next == first) return 1;
            return 0;
        }

        //@ ensures \\result;
        public boolean apart() { return first == null || first != second; }

        //@ requires x > 0;
        //@ ensures first != null && first.value == x;
        public void put(int x) {
            first = new Cell(x == 5 ? 0 : x, first);
        }
    }

    class Tally {
        private int count;
        //@ invariant count >= 0;

        public Tally(int start) { count = start; }
    }
    """


def write_ring(pytester) -> None:
    file = pytester.path / "src" / "cy" / "Ring.java"
    file.parent.mkdir(parents=True)
    file.write_text(textwrap.dedent(RING))


@needs_jdk
def test_a_cycle_made_by_reflection_is_confirmed_on_the_jvm(plugin):
    write_ring(plugin.pytester)
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-objects=fields",
                              "--boundcheck-replay", "-k", "hops")
    result.stdout.fnmatch_lines([
        "    self.first -> Cell#1(value=0) -> Cell#2(value=0) -> Cell#3(value=0) -> Cell#1",
        "violated: ensures at Ring.java:13:9: (\\result < 2)",
        "bounds: *",
        ("confirmed on the JVM (java *): java.lang.AssertionError: ensures at Ring.java:13:9: "
         "(\\result < 2)")])
    result.assert_outcomes(failed=1)


@needs_jdk
def test_a_two_node_cycle_and_a_shared_node_are_confirmed_on_the_jvm(plugin):
    write_ring(plugin.pytester)
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-objects=fields",
                              "--boundcheck-replay", "-k", "twoCycle or apart")
    result.stdout.fnmatch_lines([
        "    self.first -> Cell#1(value=0) -> Cell#2(value=0) -> Cell#1",
        "violated: ensures at Ring.java:25:9: (\\result == 0)",
        "bounds: *",
        "confirmed on the JVM (java *): java.lang.AssertionError: ensures at Ring.java:25:9*",
        "*",
        "    self.first -> Cell#1(value=0) -> null",
        "    self.second -> Cell#1",
        "*",
        "violated: ensures at Ring.java:32:9: \\result",
        "bounds: *",
        "confirmed on the JVM (java *): java.lang.AssertionError: ensures at Ring.java:32:9*"])
    result.assert_outcomes(failed=2)


@needs_jdk
def test_a_constructor_that_breaks_the_invariant_is_confirmed_on_the_jvm(plugin):
    write_ring(plugin.pytester)
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay", "-k", "Tally")
    result.stdout.fnmatch_lines([
        "  new Tally(start)  -> returned  (Ring.java:46)",
        "",
        "  path: Ring.java:46",
        "",
        "  after the call:",
        "    self = Tally(count=-1)",
        "",
        "violated: invariant at Ring.java:44:9 does not hold on return: (count >= 0)",
        "bounds: *",
        "confirmed on the JVM (java *): java.lang.AssertionError: invariant at Ring.java:44:9*"])
    result.assert_outcomes(failed=1)


@needs_jdk
@pytest.mark.under_xdist  # written by the workers
def test_jml_reproducers_compile_ahead_of_the_project_and_fail(plugin, tmp_path):
    write_ring(plugin.pytester)
    out = tmp_path / "repro"
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-objects=fields",
                              "--boundcheck-repro", str(out), "-k", "hops or Tally")
    result.assert_outcomes(failed=2)  # (a cycle of a private class; a constructor's check)
    trees = sorted(p for p in out.iterdir() if p.is_dir())
    assert [t.name for t in trees] == ["Ring_hops__", "Tally_Tally_int_"]
    for tree in trees:
        assert sorted(p.name for p in (tree / "cy").iterdir()) == \
            ["Ring.java", f"{tree.name}Main.java", f"{tree.name}Test.java"]

    project = tmp_path / "project"
    subprocess.run(["javac", "-nowarn", "-d", str(project),
                    *map(str, plugin.pytester.path.rglob("*.java"))], check=True)
    for tree in trees:
        classes = tmp_path / tree.name
        sources = [str(p) for p in (tree / "cy").iterdir() if not p.name.endswith("Test.java")]
        subprocess.run(["javac", "-nowarn", "-cp", str(project), "-d", str(classes), *sources],
                       check=True, capture_output=True)
        path = f"{classes}:{project}"  # the copy with the check first
        run = subprocess.run(["java", "-cp", path, f"cy.{tree.name}Main"],
                             capture_output=True, text=True, check=False)
        assert run.returncode != 0, run.stdout
        assert "Exception in thread \"main\" java.lang.AssertionError: " in run.stderr, run.stderr

        if not JUNIT.exists():
            continue
        subprocess.run(["javac", "-nowarn", "-cp", f"{path}:{JUNIT}", "-d", str(classes),
                        str(tree / "cy" / f"{tree.name}Test.java")], check=True, capture_output=True)
        junit = subprocess.run(["java", "-ea", "-jar", str(JUNIT), "--class-path", path,
                                "--disable-banner", "--details=summary",
                                "--select-class", f"cy.{tree.name}Test"],
                               capture_output=True, text=True, check=False)
        assert re.search(r"1 tests failed", junit.stdout), junit.stdout
        assert "AssertionError" in junit.stdout or "AssertionFailed" in junit.stdout, junit.stdout


@needs_jdk
def test_an_array_of_objects_argument_is_made_with_its_elements_and_confirmed(plugin):
    """An argument that is an array of objects made from field values is written with
    its elements (``new P[] {p1}``), so that the JVM breaks the same assert."""
    file = plugin.pytester.path / "src" / "arr" / "P.java"
    file.parent.mkdir(parents=True)
    file.write_text(textwrap.dedent("""\
        package arr;

        public class P {
            public int x;

            public static void f(P[] a) {
                if (a.length == 1 && a[0] != null) assert a[0].x != 7;
            }
        }
        """))
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["  P[] pArray1 = new P[] {p1};", "confirmed on the JVM*"])
