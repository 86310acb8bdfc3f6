"""JML's non-null default in the class table: which fields and parameters of a file's
classes are marked never null, the class's default and its nested classes', and a file
without JML annotations left as it was; the visibility modifiers read."""
from __future__ import annotations

import textwrap

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlcheck import check_files
from pytest_boundcheck.frontend.jmlnull import mark_non_null, non_null_fields, non_null_result
from pytest_boundcheck.frontend.parse import parse_source


def marked(source: str) -> Program:
    program, _ = marked_with_specs(source)
    return program


def marked_with_specs(source: str) -> tuple[Program, dict]:
    """The class table of ``source`` marked, and its specifications by place."""
    source = textwrap.dedent(source)
    program = Program([parse_source(source, "C.java")])
    spec = parse_jml(source, "C.java")
    mark_non_null(program, [spec])
    return program, {(d.line, d.column): d for d in spec.declarations}


def never_null_fields(program: Program, name: str) -> dict[str, bool]:
    cls = program.classes[name]
    return {f.name: f.never_null for f in cls.fields.values() if f.name != "this$0"}


def test_reference_fields_and_parameters_are_non_null_unless_nullable():
    program, decls = marked_with_specs("""
        package p;
        public class C {
            private String a;
            private /*@ nullable @*/ String b;
            private int n;
            public void set(String x, /*@ nullable @*/ String y, int k) { }
            //@ ensures true;
            public /*@ nullable @*/ String maybe() { return null; }
            public String surely() { return a; }
        }
        """)
    cls = program.classes["p.C"]
    assert never_null_fields(program, "p.C") == {"a": True, "b": False, "n": False}
    set_ = next(m for m in cls.methods if m.name == "set")
    assert [p.never_null for p in set_.params] == [True, False, False]
    assert cls in program.nullness_declared and program.speaks_of_nullness(cls)
    assert [f.name for f in non_null_fields(cls)] == ["a"]
    results = {m.name: non_null_result(m, decls) for m in cls.methods}
    assert results == {"set": False, "maybe": False, "surely": True}


def test_nullable_by_default_holds_in_nested_classes_until_one_says_otherwise():
    program = marked("""
        package p;
        //@ nullable_by_default
        public class C {
            private String a;
            private /*@ non_null @*/ String b;
            static class In { private String c; }
            //@ non_null_by_default
            static class Strict { private String d; }
        }
        """)
    assert never_null_fields(program, "p.C") == {"a": False, "b": True}
    assert never_null_fields(program, "p.C.In") == {"c": False}
    assert never_null_fields(program, "p.C.Strict") == {"d": True}


def test_a_file_without_jml_annotations_keeps_its_nulls():
    program = marked("""
        package p;
        // @ a comment, not JML; and a Java annotation commented out:
        //@Deprecated
        public class C {
            private String a;
            public void set(String x) { }
        }
        """)
    cls = program.classes["p.C"]
    assert never_null_fields(program, "p.C") == {"a": False}
    assert [p.never_null for p in cls.methods[0].params] == [False]
    assert not program.nullness_declared


def test_spec_public_and_spec_protected_are_read_and_type_check():
    source = textwrap.dedent("""
        package p;
        public class C {
            private /*@ spec_public nullable @*/ String a;
            protected /*@ spec_protected @*/ int n;
            //@ public invariant n >= 0 && (a == null || size() >= 0);
            private /*@ spec_public pure @*/ int size() { return n; }
            /*@ spec_public @*/ static class In { }
        }
        """)
    program = Program([parse_source(source, "C.java")])
    spec, = check_files(program, [parse_jml(source, "C.java")])
    assert spec.errors == ()
    assert {d.name: [m.name for m in d.modifiers] for d in spec.declarations} == {
        "C": [], "a": ["spec_public", "nullable"], "n": ["spec_protected"],
        "size": ["spec_public", "pure"], "In": ["spec_public"]}
    assert all(m.supported for d in spec.declarations for m in d.modifiers)
