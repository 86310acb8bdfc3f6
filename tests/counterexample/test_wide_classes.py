"""A class with many fields: its counterexample shows the fields that differ or that the
check read, with a count of the others, and its check's memory stays small (each
exception filed on the way does not copy the heap) and capped by a size measure."""
from __future__ import annotations

from dataclasses import replace

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.engine.result import Verdict
from pytest_boundcheck.report.text import message

FIELDS = 300


def _wide(java, equals: str, hash_code: str, constructor: bool = True):
    fields = "\n".join(f"    private int f{i};" for i in range(FIELDS))
    made = "    public Wide(int a, int b) { this.f0 = a; this.f1 = b; }\n" if constructor else ""
    java.write("p/Wide.java", f"""\
package p;
public final class Wide {{
{fields}
{made}    @Override public boolean equals(Object o) {{
        if (!(o instanceof Wide)) return false;
        Wide other = (Wide) o;
{equals}
    }}
    @Override public int hashCode() {{
{hash_code}
    }}
}}
""")


def test_the_table_shows_the_fields_that_differ_or_were_read_and_counts_the_rest(java):
    _wide(java, "        return f0 == other.f0;", "        return f0 + f1;")
    java.lines(java.result("Wide", "hashcode-consistent")).fnmatch_lines([
        "  Wide x = new Wide(0, 0);",
        "  Wide y = new Wide(0, 1);",
        "",
        "  field    x (Wide)    y (Wide)",
        "  f0       0           0",
        "  f1       0           1           *",
        f"  ... and {FIELDS - 2} other fields, the same in every object and not read by the check",
        "",
        "  x.equals(y)   -> true  (Wide.java:*)"])


def test_objects_made_from_field_values_set_only_the_fields_not_left_at_their_default(java):
    _wide(java, "        return f0 == other.f0;", "        return f0 + f1;", constructor=False)
    text = message(java.result("Wide", "hashcode-consistent", Bounds(objects_mode="fields")))
    java.lines(text).fnmatch_lines([
        "  Wide x = allocate(Wide.class);",
        f"  // its {FIELDS} fields keep their default values",
        "*",
        "  Wide y = allocate(Wide.class);",
        '  set(y, Wide.class, "f1", 1);',
        f"  // its other {FIELDS - 1} fields keep their default values"])
    assert text.count("set(") == 1


_EVERY_FIELD = "\n".join(f"        if (f{i} != other.f{i}) return false;" for i in range(FIELDS)) \
    + "\n        return true;"


def test_a_check_reading_every_field_of_a_wide_class_holds_few_copies_of_its_objects(java):
    """Each read files a NullPointerException where ``other`` is null; with a copy of the
    heap each (hundreds of thousands of fields here, millions at 2,000 fields), the check
    would pass the size cap below and be skipped."""
    _wide(java, _EVERY_FIELD, "        return f0;")
    config = replace(DEFAULT, held_fields=100_000)
    result = java.result("Wide", "equals-transitive", Bounds(timeout=120), config=config)
    assert result.verdict is Verdict.PASS, message(result)


def test_a_check_past_its_size_cap_is_a_skip_that_says_so(java):
    _wide(java, _EVERY_FIELD, "        return f0;")
    config = replace(DEFAULT, held_fields=1_000)
    result = java.result("Wide", "equals-transitive", Bounds(timeout=120), config=config)
    assert result.verdict is Verdict.SKIPPED
    assert "a check larger than the engine holds (its paths' states hold more than 1,000 " \
           "object fields)" in message(result)
