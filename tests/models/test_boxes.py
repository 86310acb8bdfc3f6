"""The boxes_arrays sample and small classes: boxes, their caches and identity, unboxing
NullPointerException, arrays, and the JDK helpers real code calls (their replay on the
JVM: tests/plugin/test_replay.py)."""
from __future__ import annotations

import fnmatch

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.harness.registry import CONTRACT_IDS
from pytest_boundcheck.report.text import message

EQUALS_IDS, COMPARE_IDS = CONTRACT_IDS[:5], CONTRACT_IDS[5:]
# made with any field values, which the documented outcomes (by constructors) are not
BOXES_BY_FIELDS = {
    # a null count makes compareTo throw both ways, which Comparable allows
    "IdentityCount": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
    "Quantity": dict(zip(EQUALS_IDS, ("failed", "failed", "failed", "passed", "failed"))),
    "Weight": dict(zip(EQUALS_IDS, ("failed", "failed", "failed", "passed", "failed"))),
}


def test_boxes_sample_made_from_field_values_gives_its_outcomes(java):
    found = java.sample("boxes_arrays").outcomes(set(BOXES_BY_FIELDS),
                                                 bounds=Bounds(objects_mode="fields"))
    assert found == java.expected("boxes", BOXES_BY_FIELDS)


def one_failure(java, cls: str, contract: str, strict: bool = False):
    """The one item of the sample that fails: its lines."""
    found = java.sample("boxes_arrays").result(cls, contract)
    assert java.outcome(found, strict) == "failed"
    return java.lines(found)


def test_integer_identity_outside_the_cache_is_shown_with_equal_values(java):
    one_failure(java, "IdentityCount", "compareto-equals", strict=True).fnmatch_lines([
        "  IdentityCount x = new IdentityCount(Integer.M*_VALUE);",  # MIN or MAX
        "  IdentityCount y = new IdentityCount(Integer.M*_VALUE);",
        "  x.compareTo(y)  -> 0      (IdentityCount.java:*)",
        "  x.equals(y)     -> false  (IdentityCount.java:*)",
    ])


def test_unboxing_null_is_a_null_pointer_exception(java):
    one_failure(java, "Weight", "equals-reflexive").fnmatch_lines([
        "  Weight x = new Weight(null);",
        "  x.equals(x)  -> throws NullPointerException  (Weight.java:*)",
    ])


def test_equal_boxes_inside_the_cache_are_one_object(java):
    java.write("src/Small.java", """\
        public final class Small {
            private final Integer v;
            public Small(byte b) { this.v = (int) b; }
            @Override public boolean equals(Object o) {
                return o instanceof Small s && v == s.v;
            }
            @Override public int hashCode() { return v; }
        }
        """)
    java.write("src/Wide.java", """\
        public final class Wide {
            private final Integer v;
            public Wide(short s) { this.v = s + 0; }
            @Override public boolean equals(Object o) {
                return o instanceof Wide w && v.equals(w.v);
            }
            @Override public int hashCode() { return System.identityHashCode(v); }
        }
        """)
    assert java.outcomes(contracts={"hashcode-consistent"}) == {
        ("Small", "hashcode-consistent"): "passed", ("Wide", "hashcode-consistent"): "failed"}


def test_boxed_arithmetic_comparisons_and_helpers(java):
    java.write("src/Mixed.java", """\
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
    found = java.outcomes()
    assert set(found.values()) == {"passed"}
    assert len(found) == 9


def test_an_array_compared_with_arrays_equals_but_hashed_by_identity(java):
    one_failure(java, "Snapshot", "hashcode-consistent").fnmatch_lines([
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


def test_array_indexing_length_loops_and_exceptions(java):
    java.write("src/Buffer.java", """\
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
    found = java.check(contracts={"equals-reflexive", "hashcode-consistent"})
    assert {k: java.outcome(r) for k, r in found.items()} == {
        ("Buffer", "equals-reflexive"): "failed", ("Buffer", "hashcode-consistent"): "failed"}
    java.lines("\n".join(message(r) for r in found.values())).fnmatch_lines([
        "*x.equals(x)  -> throws ArrayIndexOutOfBoundsException  (Buffer.java:8)",
    ])


def test_max_length_bounds_new_arrays(java):
    java.write("src/Fixed.java", """\
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
    reflexive = java.result("Fixed", "equals-reflexive")  # every equals makes a 4-element array
    assert reflexive.status == "skipped"
    assert fnmatch.fnmatch(message(reflexive),
                           "no execution of x.equals(x) (Fixed.equals) finished within the bounds:"
                           " every path that reaches it was cut by the length bound "
                           "(max-length=3) at Fixed.java:5 — raise --boundcheck-max-length*")
    found = java.check(bounds=Bounds(max_length=4))
    assert [r.status for r in found.values()] == ["passed"] * 5
    assert any(fnmatch.fnmatch(message(r), "*arrays up to 4 elements*") for r in found.values())
