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
        "*Amount::equals-null - possible violation: rests on Double.parseDouble(String) throwing "
        "NumberFormatException, as the documentation allows for some inputs*",
        "NumberFormatException escaped the contract check (thrown at Amount.java:9)",
        "*assumed Double.parseDouble(String) is a deterministic function of its receiver and "
        "arguments that may throw NullPointerException or NumberFormatException (as its "
        "documentation says) and nothing else*"])
