"""Shapes of EqualsVerifier's fixtures: an identity equals next to a hashCode that differs
between two calls (y may be x itself, whatever classes x's equals accepts), and an enum
that declares no constant (no object of it exists; the other classes' checks go on)."""
from __future__ import annotations

import pytest

from pytest_boundcheck.config.bounds import Bounds

IDENTITY_EQUALS = """
    public final class Token {
        private final int v;
        public Token(int v) { this.v = v; }
        @Override public boolean equals(Object o) { return this == o; }
        @Override public int hashCode() { return new Object().hashCode(); }
    }
    """
INHERITED_EQUALS = """
    public final class Ticket {
        private final int v;
        public Ticket(int v) { this.v = v; }
        @Override public int hashCode() { return %s; }
    }
    """
MODES = ["constructors", "fields"]


@pytest.mark.parametrize("mode", MODES)
def test_an_identity_equals_meets_a_hash_code_that_differs_between_calls(java, mode):
    found = java.write("Token.java", IDENTITY_EQUALS).result(
        "Token", "hashcode-consistent", Bounds(objects_mode=mode))
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines(["*Token y = x;*", "*x.equals(y)*-> true*",
                                     "*x.hashCode()*", "*y.hashCode()*",
                                     "violated: x.equals(y), but their hash codes differ"])


def test_an_identity_equals_with_a_hash_code_of_a_field_passes_every_contract(java):
    java.write("Token.java", IDENTITY_EQUALS.replace("new Object().hashCode()", "v"))
    assert set(java.outcomes().values()) == {"passed"}


@pytest.mark.parametrize("hash_code, outcome", [("new Object().hashCode()", "failed"),
                                                ("v * 31", "passed")])
def test_a_hash_code_beside_objects_identity_equals_is_checked_alone(java, hash_code, outcome):
    # Object's equals: x.equals(x) only, so the hashCode must give one object one value
    java.write("Ticket.java", INHERITED_EQUALS % hash_code)
    assert java.outcomes() == {("Ticket", "hashcode-consistent"): outcome}


EMPTY_ENUM_NEIGHBOURS = {
    "Point.java": """
        public final class Point {
            private final int x;
            public Point(int x) { this.x = x; }
            @Override public boolean equals(Object o) { return o instanceof Point p && p.x == x; }
            @Override public int hashCode() { return x; }
        }
        """,
    "Loose.java": """
        public class Loose {
            private final int x;
            public Loose(int x) { this.x = x; }
            // accepts any object whose hash code matches: every class of the project meets it
            @Override public boolean equals(Object o) { return o != null && o.hashCode() == x; }
            @Override public int hashCode() { return x; }
        }
        """,
    "Ranked.java": """
        public final class Ranked implements Comparable<Ranked> {
            private final int r;
            public Ranked(int r) { this.r = r; }
            @Override public int compareTo(Ranked o) { return Integer.compare(r, o.r); }
            @Override public boolean equals(Object o) { return o instanceof Ranked k && k.r == r; }
            @Override public int hashCode() { return r; }
        }
        """,
}
# the empty enum, and classes whose checks meet it: a field of its type, any object
EMPTY_ENUM = {
    "Nothing.java": """
        public enum Nothing {
            ;
            // a class inside the enum: the enum's file has items of its own
            public static final class Holder {
                private final Nothing n;
                private final int k;
                public Holder(Nothing n, int k) { this.n = n; this.k = k; }
                @Override public boolean equals(Object o) {
                    return o instanceof Holder h && h.n == n && h.k == k;
                }
                @Override public int hashCode() { return k; }
            }
        }
        """,
    "AnyOrder.java": """
        @SuppressWarnings("rawtypes")
        public final class AnyOrder implements Comparable {
            private final int r;
            public AnyOrder(int r) { this.r = r; }
            @Override public int compareTo(Object o) { return Integer.compare(o.hashCode(), r); }
        }
        """,
}


@pytest.mark.parametrize("mode", MODES)
def test_an_enum_without_constants_changes_no_other_items_outcome(java, tmp_path, mode):
    bounds = Bounds(objects_mode=mode)
    for name, source in EMPTY_ENUM_NEIGHBOURS.items():
        java.write(name, source)
    without = java.outcomes(bounds=bounds)
    for name, source in EMPTY_ENUM.items():
        java.write(name, source)
    found = {k: r for k, r in java.check(bounds=bounds).items()}
    assert not [k for k, r in found.items() if r.status == "skipped"]
    assert {k: java.outcome(r) for k, r in found.items() if k in without} == without
    # Loose accepts every object: the asymmetry with Point and Ranked is Loose's fault
    assert without == java.expected("", {
        "Point": ["passed"] * 5,
        "Loose": ["passed", "failed", "passed", "passed", "passed"],
        "Ranked": ["passed"] * 5 + ["passed"] * 4})
    assert {k: java.outcome(r) for k, r in found.items() if k not in without} == java.expected("", {
        # Holder's n is null on every object (Nothing has none), so Holder is a plain value
        "Nothing.Holder": ["passed"] * 5,
        # o.hashCode() of another class's object: a Loose equal to AnyOrder breaks the order
        "AnyOrder": {"compareto-antisymmetric": "failed", "compareto-transitive": "failed",
                     "compareto-substitutable": "failed", "compareto-equals": "xfailed"}})
