"""Arrays an initialiser writes out keep their length past ``--boundcheck-max-length``:
the bound limits the arrays a check makes up, and a static table of 40 names is the
code's, whole (``ArraysMixin.element_slots``)."""
from __future__ import annotations

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.report.text import message

NAMES = ", ".join(f'"n{k}"' for k in range(39)) + ', "n0"'  # the last repeats the first

RANK = """\
    public final class Rank implements Comparable<Rank> {
        private static final String[] NAMES = {%s};
        private final int index;
        public Rank(int index) {
            if (index < 0 || index >= NAMES.length) throw new IllegalArgumentException();
            this.index = index;
        }
        @Override public boolean equals(Object o) { return o instanceof Rank r && index == r.index; }
        @Override public int hashCode() { return index; }
        @Override public int compareTo(Rank o) { return NAMES[index].compareTo(NAMES[o.index]); }
    }
    """ % NAMES


def test_a_compare_to_indexing_a_forty_element_static_table_reads_its_last_entry(java):
    java.write("src/Rank.java", RANK)
    found = java.check(contracts={"compareto-antisymmetric", "compareto-equals"})
    assert {k[1]: java.outcome(r) for k, r in found.items()} == {
        "compareto-antisymmetric": "passed", "compareto-equals": "xfailed"}
    java.lines(message(found[("Rank", "compareto-equals")])).fnmatch_lines([
        "*Rank x = new Rank(0);", "*Rank y = new Rank(39);", "*x.compareTo(y)  -> 0*"])


def test_a_local_table_longer_than_the_bound_is_read_whole(java):
    java.write("src/Prime.java", """\
        public final class Prime {
            private final int k;
            public Prime(int k) { this.k = k; }
            @Override public boolean equals(Object o) {
                int[] primes = {2, 3, 5, 7, 11, 13};
                return o instanceof Prime p && primes[5] == 13 && (p.k & 1) == (k & 1);
            }
            @Override public int hashCode() { return k & 1; }
        }
        """)
    found = java.result("Prime", "hashcode-consistent", Bounds(max_length=1))
    assert java.outcome(found) == "passed", message(found)
    assert "bounded" not in message(found)


def test_an_enhanced_for_walks_a_long_table_as_far_as_the_unroll_bound(java):
    java.write("src/Weight.java", """\
        public final class Weight {
            private static final int[] STEPS = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
            private final int w;
            public Weight(int w) { this.w = w; }
            @Override public boolean equals(Object o) { return o instanceof Weight x && x.w == w; }
            @Override public int hashCode() {
                int sum = 0;
                for (int s : STEPS) sum += s;
                return sum == 12 ? w : -w;
            }
        }
        """)
    found = java.result("Weight", "hashcode-consistent", Bounds(unroll=16))
    assert java.outcome(found) == "passed", message(found)
    assert "bounded" not in message(found)
