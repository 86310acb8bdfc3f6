"""The workflow sample: enums, switch, try/catch/finally, synchronized, cached hash codes
(see sample_projects/workflow/README.md), and enums of the project's own."""
from __future__ import annotations

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.harness.registry import CONTRACT_IDS
from pytest_boundcheck.report.text import message

EQUALS_IDS, COMPARE_IDS = CONTRACT_IDS[:5], CONTRACT_IDS[5:]
PASS5 = ("passed",) * 5
# made with any field values, which the documented outcomes (by constructors) are not
WORKFLOW_BY_FIELDS = {
    "Approval": dict(zip(EQUALS_IDS, PASS5)),
    "Channel": dict(zip(EQUALS_IDS, ("failed",) * 3 + ("passed", "failed"))),
    "Job": dict(zip(EQUALS_IDS, ("failed",) * 3 + ("passed", "failed"))),
    "Label": dict(zip(EQUALS_IDS, ("passed", "failed", "failed", "passed", "failed"))),
    "Monitor": dict(zip(EQUALS_IDS, PASS5)),
    # a null stage makes compareTo throw both ways, which Comparable allows
    "Step": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 4 + ("failed",) + ("passed",) * 4)),
    "Tag": dict(zip(EQUALS_IDS, PASS5)),
    "Ticket": dict(zip(EQUALS_IDS + COMPARE_IDS,
                       ("passed",) * 4 + ("failed",) * 2 + ("passed",) * 2 + ("xfailed",))),
}


def test_workflow_sample_made_from_field_values_gives_its_outcomes(java):
    found = java.sample("workflow").outcomes(bounds=Bounds(objects_mode="fields"))
    assert found == java.expected("workflow", WORKFLOW_BY_FIELDS)


def test_a_stale_cached_hash_shows_the_calls_that_cached_it(java):
    found = java.sample("workflow").result("Tag", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  Tag x = new Tag(?);",  # 0 and 1, in either role
        "  Tag y = new Tag(?);",
        "  y.hashCode();",
        "  y.setCode(?);",
        "  hash     0          1?         [*]",
        "  x.equals(y)   -> true  (Tag.java:19)",
        "  x.hashCode()  -> 1?    (Tag.java:27)",
        "  y.hashCode()  -> 1?    (Tag.java:27)",
    ])


def test_enum_constants_are_written_as_constants(java):
    found = java.sample("workflow").result("Job", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  Job x = new Job(Stage.*);",  # REVIEW and DONE, in either role
        "  Job y = new Job(Stage.*);",
        "  stage    Stage.*  Stage.*  [*]",
    ])


def test_enums_get_no_items_and_unmodelled_enum_code_skips_with_its_line(java):
    java.write("src/demo/Color.java", """\
        package demo;
        public enum Color {
            RED, GREEN;
            public static Color first() { return valueOf("RED"); }
        }
        """)
    java.write("src/demo/Paint.java", """\
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
    found = java.check()
    assert {k: java.outcome(r) for k, r in found.items()} == {
        **{("demo.Paint", c): "passed" for c in EQUALS_IDS[:4]},
        ("demo.Paint", "hashcode-consistent"): "skipped"}
    assert message(found[("demo.Paint", "hashcode-consistent")]) == (
        "unsupported: call to Color.valueOf(String) (no model of this method) at Color.java:4 "
        "(reached with x a Paint, y a Paint)")
