"""A check whose exact exploration runs out of its share of the time starts again
trusting the contracts of the project classes outside the hierarchy under test: a
pass then names them as assumptions, and a violation is only a possible one."""
from __future__ import annotations

import dataclasses

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.report.text import message

# Name.equals ignores case, so it is not symmetric with a String... but within its own
# class it is an equivalence, and its hashCode agrees with it.
NAME = """
    public final class Name {
        private final String text;
        public Name(String text) { this.text = text == null ? "" : text; }
        public String text() { return text; }
        @Override public boolean equals(Object o) {
            return o instanceof Name && ((Name) o).text.equalsIgnoreCase(text);
        }
        @Override public int hashCode() { return text.toLowerCase().hashCode(); }
    }
    """

# hashes the name's text case-sensitively while equals follows Name.equals: broken
TAGGED = """
    public final class Tagged {
        private final Name name;
        public Tagged(Name name) { this.name = name == null ? new Name("") : name; }
        @Override public boolean equals(Object o) {
            return o instanceof Tagged && ((Tagged) o).name.equals(name);
        }
        @Override public int hashCode() { return name.text().hashCode(); }
    }
    """

# uses Name only through its equals and hashCode: correct if Name obeys its contracts
LABEL = """
    public final class Label {
        private final Name name;
        private final int size;
        public Label(Name name, int size) { this.name = name == null ? new Name("") : name; this.size = size; }
        @Override public boolean equals(Object o) {
            return o instanceof Label && ((Label) o).name.equals(name) && ((Label) o).size == size;
        }
        @Override public int hashCode() { return 31 * name.hashCode() + size; }
    }
    """


def outcome(java, sources: dict[str, str], name: str, contract: str, config=DEFAULT):
    for file, source in sources.items():
        java.write(f"{file}.java", source)
    return java.result(name, contract, Bounds(), config)


# exploring exactly runs out of time at once: every check trusts (and none is asked first
# of the receiver's own classes, which is exact)
NO_TIME_FOR_EXACT = dataclasses.replace(DEFAULT, exact_share=0.0, own_classes_share=0.0)


def test_exactly_a_case_sensitive_hash_of_a_case_insensitive_field_fails(java):
    found = outcome(java, {"Name": NAME, "Tagged": TAGGED}, "Tagged", "hashcode-consistent")
    assert found.status == "failed" and not found.unconfirmed


def test_trusting_shows_the_same_violation_as_a_possible_one(java):
    found = outcome(java, {"Name": NAME, "Tagged": TAGGED}, "Tagged", "hashcode-consistent",
                    NO_TIME_FOR_EXACT)
    assert found.status == "failed"
    assert found.unconfirmed.startswith(
        "found with the equals, hashCode and compareTo of Name taken to be any that obey "
        "their contracts")


def test_a_trusting_pass_names_the_classes_it_trusted(java):
    found = outcome(java, {"Name": NAME, "Label": LABEL}, "Label", "hashcode-consistent",
                    NO_TIME_FOR_EXACT)
    assert found.status == "passed"
    assert "assumed Name obeys the contracts of equals, hashCode and compareTo (of the project " \
           "classes among them, exploring the code exactly took longer than 0 s" in message(found)


def test_the_contracts_own_arguments_are_explored_even_when_trusting(java):
    """Name's own symmetry is checked by running its code: trusting covers other objects."""
    found = outcome(java, {"Name": NAME, "Label": LABEL}, "Name", "equals-symmetric",
                    NO_TIME_FOR_EXACT)
    assert found.status == "passed" and "assumed" not in message(found)
