"""Which contracts apply to which classes: the items a project has."""
from __future__ import annotations

import fnmatch
import textwrap

from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.report.text import message


def test_overloading_equals_does_not_override_it(tmp_path):
    (tmp_path / "Subject.java").write_text(textwrap.dedent("""
        public final class Subject {
            int v;
            public boolean equals(Subject s) { return s.v == v; }
        }
        """))
    project = Project([tmp_path])
    assert project.contracts_for(project.program.project[0]) == []


def test_a_compare_to_of_another_kind_of_argument_gets_no_items(tmp_path):
    """Only a compareTo that orders the class's own objects has the contracts of
    Comparable; one that compares with something else (a field property with a date)
    has none to break."""
    (tmp_path / "Field.java").write_text(textwrap.dedent("""
        public final class Field {
            private int value;
            public int compareTo(String text) { return Integer.compare(value, text.length()); }
        }
        """))
    (tmp_path / "Money.java").write_text(textwrap.dedent("""
        public final class Money {
            private int cents;
            public int compareTo(Money other) { return Integer.compare(cents, other.cents); }
        }
        """))
    project = Project([tmp_path])
    items = {c.simple_name: [k.id for k in project.contracts_for(c)] for c in project.program.project}
    assert items["Field"] == []
    assert "compareto-antisymmetric" in items["Money"]


def test_abstract_class_is_checked_through_its_subclasses_or_an_unknown_one(java):
    java.write("src/demo/Shape.java", """\
        package demo;

        public abstract class Shape {
            protected int size;
            @Override public boolean equals(Object o) { return o instanceof Shape s && s.size == size; }
            @Override public int hashCode() { return size; }
        }
        """)
    alone = java.check()
    assert {k: r.status for k, r in alone.items()} == dict.fromkeys(alone, "passed")
    assert len(alone) == 5
    assert fnmatch.fnmatch(message(alone[("demo.Shape", "hashcode-consistent")]),
                           "*Shape: any field values (of an unknown subclass that keeps its code: "
                           "Shape is abstract and the project has no concrete one)*")
    java.write("src/demo/Square.java", """\
        package demo;

        public class Square extends Shape {
        }
        """)
    both = java.outcomes()
    assert set(both.values()) == {"passed"}
    assert len(both) == 10
