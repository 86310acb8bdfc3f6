"""Where a check meets code it cannot follow in a class unrelated to the one under test."""
from __future__ import annotations

import textwrap
from pathlib import Path

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.project import Project
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


def results(tmp_path: Path, name: str) -> dict[str, tuple[str, str]]:
    """Outcomes with objects made from field values; Format's equals calls a method of
    SimpleDateFormat, which has no source."""
    for file, source in SOURCES.items():
        (tmp_path / file).write_text(textwrap.dedent(source))
    project = Project([tmp_path])
    cls = next(c for c in project.program.project if c.simple_name == name)
    return {c.id: (o.status, message(o)) for c in project.contracts_for(cls)
            for o in [project.check(cls, c, Bounds(objects_mode="fields"))]}


def test_an_unrelated_class_that_cannot_be_followed_is_left_out_and_said(tmp_path):
    point = results(tmp_path, "Point")
    assert {k: s for k, (s, _) in point.items()} == {
        "equals-reflexive": "passed", "equals-symmetric": "passed", "equals-transitive": "passed",
        "equals-null": "passed", "hashcode-consistent": "passed"}
    assert "bounded at Format objects left out: their equals reaches call to " \
           "Format.toPattern()" in point["equals-symmetric"][1]


def test_the_class_that_cannot_be_followed_is_still_skipped_on_its_own_items(tmp_path):
    status, message = results(tmp_path, "Format")["equals-reflexive"]
    assert status == "skipped"
    assert "call to Format.toPattern()" in message
