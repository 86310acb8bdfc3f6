"""Reading the guard an equals method begins with, and leaving out the classes that no
guard links with the class under test."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pytest_boundcheck import guards, harness
from pytest_boundcheck.project import Project

OTHERS = """
    class Other { }
    class Sub extends A { }
    """


def accepted(tmp_path: Path, equals_body: str) -> dict[str, bool]:
    """Which classes A's equals (with ``equals_body``) may accept, by simple name."""
    source = f"""
        class A {{
            int v;
            @Override public boolean equals(Object o) {{ {equals_body} }}
            @Override public int hashCode() {{ return v; }}
        }}
        """ + OTHERS
    (tmp_path / "A.java").write_text(textwrap.dedent(source))
    project = Project([tmp_path])
    a = next(c for c in project.program.project if c.simple_name == "A")
    found = guards.accepted(project.program, a, project.universe)
    return {c.simple_name: found == guards.ANY or c in found for c in project.universe}


@pytest.mark.parametrize("body", [
    "if (!(o instanceof A)) return false; return ((A) o).v == v;",
    "if (this == o) return true; if (!(o instanceof A)) { return false; } return ((A) o).v == v;",
    "if (o == null) return false; if (o instanceof A == false) return false; return true;",
    "return o instanceof A && ((A) o).v == v;",
    "return o == this || o instanceof A a && a.v == v;",
    "if (o instanceof A) { return ((A) o).v == v; } return false;",
    "if (this == o) { return true; } else if (o instanceof A) { return true; } return false;",
    "if (this == o) { return true; } else { if (o instanceof A a) { return a.v == v; } else { return false; } }",
    "if (o instanceof A a) { return a.v == v; } else { return super.equals(o); }",
    "if (o == null) return false; return A.class.isAssignableFrom(o.getClass());",
    "boolean r = false; if (this == o) { r = true; } else if (o != null && o instanceof A) "
    "{ r = ((A) o).v == v; } return r;",
    "if (o == null) return false; try { A a = (A) o; return a.v == v; } "
    "catch (ClassCastException e) { return false; }",
])
def test_instanceof_guards_accept_the_type_and_its_subclasses_only(tmp_path, body):
    assert accepted(tmp_path, body) == {"A": True, "Sub": True, "Other": False,
                                        "String": False, "Object": False}


@pytest.mark.parametrize("body", [
    "if (o == null || getClass() != o.getClass()) return false; return true;",
    "if (o == null) return false; if (this.getClass() != o.getClass()) return false; return true;",
    "if (o == null || !getClass().equals(o.getClass())) { return false; } else { return true; }",
])
def test_get_class_guards_accept_exactly_the_receivers_class(tmp_path, body):
    assert accepted(tmp_path, body) == {"A": True, "Sub": False, "Other": False,
                                        "String": False, "Object": False}


@pytest.mark.parametrize("body", [
    "return v == o.hashCode();",
    "if (!(o instanceof Object)) return false; return true;",
    "boolean r = false; if (o instanceof A) { r = true; } else { r = o.hashCode() == v; } return r;",
    "try { A a = (A) o; return a.v == v; } catch (RuntimeException e) { return o.hashCode() == v; }",
])
def test_anything_else_may_accept_anything(tmp_path, body):
    assert all(accepted(tmp_path, body).values())


def test_a_hierarchy_isolated_by_guards_is_left_out_of_other_classes_checks(tmp_path):
    (tmp_path / "A.java").write_text(textwrap.dedent("""
        class A {
            int v;
            @Override public boolean equals(Object o) { return o instanceof A && ((A) o).v == v; }
            @Override public int hashCode() { return v; }
        }
        class B {
            int w;
            @Override public boolean equals(Object o) { return o instanceof B && ((B) o).w == w; }
            @Override public int hashCode() { return w; }
        }
        class C {
            @Override public boolean equals(Object o) { return o != null; }
            @Override public int hashCode() { return 0; }
        }
        """))
    project = Project([tmp_path])
    symmetric = next(c for c in project.contracts if c.id == "equals-symmetric")

    def domain(name):
        cls = next(c for c in project.program.project if c.simple_name == name)
        y = harness.parameter_domains(project.program, symmetric, cls, project.universe)[1]
        return sorted(t.simple_name for t in y.types)
    # C accepts anything, so A and B are linked with C: everything stays
    assert domain("A") == ["A", "B", "C", "Object", "String"]
    (tmp_path / "A.java").write_text((tmp_path / "A.java").read_text().replace(
        "return o != null;", "return o instanceof C;"))
    project = Project([tmp_path])
    symmetric = next(c for c in project.contracts if c.id == "equals-symmetric")
    assert domain("A") == ["A", "Object", "String"]
    assert domain("C") == ["C", "Object", "String"]
    # C accepts B now: B and C form a group apart from A, and through a chain
    (tmp_path / "A.java").write_text((tmp_path / "A.java").read_text().replace(
        "return o instanceof C;", "return o instanceof C || o instanceof B;"))
    project = Project([tmp_path])
    symmetric = next(c for c in project.contracts if c.id == "equals-symmetric")
    assert domain("A") == ["A", "Object", "String"]
    assert domain("B") == ["B", "C", "Object", "String"]


def test_either_of_two_guards_accepts_both(tmp_path):
    body = "if (o instanceof A || o instanceof Other) return true; return false;"
    assert accepted(tmp_path, body) == {"A": True, "Sub": True, "Other": True,
                                        "String": False, "Object": False}


def test_an_exact_class_literal_guard_accepts_that_class_only(tmp_path):
    for body in ("if (!A.class.equals(o.getClass())) return false; return true;",
                 "return o != null && o.getClass() == A.class;"):
        assert accepted(tmp_path, body) == {"A": True, "Sub": False, "Other": False,
                                            "String": False, "Object": False}


def test_library_superclasses_equals_is_known_for_a_few_and_symmetric_otherwise(tmp_path):
    (tmp_path / "A.java").write_text(textwrap.dedent("""
        abstract class Input extends java.io.Reader { }
        class Names extends java.util.ArrayList<String> { }
        class Pattern extends java.text.MessageFormat {
            Pattern() { super(""); }
            @Override public boolean equals(Object o) { return super.equals(o); }
        }
        class Widget extends org.example.Component { }
        """))
    project = Project([tmp_path])
    by_name = {c.simple_name: c for c in project.program.project}

    def accepted(name):
        found = guards.accepted(project.program, by_name[name], project.universe)
        return found if isinstance(found, str) else sorted(c.simple_name for c in found)
    assert accepted("Input") == []  # Reader keeps Object's equals
    assert accepted("Pattern") == ["Pattern"]
    assert accepted("Names") == ["Names"]  # an ArrayList equals only Lists
    # unknown, but as symmetric as its contract says: it accepts what accepts it
    assert accepted("Widget") == guards.BY_SYMMETRY
