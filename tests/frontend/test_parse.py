"""The parser: Java's syntax as javac reads it, comments anywhere, errors with their line."""
from __future__ import annotations

import textwrap

import pytest

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.parse import JavaSyntaxError, parse_source

EQUALS_PASS = {"equals-reflexive": "passed", "equals-symmetric": "passed",
               "equals-transitive": "passed", "equals-null": "passed",
               "hashcode-consistent": "passed"}


def test_the_first_syntax_error_is_reported_with_its_line():
    with pytest.raises(JavaSyntaxError) as caught:
        parse_source("class A {\n  int f() {\n    return 1 +;\n  }\n}\n", "A.java")
    assert caught.value.line == 3


def test_modern_java_parses():
    unit = parse_source(textwrap.dedent("""
        sealed interface Shape permits Circle {}
        record Circle(int r) implements Shape {}
        final class Use {
            int f(Object o) {
                if (o instanceof Circle c && c.r() > 0) return 1;
                return switch (o.hashCode()) { case 1 -> 2; default -> 3; };
            }
        }
        """))
    assert [t.name for t in unit.types] == ["Shape", "Circle", "Use"]


def test_comments_between_any_two_tokens_are_ignored(java):
    results = java.check_all("""
        public final class Subject {
            private final String s;
            public Subject(String s) { this.s = s; }
            @Override public boolean equals(Object o) {
                if (!(o instanceof Subject)) return /* not ours */ false;
                String other = ((Subject) o).s;
                if (s == null /* && other != null */) { return other == null; }
                if (
                /* s != null && */ other == null) { return false; }
                return s.equals(/* the other */ other);
            }
            @Override public int hashCode() { return s == null ? 0 : s.hashCode(); }
        }
        """)
    assert java.statuses(results) == EQUALS_PASS


def test_walk_visits_every_node_in_source_order_but_not_nested_class_bodies():
    method = parse_source(textwrap.dedent("""
        class A {
            int f(int a) {
                Object o = new Object() { int g() { return 7; } };
                return a + 1;
            }
        }
        """)).types[0].methods[0]
    kinds = [type(n).__name__ for n in ast.walk(method.body)]
    assert kinds == ["Block", "LocalVar", "New", "TypeDecl", "Return", "Binary", "Name", "Literal"]


def test_annotations_before_a_varargs_ellipsis_are_read_past_keeping_positions():
    ctor = parse_source("class A {\n  A(String @Nullable @B(x = 1) ... r) { int y = 0; }\n}\n"
                        ).types[0].constructors[0]
    assert [p.name for p in ctor.params] == ["r"] and ctor.body.stmts[0].line == 2
    with pytest.raises(JavaSyntaxError) as caught:  # another error in the file is still its own
        parse_source("class A {\n  A(String @Nullable ... r) {}\n  int f() { return 1 +; }\n}\n", "A.java")
    assert (caught.value.line, caught.value.column) == (3, 23)


def test_chains_as_deep_as_they_are_long_convert_in_source_order():
    """Operator, call, else-if and ternary chains nest as deep as they are long; each
    converts whole, its innermost link first as javac reads it."""
    chain = " + ".join(f"a{i}" for i in range(3000))
    calls = "b" + "".join(f".m{i}()" for i in range(1000))
    else_ifs = "".join(f"if (c == {i}) return {i}; else " for i in range(500)) + "return -1;"
    ternary = "".join(f"c == {i} ? {i} : " for i in range(500)) + "-1"
    method = parse_source(f"class A {{ int f() {{ x = {chain}; y = {calls}; z = {ternary};"
                          f" p = {'(' * 800}w{')' * 800}; {else_ifs} }} }}").types[0].methods[0]
    sum_, call, cond, parens, if_ = method.body.stmts
    link = sum_.expr.value
    for i in reversed(range(1, 3000)):
        assert isinstance(link, ast.Binary) and link.right.name == f"a{i}"
        link = link.left
    assert link.name == "a0"
    assert (call.expr.value.name, call.expr.value.target.name) == ("m999", "m998")
    assert cond.expr.value.other.other.cond.right.value == 2
    assert parens.expr.value.name == "w"
    for _ in range(499):
        if_ = if_.other
    assert isinstance(if_.other, ast.Return) and if_.cond.right.value == 499


def test_code_too_deep_to_read_is_its_files_error_at_the_deepest_place():
    source = "class A {\n  int f(int x) { return " + "f(" * 1200 + "x" + ")" * 1200 + "; }\n}\n"
    with pytest.raises(JavaSyntaxError) as caught:
        parse_source(source, "A.java")
    assert (caught.value.line, caught.value.column) == (2, 2425)
    assert caught.value.detail == "code nested 2406 deep: too deep to read"
