"""A check undecided within the bounds set (it ran out of its share of the time limit) is
done again within smaller bounds, in the rest of the time limit: its verdict says that it
holds of smaller bounds, and why; undecided again, the item is skipped with both reasons."""
from __future__ import annotations

import dataclasses
import fnmatch
import textwrap

import pytest

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.report.text import message
from pytest_boundcheck.solve import solver as solve
from pytest_boundcheck.symex import executor as symex

RANGE = """
    public final class Range {
        private final int low, high;
        public Range(int low, int high) { this.low = low; this.high = high; }
        @Override public boolean equals(Object o) {
            return o instanceof Range && ((Range) o).low == low && ((Range) o).high == high;
        }
        @Override public int hashCode() { return 31 * low + high; }
    }
    """

# equal ranges of different highs hash apart
SLOPPY = RANGE.replace("Range", "Sloppy").replace("&& ((Sloppy) o).high == high", "")

SMALLER = Bounds().smaller()


def outcome(java, source: str, contract: str, bounds: Bounds = Bounds(), config=DEFAULT):
    (found,) = java.write("Demo.java", source).check(contracts={contract}, bounds=bounds,
                                                     config=config).values()
    return found


# exploring runs out of time at once within the bounds set (it has none of the time limit)
UNDECIDED_WITHIN_SET = dataclasses.replace(DEFAULT, explore_share=0.0)
# ... and within the smaller ones too (all the time limit is kept for writing the result)
UNDECIDED_WITHIN_BOTH = dataclasses.replace(DEFAULT, explore_share=0.0, report_share=1.0)


def test_the_smaller_bounds_cut_what_multiplies_the_code_to_explore():
    assert (SMALLER.unroll, SMALLER.inline_depth, SMALLER.max_length, SMALLER.calls) == (2, 4, 1, 1)
    assert SMALLER.smaller() == SMALLER


def test_a_check_undecided_within_the_bounds_set_passes_within_smaller_ones_saying_so(java):
    found = outcome(java, RANGE, "hashcode-consistent", config=UNDECIDED_WITHIN_SET)
    assert found.status == "passed"
    assert message(found).startswith("no violation within int 32-bit, 2 unrolls, inline depth 4;")
    assert ("; smaller bounds than those set, whose check was undecided: exploring the code "
            "had not ended 0.0 s of work into the work budget of 10 s per item (at Demo.java:") in message(found)
    assert "bounds: int 32-bit, 8 unrolls, inline depth 8" in message(found)
    # what a verbose run shows of the pass
    assert fnmatch.fnmatch(message(found), "no violation within int 32-bit, 2 unrolls, inline "
                           "depth 4; *; smaller bounds than those set, whose check was undecided: "
                           "exploring the code had not ended*")


def test_a_violation_within_smaller_bounds_is_the_items_failure(java):
    found = outcome(java, SLOPPY, "hashcode-consistent", config=UNDECIDED_WITHIN_SET)
    assert found.status == "failed" and found.counterexample is not None
    assert "bounds: int 32-bit, 2 unrolls, inline depth 4" in message(found)
    assert "\nfound within smaller bounds than those set, whose check was undecided" in message(found)


def test_undecided_within_smaller_bounds_too_the_item_is_skipped_with_both_reasons(java):
    found = outcome(java, RANGE, "hashcode-consistent", config=UNDECIDED_WITHIN_BOTH)
    assert found.status == "skipped" and found.undecided
    first, _, second = message(found).partition("; then within smaller bounds: ")
    assert "work budget of 10 s" in first and "bounds: int 32-bit, 8 unrolls" in first
    assert "work budget of 10 s" in second and "bounds: int 32-bit, 2 unrolls" in second


@pytest.mark.parametrize("slow_part, bounds_set_share", [("exploring", DEFAULT.explore_share),
                                                          ("solving", DEFAULT.bounds_set_share)])
def test_an_item_undecided_in_both_bounds_ends_within_its_time_limit(
        tmp_path, monkeypatch, slow_part, bounds_set_share):
    """Within the bounds set, exploring is cut at six tenths of the limit and solving at
    three quarters; the check within smaller bounds is cut at the limit, but for the time
    kept for writing the result. All of it work on the item's clock: the slow part here
    takes all the work it has at once."""
    exec_stmt = symex.Executor.exec_stmt

    def slow_exploring(self, stmt, state):  # takes all the work it has
        self.clock.spend(self.clock.units_in(max(0.0, self.deadline - self.clock.now())) + 1)
        return exec_stmt(self, stmt, state)

    def slow_solving(self, goal):
        self.clock.spend(self.clock.units_in(max(0.0, self.deadline - self.clock.now())) + 1)
        return solve.Answer("unknown", reason="timeout")
    if slow_part == "exploring":
        monkeypatch.setattr(symex.Executor, "exec_stmt", slow_exploring)
    else:
        monkeypatch.setattr(solve.Solver, "check", slow_solving)
    (tmp_path / "Range.java").write_text(textwrap.dedent(RANGE))
    project = Project([tmp_path])
    cls = project.program.project[0]
    contract = next(c for c in project.contracts_for(cls) if c.id == "hashcode-consistent")
    limit = 2.0
    found = project.check(cls, contract, dataclasses.replace(Bounds(), timeout=limit))
    assert found.status == "skipped" and found.undecided
    assert bounds_set_share * limit < found.timings["bounds set"] < (bounds_set_share + 0.05) * limit
    assert 0.9 * limit < found.seconds <= limit


def test_bounds_as_small_as_the_smaller_ones_are_checked_once(java):
    found = outcome(java, RANGE, "hashcode-consistent", SMALLER, UNDECIDED_WITHIN_BOTH)
    assert found.status == "skipped" and "smaller bounds" not in message(found)


def test_a_decided_check_is_not_done_again(java):
    found = outcome(java, RANGE, "hashcode-consistent")
    assert found.status == "passed" and "smaller bounds" not in message(found)
    assert message(found).startswith("no violation within int 32-bit, 8 unrolls, inline depth 8;")
