"""Classes without source: library helpers run from their Java models; other objects are
taken to obey their contracts, and the results say so."""
from __future__ import annotations

from pytest_boundcheck.engine.result import Verdict
from pytest_boundcheck.report.text import message


def test_counterexample_names_what_it_assumed_of_a_class_without_source(java):
    found = java.sample("library").result("Price", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        ("  BigDecimal bigDecimal1 = null; // stands for a BigDecimal the engine has no source "
         "for, with bigDecimal1.hashCode() == *"),
        "  Price x = new Price(bigDecimal1);",
        ("  BigDecimal bigDecimal2 = null; // stands for a BigDecimal the engine has no source "
         "for, with !bigDecimal2.equals(bigDecimal1), bigDecimal2.compareTo(bigDecimal1) == 0, "
         "bigDecimal2.hashCode() == *"),
        "  x.equals(y)   -> true  (Price.java:17)",
        ("bounds: *; assumed java.math.BigDecimal obeys the contracts of equals, hashCode and "
         "compareTo; * s of work"),
    ])


def test_a_pass_lists_the_classes_it_assumed_obey_their_contracts(java):
    found = java.sample("library").check(
        {"Booking"}, {"equals-transitive", "compareto-transitive"}).values()
    assert [r.status for r in found] == ["passed", "passed"]
    assert any("assumed java.time.LocalDate obeys the contracts of equals, hashCode and "
               "compareTo" in message(r) for r in found)


def test_a_jdk_class_runs_from_its_java_model(java):
    found = java.sample("library").result("Tally", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  Tally x = new Tally(0);",
        "  Tally y = new Tally(0);",
        "  x.equals(y)   -> true  (Tally.java:32)",
    ])


def test_library_helpers_run_from_their_models(java):
    found = java.sample("library").result("Ledger", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  Ledger x = new Ledger(0, 0L);",
        "  Ledger y = new Ledger(0, 1L);",
        "  x.hashCode()  -> 23273  (Ledger.java:27)",
        "  y.hashCode()  -> 23274  (Ledger.java:27)",
    ])


def test_a_library_superclass_part_is_compared_by_key_and_its_violations_are_possible(java):
    """``super.equals``/``super.hashCode`` of a library class without source compare its
    part of the object by a key; the constructor that sets it has no source either, so a
    violation found with it may not occur."""
    found = java.sample("library").result("Notice", "hashcode-consistent")
    assert found.verdict is Verdict.POSSIBLE_VIOLATION
    assert found.unconfirmed == (
        "found with the part of the objects that java.text.MessageFormat holds taken to be any "
        "state; its constructor, whose code the check does not have, sets it and may rule the "
        "violation out")
    assert "assumed java.text.MessageFormat obeys the contracts of equals, hashCode and " \
           "compareTo" in message(found)


def test_a_violation_that_shows_no_object_with_a_library_part_is_confirmed(java):
    """The library part only makes a violation possible where the counterexample shows an
    object that has one: here a Pattern may be the tag, but the violation needs no tag."""
    java.write("src/Tagged.java", """\
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
    found = java.result("Tagged", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines(["  Tagged x = new Tagged(null, *);"])


def test_a_call_without_code_is_a_deterministic_function_and_the_pass_says_so(java):
    found = java.sample("library").result("Link", "hashcode-consistent")
    assert found.status == "passed"
    assert message(found).endswith("; assumed URL.toExternalForm() is a deterministic function "
                                   "of its receiver and arguments that throws no exception")


def test_a_violation_found_with_a_call_without_code_is_possible(java):
    """Equal ``toExternalForm()`` texts with different ``URL.hashCode()``s: whether real
    URLs can do that, only their code can tell."""
    found = java.sample("library").result("Mirror", "hashcode-consistent")
    assert found.verdict is Verdict.POSSIBLE_VIOLATION
    assert found.unconfirmed == (
        "found with the results of URL.toExternalForm() taken to be any that a deterministic "
        "function could give; the code of those methods, which the check does not have, may "
        "rule the violation out")


def test_a_violation_before_any_call_without_code_is_sure(java):
    """The null key throws before ``signum`` is called: the function's results play no part."""
    java.write("src/Key.java", """\
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
    found = java.result("Key", "equals-reflexive")
    assert java.outcome(found) == "failed"
    assert "NullPointerException escaped the contract check" in message(found)


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
        java):
    """``getEntries()`` of one manifest is one map, so equals is reflexive; maps of one size
    may hash apart, a violation only the library's code could rule out."""
    found = java.write("src/Sheet.java", SHEET).check(
        contracts={"equals-reflexive", "hashcode-consistent"})
    reflexive, hashcode = found[("Sheet", "equals-reflexive")], found[("Sheet", "hashcode-consistent")]
    assert len(found) == 2
    assert reflexive.status == "passed"
    assert message(reflexive).endswith("; assumed Manifest.getEntries() is a deterministic "
                                       "function of its receiver and arguments that throws no exception")
    assert hashcode.verdict is Verdict.POSSIBLE_VIOLATION
    assert hashcode.unconfirmed.startswith(
        "found with the results of Manifest.getEntries() taken to be any that a deterministic "
        "function could give")
    java.lines(hashcode).fnmatch_lines(["  // Manifest.getEntries() on manifest1 returned {*}"])


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


def test_a_set_that_is_a_maps_entries_or_one_a_call_returned_is_iterated_as_either(java):
    """One is read as keys and values, the other as elements: the iterator over the map's
    entries is followed (a non-empty local map breaks reflexivity), the other is stuck."""
    found = java.write("src/Entries.java", ENTRIES).result("Entries", "equals-reflexive")
    assert java.outcome(found) == "failed"  # (an engine error would raise here)
    java.lines(found).fnmatch_lines(["violated: x.equals(x) is false"])


CLOCK = """\
    public final class Stamp {
        private final int id;
        public Stamp(int id) { this.id = id; }
        @Override public boolean equals(Object o) { return o instanceof Stamp s && s.id == id; }
        @Override public int hashCode() { return id + (int) System.nanoTime(); }
    }
    """


def test_a_call_whose_name_says_it_is_no_function_is_a_skip(java):
    found = java.write("src/Stamp.java", CLOCK).result("Stamp", "hashcode-consistent")
    assert found.status == "skipped"
    assert "call to System.nanoTime() (no model of this method; by its name, not a function " \
           "of its arguments) at Stamp.java:5" in message(found)


def test_a_call_whose_result_type_the_code_does_not_show_is_a_skip(java):
    java.write("src/Step.java", """\
        import java.math.BigInteger;
        public final class Step {
            private final BigInteger n;
            public Step(BigInteger n) { this.n = java.util.Objects.requireNonNull(n); }
            @Override public boolean equals(Object o) { return o instanceof Step s && s.n.equals(n); }
            @Override public int hashCode() { return n.getLowestSetBit() + n.signum(); }
        }
        """)
    found = java.result("Step", "hashcode-consistent")
    assert found.status == "skipped"
    assert "call to BigInteger.getLowestSetBit() (no model of this method, and the code does not " \
           "show what it returns) at Step.java:6" in message(found)


def test_project_objects_behind_an_interface_without_source_run_their_own_code(java):
    """``Type`` has no source. ``t`` is this ``Alias`` (project code: its own getTypeName)
    or the target, any ``Type`` (an unknown function). Before, the call was a skip."""
    java.write("src/Alias.java", """\
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
    found = java.check()
    assert [r.status for r in found.values()] == ["passed"] * 5
    assert message(found[("Alias", "hashcode-consistent")]).endswith(
        "; assumed Type.getTypeName() is a deterministic function of its receiver and arguments "
        "that throws no exception")
