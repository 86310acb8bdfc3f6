"""A class with 2,000 fields, as generated code has: its failure shows the fields that
matter and counts the others, in one screen, not in 2,000 lines."""
from __future__ import annotations

# tests/plugin/ is on sys.path (test modules without a package)
from test_plugin import write

FIELDS = 2000


def test_a_wide_class_failure_shows_the_fields_that_matter_and_counts_the_rest(plugin):
    fields = "\n".join(f"    private int f{i};" for i in range(FIELDS))
    write(plugin.pytester, "src/p/Wide.java", f"""\
package p;
public final class Wide {{
{fields}
    public Wide(int a, int b) {{ this.f0 = a; this.f1 = b; }}
    @Override public boolean equals(Object o) {{
        return o instanceof Wide && ((Wide) o).f0 == f0;
    }}
    @Override public int hashCode() {{ return f0 + f1; }}
}}
""")
    result = plugin.runpytest("--boundcheck", "src", "-k", "hashcode")
    result.assert_outcomes(failed=1, deselected=4)
    result.stdout.fnmatch_lines([
        "  field    x (Wide)    y (Wide)",
        "  f0       0           0",
        "  f1       0           1           *",
        "  ... and 1,998 other fields, the same in every object and not read by the check",
        "",
        "  x.equals(y)   -> true  (Wide.java:*)"])
    assert "  f2 " not in result.stdout.str()
