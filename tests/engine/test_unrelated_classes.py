"""Where a check meets code it cannot follow in a class unrelated to the one under test."""
from __future__ import annotations

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.report.text import message

SOURCES = {
    "Point.java": """
        public final class Point {
            private final int x;
            public Point(int x) { this.x = x; }
            // a guard the reader does not understand: Point may accept any object
            @Override public boolean equals(Object o) { return o instanceof Point ? ((Point) o).x == x : false; }
            @Override public int hashCode() { return x; }
        }
        """,
    "Format.java": """
        public class Format extends java.text.SimpleDateFormat {
            public Format(String pattern) { super(pattern); }
            @Override public boolean equals(Object o) {
                return !toPattern().isEmpty() && o instanceof Format f && toPattern().equals(f.toPattern());
            }
            @Override public int hashCode() { return 1; }
        }
        """,
}


def results(java, name: str) -> dict[str, tuple[str, str]]:
    """Outcomes with objects made from field values; Format's equals calls a method of
    SimpleDateFormat, which has no source."""
    for file, source in SOURCES.items():
        java.write(file, source)
    found = java.check({name}, bounds=Bounds(objects_mode="fields"))
    return {contract: (o.status, message(o)) for (_, contract), o in found.items()}


def test_an_unrelated_class_that_cannot_be_followed_is_left_out_and_said(java):
    point = results(java, "Point")
    assert {k: s for k, (s, _) in point.items()} == {
        "equals-reflexive": "passed", "equals-symmetric": "passed", "equals-transitive": "passed",
        "equals-null": "passed", "hashcode-consistent": "passed"}
    assert "bounded at Format objects left out: their equals reaches call to " \
           "Format.toPattern()" in point["equals-symmetric"][1]


def test_the_class_that_cannot_be_followed_is_still_skipped_on_its_own_items(java):
    status, message = results(java, "Format")["equals-reflexive"]
    assert status == "skipped"
    assert "call to Format.toPattern()" in message
