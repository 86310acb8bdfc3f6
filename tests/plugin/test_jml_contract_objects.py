"""Class invariants and JML's non-null default restrict the objects the equals, hashCode
and compareTo items make from field values (``--boundcheck-objects=fields``, or a class
no constructor makes): a violation that needs a state they rule out is not reported,
and one they allow still is."""
from __future__ import annotations

import pytest
from test_jml_checks import outcomes, write

NAME = """\
    package people;

    public class Name {{
        {declaration}

        public Name(String first) {{ this.first = first; }}

        public boolean equals(Object o) {{
            return o instanceof Name && first.equals(((Name) o).first);
        }}

        public int hashCode() {{ return first.hashCode(); }}
    }}
    """

EQUALS_ITEMS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
                "hashcode-consistent")
PASSED = dict.fromkeys(EQUALS_ITEMS, "passed")
FAILED = {**PASSED, "equals-reflexive": "failed", "equals-symmetric": "failed",
          "equals-transitive": "failed", "hashcode-consistent": "failed"}


@pytest.mark.parametrize("declaration, expected", [
    # the invariant rules the null out, though the field is declared nullable
    ("private /*@ nullable @*/ String first;\n    //@ invariant first != null;",
     {**PASSED, "Name(String)": "passed", "equals(Object)": "passed", "hashCode()": "passed"}),
    # JML's non-null default rules it out
    ("private String first;\n    //@ invariant true;",
     {**PASSED, "Name(String)": "passed", "equals(Object)": "passed", "hashCode()": "passed"}),
    # nothing rules it out: the NullPointerException is a finding (a method without a
    # specification may throw, so its own JML item passes)
    ("private /*@ nullable @*/ String first;\n    //@ invariant true;",
     {**FAILED, "Name(String)": "passed", "equals(Object)": "passed", "hashCode()": "passed"}),
    ("private String first;", FAILED),  # a file without JML: Java's nulls
])
def test_the_invariant_restricts_objects_made_from_field_values(plugin, declaration, expected):
    write(plugin.pytester, "src/people/Name.java", NAME.format(declaration=declaration))
    reprec = plugin.inline_run("--boundcheck", "src", "--boundcheck-objects=fields")
    assert outcomes(reprec) == expected


SLOT = """\
    package slots;

    public class Slot {{
        private static final String[] NAMES = {{"a", "b", "c"}};
        private int index;
        {invariant}

        private Slot() {{ }}

        public boolean equals(Object o) {{
            return o instanceof Slot && NAMES[index].equals(NAMES[((Slot) o).index]);
        }}

        public int hashCode() {{ return NAMES[index].hashCode(); }}
    }}
    """


@pytest.mark.parametrize("invariant, expected", [
    ("//@ invariant 0 <= index && index < NAMES.length;", "passed"),
    ("//@ invariant 0 <= index;", "xfailed"),  # index 3 is still out of bounds
    ("", "xfailed"),
])
def test_an_invariant_restricts_a_class_no_constructor_makes(plugin, invariant, expected):
    write(plugin.pytester, "src/slots/Slot.java", SLOT.format(invariant=invariant))
    reprec = plugin.inline_run("--boundcheck", "src", "-m", "not boundcheck_jml")
    found = {rep.nodeid.rpartition("::")[2]: rep.outcome if not hasattr(rep, "wasxfail")
             else "xfailed" for rep in reprec.getreports("pytest_runtest_logreport")
             if rep.when == "call"}
    assert found["equals-reflexive"] == expected


def test_an_invariant_no_object_keeps_leaves_nothing_checked_not_a_pass(plugin):
    write(plugin.pytester, "src/people/Name.java", NAME.format(
        declaration="private String first;\n    //@ invariant first.length() < 0;"))
    reprec = plugin.inline_run("--boundcheck", "src", "--boundcheck-objects=fields",
                               "-m", "not boundcheck_jml")
    assert outcomes(reprec) == dict.fromkeys(EQUALS_ITEMS, "skipped")
