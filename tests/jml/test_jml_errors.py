"""Annotations that do not parse, or stand where they apply to nothing: each an error
value naming file, line and column of the exact token, never an exception; the other
clauses of the file are read as usual."""
from __future__ import annotations

import pytest

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlprint import show_spec


def errors_of(member: str) -> list[str]:
    """The errors of ``member`` written on line 2 of class A."""
    spec = parse_jml(f"class A {{\n{member}\n  void m(int x) {{ }}\n  int f;\n}}\n", "A.java")
    return [str(e) for e in spec.errors]


@pytest.mark.parametrize("member, error", [
    ("//@ requires x > 0", ("A.java:2:19: expected ';' at the end of the requires clause, "
                           "found the end of the annotation")),
    ("/*@ requires x > ; @*/", "A.java:2:18: expected an expression, found ';'"),
    ("//@ requires (x > 0;", "A.java:2:20: expected ')' to close the parenthesis, found ';'"),
    ("//@ ensure x > 0;", "A.java:2:5: unknown JML clause 'ensure'"),
    ("//@ requires \\resutl > 0;", "A.java:2:14: unknown JML keyword \\resutl"),
    ("//@ requires x++ > 0;", ("A.java:2:15: a JML expression has no side effects: "
                              "'++' is not allowed")),
    ("//@ requires (x = 1) > 0;", ("A.java:2:17: a JML expression has no side effects: "
                                  "'=' is not allowed")),
    ("//@ requires 0 <= x < 10;", ("A.java:2:21: comparisons do not chain: write "
                                  "'a < b && b ...' or use parentheses")),
    ("//@ requires x > 0 ==> x > 1 <== x > 2;",
     "A.java:2:30: '==>' and '<==' mix only with parentheses"),
    ("//@ requires x > 0 <== x > 1 ==> x > 2;",
     "A.java:2:30: '==>' and '<==' mix only with parentheses"),
    ("//@ requires \\forall int i; i > 0;",
     "A.java:2:14: a quantifier is written in parentheses: (\\forall T x; range; body)"),
    ("//@ requires (\\forall int i i > 0);",
     "A.java:2:29: expected ';' after the variables of \\forall, found 'i'"),
    ("//@ requires (\\forall int i; i > 0; true;", ("A.java:2:41: expected ')' to close "
                                                   "(\\forall, found ';'")),
    ("//@ requires \\nothing;", ("A.java:2:14: \\nothing is not an expression: it stands "
                                "alone in a clause (assignable \\nothing;)")),
    ("//@ requires x == 2147483648;", "A.java:2:19: the int literal 2147483648 is out of range"),
    ("//@ requires x == 0x1_0000_0000;", ("A.java:2:19: the int literal 0x1_0000_0000 is out of "
                                         "range")),
    ("//@ requires x == 09;", "A.java:2:19: malformed number 09"),
    ("//@ requires x == 0b_;", "A.java:2:19: malformed number 0b_"),
    ("//@ requires x # 1;", ("A.java:2:16: expected ';' at the end of the requires clause, "
                            "found '#'")),
    ("//@ requires x > #;", "A.java:2:18: unexpected character '#'"),
    ("//@ assignable a[1..];", "A.java:2:21: expected an expression, found ']'"),
    ("//@ signals IllegalStateException e;",
     ("A.java:2:13: expected '(' after signals: signals (Exception e) predicate;, found "
     "'IllegalStateException'")),
    ("/*@ normal_behavior signals_only RuntimeException; @*/",
     "A.java:2:21: a normal_behavior case has no signals_only clause: it throws nothing"),
    ("/*@ exceptional_behavior ensures true; @*/",
     "A.java:2:26: an exceptional_behavior case has no ensures clause: it never returns"),
])
def test_a_clause_that_does_not_parse_is_an_error_at_its_token(member, error):
    assert errors_of(member) == [error]


@pytest.mark.parametrize("source, error", [
    ("class A {\n  //@ requires true;\n  int f;\n}\n",
     ("A.java:2:7: a method specification must stand just before a method or constructor, "
     "not a field")),
    ("class A {\n  int f;\n  //@ ensures true;\n}\n",
     ("A.java:3:7: a method specification must stand just before a method or constructor, "
     "not the end of the body")),
    ("//@ requires true;\nclass A { }\n",
     ("A.java:1:5: a method specification must stand just before a method or constructor, "
     "not a class")),
    ("//@ invariant true;\nclass A { }\n", "A.java:1:5: 'invariant' belongs in a class body"),
    ("class A {\n  void m() {\n    //@ invariant true;\n  }\n}\n",
     "A.java:3:9: 'invariant' belongs in a class body"),
    ("class A {\n  //@ assert true;\n  void m() { }\n}\n",
     "A.java:2:7: 'assert' belongs in a method body"),
    ("class A {\n  void m() {\n    //@ loop_invariant true;\n    m();\n  }\n}\n",
     "A.java:3:9: loop_invariant must stand just before a loop, not an expression statement"),
    ("class A {\n  void m() {\n    //@ decreases 1;\n  }\n}\n",
     "A.java:3:9: decreases must stand just before a loop, not the end of the block"),
    ("class A {\n  /*@ pure @*/ int f;\n}\n",
     "A.java:2:7: the modifier 'pure' does not apply to a field"),
    ("//@ helper\nclass A { }\n", "A.java:1:5: the modifier 'helper' does not apply to a class"),
    ("class A {\n  void m(/*@ nullable_by_default @*/ int x) { }\n}\n",
     "A.java:2:14: the modifier 'nullable_by_default' does not apply to a parameter"),
    ("class A {\n  private /*@ requires true; @*/ int f;\n}\n",
     "A.java:2:15: only modifiers stand inside a declaration, found 'requires'"),
    ("class A {\n  /*@ public @*/ int f;\n}\n",
     "A.java:2:7: the Java modifier 'public' belongs in the code, not in an annotation"),
    ("class A {\n  int f = /*@ nullable @*/ null;\n}\n",
     ("A.java:2:11: a JML annotation here applies to nothing: it must stand before a "
     "declaration or a statement, or among a declaration's modifiers")),
    ("class A {\n  //@ pure\n}\n",
     "A.java:2:7: the modifier 'pure' must stand before a declaration, not the end of the body"),
])
def test_an_annotation_where_it_applies_to_nothing_is_an_error(source, error):
    assert [str(e) for e in parse_jml(source, "A.java").errors] == [error]


def test_one_bad_clause_hides_no_other_clause_of_the_file():
    spec = parse_jml("""class A {
    //@ invariant f >;
    //@ invariant f > 0;
    int f;
    /*@ requires x > ;
      @ ensures \\result == x;
      @ requires x ~ 2;
      @ assignable f;
      @*/
    int m(int x) { return x; }
    //@ ensures \\result == 1;
    int one() { return 1; }
}
""", "A.java")
    assert [(e.line, e.column) for e in spec.errors] == [(2, 22), (5, 22), (7, 20)]
    assert [show_spec(d) for d in spec.declarations] == [
        "class A:  |  | invariant (f > 0);",
        "method m:  | lightweight ensures (\\result == x); assignable f; | ",
        "method one:  | lightweight ensures (\\result == 1); | "]


def test_a_method_specification_before_a_field_is_an_error_of_that_field():
    spec = parse_jml("class A {\n  //@ requires true;\n  int f;\n}\n", "A.java")
    [field] = spec.declarations
    assert (field.kind, field.cases, [(e.line, e.column) for e in field.errors]) == (
        "field", (), [(2, 7)])


def test_a_file_that_does_not_parse_as_java_still_has_its_annotations_read():
    spec = parse_jml("class A {\n  //@ ensures \\result > 0;\n  int m() { return 1 +; }\n}\n")
    assert spec.errors == () and spec.declarations[0].cases[0].clauses[0].kind == "ensures"


@pytest.mark.parametrize("member", [
    "//@ requires " + "(" * 5000 + "x" + ")" * 5000 + ";",
    "//@ requires " + "!" * 5000 + "x;",
    "/*@ requires x > 0; also also normal_behavior @*/",
    "//@ requires 'a",
    "//@ requires \"unclosed;",
    "//@ requires (* never closed;",
    "//@ requires \\;",
    "//@ signals_only ;",
    "//@ assignable ;",
    "//@ requires (java.util.List<Integer x;",
    "/*@",
    "//@ requires a.;",
    "//@ requires (\\forall int; true);",
])
def test_malformed_annotations_never_raise(member):
    spec = parse_jml(f"class A {{\n{member}\n  void m(int x) {{ }}\n}}\n", "A.java")
    assert all(isinstance(e, j.JmlError) and e.line >= 1 for e in spec.errors)


def test_an_error_belongs_to_the_specification_it_was_read_for():
    """A consumer can tell which declarations' specifications cannot be trusted whole."""
    spec = parse_jml("""class A {
    //@ invariant f >;
    int f;
    //@ requires x >;
    int m(int x) {
        //@ assert x >;
        return x;
    }
    //@ ensures \\result == 1;
    int n() { return 1; }
}
""", "A.java")
    assert {d.name: [(e.line, e.column) for e in d.errors] for d in spec.declarations} == {
        "A": [(2, 22)], "m": [(4, 21)], "n": []}
    assert [(e.line, e.column) for e in spec.statements[0].errors] == [(6, 23)]
    assert len(spec.errors) == 3
