"""One check end to end, where the solver itself fails."""
from __future__ import annotations

import textwrap

import z3

from pytest_boundcheck import solve
from pytest_boundcheck.bounds import Bounds
from pytest_boundcheck.project import Project


def test_a_solver_failure_skips_the_check_saying_so(tmp_path, monkeypatch):
    (tmp_path / "Subject.java").write_text(textwrap.dedent("""
        public final class Subject {
            private final int v;
            public Subject(int v) { this.v = v; }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.v == v; }
            @Override public int hashCode() { return v; }
        }
        """))
    project = Project([tmp_path])
    cls = project.program.project[0]
    contract = next(c for c in project.contracts_for(cls) if c.id == "hashcode-consistent")

    def out_of_memory(self, goal):
        raise z3.Z3Exception(b"out of memory")
    monkeypatch.setattr(solve.Solver, "check", out_of_memory)
    outcome = project.check(cls, contract, Bounds())
    assert outcome.status == "skipped"
    assert outcome.message.startswith("the solver failed (out of memory); bounds: int 32-bit")
