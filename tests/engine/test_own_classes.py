"""An item whose other objects may be of classes besides the receiver's is first checked
with them of the receiver's own classes only: a violation found there is the result; else
the whole check runs in the time left."""
from __future__ import annotations

import dataclasses
import textwrap
import time

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine import check
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.harness.domains import ParamDomain, own_classes
from pytest_boundcheck.report.text import message
from pytest_boundcheck.symex import executor as symex

# equals accepts any Shape whose size is within 1: not transitive, among squares alone too
SHAPES = {
    "Shape": """
        public abstract class Shape {
            abstract int size();
            @Override public boolean equals(Object o) {
                return o instanceof Shape && Math.abs(((Shape) o).size() - size()) <= 1;
            }
            @Override public int hashCode() { return 0; }
        }
        """,
    "Square": """
        public final class Square extends Shape {
            private final int side;
            public Square(int side) { this.side = side; }
            int size() { return side; }
        }
        """,
    "Circle": """
        public final class Circle extends Shape {
            private final int radius;
            public Circle(int radius) { this.radius = radius; }
            int size() { return radius; }
        }
        """,
}


def checked(tmp_path, monkeypatch, name: str, contract: str, bounds: Bounds = Bounds()):
    """The outcome of one item, and the parameter domains of each check it ran."""
    for file, source in SHAPES.items():
        (tmp_path / f"{file}.java").write_text(textwrap.dedent(source))
    project = Project([tmp_path])
    runs = []
    real = check.check_on

    def recorded(program, cls, found, bounds, universe, domains, *rest, **kw):
        runs.append([sorted(t.simple_name for t in d.types) for d in domains])
        return real(program, cls, found, bounds, universe, domains, *rest, **kw)
    monkeypatch.setattr(check, "check_on", recorded)
    cls = next(c for c in project.program.project if c.simple_name == name)
    item = next(c for c in project.contracts_for(cls) if c.id == contract)
    return project.check(cls, item, bounds), runs


def test_the_other_parameters_are_narrowed_to_the_receivers_classes():
    a, b, c = (type("C", (), {"simple_name": n})() for n in "ABC")
    domains = [ParamDomain("x", None, (a, b), False), ParamDomain("y", None, (a, b, c), True),
               ParamDomain("z", None, (c,), True)]
    equals = type("Contract", (), {"family": "equals"})()
    narrowed = own_classes(equals, domains)
    assert [d.types for d in narrowed] == [(a, b), (a, b), ()]
    assert [d.nullable for d in narrowed] == [False, True, True]
    # no parameter loses half of its classes: not worth asking first
    assert own_classes(equals, [domains[0], ParamDomain("y", None, (a, b, c), True)]) is None
    # an order spans the classes it compares: its contracts are checked whole at once
    assert own_classes(type("Contract", (), {"family": "compareto"})(), domains) is None


def test_a_violation_among_the_receivers_own_objects_is_the_result(tmp_path, monkeypatch):
    found, runs = checked(tmp_path, monkeypatch, "Square", "equals-transitive")
    assert found.status == "failed"
    assert runs == [[["Square"], ["Square"], ["Square"]]]  # the whole check never ran
    assert "Square y = new Square(" in message(found) and "Square z = new Square(" in message(found)


def test_without_one_there_the_whole_check_runs(tmp_path, monkeypatch):
    found, runs = checked(tmp_path, monkeypatch, "Square", "hashcode-consistent")
    assert found.status == "passed"
    assert runs == [[["Square"], ["Square"]], [["Square"], ["Circle", "Square"]]]
    assert "own classes" in found.timings


def test_where_exploring_them_runs_out_of_time_the_whole_check_within_those_bounds_is_not_begun(
        tmp_path, monkeypatch):
    """Within the bounds set, the whole check would have no longer to explore than the first
    had, and more to explore: the smaller bounds get its time."""
    exec_stmt = symex.Executor.exec_stmt

    def slow_exploring(self, stmt, state):  # within the bounds set, takes all the time it has
        if self.bounds.unroll == Bounds().unroll:
            time.sleep(max(0.0, self.deadline - time.perf_counter()) + 0.001)
        return exec_stmt(self, stmt, state)
    monkeypatch.setattr(symex.Executor, "exec_stmt", slow_exploring)
    found, runs = checked(tmp_path, monkeypatch, "Square", "hashcode-consistent",
                          dataclasses.replace(Bounds(), timeout=1.0))
    own, whole = [["Square"], ["Square"]], [["Square"], ["Circle", "Square"]]
    assert runs == [own, own, whole]  # the bounds set's first check, then the smaller bounds'
    assert found.status == "passed"
    assert message(found).startswith("no violation within int 32-bit, 2 unrolls, inline depth 4;")
    assert ("smaller bounds than those set, whose check was undecided: exploring the code had "
            "not ended 0.3 s into the time limit of 1 s per item (at Shape.java:") in message(found)
    assert ("; that with y of Square's own classes only: the check with all their classes "
            "would explore more in no longer, and was not begun") in message(found)
