"""End-to-end runs on the workflow sample: enums, switch, try/catch/finally, synchronized,
cached hash codes (see sample_projects/workflow/README.md)."""
from __future__ import annotations

import shutil

import pytest
from test_plugin import COMPARE_IDS, EQUALS_IDS, confirmed, sample_outcomes, write

PASS5 = ("passed",) * 5
WORKFLOW = {
    "constructors": {
        "Approval": dict(zip(EQUALS_IDS, PASS5)),
        "Channel": dict(zip(EQUALS_IDS, PASS5)),
        "Job": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
        "Label": dict(zip(EQUALS_IDS, PASS5)),
        "Monitor": dict(zip(EQUALS_IDS, PASS5)),
        "Step": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 9)),
        "Tag": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
        "Ticket": dict(zip(EQUALS_IDS + COMPARE_IDS,
                           PASS5 + ("failed", "passed", "passed", "xfailed"))),
    },
    "fields": {
        "Approval": dict(zip(EQUALS_IDS, PASS5)),
        "Channel": dict(zip(EQUALS_IDS, ("failed",) * 3 + ("passed", "failed"))),
        "Job": dict(zip(EQUALS_IDS, ("failed",) * 3 + ("passed", "failed"))),
        "Label": dict(zip(EQUALS_IDS, ("passed", "failed", "failed", "passed", "failed"))),
        "Monitor": dict(zip(EQUALS_IDS, PASS5)),
        "Step": dict(zip(EQUALS_IDS + COMPARE_IDS,
                         ("passed",) * 4 + ("failed",) * 4 + ("xfailed",))),
        "Tag": dict(zip(EQUALS_IDS, PASS5)),
        "Ticket": dict(zip(EQUALS_IDS + COMPARE_IDS,
                           ("passed",) * 4 + ("failed",) * 4 + ("xfailed",))),
    },
}

needs_jdk = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None,
                               reason="javac and java must be on PATH")


@pytest.mark.parametrize("mode", ["constructors", "fields"])
def test_workflow_sample_gives_the_documented_outcome_in_both_modes(pytester, mode):
    found, expected = sample_outcomes(pytester, "workflow", WORKFLOW[mode],
                                      f"--boundcheck-objects={mode}")
    assert found == expected


def test_a_stale_cached_hash_shows_the_calls_that_cached_it(pytester):
    pytester.copy_example("workflow")
    result = pytester.runpytest("--boundcheck", "workflow", "-k", "Tag and hashcode")
    result.stdout.fnmatch_lines([
        "  Tag x = new Tag(?);",  # 0 and 1, in either role
        "  Tag y = new Tag(?);",
        "  y.hashCode();",
        "  y.setCode(?);",
        "  hash     0          1?         [*]",
        "  x.equals(y)   -> true  (Tag.java:19)",
        "  x.hashCode()  -> 1?    (Tag.java:27)",
        "  y.hashCode()  -> 1?    (Tag.java:27)",
    ])


def test_enum_constants_are_written_as_constants(pytester):
    pytester.copy_example("workflow")
    result = pytester.runpytest("--boundcheck", "workflow", "-k", "Job and hashcode")
    result.stdout.fnmatch_lines([
        "  Job x = new Job(Stage.*);",  # REVIEW and DONE, in either role
        "  Job y = new Job(Stage.*);",
        "  stage    Stage.*  Stage.*  [*]",
    ])


@needs_jdk
def test_every_workflow_counterexample_is_confirmed_on_the_jvm(pytester):
    pytester.copy_example("workflow")
    result = pytester.runpytest("--boundcheck", "workflow", "--boundcheck-replay", "-rx")
    text = result.stdout.str()
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] + outcomes["xfailed"] == 4
    assert confirmed(text) == 4, text


def test_enums_get_no_items_and_unmodelled_enum_code_skips_with_its_line(pytester):
    write(pytester, "src/demo/Color.java", """\
        package demo;
        public enum Color {
            RED, GREEN;
            public static Color first() { return valueOf("RED"); }
        }
        """)
    write(pytester, "src/demo/Paint.java", """\
        package demo;
        public final class Paint {
            private final Color color;
            public Paint(Color color) { this.color = color; }
            @Override public boolean equals(Object o) {
                return o instanceof Paint p && p.color == color;
            }
            @Override public int hashCode() { return color == Color.first() ? 1 : 2; }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-rs")
    result.stdout.fnmatch_lines([
        ("SKIPPED [1] src/demo/Paint.java:2: unsupported: call to Color.valueOf(String) (no model "
         "of this method) at Color.java:4 (reached with x a Paint, y a Paint)"),
    ])
    result.assert_outcomes(passed=4, skipped=1)
