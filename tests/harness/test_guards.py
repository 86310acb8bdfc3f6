"""Reading the guard an equals method begins with, and leaving out the classes that no
guard links with the class under test."""
from __future__ import annotations

import re
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.harness import domains as harness
from pytest_boundcheck.harness import guards

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


def test_the_other_objects_are_of_the_classes_the_receiver_s_equals_may_accept(tmp_path):
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

    def domains(name, contract_id="equals-symmetric"):
        project = Project([tmp_path])
        contract = next(c for c in project.contracts if c.id == contract_id)
        cls = next(c for c in project.program.project if c.simple_name == name)
        found = harness.parameter_domains(project.program, contract, cls, project.universe)[1:]
        return [sorted(t.simple_name for t in d.types) for d in found]
    # C's equals accepts anything, an A too, but an A rejecting a C is A's right: that
    # asymmetry is C's violation, on C's items
    assert domains("A") == [["A"]]
    assert domains("C") == [["A", "B", "C", "Object", "String"]]
    assert domains("A", "hashcode-consistent") == [["A"]]  # only an A may equal an A
    assert domains("C", "equals-transitive") == [["A", "B", "C", "Object", "String"]] * 2
    (tmp_path / "A.java").write_text((tmp_path / "A.java").read_text().replace(
        "return o != null;", "return o instanceof C || o instanceof B;"))
    assert domains("A") == [["A"]]
    assert domains("B") == [["B"]]
    assert domains("C") == [["B", "C"]]
    assert domains("C", "hashcode-consistent") == [["B", "C"]]
    # z: what the equals of what C's accepts accepts in turn
    assert domains("C", "equals-transitive") == [["B", "C"], ["B", "C"]]


def test_either_of_two_guards_accepts_both(tmp_path):
    body = "if (o instanceof A || o instanceof Other) return true; return false;"
    assert accepted(tmp_path, body) == {"A": True, "Sub": True, "Other": True,
                                        "String": False, "Object": False}


def test_an_exact_class_literal_guard_accepts_that_class_only(tmp_path):
    for body in ("if (!A.class.equals(o.getClass())) return false; return true;",
                 "return o != null && o.getClass() == A.class;"):
        assert accepted(tmp_path, body) == {"A": True, "Sub": False, "Other": False,
                                            "String": False, "Object": False}


@pytest.mark.parametrize("body, others", [
    # tests that can only return false, and statements that do not touch o, are passed over
    ("touch(); synchronized (this) { if (v < 0) return false; } return o instanceof A;", []),
    ("if (o instanceof Other && o.hashCode() == v) return false; return o instanceof A;", ["Other"]),
    # a branch only an Other enters, then the guard
    ("if (o instanceof Other) { o = this; } if (!(o instanceof A)) return false; return true;", ["Other"]),
    ("if (o instanceof Other) return true; return o == this;", ["Other"]),
    ("if (v > 0) { return o instanceof A; } else { return false; }", []),
])
def test_what_comes_before_a_guard(tmp_path, body, others):
    found = accepted(tmp_path, body.replace("touch();", "v++;"))
    assert found == {"A": "A" in body, "Sub": "A" in body, "Other": "Other" in others,
                     "String": False, "Object": False}


def test_an_equals_passed_on_accepts_what_the_other_equals_accepts(tmp_path):
    (tmp_path / "A.java").write_text(textwrap.dedent("""
        interface Shape { }
        class Circle implements Shape {
            @Override public boolean equals(Object o) { return o instanceof Circle; }
            @Override public int hashCode() { return 1; }
        }
        class Square implements Shape {
            @Override public boolean equals(Object o) { return getClass() == o.getClass(); }
            @Override public int hashCode() { return 2; }
        }
        class Framed {
            Shape shape;
            Shape shape() { return shape; }
            @Override public boolean equals(Object o) { return o == this || shape().equals(o); }
            @Override public int hashCode() { return 3; }
        }
        class Tagged {
            Shape shape;
            @Override public boolean equals(Object o) { return Helpers.same(this, o); }
            @Override public int hashCode() { return 4; }
        }
        class Named {
            java.util.List<String> names;
            @Override public boolean equals(Object o) { return names.equals(o); }
            @Override public int hashCode() { return 5; }
        }
        class Names extends java.util.AbstractList<String> {
            public String get(int i) { return null; }
            public int size() { return 0; }
        }
        class Boxed {
            Object value;
            @Override public boolean equals(Object o) { return value.equals(o); }
            @Override public int hashCode() { return 6; }
        }
        class Helpers {
            static boolean same(Tagged t, Object o) {
                if (t == o) return true;
                if (!(o instanceof Tagged)) return false;
                return t.shape.equals(((Tagged) o).shape);
            }
        }
        """))
    project = Project([tmp_path])
    by_name = {c.simple_name: c for c in project.program.project}

    def accepted(name):
        found = guards.accepted(project.program, by_name[name], project.universe)
        return found if isinstance(found, str) else sorted(c.simple_name for c in found)
    assert accepted("Framed") == ["Circle", "Square"]
    assert accepted("Tagged") == ["Tagged"]
    assert accepted("Named") == ["Names"]  # a List equals only Lists
    assert accepted("Boxed") == guards.ANY  # an Object may be anything


def test_library_superclasses_equals_is_known_for_a_few_and_symmetric_otherwise(tmp_path):
    (tmp_path / "A.java").write_text(textwrap.dedent("""
        abstract class Input extends java.io.Reader { }
        class Names extends java.util.ArrayList<String> { }
        class Pattern extends java.text.MessageFormat {
            Pattern() { super(""); }
            @Override public boolean equals(Object o) { return super.equals(o); }
        }
        class Widget extends org.example.Component { }
        class Bag extends java.util.AbstractSet<String> {
            public java.util.Iterator<String> iterator() { return null; }
            public int size() { return 0; }
        }
        class Lock extends java.util.concurrent.locks.ReentrantLock { }
        class Registry extends java.util.AbstractMap<String, String> {
            public java.util.Set<java.util.Map.Entry<String, String>> entrySet() { return null; }
        }
        """))
    project = Project([tmp_path])
    by_name = {c.simple_name: c for c in project.program.project}

    def accepted(name):
        found = guards.accepted(project.program, by_name[name], project.universe)
        return found if isinstance(found, str) else sorted(c.simple_name for c in found)
    assert accepted("Input") == []  # Reader keeps Object's equals
    assert accepted("Pattern") == ["Pattern"]
    # an ArrayList equals only Lists; Widget's unknown superclass may be one
    assert accepted("Names") == ["Names", "Widget"]
    assert accepted("Bag") == ["Bag", "Widget"]  # an AbstractSet equals only Sets
    assert accepted("Lock") == []
    assert accepted("Registry") == ["Registry", "Widget"]  # an AbstractMap equals only Maps
    # unknown, but as symmetric as its contract says: it accepts what accepts it
    assert accepted("Widget") == guards.BY_SYMMETRY


def test_a_class_extending_a_jdk_abstract_collection_is_that_collection_and_nothing_else(tmp_path):
    """AbstractMap has no model, but its supertypes are known: instanceof on a project class
    extending it is decided, where one extending an unknown library class is not."""
    (tmp_path / "A.java").write_text(textwrap.dedent("""
        import java.util.AbstractList;
        class Registry extends java.util.AbstractMap<String, String> {
            public java.util.Set<java.util.Map.Entry<String, String>> entrySet() { return null; }
        }
        class Names extends AbstractList<String> {
            public String get(int i) { return null; }
            public int size() { return 0; }
        }
        class Widget extends org.example.Component { }
        class Handle extends java.lang.ref.WeakReference<String> { Handle() { super(""); } }
        """))
    program = Project([tmp_path]).program
    registry, names, widget, handle = (program.classes[n]
                                       for n in ("Registry", "Names", "Widget", "Handle"))
    jdk_map, jdk_set, jdk_list, collection = (program.classes[f"java.util.{n}"]
                                              for n in ("Map", "Set", "List", "Collection"))
    assert (registry.subtype_decided(jdk_map), registry.subtype_decided(jdk_set)) == (True, False)
    assert (names.subtype_decided(jdk_list), names.subtype_decided(collection),
            names.subtype_decided(jdk_set), names.subtype_decided(jdk_map)) == (True, True, False, False)
    assert widget.subtype_decided(jdk_set) is None
    assert handle.subtype_decided(jdk_set) is False


def test_a_nested_library_type_named_through_its_imported_outer_type_is_known(tmp_path):
    """``Spliterator.OfInt`` under ``import java.util.Spliterator`` is
    java.util.Spliterator.OfInt, a Spliterator and not a Set; a nested type of an unknown
    imported class is still unknown, with its full name."""
    (tmp_path / "A.java").write_text(textwrap.dedent("""
        import java.util.Spliterator;
        import org.example.Outer;
        abstract class Ints implements Spliterator.OfInt { }
        abstract class Inner implements Outer.Part { }
        """))
    program = Project([tmp_path]).program
    ints, inner = program.classes["Ints"], program.classes["Inner"]
    jdk_set = program.classes["java.util.Set"]
    assert [t.fqname for t in ints.interfaces] == ["java.util.Spliterator.OfInt"]
    assert ints.subtype_decided(program.classes["java.util.Spliterator"]) is True
    assert ints.subtype_decided(jdk_set) is False
    assert [t.fqname for t in inner.interfaces] == ["org.example.Outer.Part"]
    assert inner.subtype_decided(jdk_set) is None


def test_every_java_se_type_has_known_supertypes_however_it_is_imported(tmp_path):
    """A ScheduledFuture (through an on-demand import) is a Future and a Delayed, hence a
    Comparable, and not a Set; so is a Runnable (java.lang) not a List."""
    (tmp_path / "A.java").write_text(textwrap.dedent("""
        import java.util.concurrent.*;
        abstract class Task implements ScheduledFuture<String> { }
        abstract class Job implements Runnable { }
        """))
    program = Project([tmp_path]).program
    task, job = program.classes["Task"], program.classes["Job"]
    assert [t.fqname for t in task.interfaces] == ["java.util.concurrent.ScheduledFuture"]
    assert task.subtype_decided(program.classes["java.lang.Comparable"]) is True
    assert task.subtype_decided(program.classes["java.util.Set"]) is False
    assert job.subtype_decided(program.classes["java.util.List"]) is False


@pytest.mark.skipif(shutil.which("java") is None, reason="no JDK installed")
def test_the_jdk_supertypes_table_is_what_its_generator_prints_on_jdk_17():
    """``jdk_supertypes.txt`` is ``tools/JdkSupertypes.java``'s output, on the JDK it names."""
    version = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr
    if not re.search(r'version "17[."]', version):
        pytest.skip(f"the table is of JDK 17; this is {version.splitlines()[0]}")
    tool = Path(__file__).parents[2] / "tools" / "JdkSupertypes.java"
    printed = subprocess.run(["java", str(tool)], capture_output=True, text=True, check=True).stdout
    table = (Path(jdk.__file__).parents[1] / "frontend" / "jdk_supertypes.txt").read_text()
    assert printed == table


def test_checks_of_abstract_classes_on_unknown_subclasses_share_one_equals_table(tmp_path):
    """Each such check adds its class to the universe; the table it reads is the one with
    every such class, made once, and still has the other objects its equals may meet."""
    (tmp_path / "A.java").write_text(textwrap.dedent("""
        interface Figure { }
        abstract class Shape implements Figure {
            int v;
            @Override public boolean equals(Object o) { return o instanceof Figure; }
            @Override public int hashCode() { return v; }
        }
        abstract class Named {
            @Override public boolean equals(Object o) { return o instanceof Named; }
            @Override public int hashCode() { return 1; }
        }
        class Dot implements Figure {
            @Override public boolean equals(Object o) { return o instanceof Figure; }
            @Override public int hashCode() { return 2; }
        }
        class Other { }
        """))
    project = Project([tmp_path])
    contract = next(c for c in project.contracts if c.id == "hashcode-consistent")
    project.program.derived.pop("equals tables", None)
    for name, met in (("Shape", ["Dot", "Shape"]), ("Named", ["Named"])):
        cls = next(c for c in project.program.project if c.simple_name == name)
        universe = project.universe[:-2] + [cls] + project.universe[-2:]  # as run_check has it
        found = harness.parameter_domains(project.program, contract, cls, universe)[1]
        assert sorted(t.simple_name for t in found.types) == met
    assert len(project.program.derived["equals tables"]) == 1


def test_subtype_answers_follow_a_superclass_set_after_they_were_asked():
    """Classes remember their supertypes; setting any class's supertypes in their class
    table forgets that."""
    from pytest_boundcheck.frontend.types import ClassInfo, Hierarchy
    table = Hierarchy()
    top, middle, other = (ClassInfo(f"p.{n}", "class", hierarchy=table) for n in ("Top", "Middle", "Other"))
    bottom = ClassInfo("p.Bottom", "class", superclass=middle, hierarchy=table)
    assert not bottom.is_subtype_of(top)
    middle.superclass = top
    assert bottom.is_subtype_of(top) and list(bottom.supertypes()) == [bottom, middle, top]
    middle.interfaces = [other]
    assert bottom.is_subtype_of(other)


def test_an_abstract_class_checked_after_other_classes_meets_its_own_objects(java):
    """The groups of classes that equals guards link are read once per project, from the
    first item's classes; an abstract class checked on an unknown subclass's objects is
    not among them, and must not be taken as apart from itself (a vacuous pass)."""
    java.write("src/demo/Alpha.java", """\
        package demo;

        public final class Alpha {
            private final int id;
            public Alpha(int id) { this.id = id; }
            @Override public boolean equals(Object o) { return o instanceof Alpha a && a.id == id; }
            @Override public int hashCode() { return id; }
        }
        """)
    java.write("src/demo/Shape.java", """\
        package demo;

        public abstract class Shape {
            protected int size;
            protected int colour;
            @Override public boolean equals(Object o) { return o instanceof Shape s && s.size == size; }
            @Override public int hashCode() { return colour; }
        }
        """)
    found = java.outcomes(contracts={"hashcode-consistent"})  # in one project, Alpha first
    assert list(found.items()) == [(("demo.Alpha", "hashcode-consistent"), "passed"),
                                   (("demo.Shape", "hashcode-consistent"), "xfailed")]
