"""Classes without source: library helpers run from their Java models; other objects are
taken to obey their contracts, and the results say so."""
from __future__ import annotations

import pytest
from test_plugin import confirmed, expected_outcomes, outcomes, write
from test_repro import needs_jdk

LIBRARY = {
    "Booking": ("passed",) * 9,
    "Ledger": ("passed",) * 4 + ("failed",) + ("passed",) * 4,
    "Seat": ("passed",) * 8 + ("xfailed",),
    "Price": ("passed",) * 4 + ("failed",),
    "Stay": ("failed",) * 3 + ("passed",) + ("failed",) * 4 + ("xfailed",),
    "Template": ("passed",) * 5,
    "Notice": ("passed",) * 4 + ("xfailed",),
    "Link": ("passed",) * 5,
    "Mirror": ("passed",) * 4 + ("xfailed",),
    "Amount": ("passed",) * 9,
    "Tally": ("passed",) * 4 + ("failed",),
}


def test_library_sample_gives_the_documented_outcome_for_every_item(pytester):
    pytester.copy_example("library")
    reprec = pytester.inline_run("--boundcheck", "bookings")
    assert outcomes(reprec) == expected_outcomes("bookings", LIBRARY)


def test_counterexample_names_what_it_assumed_of_a_class_without_source(pytester):
    pytester.copy_example("library")
    result = pytester.runpytest("--boundcheck", "bookings", "-k", "Price and hashcode")
    result.stdout.fnmatch_lines([
        ("  BigDecimal bigDecimal1 = null; // stands for a BigDecimal the engine has no source "
         "for, with bigDecimal1.hashCode() == *"),
        "  Price x = new Price(bigDecimal1);",
        ("  BigDecimal bigDecimal2 = null; // stands for a BigDecimal the engine has no source "
         "for, with !bigDecimal2.equals(bigDecimal1), bigDecimal2.compareTo(bigDecimal1) == 0, "
         "bigDecimal2.hashCode() == *"),
        "  x.equals(y)   -> true  (Price.java:17)",
        ("bounds: *; assumed java.math.BigDecimal obeys the contracts of equals, hashCode and "
         "compareTo; * s"),
    ])


def test_a_pass_lists_the_classes_it_assumed_obey_their_contracts(pytester):
    pytester.copy_example("library")
    result = pytester.runpytest("--boundcheck", "bookings", "-v", "-k", "Booking and transitive")
    result.stdout.fnmatch_lines([("*assumed java.time.LocalDate obeys the contracts of equals, "
                                  "hashCode and compareTo*")])


def test_a_jdk_class_runs_from_its_java_model(pytester):
    pytester.copy_example("library")
    result = pytester.runpytest("--boundcheck", "bookings", "-k", "Tally and hashcode")
    result.stdout.fnmatch_lines([
        "  Tally x = new Tally(0);",
        "  Tally y = new Tally(0);",
        "  x.equals(y)   -> true  (Tally.java:32)",
    ])


BITS = """\
    import java.util.concurrent.atomic.AtomicLongArray;
    public final class Bits {
        private final AtomicLongArray words;
        %s Bits(AtomicLongArray words) { this.words = words; }
        static int size(AtomicLongArray a) { return a == null ? -1 : a.length(); }
        @Override public boolean equals(Object o) {
            return o instanceof Bits b && size(words) == size(b.words);
        }
        @Override public int hashCode() { return size(words) > 0 ? (int) words.get(0) : 0; }
    }
    """


@needs_jdk
@pytest.mark.parametrize("access, outcome, lines", [
    # made by Bits's constructor: the AtomicLongArray it is given is made as Java makes one
    ("public", {"failed": 1}, ["  AtomicLongArray atomicLongArray1 = new AtomicLongArray(*);",
                               "  Bits x = new Bits(atomicLongArray1);"]),
    # made from field values: the AtomicLongArray's own array is never null, as the JDK
    # keeps it (no reflexivity or symmetry failure from a NullPointerException), and the
    # counterexample makes it with its constructor
    ("private", {"xfailed": 1}, ["  long[[]] longArray1 = new long[[]] {*L};",
                                 "  AtomicLongArray atomicLongArray1 = new AtomicLongArray(longArray1);",
                                 '  set(x, Bits.class, "words", atomicLongArray1);']),
])
def test_an_object_of_a_jdk_model_class_is_made_as_java_makes_one(pytester, access, outcome, lines):
    """Equal by the number of words, hashed by the first; the violation replays on the JVM."""
    write(pytester, "src/Bits.java", BITS % access)
    result = pytester.runpytest("--boundcheck", "src", "--boundcheck-replay", "-rx")
    result.assert_outcomes(passed=4, **outcome)
    result.stdout.fnmatch_lines(lines)
    assert confirmed(result.stdout.str()) == 1, result.stdout.str()


def test_library_helpers_run_from_their_models(pytester):
    pytester.copy_example("library")
    result = pytester.runpytest("--boundcheck", "bookings", "-k", "Ledger and hashcode")
    result.stdout.fnmatch_lines([
        "  Ledger x = new Ledger(0, 0L);",
        "  Ledger y = new Ledger(0, 1L);",
        "  x.hashCode()  -> 23273  (Ledger.java:27)",
        "  y.hashCode()  -> 23274  (Ledger.java:27)",
    ])


def test_a_library_superclass_part_is_compared_by_key_and_its_violations_are_possible(pytester):
    """``super.equals``/``super.hashCode`` of a library class without source compare its
    part of the object by a key; the constructor that sets it has no source either, so a
    violation found with it may not occur."""
    pytester.copy_example("library")
    result = pytester.runpytest("--boundcheck", "bookings", "-rx", "-k", "Notice and hashcode")
    result.stdout.fnmatch_lines([
        "XFAIL bookings/Notice.java::bookings.Notice::hashcode-consistent - possible violation: "
        "found with the part of the objects that java.text.MessageFormat holds taken to be any "
        "state; its constructor, whose code the check does not have, sets it and may rule the "
        "violation out",
        "*assumed java.text.MessageFormat obeys the contracts of equals, hashCode and compareTo*",
    ])


def test_a_violation_that_shows_no_object_with_a_library_part_is_confirmed(pytester):
    """The library part only makes a violation possible where the counterexample shows an
    object that has one: here a Pattern may be the tag, but the violation needs no tag."""
    write(pytester, "src/Tagged.java", """\
        public final class Tagged {
            private final Pattern tag;
            private final int v;
            public Tagged(Pattern tag, int v) { this.tag = tag; this.v = v; }
            @Override public boolean equals(Object o) {
                return o instanceof Tagged t && java.util.Objects.equals(tag, t.tag);
            }
            @Override public int hashCode() { return tag == null ? v : tag.hashCode(); }
        }
        class Pattern extends java.text.MessageFormat {
            Pattern(String p) { super(p); }
            @Override public boolean equals(Object o) { return super.equals(o); }
            @Override public int hashCode() { return super.hashCode(); }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-k", "hashcode and not Pattern")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["  Tagged x = new Tagged(null, *);"])


def test_a_call_without_code_is_a_deterministic_function_and_the_pass_says_so(pytester):
    pytester.copy_example("library")
    result = pytester.runpytest("--boundcheck", "bookings", "-v", "-k", "Link and hashcode")
    result.stdout.fnmatch_lines(["*PASSED (*assumed URL.toExternalForm() is a deterministic "
                                 "function of its receiver and arguments)*"])


def test_a_violation_found_with_a_call_without_code_is_possible(pytester):
    """Equal ``toExternalForm()`` texts with different ``URL.hashCode()``s: whether real
    URLs can do that, only their code can tell."""
    pytester.copy_example("library")
    result = pytester.runpytest("--boundcheck", "bookings", "-rx", "-k", "Mirror and hashcode")
    result.stdout.fnmatch_lines([
        "XFAIL bookings/Mirror.java::bookings.Mirror::hashcode-consistent - possible violation: "
        "found with the results of URL.toExternalForm() taken to be any that a deterministic "
        "function could give; the code of those methods, which the check does not have, may "
        "rule the violation out",
    ])


def test_a_violation_before_any_call_without_code_is_sure(pytester):
    """The null key throws before ``signum`` is called: the function's results play no part."""
    write(pytester, "src/Key.java", """\
        import java.math.BigInteger;
        public final class Key {
            private final BigInteger value;
            public Key(BigInteger value) { this.value = value; }
            @Override public boolean equals(Object o) {
                if (!(o instanceof Key k)) return false;
                int sign = value.signum();
                return sign == k.value.signum();
            }
            @Override public int hashCode() { return value.signum(); }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-k", "reflexive")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*NullPointerException escaped the contract check*"])


SHEET = """\
    import java.util.Map;
    import java.util.Objects;
    import java.util.jar.Attributes;
    import java.util.jar.Manifest;
    public final class Sheet {
        private final Manifest manifest;
        public Sheet(Manifest manifest) { this.manifest = Objects.requireNonNull(manifest); }
        @Override public boolean equals(Object o) {
            if (!(o instanceof Sheet s)) return false;
            Map<String, Attributes> mine = manifest.getEntries(), theirs = s.manifest.getEntries();
            return mine == null ? theirs == null : theirs != null && mine.size() == theirs.size();
        }
        @Override public int hashCode() {
            Map<String, Attributes> entries = manifest.getEntries();
            return entries == null ? 0 : entries.hashCode();
        }
    }
    """


def test_a_call_without_code_that_returns_a_collection_gives_any_contents_the_same_each_time(
        pytester):
    """``getEntries()`` of one manifest is one map, so equals is reflexive; maps of one size
    may hash apart, a violation only the library's code could rule out."""
    write(pytester, "src/Sheet.java", SHEET)
    result = pytester.runpytest("--boundcheck", "src", "-v", "-rx", "-k", "reflexive or hashcode")
    result.assert_outcomes(passed=1, xfailed=1)
    result.stdout.fnmatch_lines([
        "*equals-reflexive PASSED (*assumed Manifest.getEntries() is a deterministic function "
        "of its receiver and arguments)*",
        "XFAIL src/Sheet.java::Sheet::hashcode-consistent - possible violation: found with the "
        "results of Manifest.getEntries() taken to be any that a deterministic function could "
        "give*",
        "  // Manifest.getEntries() on manifest1 returned {*}",
    ])


ENTRIES = """\
    import java.util.Iterator;
    import java.util.Map;
    import java.util.Objects;
    import java.util.Set;
    import java.util.concurrent.ConcurrentMap;
    public final class Entries {
        private final ConcurrentMap<Object, Object> shared;
        private final Map<Object, Object> local;
        private final boolean isShared;
        public Entries(ConcurrentMap<Object, Object> shared, Map<Object, Object> local,
                       boolean isShared) {
            this.shared = Objects.requireNonNull(shared);
            this.local = Objects.requireNonNull(local);
            this.isShared = isShared;
        }
        private Set<Map.Entry<Object, Object>> entries() {
            if (!isShared) return local.entrySet();
            Set<Map.Entry<Object, Object>> all = shared.entrySet();
            return all;
        }
        @Override public boolean equals(Object o) {
            if (!(o instanceof Entries e)) return false;
            Iterator<Map.Entry<Object, Object>> it = entries().iterator();
            return it.hasNext() == e.isShared;
        }
        @Override public int hashCode() { return 0; }
    }
    """


def test_a_set_that_is_a_maps_entries_or_one_a_call_returned_is_iterated_as_either(pytester):
    """One is read as keys and values, the other as elements: the iterator over the map's
    entries is followed (a non-empty local map breaks reflexivity), the other is stuck."""
    write(pytester, "src/Entries.java", ENTRIES)
    result = pytester.runpytest("--boundcheck", "src", "-k", "reflexive")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["violated: x.equals(x) is false"])
    assert "internal error" not in result.stdout.str()


CLOCK = """\
    public final class Stamp {
        private final int id;
        public Stamp(int id) { this.id = id; }
        @Override public boolean equals(Object o) { return o instanceof Stamp s && s.id == id; }
        @Override public int hashCode() { return id + (int) System.nanoTime(); }
    }
    """


def test_a_call_whose_name_says_it_is_no_function_is_a_skip(pytester):
    write(pytester, "src/Stamp.java", CLOCK)
    result = pytester.runpytest("--boundcheck", "src", "-k", "hashcode", "-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*call to System.nanoTime() (no model of this method; by its "
                                 "name, not a function of its arguments) at Stamp.java:5*"])


def test_a_call_whose_result_type_the_code_does_not_show_is_a_skip(pytester):
    write(pytester, "src/Step.java", """\
        import java.math.BigInteger;
        public final class Step {
            private final BigInteger n;
            public Step(BigInteger n) { this.n = java.util.Objects.requireNonNull(n); }
            @Override public boolean equals(Object o) { return o instanceof Step s && s.n.equals(n); }
            @Override public int hashCode() { return n.bitLength() + n.signum(); }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-k", "hashcode", "-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*call to BigInteger.bitLength() (no model of this method, "
                                 "and the code does not show what it returns) at Step.java:6*"])


def test_project_objects_behind_an_interface_without_source_run_their_own_code(pytester):
    """``Type`` has no source. ``t`` is this ``Alias`` (project code: its own getTypeName)
    or the target, any ``Type`` (an unknown function). Before, the call was a skip."""
    write(pytester, "src/Alias.java", """\
        import java.lang.reflect.Type;
        import java.util.Objects;
        public final class Alias implements Type {
            private final String name;
            private final Type target;
            public Alias(String name, Type target) { this.name = name; this.target = target; }
            @Override public String getTypeName() { return name; }
            private String describe() {
                Type t = target == null ? this : target;
                return t.getTypeName();
            }
            @Override public boolean equals(Object o) {
                return o instanceof Alias a && Objects.equals(describe(), a.describe());
            }
            @Override public int hashCode() { return Objects.hashCode(describe()); }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-v")
    result.assert_outcomes(passed=5)
    result.stdout.fnmatch_lines(["*hashcode-consistent PASSED (*assumed Type.getTypeName() is a "
                                 "deterministic function of its receiver and arguments)*"])
