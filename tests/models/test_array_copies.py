"""``System.arraycopy`` and ``Arrays.copyOfRange`` in the code a check runs: a class whose
constructor copies its argument gets its objects from that constructor, and the JVM's
exceptions escape where the JVM throws them (their generated cases against the JVM:
tests/jvm/arraygen.py)."""
from __future__ import annotations

from pytest_boundcheck.engine.result import Verdict
from pytest_boundcheck.report.text import message

DIGITS = """\
    import java.util.Arrays;
    public final class Digits {
        private final int[] digits;
        public Digits(int[] source) {
            digits = new int[source.length];
            System.arraycopy(source, 0, digits, 0, source.length);
        }
        @Override public boolean equals(Object o) {
            return o instanceof Digits d && %s;
        }
        @Override public int hashCode() { return Arrays.hashCode(digits); }
    }
    """


def test_a_constructor_copying_its_argument_makes_the_objects(java):
    java.write("src/Digits.java", DIGITS % "Arrays.equals(digits, d.digits)")
    java.passes_with_constructors("Digits", "hashcode-consistent")


def test_a_violation_shows_the_copies_made_by_the_constructor(java):
    java.write("src/Digits.java", DIGITS % "digits.length == d.digits.length")
    found = java.result("Digits", "hashcode-consistent")
    assert found.verdict is Verdict.VIOLATION
    assert "new Digits(" in message(found) and "any field values" not in message(found)


def test_a_range_past_the_end_throws_array_index_out_of_bounds(java):
    java.write("src/Ring.java", """\
        public final class Ring {
            private final int[] items;
            public Ring(int size) { items = new int[size]; }
            @Override public boolean equals(Object o) {
                int[] rotated = new int[items.length];
                System.arraycopy(items, 1, rotated, 0, items.length);
                return o == this;
            }
            @Override public int hashCode() { return 0; }
        }
        """)
    found = java.result("Ring", "equals-reflexive")
    assert found.verdict is Verdict.VIOLATION
    java.lines(found).fnmatch_lines(["*Ring x = new Ring(*",
                                     "*throws ArrayIndexOutOfBoundsException*Ring.java:6*"])


def test_copy_of_range_of_an_empty_array_from_one_throws_illegal_argument(java):
    java.write("src/Tail.java", """\
        import java.util.Arrays;
        public final class Tail {
            private final long[] values;
            public Tail(long[] values) { this.values = values.clone(); }
            @Override public boolean equals(Object o) {
                return o instanceof Tail t && Arrays.equals(Arrays.copyOfRange(values, 1, values.length),
                                                            Arrays.copyOfRange(t.values, 1, t.values.length));
            }
            @Override public int hashCode() { return values.length; }
        }
        """)
    found = java.result("Tail", "equals-reflexive")
    assert found.verdict is Verdict.VIOLATION  # an empty array: from 1 > to 0, asked first
    java.lines(found).fnmatch_lines(["*new long[] {}*", "*throws IllegalArgumentException*Tail.java:6*"])
