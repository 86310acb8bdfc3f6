"""Exceptions the contracts allow are not violations: Comparable lets x.compareTo(y) throw
if and only if y.compareTo(x) throws (docs/user/contracts.md, "exceptions escaping")."""
from __future__ import annotations

import textwrap

CLASS = """\
    package order;

    public final class {name} implements Comparable<{name}> {{
        private final {field_type} key;
        public {name}({field_type} key) {{ this.key = key; }}
        @Override public int compareTo({name} o) {{ {body} }}
    }}
    """
COMPARING = {
    # a null key throws a NullPointerException both ways: String.compareTo(null) throws too
    "BothThrow": ("String", "return key.compareTo(o.key);"),
    # a zero key throws an ArithmeticException whichever side it is on
    "BothDivide": ("int", "return Integer.compare(100 / key, 100 / o.key);"),
    # a null key is ordered first here, but "".compareTo(null) throws: one side alone
    "OneThrows": ("String", ("if (key == null) return o.key == null ? 0 : -1; "
                             "return key.compareTo(o.key);")),
}


def test_compare_to_throwing_both_ways_is_allowed_one_way_is_a_violation(plugin):
    for name, (field_type, body) in COMPARING.items():
        file = plugin.pytester.path / "order" / f"{name}.java"
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(textwrap.dedent(CLASS).format(name=name, field_type=field_type, body=body))
    result = plugin.runpytest("--boundcheck", "order", "-k", "not compareto-equals")
    result.stdout.fnmatch_lines([
        "*_ OneThrows::compareto-antisymmetric _*",
        "compareTo must be antisymmetric",
        "",
        "  OneThrows x = new OneThrows(null);",
        "  OneThrows y = new OneThrows(*);",
        "*",
        "  y.compareTo(x)  -> throws NullPointerException  (OneThrows.java:6)",
        "",
        "violated: only one of x.compareTo(y) and y.compareTo(x) throws",
    ])
    result.stdout.fnmatch_lines([
        "order.BothDivide * pass * pass * pass",
        "order.BothThrow * pass * pass * pass",
        "order.OneThrows * FAIL * pass * pass",
    ])
    result.assert_outcomes(passed=8, failed=1)
