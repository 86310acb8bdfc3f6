"""End-to-end runs on the boxes_arrays sample and on small classes: boxes, their caches and
identity, unboxing NullPointerException, and the JDK helpers real code calls."""
from __future__ import annotations

import pytest
from test_plugin import COMPARE_IDS, EQUALS_IDS, outcomes, write

BOXES = {
    "constructors": {
        "BoxedKey": dict(zip(EQUALS_IDS, ("passed",) * 5)),
        "IdentityCount": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
        "Quantity": dict(zip(EQUALS_IDS, ("passed",) * 5)),
        "Weight": dict(zip(EQUALS_IDS, ("failed", "failed", "failed", "passed", "failed"))),
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
    # BoxedKey's fields-mode hashCode check is as slow as the same class with String fields
    select = [] if mode == "constructors" else ["-k", "not BoxedKey"]
    reprec = pytester.inline_run("--boundcheck", "boxes", f"--boundcheck-objects={mode}", *select)
    expected = {f"boxes/{cls}.java::boxes.{cls}::{cid}": outcome
                for cls, results in BOXES[mode].items() for cid, outcome in results.items()}
    assert outcomes(reprec) == expected


def test_integer_identity_above_the_cache_is_shown_with_equal_values(pytester):
    pytester.copy_example("boxes_arrays")
    result = pytester.runpytest("--boundcheck", "boxes", "-k", "IdentityCount and compareto-equals",
                                "--boundcheck-strict-compareto-equals")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "  IdentityCount x = new IdentityCount(Integer.MAX_VALUE);",
        "  IdentityCount y = new IdentityCount(Integer.MAX_VALUE);",
        "  x.compareTo(y)  -> 0      (IdentityCount.java:*)",
        "  x.equals(y)     -> false  (IdentityCount.java:*)",
    ])


def test_unboxing_null_is_a_null_pointer_exception(pytester):
    pytester.copy_example("boxes_arrays")
    result = pytester.runpytest("--boundcheck", "boxes", "-k", "Weight and reflexive")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
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
