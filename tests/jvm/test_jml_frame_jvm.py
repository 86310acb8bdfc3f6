"""Frame violations (``assignable``) and ``\\fresh`` replayed on a real JVM: the runtime
class ``boundcheck.jml.Frame``'s real Java, compiled beside the harness, must find the
location the engine's model found changed, with the same name, and the same freshness."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from test_numeric_jvm import needs_jvm

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.counterexample.replay import Replayer
from pytest_boundcheck.counterexample.repro import jml_reproducer
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.engine.result import Verdict

CHAIN = """\
    package p;

    public class Chain {
        static class Node {
            int value;
            /*@ nullable @*/ Node next;
            int[] marks = new int[2];
            Node(int value, /*@ nullable @*/ Node next) { this.value = value; this.next = next; }
        }
        private Node head = new Node(0, new Node(1, null));
        private static int pushes;

        //@ assignable head.value;
        public void bump() { if (head != null && head.next != null) head.next.value++; }

        //@ assignable head.marks[0];
        public void mark() { head.marks[1] = 3; }

        //@ assignable head;
        public void push(int v) { head = new Node(v, head); pushes++; }

        /*@ behavior
          @   assignable head.value;
          @   signals_only IllegalStateException;
          @*/
        public void fail() { head.next = null; throw new IllegalStateException(); }

        //@ ensures \\fresh(\\result);
        public Node first() { return head; }

        private static final IllegalStateException KEPT = new IllegalStateException();
        /*@ behavior
          @   signals_only IllegalStateException;
          @   signals (IllegalStateException e) \\fresh(e);
          @*/
        public void failKept() { throw KEPT; }
    }
    """


@needs_jvm
@pytest.mark.parametrize("item, bounds", [
    ("bump()", Bounds(objects_mode="constructors")),
    ("bump()", Bounds(objects_mode="fields")),  # the heap made by reflection
    ("mark()", Bounds(objects_mode="constructors")),
    ("push(int)", Bounds(objects_mode="constructors")),
    ("fail()", Bounds(objects_mode="constructors")),
    ("first()", Bounds(objects_mode="constructors")),
    ("failKept()", Bounds(objects_mode="constructors"))])  # made by class initialisation: old on the JVM too
def test_the_jvm_finds_the_location_the_engine_found_changed(tmp_path, item, bounds):
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "Chain.java").write_text(textwrap.dedent(CHAIN))
    project = Project([tmp_path])
    cls = project.program.classes["p.Chain"]
    check = next(c for c in project.jml_for(cls) if c.id == item)
    result = project.check(cls, check, bounds)
    assert result.verdict is Verdict.VIOLATION
    found = result.counterexample
    replayer = Replayer(project.files)
    try:
        replayed = replayer.replay(jml_reproducer(cls, check, found, Path(cls.path).read_text()),
                                   found.exception)
    finally:
        replayer.close()
    assert replayed.verdict == "confirmed", replayed.detail
    assert replayed.detail.endswith(f"java.lang.AssertionError: {found.message}")
