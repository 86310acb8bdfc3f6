"""Checks whose calls the bounds cut: reached cuts only, which call never finished, and
the record of such a skip as data."""
from __future__ import annotations

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.result import (
    CheckResult,
    Held,
    NothingFinished,
    SkipReason,
    Verdict,
)
from pytest_boundcheck.report.text import bounded_text, message


def test_a_call_that_never_finishes_is_a_skip_that_goes_to_json_and_back(java):
    java.write("src/p/Spin.java", """\
        package p;

        public final class Spin {
            private final int v;
            public Spin(int v) { this.v = v; }
            @Override public boolean equals(Object o) {
                for (int i = 0; ; i++) {
                    if (i < 0) {
                        return true;
                    }
                }
            }
            @Override public int hashCode() { return v; }
        }
        """)
    result = java.result("Spin", "equals-reflexive", Bounds(unroll=3))
    assert (result.verdict, result.reason) == (Verdict.SKIPPED, SkipReason.NOTHING_CHECKED)
    assert isinstance(result.detail, NothingFinished)
    assert result.detail.call == "x.equals(x)"
    assert [(b.kind, b.places, b.called) for b in result.detail.cut_by] == [
        ("unroll", ("Spin.java:7:9",), ("Spin.equals",))]
    again = CheckResult.from_json(result.to_json())
    assert again == result
    assert message(again) == message(result)
    assert bounded_text(result) == ""


def test_a_cut_on_a_path_the_code_rules_out_is_no_cut(java):
    """The loop runs past the bound only where n < 0 and n > 5: no execution does."""
    results = java.check_all("""
        public final class Subject {
            private final int n;
            public Subject(int n) { this.n = n; }
            @Override public boolean equals(Object o) {
                if (n < 0 && n > 5) {
                    while (true) {
                    }
                }
                return o instanceof Subject s && s.n == n;
            }
            @Override public int hashCode() { return n; }
        }
        """, Bounds(unroll=3))
    assert java.statuses(results) == dict.fromkeys(
        ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
         "hashcode-consistent"), "passed")
    assert all("bounded at" not in text for _, text in results.values())


def test_a_recursion_that_ends_within_the_inline_depth_passes_plainly(java):
    found = java.check_all("""
        public final class Subject {
            private final int n;
            public Subject(int n) { this.n = n; }
            @Override public boolean equals(Object o) { return o instanceof Subject s && same(s, 3); }
            private boolean same(Subject s, int depth) { return depth == 0 ? s.n == n : same(s, depth - 1); }
            @Override public int hashCode() { return n; }
        }
        """)
    status, text = found["equals-reflexive"]
    assert status == "passed"
    assert "bounded at" not in text


def test_only_the_call_that_never_finishes_decides_the_skip(java):
    """equals ends on every path; hashCode runs past the unroll bound on every path, but
    equals-reflexive never calls it: that item passes, hashcode-consistent is skipped."""
    java.write("src/p/Sum.java", """\
        package p;

        public final class Sum {
            private final int n;
            public Sum(int n) { this.n = n; }
            @Override public boolean equals(Object o) { return o instanceof Sum s && s.n == n; }
            @Override public int hashCode() {
                int h = 0;
                while (h >= 0) {
                    h++;
                }
                return h;
            }
        }
        """)
    bounds = Bounds(unroll=3)
    assert isinstance(java.result("Sum", "equals-reflexive", bounds).detail, Held)
    skipped = java.result("Sum", "hashcode-consistent", bounds)
    assert message(skipped).startswith(
        "no execution of x.hashCode() (Sum.hashCode) finished within the bounds: every path "
        "that reaches it was cut by the loop bound (unroll=3) at Sum.java:9:9 — raise "
        "--boundcheck-unroll or check that the loop ends; bounds: int 32-bit, 3 unrolls")
