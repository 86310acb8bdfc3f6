"""Objects as outside code can make them (docs/user/objects-and-bounds.md, "reachable"):
a public class's public constructors, factories and methods; its protected and
package-private ones only where other project code calls them."""
from __future__ import annotations

import textwrap

import pytest

# the constructor keeps low <= high, and hashCode divides by zero otherwise; two hooks and
# a package-private constructor break that
RANGE = """\
    package ranges;

    public class Range {
        protected int low;
        protected int high;
        public Range(int low, int high) {
            if (low > high) throw new IllegalArgumentException();
            this.low = low;
            this.high = high;
        }
        Range(int at) { this.low = at; this.high = at - 1; }
        protected void shift(int by) { low = low + by; }
        void reset() { low = 0; high = -1; }
        public void widen() { if (high < Integer.MAX_VALUE) high = high + 1; }
        @Override public boolean equals(Object o) {
            return o instanceof Range r && r.low == low && r.high == high;
        }
        @Override public int hashCode() { return high < low ? 1 / (high - high) : 31 * low + high; }
    }
    """
# a subclass that calls the protected hook
SLID = """\
    package ranges;

    public final class Slid extends Range {
        public Slid(int low, int high) { super(low, high); }
        public void nudge() { shift(1); }
    }
    """
# a factory of the package that calls the package-private constructor
RANGES = """\
    package ranges;

    public final class Ranges {
        private Ranges() {}
        public static Range empty(int at) { return new Range(at); }
    }
    """
EQUALS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
          "hashcode-consistent")


def outcomes(reprec) -> dict[str, str]:
    """class::contract -> passed/failed/skipped, from an inline run's reports."""
    return {rep.nodeid.split("::", 1)[1]: rep.outcome
            for rep in reprec.getreports("pytest_runtest_logreport")
            if rep.when == "call" or (rep.when == "setup" and not rep.passed)}


def run(plugin, sources: dict[str, str]) -> dict[str, str]:
    for name, source in sources.items():
        file = plugin.pytester.path / "ranges" / f"{name}.java"
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(textwrap.dedent(source))
    return outcomes(plugin.inline_run("--boundcheck", "ranges"))


def expected(failing: set[str], classes=("Range",)) -> dict[str, str]:
    return {f"ranges.{c}::{i}": "failed" if f"{c}::{i}" in failing else "passed"
            for c in classes for i in EQUALS}


def test_hooks_no_other_code_calls_make_no_objects(plugin):
    assert run(plugin, {"Range": RANGE}) == expected(set())


@pytest.mark.parametrize("caller", ["subclass", "factory"])
def test_a_hook_other_project_code_calls_makes_objects(plugin, caller):
    if caller == "subclass":
        found = run(plugin, {"Range": RANGE, "Slid": SLID})
        assert found == expected({"Range::hashcode-consistent", "Slid::hashcode-consistent"},
                                 ("Range", "Slid"))
    else:
        assert run(plugin, {"Range": RANGE, "Ranges": RANGES}) == expected(
            {"Range::hashcode-consistent"})
