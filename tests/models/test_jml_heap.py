"""The JML runtime class boundcheck.jml.Heap and what JML items do with it: its engine
models (``models/jml/heap.py``) reach objects through the path's heap (cycles included,
one field only where asked), quantifiers and aggregates range over the reachable objects
of a type or an int range (empty ones too), the invariants of every reachable object are
assumed and kept, and reproducers carry the class's real Java."""
from __future__ import annotations

import textwrap

import pytest
import z3
from jml_reach_sources import AGGREGATES, CHAIN, RING, SORTED  # tests/ is on sys.path

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.counterexample.repro import Reproducer, runtime_classes
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.engine.result import Verdict
from pytest_boundcheck.models.jml.heap import _closure
from pytest_boundcheck.symex.values import HeapObj

FIELDS = Bounds(objects_mode="fields")


def jml_results(root, source: str, bounds: Bounds = FIELDS) -> dict:
    """item id -> result, of every JML item of class ``p.L`` written from ``source``."""
    (root / "p").mkdir(parents=True, exist_ok=True)
    (root / "p" / "L.java").write_text(textwrap.dedent(source))
    project = Project([root])
    cls = project.program.classes["p.L"]
    return {check.id: project.check(cls, check, bounds) for check in project.jml_for(cls)}


def verdicts(results: dict) -> dict[str, str]:
    return {item: result.verdict.name for item, result in results.items()}


def test_code_calling_the_runtime_class_runs_its_model(tmp_path):
    results = jml_results(tmp_path, """
        package p;

        public class L {
            static class Node { int value; Node next; }
            private Node head;

            public void m() {
                assert head == null || boundcheck.jml.Heap.reaches(this, head.next) || head.next == null;
                assert !boundcheck.jml.Heap.reaches(this, head) : "reached";
            }
        }
        """)
    assert results["m()"].verdict is Verdict.VIOLATION
    assert results["m()"].counterexample.message == "reached"


def test_a_reproducer_writes_the_runtime_classes_its_harness_names(tmp_path):
    harness = "final class H { static void check() { boundcheck.jml.Heap.reaches(a, b); } }"
    assert runtime_classes(harness) == ("boundcheck.jml.Heap",)
    assert runtime_classes("final class H { }") == ()
    repro = Reproducer("p", "LMain", "", "class LMain {}", runtime=runtime_classes(harness))
    written = repro.write(tmp_path)
    heap = tmp_path / "boundcheck" / "jml" / "Heap.java"
    assert heap in written
    assert heap.read_text().startswith("package boundcheck.jml;")


def test_reach_counts_a_cycle_once_and_follows_one_field_where_asked(tmp_path):
    results = jml_results(tmp_path, RING)
    assert verdicts(results) == {"pair()": "PASS", "pairCountedWrong()": "VIOLATION",
                                 "loopBack()": "PASS", "byNextOnly()": "PASS",
                                 "byNextOnlyWrong()": "VIOLATION"}
    assert results["byNextOnlyWrong()"].counterexample.message.startswith(
        "ensures at L.java:23:9: \\reach(entry, Node, next).has(entry.other)")


def test_aggregates_over_int_ranges_and_objects_empty_ones_too_and_old_values_in_them(tmp_path):
    results = jml_results(tmp_path, AGGREGATES)
    assert verdicts(results) == {"triangle(int)": "PASS", "triangleWrong(int)": "VIOLATION",
                                 "two(int,int)": "PASS", "push(int)": "PASS",
                                 "pushWrong(int)": "VIOLATION", "clear()": "PASS"}
    found = results["triangleWrong(int)"].counterexample
    assert "int n = 2;" in found.statements


def test_the_invariants_of_reachable_objects_are_assumed_and_kept(tmp_path):
    results = jml_results(tmp_path, CHAIN)
    assert verdicts(results) == {"L()": "PASS", "add(int)": "PASS",
                                 "loop()": "VIOLATION", "firstWeight()": "PASS"}
    assert results["loop()"].counterexample.message == (
        "invariant at L.java:8:13 does not hold of a reachable L.Link on return: "
        "((next != this) && (weight >= 0))")


@pytest.mark.parametrize("objects", [3, 4])
def test_a_sorted_list_insert_keeps_its_reach_invariants_and_a_broken_one_does_not(tmp_path, objects):
    results = jml_results(tmp_path, SORTED, Bounds(objects=objects, objects_mode="fields"))
    assert verdicts(results) == {"L()": "PASS", "insert(int)": "PASS",
                                 "insertPastEqual(int)": "VIOLATION"}
    assert results["insertPastEqual(int)"].counterexample.message.startswith(
        "invariant at L.java:14:9 does not hold on return: (\\forall Node n;")


def test_an_inner_class_s_enclosing_instance_is_not_followed(tmp_path):
    results = jml_results(tmp_path, """
        package p;

        public class L {
            class Node { /*@ nullable @*/ Node next; }
            private /*@ nullable @*/ Node head;

            //@ ensures \\reach(head).has(head) && !\\reach(head).has(this);
            public void push() { Node n = new Node(); n.next = head; head = n; }
        }
        """)
    assert verdicts(results) == {"push()": "PASS"}


class _Model:
    """What the closure asks of a model's context: its Z3 context and the work meter."""

    def __init__(self):
        self.ctx = z3.Context()
        self.charged = 0

    def charge(self, terms: int) -> None:
        self.charged += terms


def test_the_reach_closure_holds_exactly_the_heap_s_paths_cycles_included():
    # a -> b always, b -> c where p, c -> a where q, b -> a where r: c reaches b only
    # through a (c -> a -> b), and a reaches itself where a cycle closes (p and q, or r)
    m = _Model()
    a, b, c = (HeapObj(n, None, name, "slot") for n, name in enumerate("abc"))
    p, q, r = z3.Bools("p q r", ctx=m.ctx)
    true = z3.BoolVal(True, ctx=m.ctx)
    closure = _closure(m, [(a, b, true), (b, c, p), (c, a, q), (b, a, r)])
    expected = {(a, b): true, (a, c): p, (a, a): z3.Or(z3.And(p, q), r),
                (b, a): z3.Or(z3.And(p, q), r), (b, b): z3.Or(z3.And(p, q), r), (b, c): p,
                (c, a): q, (c, b): q, (c, c): z3.And(p, q)}
    for (source, target), condition in expected.items():
        found = closure[source].get(target, z3.BoolVal(False, ctx=m.ctx))
        solver = z3.Solver(ctx=m.ctx)
        solver.add(found != condition)
        assert solver.check() == z3.unsat, (source.label, target.label)
    assert m.charged == 27  # three objects, three rounds of three by three
