"""One check end to end: on its item's time limit, where the solver itself fails, and
where formulas are too costly for it (the solver's own tests: tests/solve)."""
from __future__ import annotations

import dataclasses
import fnmatch

import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.report.text import message
from pytest_boundcheck.solve import solver as solve


def test_a_check_past_its_time_limit_is_skipped_saying_so(java):
    found = java.sample("points").result("Point2D", "equals-transitive", Bounds(timeout=0.001))
    assert found.status == "skipped"
    assert fnmatch.fnmatch(message(found), "*work budget of 0.001 s per item*")


def test_a_solver_failure_skips_the_check_saying_so(java, monkeypatch):
    java.write("Subject.java", """
        public final class Subject {
            private final int v;
            public Subject(int v) { this.v = v; }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.v == v; }
            @Override public int hashCode() { return v; }
        }
        """)

    def out_of_memory(self, goal):  # as Z3 fails past its memory limit, which aborts it
        raise z3.Z3Exception(b"out of memory")
    monkeypatch.setattr(solve.Solver, "check", out_of_memory)
    outcome = java.result("Subject", "hashcode-consistent")
    assert outcome.status == "skipped"
    assert message(outcome).startswith("the solver failed (out of memory); bounds: int 32-bit")


def test_a_memory_limit_too_small_for_a_solver_context_skips_the_check_saying_so(java):
    """Past Z3's memory limit, Z3 makes no context and its Python layer used the null it
    returned: the process crashed (seen with a limit of 30 MB). Each item is now a skip."""
    measures = java.sample("measures")
    small = dataclasses.replace(DEFAULT, memory_limit_mb=30)
    try:
        results = measures.check({"Score", "Reading"}, {"equals-symmetric", "compareto-transitive"},
                             config=small)
    finally:
        solve.configure_z3(DEFAULT)  # the process-wide limit, for the tests after this one
    assert sorted(r.status for r in results.values()) == ["skipped"] * 3
    for result in results.values():
        assert message(result).startswith(
            "the solver failed (out of memory: Z3's memory limit of 30 MB leaves no room "
            "for another solver context); bounds: ")


RATIO = """
    public final class Ratio {
        private final int num;
        public Ratio(int num) { this.num = num; }
        public static Ratio near(double d) {
            double x = d;
            for (int i = 0; i < 4; i++) { x = x / (x - 1.0); }
            return new Ratio((int) x);
        }
        @Override public boolean equals(Object o) { return o instanceof Ratio r && r.num == num; }
        @Override public int hashCode() { return %s; }
    }
    """


def ratio_outcome(java, hash_code: str):
    return java.write("Ratio.java", RATIO % hash_code).result("Ratio", "hashcode-consistent")


def test_a_factory_whose_arithmetic_would_exhaust_the_solver_is_left_out_and_said(java):
    """Four double divisions bit-blast to about 1 GB: Z3 would abort the process at its
    memory cap before any time limit applies."""
    outcome = ratio_outcome(java, "num")
    assert outcome.status == "passed"
    assert ("bounded at objects that Ratio.near(double) would make are left out (4 double "
            "divisions: bit-blasting them would take about 1.0 GB, more than the solver can "
            "hold)") in message(outcome)


def test_the_objects_other_builders_make_still_show_violations(java):
    outcome = ratio_outcome(java, "num == 7 ? 1 : 0")
    assert outcome.status == "passed"
    outcome = ratio_outcome(java, "System.identityHashCode(this)")
    assert outcome.status == "failed"
    assert "new Ratio(" in message(outcome) and "near(" not in message(outcome)


def test_a_contract_that_holds_whatever_the_arithmetic_gives_is_decided_without_it(java):
    """Two meters, each scaled up to twice: 4 double divisions, more than the solver can
    hold bit-blasted. Equal bits give equal hashes whatever the values are, which the
    question with each floating-point operation left free shows at once."""
    java.write("Meter.java", """
        public final class Meter {
            private double value;
            public Meter(double value) { this.value = value; }
            public void scale(double by) { value = value * by / (by + 1.0); }
            @Override public boolean equals(Object o) {
                return o instanceof Meter m
                    && Double.doubleToLongBits(m.value) == Double.doubleToLongBits(value);
            }
            @Override public int hashCode() { return Double.hashCode(value); }
        }
        """)
    outcome = java.result("Meter", "hashcode-consistent")
    assert outcome.status == "passed", message(outcome)
    assert message(outcome).startswith("no violation within int 32-bit")
