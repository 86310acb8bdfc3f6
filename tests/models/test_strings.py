"""End-to-end runs on classes built on Strings (sample_projects/names), with pytester."""
from __future__ import annotations

import shutil

import pytest
from test_plugin import (
    BOUNDS,
    COMPARE_IDS,
    EQUALS_IDS,
    MADE,
    confirmed,
    expected_outcomes,
    outcomes,
    write,
)

NAMES = {
    "Nickname": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
    "Keyword": dict(zip(EQUALS_IDS, ("passed",) * 5)),
    "Title": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 9)),
    "Label": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
    "Symbol": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
    "FullName": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
}
LATIN1 = "strings: length <= 3, chars in Latin-1"


def test_names_sample_gives_the_documented_outcome_for_every_item(pytester):
    pytester.copy_example("names")
    reprec = pytester.inline_run("--boundcheck", "names")
    assert outcomes(reprec) == expected_outcomes("names", NAMES)


def test_equals_ignoring_case_with_a_case_sensitive_hash_shows_a_and_upper_a(pytester):
    pytester.copy_example("names")
    result = pytester.runpytest("--boundcheck", "names", "-k", "Nickname and hashcode")
    result.stdout.fnmatch_lines([
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
        f"bounds: {BOUNDS}, {LATIN1}; {MADE}; * s",
    ])
    text = result.stdout.str()
    pair = {line.split('"')[1] for line in text.splitlines() if "new Nickname(" in line}
    assert len(pair) == 2 and len({c.lower() for c in pair}) == 1, pair


def test_a_pass_says_the_string_bounds_it_held_within(pytester):
    pytester.copy_example("names")
    result = pytester.runpytest("--boundcheck", "names", "-v", "-k", "Keyword and hashcode")
    result.stdout.fnmatch_lines([f"*PASSED (no violation within {BOUNDS}, {LATIN1}; {MADE})*"])
    result = pytester.runpytest("--boundcheck", "names", "-v", "-k", "Title and transitive",
                                "--boundcheck-string-length", "2")
    result.stdout.fnmatch_lines([
        f"*compareto-transitive PASSED (no violation within {BOUNDS}, strings: length <= 2; {MADE})*"])


def test_no_string_can_show_a_case_difference_when_strings_are_empty(pytester):
    pytester.copy_example("names")
    reprec = pytester.inline_run("--boundcheck", "names", "-k", "Nickname and hashcode",
                                 "--boundcheck-string-length=0")
    assert list(outcomes(reprec).values()) == ["passed"]


def test_identity_of_strings_made_at_run_time_and_of_literals(pytester):
    """``toLowerCase`` returns the string itself when nothing changes, a new one otherwise;
    literals are interned, so a literal is == itself."""
    write(pytester, "src/demo/Tag.java", """\
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
    result = pytester.runpytest("--boundcheck", "src", "-k", "hashcode")
    result.stdout.fnmatch_lines([
        '  Tag x = new Tag("*");',
        '  Tag y = new Tag("*");',
        "*x.equals(y)   -> true*",
        "violated: x.equals(y), but their hash codes differ",
    ])


@pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None,
                    reason="javac and java must be on PATH")
def test_every_counterexample_of_the_names_sample_is_confirmed_on_the_jvm(pytester):
    pytester.copy_example("names")
    result = pytester.runpytest("--boundcheck", "names", "--boundcheck-replay", "-rx")
    text = result.stdout.str()
    assert confirmed(text) == 4, text
    assert "disagree" not in text and "not replayed" not in text


def test_case_mapping_of_a_char_field_takes_its_chars_from_latin1_and_says_so(pytester):
    write(pytester, "src/demo/Grade.java", """\
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
    result = pytester.runpytest("--boundcheck", "src", "-k", "hashcode")
    result.stdout.fnmatch_lines([
        "  Grade x = new Grade('*');",
        "  Grade y = new Grade('*');",
        "violated: x.equals(y), but their hash codes differ",
        f"bounds: {BOUNDS}, chars in Latin-1; {MADE}; * s",
    ])
