"""JML's non-null default end to end: in a file with JML annotations a reference field
is an implicit invariant (assumed before a call, kept after it, established by the
constructors), a method's result must not be null, and ``nullable`` or the class's
``nullable_by_default`` lifts either. ``spec_public`` and ``spec_protected`` are read
and allowed wherever the manual allows them, and a public specification may name the
private members they mark."""
from __future__ import annotations

from test_jml_checks import longrepr, outcomes, write

PERSON = """\
    package people;

    public class Person {
        private String name;
        private /*@ nullable @*/ String nick;

        public Person(String name) { this.name = name; }
        public Person() { }
        public void rename(String name) { this.name = name; }
        public void forget() { nick = null; }
        public void useNick() { name = nick; }
        public String getName() { return name; }
        public String getNick() { return nick; }
        public /*@ nullable @*/ String nickOrNull() { return nick; }
        //@ ensures \\result != null;
        public static String greeting() { return "hello"; }
    }
    """


def test_a_field_and_a_result_are_non_null_unless_declared_nullable(plugin):
    write(plugin.pytester, "src/people/Person.java", PERSON)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {
        "Person(String)": "passed", "Person()": "failed", "rename(String)": "passed",
        "forget()": "passed", "useNick()": "failed", "getName()": "passed",
        "getNick()": "failed", "nickOrNull()": "passed", "greeting()": "passed"}
    assert ("the non_null field name (declared at Person.java:4:20) is null on return"
            in longrepr(reprec, "Person()"))
    assert ("the non_null field name (declared at Person.java:4:20) is null on return"
            in longrepr(reprec, "useNick()"))
    assert "the result of Person.getNick() is null, and it is non_null" in \
        longrepr(reprec, "getNick()")


def test_nullable_by_default_makes_fields_results_and_parameters_nullable(plugin):
    write(plugin.pytester, "src/people/Tag.java", """\
        package people;

        //@ nullable_by_default
        public class Tag {
            private String label;
            private /*@ non_null @*/ String kind = "tag";

            //@ ensures true;
            public String label() { return label; }
            //@ ensures true;
            public int length(String text) { return text.length(); }
            //@ ensures true;
            public int kindLength() { return kind.length(); }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"Tag()": "passed", "label()": "passed",
                                "length(String)": "failed", "kindLength()": "passed"}
    assert "NullPointerException" in longrepr(reprec, "length(String)")


VAULT = """\
    package bank;

    public class Vault {
        private /*@ spec_public @*/ int balance;
        protected /*@ spec_protected @*/ int limit = 10;
        private /*@ spec_public nullable @*/ String owner;
        //@ public invariant balance >= 0 && balance <= limit;

        //@ requires 0 < amount && balance + amount <= limit;
        //@ ensures balance == \\old(balance) + amount && \\result == balance && total() == balance;
        public int put(int amount) {
            balance += amount;
            return balance;
        }

        private /*@ spec_public pure @*/ int total() {
            return balance;
        }

        /*@ spec_public @*/ static class Box {
            private /*@ spec_protected @*/ int size;
            //@ invariant size >= 0;
            public void grow() { if (size < 100) size++; }
        }
    }
    """


def test_spec_public_and_spec_protected_members_in_public_specifications(plugin):
    write(plugin.pytester, "src/bank/Vault.java", VAULT)
    # (from states the constructors make: from any heap, a limit near Integer.MAX_VALUE
    # lets put's balance + amount overflow past its requires)
    reprec = plugin.inline_run("--boundcheck", "src", "--boundcheck-objects=constructors")
    assert outcomes(reprec) == {"Vault()": "passed", "put(int)": "passed",
                                "Box()": "passed", "grow()": "passed"}
