"""The comparators sample and small classes: lambdas, method references, Comparator
factories and combinators, Objects.compare, and what stays unsupported (see
sample_projects/comparators/README.md; their replay on the JVM: tests/plugin/test_replay.py)."""
from __future__ import annotations

import fnmatch

from pytest_boundcheck.harness.registry import CONTRACT_IDS
from pytest_boundcheck.report.text import message

COMPARE_TO = set(CONTRACT_IDS[5:])


def test_a_comparator_that_meets_a_null_key_shows_where_it_threw(java):
    # the sample's Task throws both ways, which Comparable allows; ordering a null owner
    # first on one side only leaves the other side throwing alone
    java.write("src/Task.java", """\
        import java.util.Comparator;
        public final class Task implements Comparable<Task> {
            private static final Comparator<Task> BY_OWNER = Comparator.comparing(Task::owner);
            private final String owner;
            public Task(String owner) { this.owner = owner; }
            public String owner() { return owner; }
            @Override public int compareTo(Task other) {
                return owner == null ? (other.owner == null ? 0 : -1) : BY_OWNER.compare(this, other);
            }
        }
        """)
    found = java.result("Task", "compareto-antisymmetric")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  Task x = new Task(*);",
        "  Task y = new Task(*);",
        "*throws NullPointerException*(Task.java:8)",
        "violated: only one of x.compareTo(y) and y.compareTo(x) throws",
    ])


def test_lambdas_and_method_references_in_fields_locals_and_interfaces(java):
    java.write("src/Pair.java", """\
        import java.util.Comparator;
        import java.util.function.ToIntFunction;
        public final class Pair implements Comparable<Pair> {
            interface Key { int of(Pair p); }
            private static final Key FIRST = p -> p.a;
            private final Comparator<Pair> order = Comparator.comparingInt(this::weight);
            private final int a;
            private final int b;
            public Pair(int a, int b) { this.a = a; this.b = b; }
            private int weight(Pair p) { return p.b; }
            static int second(Pair p) { return p.b; }
            @Override public int compareTo(Pair o) {
                int byFirst = Integer.compare(FIRST.of(this), FIRST.of(o));
                if (byFirst != 0) return byFirst;
                ToIntFunction<Pair> key = Pair::second;
                int bySecond = Integer.compare(key.applyAsInt(this), key.applyAsInt(o));
                return bySecond != 0 ? bySecond : order.compare(this, o);
            }
            @Override public boolean equals(Object o) {
                return o instanceof Pair && ((Pair) o).a == a && ((Pair) o).b == b;
            }
            @Override public int hashCode() { return 31 * a + b; }
        }
        """)
    found = java.outcomes()
    assert set(found.values()) == {"passed"}
    assert len(found) == 9


def test_a_lambda_in_a_field_is_shown_as_written(java):
    java.write("src/Gap.java", """\
        import java.util.Comparator;
        public final class Gap implements Comparable<Gap> {
            private final Comparator<Gap> order = (a, b) -> a.x - b.x;
            private final int x;
            public Gap(int x) { this.x = x; }
            @Override public int compareTo(Gap o) { return order.compare(this, o); }
        }
        """)
    found = java.result("Gap", "compareto-antisymmetric")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  order    (a, b) -> a.x - b.x  (a, b) -> a.x - b.x",
        "  x.compareTo(y)  -> *  (Gap.java:6)",
    ])


def test_compare_to_ignore_case_is_string_case_insensitive_order(java):
    java.write("src/Tag.java", """\
        public final class Tag implements Comparable<Tag> {
            private final String name;
            public Tag(String name) { this.name = java.util.Objects.requireNonNull(name); }
            @Override public int compareTo(Tag o) { return name.compareToIgnoreCase(o.name); }
            @Override public boolean equals(Object o) {
                return o instanceof Tag && ((Tag) o).name.equalsIgnoreCase(name);
            }
            @Override public int hashCode() { return 0; }
        }
        """)
    assert list(java.outcomes(contracts=COMPARE_TO).values()) == ["passed"] * 4


def test_nulls_first_keeps_two_nulls_equal_after_then_comparing(java):
    """NullComparator's own thenComparing: two nulls compare as 0 without reaching the
    next comparator (which would throw on them)."""
    java.write("src/Slot.java", """\
        import java.util.Comparator;
        import java.util.Objects;
        public final class Slot implements Comparable<Slot> {
            private static final Comparator<String> ORDER = Comparator.<String>nullsFirst(
                    Comparator.naturalOrder()).thenComparing(String::length).reversed();
            private final String name;
            public Slot(String name) { this.name = name; }
            @Override public int compareTo(Slot o) { return ORDER.compare(name, o.name); }
            @Override public boolean equals(Object o) {
                return o instanceof Slot && Objects.equals(((Slot) o).name, name);
            }
            @Override public int hashCode() { return Objects.hashCode(name); }
        }
        """)
    assert list(java.outcomes(contracts=COMPARE_TO).values()) == ["passed"] * 4


def test_what_is_not_modelled_skips_with_the_construct(java):
    java.write("src/Box.java", """\
        import java.util.Comparator;
        import java.util.function.Function;
        public final class Box implements Comparable<Box> {
            private final int size;
            public Box(int size) { this.size = size; }
            @Override public int compareTo(Box o) {
                Function<Box, Box> copy = Box::new;
                return size - o.size;
            }
        }
        """)
    java.write("src/Crate.java", """\
        import java.util.function.Function;
        public final class Crate implements Comparable<Crate> {
            private final int size;
            public Crate(int size) { this.size = size; }
            @Override public int compareTo(Crate o) {
                Function<Crate, Integer> f = c -> c.size;
                return f.andThen(n -> n + 1).apply(this) - f.apply(o);
            }
        }
        """)
    skips = {k: message(r) for k, r in java.check().items() if r.status == "skipped"}
    assert any(fnmatch.fnmatch(text, "unsupported: constructor reference at Box.java:7*")
               for (cls, _), text in skips.items() if cls == "Box")
    assert any(fnmatch.fnmatch(text, "unsupported: call to Function.andThen(*) (no model of "
                                     "this method) at Crate.java:7*")
               for (cls, _), text in skips.items() if cls == "Crate")
