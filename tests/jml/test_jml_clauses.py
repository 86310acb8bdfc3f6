"""JML clauses and specification cases, and where each annotation attaches: every
declaration kind, statements, margins, clauses over several lines, exact positions."""
from __future__ import annotations

import textwrap

import pytest

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlprint import show_clause, show_spec


def read(source: str) -> j.JmlFile:
    return parse_jml(textwrap.dedent(source).lstrip("\n"), "A.java")


def specs(source: str) -> list[str]:
    spec = read(source)
    assert [str(e) for e in spec.errors] == []
    return [show_spec(d) for d in spec.declarations]


SORTED_LIST = """
    public class SortedList {
        private /*@ nullable @*/ Node head;
        private int size;
        //@ public invariant size == (\\num_of Node n; \\reach(head).has(n); true);
        //@ public invariant (\\forall Node n; \\reach(head).has(n) && n.next != null; n.value <= n.next.value);

        /*@ requires true;
          @ ensures size == \\old(size) + 1 && contains(x);
          @ assignable size, head;
          @*/
        public void insert(int x) { }

        public /*@ pure @*/ boolean contains(int x) { return false; }
    }
"""


def test_the_sorted_list_of_the_specification_language():
    assert specs(SORTED_LIST) == [
        ("class SortedList:  |  | "
        "public invariant (size == (\\num_of Node n; \\reach(head).has(n); true)); "
        "public invariant (\\forall Node n; (\\reach(head).has(n) && (n.next != null)); "
        "(n.value <= n.next.value));"),
        "field head: nullable |  | ",
        ("method insert:  | lightweight requires true; "
        "ensures ((size == (\\old(size) + 1)) && contains(x)); assignable size, head; | "),
        "method contains: pure |  | ",
    ]


def test_each_clause_has_the_line_and_column_of_its_keyword():
    spec = read(SORTED_LIST)
    invariants = spec.declarations[0].clauses
    assert [(c.line, c.column) for c in invariants] == [(4, 16), (5, 16)]
    clauses = spec.declarations[2].cases[0].clauses
    assert [(c.keyword, c.line, c.column) for c in clauses] == [
        ("requires", 7, 9), ("ensures", 8, 9), ("assignable", 9, 9)]
    assert (spec.declarations[2].line, spec.declarations[2].column) == (11, 5)


@pytest.mark.parametrize("clause, canonical", [
    ("requires x > 0;", "requires (x > 0);"),
    ("pre x > 0;", "requires (x > 0);"),
    ("requires \\not_specified;", "requires \\not_specified;"),
    ("ensures \\result >= 0;", "ensures (\\result >= 0);"),
    ("post \\result >= 0;", "ensures (\\result >= 0);"),
    ("ensures_redundantly \\result >= 0;", "ensures (\\result >= 0);"),
    ("signals (IllegalArgumentException e) x < 0;",
     "signals (IllegalArgumentException e) (x < 0);"),
    ("signals (java.io.IOException) true;", "signals (java.io.IOException) true;"),
    ("signals (RuntimeException e);", "signals (RuntimeException e);"),
    ("exsures (RuntimeException e) false;", "signals (RuntimeException e) false;"),
    ("signals_only IllegalStateException, NullPointerException;",
     "signals_only IllegalStateException, NullPointerException;"),
    ("signals_only \\nothing;", "signals_only \\nothing;"),
    ("assignable x, this.f, a[*], a[i..j], a[0], o.*;",
     "assignable x, this.f, a[*], a[i..j], a[0], o.*;"),
    ("assignable \\nothing;", "assignable \\nothing;"),
    ("modifies \\everything;", "assignable \\everything;"),
    ("modifiable head.next.value;", "assignable head.next.value;"),
    ("assignable \\not_specified;", "assignable \\not_specified;"),
])
def test_method_clauses(clause, canonical):
    spec = read(f"class A {{\n  //@ {clause}\n  int m(int x) {{ return x; }}\n}}\n")
    assert spec.errors == ()
    assert show_clause(spec.declarations[0].cases[0].clauses[0]) == canonical


def test_specification_cases_joined_by_also():
    assert specs("""
        class A {
            /*@ public normal_behavior
              @   requires x >= 0;
              @   ensures \\result == x;
              @ also
              @ private exceptional_behavior
              @   requires x < 0;
              @   signals_only IllegalArgumentException;
              @ also
              @ behaviour
              @   requires x == 7;
              @   ensures true;
              @   signals (RuntimeException e) false;
              @*/
            int abs(int x) { return x; }
        }
    """) == [
        ("method abs:  | public normal_behavior requires (x >= 0); ensures (\\result == x); "
        "also private exceptional_behavior requires (x < 0); "
        "signals_only IllegalArgumentException; also behavior requires (x == 7); ensures true; "
        "signals (RuntimeException e) false; | ")]


def test_a_specification_beginning_with_also_adds_to_the_inherited_one():
    spec = read("""
        class B extends A {
            //@ also ensures \\result > 0;
            int size() { return 1; }
        }
    """)
    assert spec.declarations[0].also is True
    assert show_spec(spec.declarations[0]) == "method size:  | also lightweight ensures (\\result > 0); | "


def test_instance_and_static_invariants():
    invariants = read("""
        class A {
            //@ invariant x > 0;
            //@ private static invariant COUNT >= 0;
            /*@ protected instance invariant_redundantly x != 0; @*/
            int x;
            static int COUNT;
        }
    """).declarations[0].clauses
    assert [show_clause(c) for c in invariants] == [
        "invariant (x > 0);", "private static invariant (COUNT >= 0);",
        "protected invariant (x != 0);"]
    assert [c.static for c in invariants] == [False, True, False]


@pytest.mark.parametrize("place, source, expected", [
    ("class", "//@ nullable_by_default\npublic class A { }\n",
     ["class A: nullable_by_default |  | "]),
    ("interface", "/*@ pure @*/ interface I { /*@ pure @*/ int size(); }\n",
     ["interface I: pure |  | ", "method size: pure |  | "]),
    ("enum", "enum E { X; /*@ spec_public @*/ private int n; }\n",
     ["field n: spec_public |  | "]),
    ("enum invariant", "enum E { X; //@ invariant n >= 0;\n int n; }\n",
     ["enum E:  |  | invariant (n >= 0);"]),
    ("record", "//@ pure\nrecord R(int x) { //@ requires x > 0;\n R { } }\n",
     ["record R: pure |  | ", "constructor <init>:  | lightweight requires (x > 0); | "]),
    ("fields", "class A { /*@ spec_protected @*/ int a, b; }\n",
     ["field a: spec_protected |  | ", "field b: spec_protected |  | "]),
    ("constructor", "class A { /*@ requires n >= 0; @*/ /*@ helper @*/ A(int n) { } }\n",
     ["constructor <init>: helper | lightweight requires (n >= 0); | "]),
    ("parameter", "class A { void m(/*@ nullable @*/ Object o, /*@ non_null @*/ String s) { } }\n",
     ["parameter o: nullable |  | ", "parameter s: non_null |  | "]),
    ("local", "class A { void m() { /*@ nullable @*/ Object o = null; } }\n",
     ["local o: nullable |  | "]),
    ("method result", "class A { /*@ nullable @*/ Object m() { return null; } }\n",
     ["method m: nullable |  | "]),
    ("nested class", "class A { static class B { //@ invariant k > 0;\n int k; } }\n",
     ["class B:  |  | invariant (k > 0);"]),
])
def test_annotations_attach_to_every_kind_of_declaration(place, source, expected):
    assert specs(source) == expected


def test_a_declaration_knows_the_declarations_around_it():
    spec = read("""
        class Outer {
            static class Inner {
                //@ requires x > 0;
                void m(/*@ nullable @*/ Object x) { }
            }
        }
    """)
    assert [(d.kind, d.owner, d.name) for d in spec.declarations] == [
        ("method", "Outer.Inner", "m"), ("parameter", "Outer.Inner.m", "x")]


def test_statement_annotations_attach_to_the_statement_that_follows():
    spec = read("""
        class A {
            int m(int[] a) {
                //@ assume a != null;
                int i = 0;
                //@ loop_invariant 0 <= i && i <= a.length;
                //@ decreases a.length - i;
                while (i < a.length) { i++; }
                //@ maintaining true;
                //@ decreasing -i;
                for (;;) { break; }
                /*@ assert i == a.length : "all read"; @*/
                return i;
                //@ assert false;
            }
        }
    """)
    assert spec.errors == ()
    assert [(s.owner, s.target, s.line, s.column, [show_clause(c) for c in s.clauses])
            for s in spec.statements] == [
        ("A.m", "statement", 4, 9, ["assume (a != null);"]),
        ("A.m", "while", 7, 9, ["loop_invariant ((0 <= i) && (i <= a.length));",
                                "decreases (a.length - i);"]),
        ("A.m", "for", 10, 9, ["loop_invariant true;", "decreases -i;"]),
        ("A.m", "statement", 12, 9, ['assert (i == a.length) : "all read";']),
        ("A.m", "end of block", 14, 5, ["assert false;"]),
    ]


def test_a_labelled_loop_takes_its_loop_invariant():
    spec = read("""
        class A {
            void m() {
                //@ loop_invariant true;
                outer: do { } while (false);
            }
        }
    """)
    assert spec.errors == () and spec.statements[0].target == "do"


def test_margins_and_a_clause_over_several_lines_keep_their_columns():
    spec = read("""
        class A {
            /*@@ requires
              @@   x > 0 &&
              @      y > 0;
              @ ensures
                  \\result
                  == x;
              @@*/
            int m(int x, int y) { return x; }
        }
    """)
    requires, ensures = spec.declarations[0].cases[0].clauses
    assert show_clause(requires) == "requires ((x > 0) && (y > 0));"
    assert (requires.expr.right.line, requires.expr.right.column) == (4, 14)
    assert (ensures.line, ensures.column) == (5, 9)
    assert (ensures.expr.line, ensures.expr.column) == (6, 11)
    assert (ensures.expr.right.line, ensures.expr.right.column) == (7, 14)


def test_columns_count_characters_as_an_editor_does():
    spec = read("""
        class A {
            String m(String s) {
                s = "été"; /* à */ //@ assert s != null;
                return s;
            }
        }
    """)
    clause = spec.statements[0].clauses[0]
    assert (clause.line, clause.column) == (3, 32)  # in bytes, 35


def test_consecutive_annotation_lines_are_one_annotation():
    spec = read("""
        class A {
            //@ requires x > 0
            // a plain comment between them
            //@   && x < 10;
            /** Javadoc. */
            //@ ensures \\result == x;
            int m(int x) { return x; }
        }
    """)
    assert spec.errors == ()
    assert show_spec(spec.declarations[0]) == (
        "method m:  | lightweight requires ((x > 0) && (x < 10)); ensures (\\result == x); | ")


def test_plain_comments_and_javadoc_are_not_annotations():
    assert read("""
        class A {
            // @ requires nothing here;
            /* @ nor here */
            /** nor @here */
            int m(int x) { return x; }
        }
    """) == j.JmlFile("A.java", (), (), ())


@pytest.mark.parametrize("annotation, unsupported", [
    ("//@ constraint x >= \\old(x);", "constraint"),
    ("//@ initially x == 0;", "initially"),
    ("//@ represents r = x;", "represents"),
    ("//@ public model int r;", "model declaration"),
    ("//@ ghost int g;", "ghost declaration"),
])
def test_class_clauses_jml_has_and_checks_do_not_are_kept_by_name(annotation, unsupported):
    spec = read(f"class A {{\n  {annotation}\n  int x;\n}}\n")
    assert spec.errors == ()
    [clause] = spec.declarations[0].clauses
    assert isinstance(clause, j.UnsupportedClause) and clause.kind == unsupported
    assert (clause.line, clause.column) == (2, 14 if "model" in annotation else 7)


@pytest.mark.parametrize("clause", [
    "diverges true;", "when x > 0;", "measured_by x;", "accessible x;", "callable m();",
    "working_space 10;", "duration 5;", "{| requires x > 0; also requires x < 0; |}"])
def test_method_clauses_jml_has_and_checks_do_not_are_kept_by_name(clause):
    spec = read(f"class A {{\n  //@ requires x != 3; {clause} ensures true;\n  void m(int x) {{ }}\n}}\n")
    assert spec.errors == ()
    requires, unsupported, ensures = spec.declarations[0].cases[0].clauses
    assert isinstance(unsupported, j.UnsupportedClause)
    assert unsupported.keyword == clause.split()[0] and unsupported.column == 24
    assert (requires.kind, ensures.kind) == ("requires", "ensures")


def test_modifiers_jml_has_and_checks_do_not_are_kept_unsupported():
    spec = read("class A {\n  /*@ pure @*/ /*@ uninitialized @*/ int m() { return 0; }\n}\n")
    assert [(m.name, m.supported) for m in spec.declarations[0].modifiers] == [
        ("pure", True), ("uninitialized", False)]


def test_a_java_annotation_commented_out_is_not_jml():
    spec = read("""
        class A {
            //@Deprecated
            //@SuppressWarnings("unchecked")
            int m(int x) { return x; }
            //@requires x > 0;
            int n(int x) { return x; }
        }
    """)
    assert spec.errors == ()
    assert [show_spec(d) for d in spec.declarations] == [
        "method n:  | lightweight requires (x > 0); | "]


def test_a_file_without_annotations_costs_no_parse():
    assert parse_jml("class A { int x; }", "A.java") == j.JmlFile("A.java", (), (), ())
