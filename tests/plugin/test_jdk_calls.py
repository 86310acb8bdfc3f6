"""End-to-end runs on code that calls JDK methods: a method without a model throws what its
documentation lists, and a modelled one throws exactly as the JVM does."""
from __future__ import annotations

import textwrap

AMOUNT = """
    package p;

    public final class Amount {
        private final String text;

        public Amount(String text) { this.text = java.util.Objects.requireNonNull(text); }

        @Override public boolean equals(Object o) {
            double checked = Double.parseDouble(text);
            return o instanceof Amount && ((Amount) o).text.equals(text);
        }

        @Override public int hashCode() { return text.hashCode(); }
    }
    """


def test_an_unmodelled_jdk_method_may_throw_what_its_documentation_lists(plugin):
    """Double.parseDouble throws NumberFormatException on text that is no number: every
    equals item of a class whose equals parses its text first rests on it, so none is a
    clean pass; each is a possible violation saying what it rests on."""
    plugin.pytester.makefile(".java", **{"p/Amount": textwrap.dedent(AMOUNT)})
    result = plugin.runpytest("--boundcheck", ".", "-rx", "-p", "no:cacheprovider")
    result.assert_outcomes(xfailed=5)
    result.stdout.fnmatch_lines([
        ("*Amount::equals-null - possible violation: rests on Double.parseDouble(String) throwing "
         "NumberFormatException, as the documentation allows for some inputs*"),
        "NumberFormatException escaped the contract check (thrown at Amount.java:9)",
        ("*assumed Double.parseDouble(String) is a deterministic function of its receiver and "
         "arguments that may throw NullPointerException or NumberFormatException (as its "
         "documentation says) and nothing else*")])


TAG = """
    package p;

    import java.util.Objects;

    public final class Tag {
        private final String text;

        public Tag(String text) { this.text = Objects.requireNonNull(text); }

        @Override public boolean equals(Object o) {
            return o instanceof Tag && ((Tag) o).text.strip().equals(text.strip());
        }

        @Override public int hashCode() { return text.hashCode(); }
    }
    """

KEY = """
    package p;

    import java.util.Objects;

    public final class Key {
        private final String text;

        public Key(String text) { this.text = Objects.requireNonNull(text); }

        private String name() {
            int colon = text.indexOf(':');
            return colon < 0 ? text : text.substring(0, colon);
        }

        @Override public boolean equals(Object o) {
            return o instanceof Key && ((Key) o).name().equals(name());
        }

        @Override public int hashCode() { return name().isBlank() ? 0 : name().hashCode(); }
    }
    """

POINT = """
    package p;

    public final class Point {
        private final double x;
        private final double y;

        public Point(double x, double y) { this.x = x; this.y = y; }

        @Override public boolean equals(Object o) {
            return o instanceof Point && Math.hypot(x, y) == Math.hypot(((Point) o).y, -((Point) o).x);
        }

        @Override public int hashCode() { return 0; }
    }
    """


def test_modelled_string_and_math_methods_give_exact_verdicts(plugin):
    """strip, indexOf, substring and isBlank are modelled exactly: a tag whose equals strips
    its text but whose hashCode does not fails with " " and "", a key compared by the text
    before its colon passes, with no skip and no assumption. Math.hypot is a function of
    its arguments' magnitudes in either order (an assumption the result states): an equals
    that compares hypot(x, y) with hypot(y', -x') is symmetric."""
    for name, source in (("Tag", TAG), ("Key", KEY), ("Point", POINT)):
        plugin.pytester.makefile(".java", **{f"p/{name}": textwrap.dedent(source)})
    result = plugin.runpytest("--boundcheck", ".", "-rA", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=13, failed=1, xfailed=1)
    result.stdout.fnmatch_lines([
        "*Tag::hashcode-consistent*",
        "violated: x.equals(y), but their hash codes differ",
        "*PASSED p/Point.java::p.Point::equals-symmetric*"])
    assert "assumed" not in "".join(line for line in result.outlines if "Key" in line)


LAZY = """
    package p;

    import java.util.function.Supplier;

    public final class Lazy {
        private final int value;

        public Lazy(int value) { this.value = value; }

        @Override public boolean equals(Object o) {
            Supplier<Integer> mine = () -> value;
            return o instanceof Lazy && ((Lazy) o).value == mine.get();
        }

        @Override public int hashCode() {
            Supplier<String> text = () -> "#" + value;
            return text.get().hashCode();
        }
    }
    """


def test_a_supplier_lambdas_result_is_unboxed_as_javac_casts_it(plugin):
    """``Supplier<Integer>.get()`` is an Object once generics are erased; javac casts it to
    Integer before unboxing, and so does the engine: every item is checked, none skipped."""
    plugin.pytester.makefile(".java", **{"p/Lazy": textwrap.dedent(LAZY)})
    plugin.runpytest("--boundcheck", ".", "-p", "no:cacheprovider").assert_outcomes(passed=5)
