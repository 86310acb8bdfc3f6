"""End-to-end runs on the boxes_arrays sample and on small classes: boxes, their caches and
identity, unboxing NullPointerException, arrays, and the JDK helpers real code calls."""
from __future__ import annotations

import pytest
from test_plugin import (
    COMPARE_IDS,
    EQUALS_IDS,
    confirmed,
    expected_outcomes,
    outcomes,
    write,
)
from test_repro import needs_jdk

BOXES = {
    "constructors": {
        "BoxedKey": dict(zip(EQUALS_IDS, ("passed",) * 5)),
        "IdentityCount": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
        "Quantity": dict(zip(EQUALS_IDS, ("passed",) * 5)),
        "Weight": dict(zip(EQUALS_IDS, ("failed", "failed", "failed", "passed", "failed"))),
        "Frame": dict(zip(EQUALS_IDS, ("passed",) * 5)),
        "Samples": dict(zip(EQUALS_IDS, ("passed",) * 5)),
        "Snapshot": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
        "Row": dict(zip(EQUALS_IDS, ("passed",) * 5)),
        "Grid": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
    },
    "fields": {
        "IdentityCount": dict(zip(EQUALS_IDS + COMPARE_IDS,
                                  ("passed",) * 5 + ("failed",) * 3 + ("xfailed",))),
        "Quantity": dict(zip(EQUALS_IDS, ("failed", "failed", "failed", "passed", "failed"))),
        "Weight": dict(zip(EQUALS_IDS, ("failed", "failed", "failed", "passed", "failed"))),
    },
}


@pytest.mark.parametrize("mode", ["constructors", "fields"])
def test_boxes_sample_gives_the_documented_outcome(pytester, mode):
    pytester.copy_example("boxes_arrays")
    # made the fields way, classes with several reference fields take seconds per check
    select = [] if mode == "constructors" else ["-k", " or ".join(BOXES["fields"])]
    reprec = pytester.inline_run("--boundcheck", "boxes", f"--boundcheck-objects={mode}", *select,
                                 "--boundcheck-timeout=60")  # a loaded machine is no skip
    assert outcomes(reprec) == expected_outcomes("boxes", BOXES[mode])


def one_failure(pytester, *args: str):
    """The output of a run on the sample that fails exactly one item."""
    pytester.copy_example("boxes_arrays")
    result = pytester.runpytest("--boundcheck", "boxes", *args)
    result.assert_outcomes(failed=1)
    return result.stdout


def test_integer_identity_outside_the_cache_is_shown_with_equal_values(pytester):
    one_failure(pytester, "-k", "IdentityCount and compareto-equals",
                "--boundcheck-strict-compareto-equals").fnmatch_lines([
        "  IdentityCount x = new IdentityCount(Integer.M*_VALUE);",  # MIN or MAX
        "  IdentityCount y = new IdentityCount(Integer.M*_VALUE);",
        "  x.compareTo(y)  -> 0      (IdentityCount.java:*)",
        "  x.equals(y)     -> false  (IdentityCount.java:*)",
    ])


def test_unboxing_null_is_a_null_pointer_exception(pytester):
    one_failure(pytester, "-k", "Weight and reflexive").fnmatch_lines([
        "  Weight x = new Weight(null);",
        "  x.equals(x)  -> throws NullPointerException  (Weight.java:*)",
    ])


def test_equal_boxes_inside_the_cache_are_one_object(pytester):
    write(pytester, "src/Small.java", """\
        public final class Small {
            private final Integer v;
            public Small(byte b) { this.v = (int) b; }
            @Override public boolean equals(Object o) {
                return o instanceof Small s && v == s.v;
            }
            @Override public int hashCode() { return v; }
        }
        """)
    write(pytester, "src/Wide.java", """\
        public final class Wide {
            private final Integer v;
            public Wide(short s) { this.v = s + 0; }
            @Override public boolean equals(Object o) {
                return o instanceof Wide w && v.equals(w.v);
            }
            @Override public int hashCode() { return System.identityHashCode(v); }
        }
        """)
    reprec = pytester.inline_run("--boundcheck", "src", "-k", "hashcode")
    assert outcomes(reprec) == {"src/Small.java::Small::hashcode-consistent": "passed",
                                "src/Wide.java::Wide::hashcode-consistent": "failed"}


def test_boxed_arithmetic_comparisons_and_helpers(pytester):
    write(pytester, "src/Mixed.java", """\
        import java.util.Objects;
        public final class Mixed implements Comparable<Mixed> {
            private final Long big;
            private final Character c;
            private final boolean flag;
            public Mixed(long big, char c, boolean flag) { this.big = big; this.c = c; this.flag = flag; }
            @Override public boolean equals(Object o) {
                if (!(o instanceof Mixed)) return false;
                Mixed m = (Mixed) o;
                Long other = m.big;
                return big.equals(other) && c.charValue() == m.c && Boolean.valueOf(flag).equals(m.flag)
                    && Objects.nonNull(m.c) && !Objects.isNull(c);
            }
            @Override public int hashCode() {
                int h = Long.hashCode(big) + Character.hashCode(c);
                h = Integer.rotateLeft(h, 7) ^ Integer.bitCount(h) ^ Boolean.hashCode(flag);
                return Math.floorMod(h + big.intValue(), 1 << 20);
            }
            @Override public int compareTo(Mixed m) {
                int byBig = big.compareTo(m.big);
                if (byBig != 0) return byBig;
                int byChar = Character.compare(c, m.c);
                return byChar != 0 ? byChar : Boolean.compare(flag, m.flag);
            }
        }
        """)
    reprec = pytester.inline_run("--boundcheck", "src")
    assert set(outcomes(reprec).values()) == {"passed"}
    assert len(outcomes(reprec)) == 9


def test_an_array_compared_with_arrays_equals_but_hashed_by_identity(pytester):
    one_failure(pytester, "-k", "Snapshot and hashcode").fnmatch_lines([
        "  int[] intArray1 = new int[] {};",
        "  Snapshot x = new Snapshot(intArray1);",
        "  int[] intArray2 = new int[] {};",
        "  Snapshot y = new Snapshot(intArray2);",
        "  readings  {}              {}",
        "  x.equals(y)   -> true  (Snapshot.java:16)",
        "  x.hashCode()  -> *     (Snapshot.java:21)",
        "violated: x.equals(y), but their hash codes differ",
        "bounds: int 32-bit, 8 unrolls, inline depth 8, arrays up to 3 elements; *",
    ])


def test_array_indexing_length_loops_and_exceptions(pytester):
    write(pytester, "src/Buffer.java", """\
        public final class Buffer {
            private final int[] data;
            private final int used;
            public Buffer(int[] data, int used) { this.data = data.clone(); this.used = used; }
            @Override public boolean equals(Object o) {
                if (!(o instanceof Buffer b)) return false;
                for (int i = 0; i < used; i++) {
                    if (data[i] != b.data[i]) return false;
                }
                return used == b.used;
            }
            @Override public int hashCode() {
                int h = used;
                for (int v : data) h = 31 * h + v;
                return h;
            }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-k", "reflexive or hashcode")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([
        "*x.equals(x)  -> throws ArrayIndexOutOfBoundsException  (Buffer.java:8)",
    ])


def test_max_length_option_bounds_new_arrays(pytester):
    write(pytester, "src/Fixed.java", """\
        public final class Fixed {
            private final int n;
            public Fixed(int n) { this.n = n; }
            @Override public boolean equals(Object o) {
                int[] a = new int[4];
                a[3] = n;
                return o instanceof Fixed f && f.n == a[3];
            }
            @Override public int hashCode() { return new long[2].length; }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-k", "reflexive", "-v")
    result.stdout.fnmatch_lines(["*bounded at arrays longer than --boundcheck-max-length (3)*"])
    result = pytester.runpytest("--boundcheck", "src", "--boundcheck-max-length=4", "-v")
    result.assert_outcomes(passed=5)
    result.stdout.fnmatch_lines(["*arrays up to 4 elements*"])


@needs_jdk
def test_every_counterexample_of_the_sample_is_confirmed_on_the_jvm(pytester):
    pytester.copy_example("boxes_arrays")
    result = pytester.runpytest("--boundcheck", "boxes", "--boundcheck-replay", "-rx",
                                "--boundcheck-strict-compareto-equals", "--boundcheck-timeout=60")
    text = result.stdout.str()
    assert result.parseoutcomes().get("failed") == 7
    assert confirmed(text) == 7, text
