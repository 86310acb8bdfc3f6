"""The parser: Java's syntax as javac reads it, comments anywhere, errors with their line."""
from __future__ import annotations

import textwrap

import pytest

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
