"""Objects as outside code can make them (docs/user/objects-and-bounds.md, "reachable"):
a public class's public constructors, factories and methods; its protected and
package-private ones only where other project code calls them, and a violation that needs
one of those internal hooks is a possible violation naming it and its callers."""
from __future__ import annotations

import textwrap

# the constructor keeps low <= high, and hashCode divides by zero otherwise; two hooks and
# a package-private constructor break that
RANGE = """\
    package ranges;

    public class Range {
        protected int low;
        protected int high;
        public Range(int low, int high) {
            if (low > high) throw new IllegalArgumentException();
            this.low = low;
            this.high = high;
        }
        Range(int at) { this.low = at; this.high = at - 1; }
        protected void shift(int by) { low = low + by; }
        void reset() { low = 0; high = -1; }
        public void widen() { if (high < Integer.MAX_VALUE) high = high + 1; }
        @Override public boolean equals(Object o) {
            return o instanceof Range r && r.low == low && r.high == high;
        }
        @Override public int hashCode() { return high < low ? 1 / (high - high) : 31 * low + high; }
    }
    """
# a subclass that calls the protected hook
SLID = """\
    package ranges;

    public final class Slid extends Range {
        public Slid(int low, int high) { super(low, high); }
        public void nudge() { shift(1); }
    }
    """
# a public factory of the package that calls the package-private constructor: public API
RANGES = """\
    package ranges;

    public final class Ranges {
        private Ranges() {}
        public static Range empty(int at) { return new Range(at); }
    }
    """
# the same call, by code of the package alone
RANGE_PARSER = """\
    package ranges;

    final class Parser {
        static Range empty(int at) { return new Range(at); }
    }
    """
EQUALS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
          "hashcode-consistent")


# a public class whose package-private setter breaks symmetry (and transitivity): a loose
# tag equals every tag
TAG = """\
    package tags;

    public class Tag {
        private final int id;
        private boolean loose;
        public Tag(int id) { this.id = id; }
        void setLoose(boolean loose) { this.loose = loose; }
        %s
        @Override public boolean equals(Object o) {
            return o instanceof Tag t && (loose || t.id == id);
        }
        @Override public int hashCode() { return 0; }
    }
    """
# the code of the package that calls the setter, with values of its own
PARSER = """\
    package tags;

    final class Parser {
        Tag read(String text) {
            Tag tag = new Tag(text.length());
            tag.setLoose(text.endsWith("*"));
            return tag;
        }
    }
    """
SET_LOOSE = ("reached only through the package-private Tag.setLoose(boolean), which only code "
             "of its package calls (Parser.java:6): with the values those calls pass it may not "
             "occur")


def outcomes(reprec) -> dict[str, str]:
    """class::contract -> passed/failed/xfailed/skipped, from an inline run's reports."""
    return {rep.nodeid.split("::", 1)[1]: "xfailed" if hasattr(rep, "wasxfail") else rep.outcome
            for rep in reprec.getreports("pytest_runtest_logreport")
            if rep.when == "call" or (rep.when == "setup" and not rep.passed)}


def write(plugin, sources: dict[str, str], package: str = "ranges") -> None:
    for name, source in sources.items():
        file = plugin.pytester.path / package / f"{name}.java"
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(textwrap.dedent(source))


def run(plugin, sources: dict[str, str]) -> dict[str, str]:
    write(plugin, sources)
    return outcomes(plugin.inline_run("--boundcheck", "ranges"))


def fails_the_public_way(plugin, sources: dict[str, str], internal: str, lines: list[str],
                         package: str = "ranges"):
    """The run on ``sources``, whose failures show ``lines`` and never name the
    ``internal`` member that makes the same state as the public way shown."""
    write(plugin, sources, package)
    result = plugin.runpytest("--boundcheck", package)
    result.stdout.fnmatch_lines(lines)
    assert internal not in result.stdout.str()
    return result


def expected(failing: set[str], classes=("Range",), outcome: str = "failed") -> dict[str, str]:
    return {f"ranges.{c}::{i}": outcome if f"{c}::{i}" in failing else "passed"
            for c in classes for i in EQUALS}


def test_hooks_no_other_code_calls_make_no_objects(plugin):
    assert run(plugin, {"Range": RANGE}) == expected(set())


def test_a_violation_that_needs_a_constructor_other_code_calls_is_possible(plugin):
    write(plugin, {"Range": RANGE, "Parser": RANGE_PARSER})
    result = plugin.runpytest("--boundcheck", "ranges", "-rx")
    result.stdout.fnmatch_lines([
        "XFAIL ranges/Range.java::ranges.Range::hashcode-consistent - possible violation: "
        "reached only through the package-private new Range(int), which only code of its "
        "package calls (Parser.java:4): with the values those calls pass it may not occur",
        "  Range x = new Range(*);",
    ])
    result.assert_outcomes(passed=4, xfailed=1)


def test_a_violation_a_public_factory_of_another_class_makes_fails_through_it(plugin):
    """Ranges.empty(int) is public API that makes the state the package-private
    constructor makes: the failure shows the factory, not the constructor."""
    result = fails_the_public_way(plugin, {"Range": RANGE, "Ranges": RANGES}, "new Range(", [
        "*_ Range::hashcode-consistent _*", "*", "  Range x = Ranges.empty(?);"])
    result.assert_outcomes(passed=4, failed=1)


def test_a_break_a_public_method_of_a_subclass_reaches_fails_without_the_hook(plugin):
    """Slid's public nudge() pushes low past high as the protected shift(int) does: the
    failures show nudge(), the public way, not the hook."""
    result = fails_the_public_way(plugin, {"Range": RANGE, "Slid": SLID}, "shift(", [
        "*_ Range::hashcode-consistent _*", "  Slid x = new Slid(*);", "  x.nudge();"])
    result.assert_outcomes(passed=8, failed=2)


def test_a_break_only_a_package_private_setter_makes_is_a_possible_violation(plugin):
    write(plugin, {"Tag": TAG % "", "Parser": PARSER}, "tags")
    result = plugin.runpytest("--boundcheck", "tags", "-rx")
    for item in ("equals-symmetric", "equals-transitive"):
        result.stdout.fnmatch_lines([
            f"XFAIL tags/Tag.java::tags.Tag::{item} - possible violation: {SET_LOOSE}"])
    result.stdout.fnmatch_lines(["  Tag x = new Tag(*);", "  x.setLoose(true);"])
    result.assert_outcomes(passed=3, xfailed=2)


def test_the_same_break_through_a_public_method_fails_with_it(plugin):
    result = fails_the_public_way(
        plugin, {"Tag": TAG % "public void loosen() { loose = true; }", "Parser": PARSER},
        "setLoose", [line for item in ("symmetric", "transitive")
                     for line in (f"*_ Tag::equals-{item} _*", "*", "  ?.loosen();")], "tags")
    result.assert_outcomes(passed=3, failed=2)


# a protected nested class, seen outside the package only to extend it, whose protected
# constructor its enclosing class calls with a key that is never null
BAG = """\
    package bags;

    public abstract class Bag {
        protected static class Entry {
            protected final String key;
            protected Entry(String key) { this.key = key; }
            @Override public boolean equals(Object o) { return o instanceof Entry e && e.key.equals(key); }
            @Override public int hashCode() { return key.hashCode(); }
        }
        public Object first(String key) { return new Entry(key == null ? "" : key); }
    }
    """


def test_a_violation_through_a_protected_nested_class_s_constructor_is_possible(plugin):
    write(plugin, {"Bag": BAG}, "bags")
    result = plugin.runpytest("--boundcheck", "bags", "-rx")
    result.stdout.fnmatch_lines([
        "XFAIL bags/Bag.java::bags.Bag.Entry::equals-reflexive - possible violation: reached "
        "only through the protected new Bag.Entry(String), which only code of its package and "
        "its subclasses calls (Bag.java:10): with the values those calls pass it may not occur",
    ])
    result.assert_outcomes(passed=1, xfailed=4)


# a package-private class whose constructor its package calls with ``this`` alone, never
# null; its equals throws NullPointerException on a null parent
PAIRS = """\
    package pairs;

    public final class Pairs {
        public Object entry(int index) { return new Entry(this, index); }
    }
    """
ENTRY = """\
    package pairs;

    final class Entry {
        private final Pairs parent;
        private final int index;
        Entry(Pairs parent, int index) { this.parent = parent; this.index = index; }
        @Override public boolean equals(Object o) {
            return o instanceof Entry e && e.parent.equals(parent) && e.index == index;
        }
        @Override public int hashCode() { return index; }
    }
    """
# a public factory of the package that passes any parent, null too
ENTRIES = """\
    package pairs;

    public final class Entries {
        private Entries() {}
        public static Entry of(Pairs parent, int index) { return new Entry(parent, index); }
    }
    """
NULL_PARENT = "null passed to {} as parent"


def test_a_package_private_class_s_constructor_is_called_with_values_its_package_passes(plugin):
    """The violation needs Entry(null, ...), which the package never passes: a possible
    violation naming the constructor and its call; the null's other items say "same
    cause" as ever (docs/user/objects-and-bounds.md, "nulls a caller passes")."""
    write(plugin, {"Pairs": PAIRS, "Entry": ENTRY}, "pairs")
    result = plugin.runpytest("--boundcheck", "pairs", "-rx")
    result.stdout.fnmatch_lines([
        ("XFAIL pairs/Entry.java::pairs.Entry::equals-reflexive - possible violation: reached "
         "only through new Entry(Pairs, int) of the package-private class Entry, which only "
         "code of its package calls (Pairs.java:4): with the values those calls pass it may "
         "not occur"),
        "  Entry x = new Entry(null, ?);",
    ])
    result.stdout.fnmatch_lines([
        f"XFAIL pairs/Entry.java::pairs.Entry::{item} - same cause as Entry::equals-reflexive: "
        + NULL_PARENT.format("new Entry(Pairs, int)")
        for item in ("equals-symmetric", "equals-transitive", "hashcode-consistent")],
        consecutive=False)
    result.assert_outcomes(passed=1, xfailed=4)  # Entry::equals-null passes


def test_a_public_factory_of_the_package_makes_a_package_private_class_s_objects(plugin):
    write(plugin, {"Pairs": PAIRS, "Entry": ENTRY, "Entries": ENTRIES}, "pairs")
    result = plugin.runpytest("--boundcheck", "pairs", "-rx")
    result.stdout.fnmatch_lines([
        "*_ Entry::equals-reflexive _*", "*", "  Entry x = Entries.of(null, ?);",
        "*", "root cause: " + NULL_PARENT.format("Entries.of(Pairs, int)") + ", in a class *"])
    assert "possible violation" not in result.stdout.str()
    result.assert_outcomes(passed=1, failed=1, xfailed=3)


def test_a_member_without_parameters_of_a_package_private_class_adds_no_doubt(plugin):
    """A no-argument constructor takes no value its package might not pass: a violation of
    the objects it makes is a failure (here the null policy's root cause: the field it
    leaves null)."""
    write(plugin, {"Pairs": PAIRS, "Entry": ENTRY.replace(
        "Entry(Pairs parent, int index) {", "Entry() { this(null, 0); }\n    Entry(Pairs parent, int index) {")}, "pairs")
    result = plugin.runpytest("--boundcheck", "pairs", "-rx")
    result.stdout.fnmatch_lines(["*_ Entry::equals-reflexive _*", "*", "  Entry x = new Entry();"])
    result.assert_outcomes(passed=1, failed=1, xfailed=3)
