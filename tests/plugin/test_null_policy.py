"""The null policy (docs/user/objects-and-bounds.md, "nulls a caller passes"): a null that
only a caller passing null to a class without nullness annotations makes is reported once
per class, as the root cause; --boundcheck-null-fields=off makes no such nulls."""
from __future__ import annotations

import textwrap

import pytest

LABEL = """\
    package labels;

    public final class Label implements Comparable<Label> {{
        private final String text;
        private final int rank;
        public Label({annotation}String text, int rank) {{ this.text = text; this.rank = rank; }}
        @Override public boolean equals(Object o) {{
            return o instanceof Label l && l.rank == rank && l.text.equals(text);
        }}
        @Override public int hashCode() {{ return 31 * text.hashCode() + rank; }}
        @Override public int compareTo(Label o) {{
            int byRank = Integer.compare(rank, o.rank);
            return byRank != 0 ? byRank : text.compareTo(o.text);
        }}
    }}
    """
ITEMS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
         "hashcode-consistent", "compareto-antisymmetric", "compareto-transitive",
         "compareto-substitutable", "compareto-equals")
# the null text makes equals and hashCode throw; compareTo throws both ways, as Comparable allows
BY_NULL = ("equals-reflexive", "equals-symmetric", "equals-transitive", "hashcode-consistent")


def write_label(pytester: pytest.Pytester, annotation: str = "") -> None:
    file = pytester.path / "labels" / "Label.java"
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(LABEL).format(annotation=annotation))


def outcomes(reprec) -> dict[str, str]:
    """contract id -> passed/failed/xfailed, from an inline run's reports."""
    return {rep.nodeid.rpartition("::")[2]: "xfailed" if hasattr(rep, "wasxfail") else rep.outcome
            for rep in reprec.getreports("pytest_runtest_logreport") if rep.when == "call"}


@pytest.mark.under_xdist  # the first item, whichever worker runs it
def test_a_null_a_caller_passes_fails_one_item_the_others_name_it(plugin):
    write_label(plugin.pytester)
    result = plugin.runpytest("--boundcheck", "labels", "-rx")
    result.stdout.fnmatch_lines([
        "*_ Label::equals-reflexive _*",
        "  Label x = new Label(null, *);",
        "*",
        ("root cause: null passed to new Label(String, int) as text, in a class without nullness "
         "annotations; its other items that fail only because of such a null say \"same cause\" "
         "(--boundcheck-null-fields=off makes no such nulls)"),
    ])
    for item in BY_NULL[1:]:
        result.stdout.fnmatch_lines([(f"XFAIL labels/Label.java::labels.Label::{item} - same cause "
                                      "as Label::equals-reflexive: null passed to new "
                                      "Label(String, int) as text")])
    result.assert_outcomes(failed=1, xfailed=3, passed=5)


@pytest.mark.parametrize("how", ["option", "ini"])
def test_the_option_makes_no_such_nulls(plugin, how):
    write_label(plugin.pytester)
    if how == "ini":
        plugin.pytester.makeini("[pytest]\nboundcheck_null_fields = off\n")
        reprec = plugin.inline_run("--boundcheck", "labels")
    else:
        reprec = plugin.inline_run("--boundcheck", "labels", "--boundcheck-null-fields=off")
    assert outcomes(reprec) == dict.fromkeys(ITEMS, "passed")


def test_a_class_with_nullness_annotations_keeps_every_failure(plugin):
    write_label(plugin.pytester, annotation="@javax.annotation.Nullable ")
    reprec = plugin.inline_run("--boundcheck", "labels")
    assert outcomes(reprec) == {i: "failed" if i in BY_NULL else "passed" for i in ITEMS}


# the empty constructor leaves name null ("set the attributes with the setters"), which
# equals and hashCode dereference; the other constructor rejects null
MEMBER = """\
    package members;

    public class Member {{
        private {annotation}String name;
        private int index;
        /** Empty constructor: set the attributes with the setters. */
        public Member() {{
        }}
        public Member(String name, int index) {{
            if (name == null) throw new IllegalArgumentException();
            this.name = name;
            this.index = index;
        }}
        public void setIndex(int index) {{ this.index = index; }}
        @Override public boolean equals(Object o) {{
            return o instanceof Member m && m.index == index && m.name.equals(name);
        }}
        @Override public int hashCode() {{ return 31 * name.hashCode() + index; }}
    }}
    """
EQUALS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
          "hashcode-consistent")
LEFT_NULL = "field name left null by new Member()"


def write_member(pytester: pytest.Pytester, annotation: str = "") -> None:
    file = pytester.path / "members" / "Member.java"
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(MEMBER).format(annotation=annotation))


def test_a_field_a_constructor_leaves_null_fails_one_item_the_others_name_it(plugin):
    write_member(plugin.pytester)
    result = plugin.runpytest("--boundcheck", "members", "-rx")
    result.stdout.fnmatch_lines([
        "*_ Member::equals-reflexive _*",
        "  Member x = new Member();",
        "*",
        (f"root cause: {LEFT_NULL}, in a class without nullness annotations; its other items "
         "that fail only because of such a null say \"same cause\" "
         "(--boundcheck-null-fields=off makes no such nulls)"),
    ])
    for item in ("equals-symmetric", "equals-transitive", "hashcode-consistent"):
        result.stdout.fnmatch_lines([f"XFAIL members/Member.java::members.Member::{item} - same "
                                     f"cause as Member::equals-reflexive: {LEFT_NULL}"])
    result.assert_outcomes(failed=1, xfailed=3, passed=1)


def test_off_takes_the_fields_a_constructor_leaves_null_as_set_before_use(plugin):
    write_member(plugin.pytester)
    result = plugin.runpytest("--boundcheck", "members", "--boundcheck-null-fields=off", "-v")
    result.stdout.fnmatch_lines([
        "*PASSED (no violation within *; assumed the field "
        "name, which new Member() leaves null, is set before its objects are used "
        "(--boundcheck-null-fields=off))*"])
    result.assert_outcomes(passed=5)


def test_a_field_left_null_in_a_class_with_nullness_annotations_fails_every_item(plugin):
    write_member(plugin.pytester, annotation="@javax.annotation.Nullable ")
    reprec = plugin.inline_run("--boundcheck", "members")
    assert outcomes(reprec) == {i: "passed" if i == "equals-null" else "failed" for i in EQUALS}


CACHED = """\
    package members;

    public class Cached {
        private final int value;
        private String text;
        public Cached(int value) { this.value = value; }
        public void describe() {
            if (text == null) text = "v" + value;
        }
        @Override public boolean equals(Object o) { return o instanceof Cached c && c.value == value; }
        @Override public int hashCode() { return text == null ? value : 31 * value; }
    }
    """


def test_a_field_the_class_tests_for_null_is_no_null_policy_matter(plugin):
    """A cache its class makes on first use is null by design: a violation that needs it
    null is an ordinary failure under either setting, not a root cause set aside."""
    file = plugin.pytester.path / "members" / "Cached.java"
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(CACHED))
    result = plugin.runpytest("--boundcheck", "members", "--boundcheck-null-fields=off", "-rf")
    result.assert_outcomes(failed=1, passed=4)
    result.stdout.fnmatch_lines(["FAILED *Cached::hashcode-consistent*"])
    result.stdout.no_fnmatch_line("*left null*")
