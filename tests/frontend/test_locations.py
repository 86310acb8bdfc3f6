"""Locations carry a file, a line and a column: the syntax tree has columns, and results
name them where the engine has the node at hand."""
from __future__ import annotations

import textwrap
from pathlib import Path

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.engine.result import UnsupportedReached
from pytest_boundcheck.frontend.parse import parse_source

SAMPLES = Path(__file__).resolve().parents[2] / "sample_projects"


def test_the_syntax_tree_has_columns():
    unit = parse_source("class A {\n  int f;\n  boolean m(int x) {\n    return  x == f;\n  }\n}\n")
    cls = unit.types[0]
    method = cls.methods[0]
    assert (cls.line, cls.column) == (1, 1)
    assert (cls.fields[0].line, cls.fields[0].column) == (2, 7)
    assert (method.line, method.column) == (3, 3)
    ret = method.body.stmts[0]
    assert (ret.line, ret.column) == (4, 5) and (ret.value.line, ret.value.column) == (4, 13)


def test_a_counterexamples_steps_say_where_each_call_returned(tmp_path):
    project = Project([SAMPLES / "points"])
    cls = next(c for c in project.program.project if c.fqname == "shapes.Point2D")
    contract = next(c for c in project.contracts_for(cls) if c.id == "hashcode-consistent")
    steps = project.check(cls, contract, Bounds()).counterexample.steps
    source = Path(steps[0].location.path).read_text().splitlines()
    line, column = steps[0].location.line, steps[0].location.column
    assert source[line - 1][column - 1:].startswith("return")


def test_an_unsupported_construct_is_named_with_its_column(tmp_path):
    (tmp_path / "Note.java").write_text(textwrap.dedent('''
        public final class Note {
            private final String text;
            public Note(String text) { this.text = text; }
            @Override public boolean equals(Object o) {
                return o instanceof Note n && n.text == """
                    fixed""";
            }
            @Override public int hashCode() { return 1; }
        }
        '''))
    project = Project([tmp_path])
    cls = project.program.project[0]
    contract = next(c for c in project.contracts_for(cls) if c.id == "equals-reflexive")
    detail = project.check(cls, contract, Bounds()).detail
    assert isinstance(detail, UnsupportedReached)
    where = detail.constructs[0].where
    line = (tmp_path / "Note.java").read_text().splitlines()[where.line - 1]
    assert detail.constructs[0].what == "text block"
    assert (where.line, where.column) == (6, line.index('"""') + 1)
