"""End-to-end runs on the comparators sample and on small classes: lambdas, method
references, Comparator factories and combinators, Objects.compare, and what stays
unsupported (see sample_projects/comparators/README.md)."""
from __future__ import annotations

from test_plugin import (
    COMPARE_IDS,
    EQUALS_IDS,
    confirmed,
    outcomes,
    sample_outcomes,
    write,
)
from test_repro import needs_jdk

PASS9 = ("passed",) * 9
COMPARATORS = {
    "Release": dict(zip(EQUALS_IDS + COMPARE_IDS, PASS9)),
    "Level": dict(zip(EQUALS_IDS + COMPARE_IDS, PASS9)),
    "Score": dict(zip(COMPARE_IDS, ("failed", "failed", "passed", "xfailed"))),
    "Player": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
    "Contact": dict(zip(EQUALS_IDS + COMPARE_IDS, PASS9)),
    "Task": dict(zip(COMPARE_IDS, ("failed",) * 3 + ("xfailed",))),
    "Shift": dict(zip(COMPARE_IDS, ("failed",) * 3 + ("xfailed",))),
    "Ticket": dict(zip(COMPARE_IDS, ("passed",) * 3 + ("xfailed",))),
    "Edition": dict(zip(EQUALS_IDS + COMPARE_IDS, PASS9)),
    "Lap": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 5 + ("failed", "passed", "passed",
                                                                "xfailed"))),
}
FAILING = ["Score", "Player", "Task", "Shift", "Ticket", "Lap"]


def test_comparators_sample_gives_the_documented_outcome(pytester):
    found, expected = sample_outcomes(pytester, "comparators", COMPARATORS, "--boundcheck-timeout=60")
    assert found == expected


def test_a_comparator_that_meets_a_null_key_shows_where_it_threw(pytester):
    pytester.copy_example("comparators")
    result = pytester.runpytest("--boundcheck", "comparators", "-k", "Task and antisymmetric")
    result.stdout.fnmatch_lines([
        "  Task x = new Task(null);",
        "*throws NullPointerException*(Task.java:21)",
    ])


@needs_jdk
def test_every_comparators_counterexample_is_confirmed_on_the_jvm(pytester):
    pytester.copy_example("comparators")
    result = pytester.runpytest("--boundcheck", "comparators", "--boundcheck-replay", "-rx",
                                "-k", " or ".join(FAILING))
    outcomes_ = result.parseoutcomes()
    assert outcomes_["failed"] + outcomes_["xfailed"] == 15
    assert confirmed(result.stdout.str()) == 15, result.stdout.str()


def test_lambdas_and_method_references_in_fields_locals_and_interfaces(pytester):
    write(pytester, "src/Pair.java", """\
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
    reprec = pytester.inline_run("--boundcheck", "src")
    assert set(outcomes(reprec).values()) == {"passed"}
    assert len(outcomes(reprec)) == 9


def test_a_lambda_in_a_field_is_shown_as_written(pytester):
    write(pytester, "src/Gap.java", """\
        import java.util.Comparator;
        public final class Gap implements Comparable<Gap> {
            private final Comparator<Gap> order = (a, b) -> a.x - b.x;
            private final int x;
            public Gap(int x) { this.x = x; }
            @Override public int compareTo(Gap o) { return order.compare(this, o); }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-k", "antisymmetric")
    result.stdout.fnmatch_lines([
        "  order    (a, b) -> a.x - b.x  (a, b) -> a.x - b.x",
        "  x.compareTo(y)  -> *  (Gap.java:6)",
    ])


def test_compare_to_ignore_case_is_string_case_insensitive_order(pytester):
    write(pytester, "src/Tag.java", """\
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
    reprec = pytester.inline_run("--boundcheck", "src", "-k", "compareto", "--boundcheck-timeout=60")
    assert list(outcomes(reprec).values()) == ["passed"] * 4


def test_nulls_first_keeps_two_nulls_equal_after_then_comparing(pytester):
    """NullComparator's own thenComparing: two nulls compare as 0 without reaching the
    next comparator (which would throw on them)."""
    write(pytester, "src/Slot.java", """\
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
    reprec = pytester.inline_run("--boundcheck", "src", "-k", "compareto", "--boundcheck-timeout=60")
    assert list(outcomes(reprec).values()) == ["passed"] * 4


def test_what_is_not_modelled_skips_with_the_construct(pytester):
    write(pytester, "src/Box.java", """\
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
    write(pytester, "src/Crate.java", """\
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
    result = pytester.runpytest("--boundcheck", "src", "-rs")
    result.stdout.fnmatch_lines([
        "SKIPPED * unsupported: constructor reference at Box.java:7*",
        "SKIPPED * unsupported: call to Function.andThen(*) (no model of this method) at Crate.java:7*",
    ])
