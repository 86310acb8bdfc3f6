"""Checks that bounds cut: a check in which a call of the contract never finishes within
the bounds is a skip saying what cut it, where, and what to raise; a pass some of whose
executions a bound cut is ``pass*`` in the table and says "bounded at ..." on its one
line. Each runs without xdist and with it (``plugin``: conftest.py)."""
from __future__ import annotations

import textwrap

import pytest

BOUNDS = "int 32-bit, 8 unrolls, inline depth 8"
MADE = "objects: built by constructors and factories, then up to 2 method calls"
EQUALS_ITEMS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
                "hashcode-consistent")
COMPARE_ITEMS = ("compareto-antisymmetric", "compareto-transitive", "compareto-substitutable",
                 "compareto-equals")
RECURSION = ("(the inline depth, inline-depth=8) at {at}: if it never ends, Java throws "
             "StackOverflowError there, which breaks the contract, but the check cannot tell "
             "it from a recursion that ends deeper — raise --boundcheck-inline-depth or check "
             "that the recursion ends; bounds: " + f"{BOUNDS}; {MADE}")


def write(pytester: pytest.Pytester, path: str, source: str) -> None:
    file = pytester.path / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(source))


def outcomes(reprec) -> dict[str, str]:
    """contract id -> passed/failed/skipped, from an inline run of one class's items."""
    return {rep.nodeid.rpartition("::")[2]: rep.outcome
            for rep in reprec.getreports("pytest_runtest_logreport") if rep.when == "call"
            or rep.when == "setup" and rep.skipped}


def skips(reprec) -> dict[str, str]:
    """contract id -> the reason of its skip."""
    return {rep.nodeid.rpartition("::")[2]: rep.longrepr[2].removeprefix("Skipped: ")
            for rep in reprec.getreports("pytest_runtest_logreport") if rep.skipped}


def test_an_equals_that_loops_forever_is_skipped_naming_the_loop(plugin):
    write(plugin.pytester, "src/p/Loop.java", """\
        package p;

        public final class Loop {
            private final int v;
            public Loop(int v) { this.v = v; }
            @Override public boolean equals(Object o) {
                while (true) {
                }
            }
            @Override public int hashCode() { return v; }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == dict.fromkeys(EQUALS_ITEMS, "skipped")
    assert skips(reprec)["equals-reflexive"] == (
        "no execution of x.equals(x) (Loop.equals) finished within the bounds: every path that "
        "reaches it was cut by the loop bound (unroll=8) at Loop.java:7:9 — raise "
        f"--boundcheck-unroll or check that the loop ends; bounds: {BOUNDS}; {MADE}")
    assert skips(reprec)["equals-null"].startswith(
        "no execution of x.equals(null) (Loop.equals) finished within the bounds")


def recursion(call: str, method: str, at: str) -> str:
    """The reason of the skip of a check whose ``call`` recurses past the inline depth in
    ``method``, cut ``at``."""
    return (f"no execution of {call} ({method}) finished within the bounds: every path that "
            f"reaches it was cut by a recursion of {method} deeper than 8 calls "
            + RECURSION.format(at=at))


SELF_EQUALS = {"SelfEq": """\
    public final class SelfEq {
        private final int v;
        public SelfEq(int v) { this.v = v; }
        @Override public boolean equals(Object o) { return this.equals(o); }
        @Override public int hashCode() { return v; }
    }
    """}
MUTUAL_COMPARETO = {"Ping": """\
    public final class Ping implements Comparable<Ping> {
        private final int v;
        public Ping(int v) { this.v = v; }
        @Override public int compareTo(Ping o) { return new Pong(v).compareTo(new Pong(o.v)); }
    }
    """, "Pong": """\
    public final class Pong implements Comparable<Pong> {
        private final int w;
        public Pong(int w) { this.w = w; }
        @Override public int compareTo(Pong o) { return new Ping(w).compareTo(new Ping(o.w)); }
    }
    """}
CALLED_BACK = {"Helped": """\
    public final class Helped implements Comparable<Helped> {
        private final int v;
        public Helped(int v) { this.v = v; }
        @Override public int compareTo(Helped o) { return Order.of(this, o); }
    }

    final class Order {
        static int of(Helped a, Helped b) { return a.compareTo(b); }
    }
    """}


@pytest.mark.parametrize("classes, items, shown, reason", [
    (SELF_EQUALS, EQUALS_ITEMS, "equals-reflexive",
     recursion("x.equals(x)", "SelfEq.equals", "SelfEq.java:4:56")),
    (MUTUAL_COMPARETO, COMPARE_ITEMS, "compareto-antisymmetric",
     recursion("x.compareTo(y)", "Ping.compareTo", "Pong.java:4:53")),
    (CALLED_BACK, COMPARE_ITEMS, "compareto-transitive",
     recursion("x.compareTo(y)", "Helped.compareTo", "Helped.java:8:48")),
], ids=["equals-calls-itself", "compareto-of-two-classes", "compareto-through-a-helper"])
def test_a_method_that_recurses_without_end_is_skipped_as_a_recursion(plugin, classes, items,
                                                                     shown, reason):
    for name, source in classes.items():
        write(plugin.pytester, f"src/{name}.java", source)
    reprec = plugin.inline_run("--boundcheck", "src", "-k", next(iter(classes)))
    assert outcomes(reprec) == dict.fromkeys(items, "skipped")
    assert skips(reprec)[shown] == reason


def test_a_hashcode_that_calls_itself_skips_the_item_that_calls_it(plugin):
    """equals finishes, so the equals items pass; every x.hashCode() is cut."""
    write(plugin.pytester, "src/SelfHash.java", """\
        public final class SelfHash {
            private final int v;
            public SelfHash(int v) { this.v = v; }
            @Override public boolean equals(Object o) { return o instanceof SelfHash s && s.v == v; }
            @Override public int hashCode() { return hashCode() + 1; }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {**dict.fromkeys(EQUALS_ITEMS, "passed"),
                                "hashcode-consistent": "skipped"}
    assert skips(reprec)["hashcode-consistent"] == recursion(
        "x.hashCode()", "SelfHash.hashCode", "SelfHash.java:5:46")


RANGE = """\
    package p;

    public final class Range {
        private final int n;
        public Range(int n) { this.n = n; }
        @Override public boolean equals(Object o) {
            if (!(o instanceof Range r)) {
                return false;
            }
            int i = 0;
            while (i < n) {
                i++;
            }
            return r.n == n;
        }
        @Override public int hashCode() { return n; }
    }
    """
PLAIN = """\
    package p;

    public final class Plain {
        private final int n;
        public Plain(int n) { this.n = n; }
        @Override public boolean equals(Object o) { return o instanceof Plain p && p.n == n; }
        @Override public int hashCode() { return n; }
    }
    """
CUT = "bounded at loop needs more than 8 unrolls at Range.java:11:9"


@pytest.mark.under_xdist  # the table of the workers' reports
def test_a_loop_cut_on_some_paths_only_passes_starred_saying_where(plugin):
    """n > 8 runs past the unroll bound, n <= 8 finishes: pass*, in the table, its footnote
    and each item's one line (-rA), not only in a verbose run."""
    write(plugin.pytester, "src/p/Range.java", RANGE)
    write(plugin.pytester, "src/p/Plain.java", PLAIN)
    result = plugin.runpytest("--boundcheck", "src", "-rA", "-k", "not symmetric")
    result.assert_outcomes(passed=8)
    result.stdout.fnmatch_lines([
        "class * reflexive * transitive * null * hashCode",
        "p.Plain * pass * pass * pass * pass",
        "p.Range * pass[*] * pass[*] * pass * pass[*]",
        "2 classes: 8 passed (3 of them pass*)",
        "pass*: passed within the bounds, but some executions were cut by a bound and not "
        "checked past it:",
        f"  p.Range::equals-reflexive: {CUT}",
        f"  p.Range::equals-transitive: {CUT}",
        f"  p.Range::hashcode-consistent: {CUT}",
    ], consecutive=False)
    for line in (f"PASSED[*] ({CUT}) src/p/Range.java::p.Range::equals-reflexive",
                 "PASSED src/p/Range.java::p.Range::equals-null",
                 "PASSED src/p/Plain.java::p.Plain::equals-reflexive"):
        result.stdout.fnmatch_lines([line])  # (xdist's order of the lines is its own)
    result.stdout.no_fnmatch_line("*p.Plain::* bounded at*")


@pytest.mark.under_xdist  # xdist's layout of a verbose line
def test_a_verbose_starred_pass_says_what_it_held_within_and_where_it_was_cut(plugin):
    write(plugin.pytester, "src/p/Range.java", RANGE)
    result = plugin.runpytest("--boundcheck", "src", "-v", "-k", "reflexive")
    text = f"no violation within {BOUNDS}; {MADE}; {CUT}"
    nodeid = "src/p/Range.java::p.Range::equals-reflexive"
    result.stdout.fnmatch_lines([f"*PASSED[*] ({text}) {nodeid}*" if plugin.xdist
                                 else f"{nodeid} PASSED[*] ({text})*"])


def test_a_class_no_bound_cuts_passes_plainly(plugin):
    write(plugin.pytester, "src/p/Plain.java", PLAIN)
    result = plugin.runpytest("--boundcheck", "src", "-rA")
    result.assert_outcomes(passed=5)
    result.stdout.fnmatch_lines(["p.Plain * pass * pass * pass * pass * pass",
                                 "1 class: 5 passed"])
    result.stdout.fnmatch_lines(["PASSED src/p/Plain.java::p.Plain::equals-reflexive"])
    result.stdout.no_fnmatch_line("*pass[*]*")
    result.stdout.no_fnmatch_line("*PASSED[*]*")
