"""An item whose other objects may be of classes besides the receiver's is first checked
with them of the receiver's own classes only: a violation found there is the result; else
the whole check runs in the time left."""
from __future__ import annotations

import dataclasses

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.engine import check, verdict
from pytest_boundcheck.harness.domains import WIDE_ORDER, ParamDomain, own_classes
from pytest_boundcheck.report.text import message

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


def checked(java, monkeypatch, name: str, contract: str, bounds: Bounds = Bounds(),
            config=DEFAULT):
    """The outcome of one item, and the parameter domains of each check it ran (which no
    result records: a spy on ``check_on``, which it leaves as it is)."""
    for file, source in SHAPES.items():
        java.write(f"{file}.java", source)
    runs = []
    real = check.check_on

    def recorded(program, cls, found, bounds, universe, domains, *rest, **kw):
        runs.append([sorted(t.simple_name for t in d.types) for d in domains])
        return real(program, cls, found, bounds, universe, domains, *rest, **kw)
    monkeypatch.setattr(check, "check_on", recorded)
    return java.result(name, contract, bounds, config), runs


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
    # an order spans the classes it compares: its contracts are checked whole at once,
    # unless its other objects may be of so many classes that the whole question is too large
    compareto = type("Contract", (), {"family": "compareto"})()
    assert own_classes(compareto, domains) is None
    many = tuple(type("C", (), {"simple_name": f"C{k}"})() for k in range(WIDE_ORDER))
    wide = own_classes(compareto, [domains[0], ParamDomain("y", None, (a, *many), True)])
    assert [d.types for d in wide] == [(a, b), (a,)]


def test_a_violation_among_the_receivers_own_objects_is_the_result(java, monkeypatch):
    found, runs = checked(java, monkeypatch, "Square", "equals-transitive")
    assert found.status == "failed"
    assert runs == [[["Square"], ["Square"], ["Square"]]]  # the whole check never ran
    assert "Square y = new Square(" in message(found) and "Square z = new Square(" in message(found)


def test_without_one_there_the_whole_check_runs(java, monkeypatch):
    found, runs = checked(java, monkeypatch, "Square", "hashcode-consistent")
    assert found.status == "passed"
    assert runs == [[["Square"], ["Square"]], [["Square"], ["Circle", "Square"]]]
    assert "own classes" in found.timings


def test_the_first_check_without_a_violation_asks_nothing_about_its_pass(java, monkeypatch):
    """Without a violation among the receiver's own objects the whole check follows, and
    asks whether objects are made and which bounds are reached: the first check does not
    ask that too, so that its time goes to the whole check."""
    asked = []
    real = verdict._without_violation

    def spied(run, *rest):
        asked.append(run.record.arguments)
        return real(run, *rest)
    monkeypatch.setattr(verdict, "_without_violation", spied)
    found, runs = checked(java, monkeypatch, "Square", "hashcode-consistent")
    assert found.status == "passed" and len(runs) == 2
    assert len(asked) == 1  # the whole check's pass, not the first's


def test_where_exploring_them_runs_out_of_time_the_whole_check_within_those_bounds_is_not_begun(
        java, monkeypatch):
    """Within the bounds set, the whole check would have no longer to explore than the first
    had, and more to explore: the smaller bounds get its time. (Exploring within the bounds
    set has none of the time limit here: it runs out of time at once.)"""
    found, runs = checked(java, monkeypatch, "Square", "hashcode-consistent",
                          dataclasses.replace(Bounds(), timeout=1.0),
                          dataclasses.replace(DEFAULT, explore_share=0.0))
    own, whole = [["Square"], ["Square"]], [["Square"], ["Circle", "Square"]]
    assert runs == [own, own, whole]  # the bounds set's first check, then the smaller bounds'
    assert found.status == "passed"
    assert message(found).startswith("no violation within int 32-bit, 2 unrolls, inline depth 4;")
    assert ("smaller bounds than those set, whose check was undecided: exploring the code had "
            "not ended 0.0 s of work into the work budget of 1 s per item (at Shape.java:") in message(found)
    assert ("; that with y of Square's own classes only: the check with all their classes "
            "would explore more in no longer, and was not begun") in message(found)
