"""Anonymous and local classes: made where their ``new`` runs, with the locals they
capture, their enclosing instance and (anonymous ones) their superclass's constructor;
see also the comparators sample."""
from __future__ import annotations

import textwrap

from java_sources import DIGITS, HITS  # tests/ is on sys.path (its conftest.py)

from pytest_boundcheck.engine.project import Project

EQUALS_PASS = {"equals-reflexive": "passed", "equals-symmetric": "passed",
               "equals-transitive": "passed", "equals-null": "passed",
               "hashcode-consistent": "passed"}

KEYED = """
    abstract class Keyed {
        final int key;
        Keyed(int key) { this.key = key; }
        Keyed(String name) { this(name.length()); }
        abstract int salt();
    }
"""


def test_an_anonymous_class_is_a_nested_class_of_its_maker_and_never_checked(tmp_path):
    """``Subject$1`` extends Keyed with a constructor per Keyed's of one argument, holds the
    local it reads as a field, and is neither an item nor an object a check makes; javac's
    names count anonymous classes, and local classes of each name, apart."""
    (tmp_path / "Subject.java").write_text(textwrap.dedent("""
        public final class Subject {
            int id;
            @Override public int hashCode() {
                final int extra = 7;
                int unused = 1;
                return new Keyed(id) { int salt() { return key + extra; } }.salt();
            }
            static Runnable task() { return new Runnable() { public void run() { } }; }
            static Object local() { class Local { } return new Local(); }
        }
        """ + KEYED))
    program = Project([tmp_path]).program
    keyed_sub, runnable = program.classes["Subject$1"], program.classes["Subject$2"]
    assert (keyed_sub.simple_name, keyed_sub.superclass.fqname) == ("Subject$1", "Keyed")
    assert [[p.type.fqname if hasattr(p.type, "fqname") else p.type.name for p in c.params]
            for c in keyed_sub.ctors] == [["int"], ["java.lang.String"]]
    assert [f.name for f in program.captured(keyed_sub)] == ["extra"]
    assert keyed_sub.enclosing_field is not None
    assert runnable.superclass.fqname == "java.lang.Object"
    assert [t.fqname for t in runnable.interfaces] == ["java.lang.Runnable"]
    assert runnable.enclosing_field is None  # made in a static method
    assert program.classes["Subject$1Local"].simple_name == "Subject$1Local"  # as javac counts
    assert [c.fqname for c in program.project] == ["Subject", "Keyed"]


def test_a_hash_through_an_anonymous_subclass_with_arguments_and_a_captured_local(java):
    results = java.check_all("""
        public final class Subject {
            private final int id;
            private final String name;
            Subject(int id, String name) { this.id = id; this.name = name; }
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && s.id == id && java.util.Objects.equals(s.name, name);
            }
            @Override public int hashCode() {
                final int extra = name == null ? 0 : name.length();
                return new Keyed(id) { int salt() { return key * 31 + extra; } }.salt();
            }
        }
        """ + KEYED)
    assert java.statuses(results) == EQUALS_PASS


def test_a_nested_anonymous_class_reads_the_outer_objects_fields(java):
    """An iterator class inside an iterable class inside hashCode: ``hits``, which equals
    ignores, reaches the hash through two enclosing instances."""
    results = java.check_all(HITS)
    status, message = results["hashcode-consistent"]
    assert status == "failed"
    assert "Subject x = new Subject(0, 0);" in message and "Subject y = new Subject(0, 1);" in message


def test_a_generic_methods_anonymous_comparator_captures_its_parameter(java):
    """``flip`` returns an anonymous ``Comparator<T>`` over its parameter ``c``; the type
    variable is the method's."""
    results = java.check_all("""
        import java.util.Comparator;
        public final class Subject implements Comparable<Subject> {
            static <T> Comparator<T> flip(final Comparator<T> c) {
                return new Comparator<T>() {
                    public int compare(T a, T b) { return c.compare(b, a); }
                };
            }
            private static final Comparator<Subject> DOWN = flip(Comparator.comparingInt((Subject s) -> s.v));
            private final int v;
            Subject(int v) { this.v = v; }
            @Override public int compareTo(Subject o) { return DOWN.compare(this, o); }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.v == v; }
            @Override public int hashCode() { return v; }
        }
        """)
    assert java.statuses(results) == {**EQUALS_PASS, "compareto-antisymmetric": "passed",
                                 "compareto-transitive": "passed",
                                 "compareto-substitutable": "passed", "compareto-equals": "passed"}


def test_the_types_anonymous_classes_test_objects_against_are_tested_types(tmp_path):
    """Their code is the project's too; naming a class first met there adds it to the table."""
    (tmp_path / "Subject.java").write_text(textwrap.dedent("""
        public final class Subject {
            Object probe() {
                return new Object() {
                    @Override public boolean equals(Object o) { return o instanceof org.example.Part; }
                };
            }
        }
        """))
    program = Project([tmp_path]).program
    assert [t.fqname for t in program.tested_types()] == ["org.example.Part"]


def test_a_local_class_with_a_captured_local_that_makes_one_of_itself(java, tmp_path):
    """``Digit`` (declared in hashCode) reads the local ``base`` and the outer ``id``, and
    its ``next()`` makes another ``Digit``, which gets ``base`` from the field holding it:
    the hash is ``id + 2 * base``, and ``base`` is what equals ignores."""
    results = java.check_all(DIGITS)
    status, message = results["hashcode-consistent"]
    assert status == "failed"
    assert "Subject x = new Subject(0, 0);" in message and "Subject y = new Subject(0, 1);" in message
    program = Project([tmp_path]).program
    digit = program.classes["Subject$1Digit"]
    assert digit.simple_name == "Subject$1Digit" and digit.enclosing_field is not None
    assert [f.name for f in program.captured(digit)] == ["base"]
    assert [c.fqname for c in program.project] == ["Subject"]


def test_local_classes_of_one_name_in_two_methods_are_not_mixed_up(java):
    """Which of them ``new Part()`` means is not told: the check says so."""
    results = java.check_all("""
        public final class Subject {
            private final int id;
            Subject(int id) { this.id = id; }
            @Override public boolean equals(Object o) {
                class Part { int of(Subject s) { return s.id; } }
                return o instanceof Subject s && new Part().of(s) == id;
            }
            @Override public int hashCode() {
                class Part { int of(Subject s) { return 2 * s.id; } }
                return new Part().of(this);
            }
        }
        """)
    assert results["equals-reflexive"][0] == "skipped"
    assert "new Part (no model of this class)" in results["equals-reflexive"][1]
