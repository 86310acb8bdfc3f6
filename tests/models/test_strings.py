"""Classes built on Strings (sample_projects/names); their replay on the JVM:
tests/plugin/test_replay.py."""
from __future__ import annotations

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.report.text import message

BOUNDS = "int 32-bit, 8 unrolls, inline depth 8"
MADE = "objects: built by constructors and factories, then up to 2 method calls"

LATIN1 = "strings: length <= 3, chars in Latin-1"


def test_equals_ignoring_case_with_a_case_sensitive_hash_shows_a_and_upper_a(java):
    found = java.sample("names").result("Nickname", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "equal objects must have equal hash codes",
        "",
        '  Nickname x = new Nickname("?");',
        '  Nickname y = new Nickname("?");',
        "",
        "  field    x (Nickname)    y (Nickname)",
        '  value    "?"             "?"             *',
        "",
        "  x.equals(y)   -> true  (Nickname.java:15)",
        "  x.hashCode()  -> *    (Nickname.java:20)",
        "  y.hashCode()  -> *    (Nickname.java:20)",
        "",
        "violated: x.equals(y), but their hash codes differ",
        f"bounds: {BOUNDS}, {LATIN1}; {MADE}; * s of work",
    ])
    text = message(found)
    pair = {line.split('"')[1] for line in text.splitlines() if "new Nickname(" in line}
    assert len(pair) == 2 and len({c.lower() for c in pair}) == 1, pair


def test_a_pass_says_the_string_bounds_it_held_within(java):
    names = java.sample("names")
    keyword = names.result("Keyword", "hashcode-consistent")
    assert keyword.status == "passed"
    assert message(keyword) == f"no violation within {BOUNDS}, {LATIN1}; {MADE}"
    title = names.result("Title", "compareto-transitive", Bounds(string_length=2))
    assert title.status == "passed"
    assert message(title) == f"no violation within {BOUNDS}, strings: length <= 2; {MADE}"


def test_no_string_can_show_a_case_difference_when_strings_are_empty(java):
    found = java.sample("names").result("Nickname", "hashcode-consistent", Bounds(string_length=0))
    assert java.outcome(found) == "passed"


def test_identity_of_strings_made_at_run_time_and_of_literals(java):
    """``toLowerCase`` returns the string itself when nothing changes, a new one otherwise;
    literals are interned, so a literal is == itself."""
    java.write("src/demo/Tag.java", """\
        package demo;

        public final class Tag {
            private final String name;

            public Tag(String name) { this.name = name.toLowerCase(); }

            @Override
            public boolean equals(Object o) {
                return o instanceof Tag t && (t.name == name || "tag" == "t" + "ag");
            }

            @Override
            public int hashCode() { return name.hashCode(); }
        }
        """)
    found = java.result("Tag", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        '  Tag x = new Tag("*");',
        '  Tag y = new Tag("*");',
        "*x.equals(y)   -> true*",
        "violated: x.equals(y), but their hash codes differ",
    ])


def test_case_mapping_of_a_char_field_takes_its_chars_from_latin1_and_says_so(java):
    java.write("src/demo/Grade.java", """\
        package demo;

        public final class Grade {
            private final char letter;

            public Grade(char letter) { this.letter = letter; }

            @Override
            public boolean equals(Object o) {
                return o instanceof Grade g && Character.toUpperCase(g.letter) == Character.toUpperCase(letter);
            }

            @Override
            public int hashCode() { return letter; }
        }
        """)
    found = java.result("Grade", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  Grade x = new Grade('*');",
        "  Grade y = new Grade('*');",
        "violated: x.equals(y), but their hash codes differ",
        f"bounds: {BOUNDS}, chars in Latin-1; {MADE}; * s of work",
    ])
