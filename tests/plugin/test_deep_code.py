"""Code as deep as it is long (generated SQL, big ``toString``s and ``equals``, long
``else if`` chains): the run completes, every other class is checked, and the deep class
gets a verdict, or a skip (or its file a collection error) naming where it is too deep."""
from __future__ import annotations

import re

# tests/plugin/ is on sys.path (test modules without a package)
from test_plugin import write


def _value_class(name: str, equals: str, hash_code: str) -> str:
    return f"""\
        package p;
        public final class {name} {{
            private final int a;
            private final int b;
            public {name}(int a, int b) {{ this.a = a; this.b = b; }}
            @Override public boolean equals(Object o) {{
                if (!(o instanceof {name})) return false;
                {name} other = ({name}) o;
                return {equals};
            }}
            @Override public int hashCode() {{
                {hash_code}
            }}
        }}
        """


DEEP = {
    "Plain": _value_class("Plain", "other.a == a", "return a;"),
    # b is not compared by equals: the 3000th term breaks hashcode-consistent
    "IntChain": _value_class("IntChain", "other.a == a",
                             "return " + " + ".join(["a"] + [str(i % 9) for i in range(1, 2999)])
                             + " + b;"),
    "StringChain": _value_class("StringChain", "other.a == a", "return (" + " + ".join(
        f'"SELECT c{i}"' for i in range(480)) + ").length() + a;"),
    "AndChain": _value_class("AndChain", " && ".join(
        f"a + {i} == other.a + {i}" for i in range(480)), "return a;"),
    "ElseIf": _value_class("ElseIf", "other.a == a", "".join(
        f"if (a == {i}) return {i * 3};\n                else " for i in range(500))
        + "return 7;"),
    "Parens": _value_class("Parens", "(" * 600 + "other.a == a" + ")" * 600, "return a;"),
    "Ternary": _value_class("Ternary", "other.a == a", "return " + "".join(
        f"a == {i} ? {i * 3} : " for i in range(100)) + "7;"),
    # each call's receiver is the call before it: evaluated by recursion, 1000 deep
    "Builder": _value_class("Builder", "other.a == a", "return new StringBuilder()"
                            + ".append('x')" * 1000 + ".length();"),
}


def test_deep_code_is_checked_and_only_what_is_too_deep_is_skipped(plugin):
    for name, source in DEEP.items():
        write(plugin.pytester, f"src/p/{name}.java", source)
    write(plugin.pytester, "src/p/TooDeep.java",
          "package p;\nclass TooDeep {\n  int f(int x) { return " + "f(" * 1200 + "x"
          + ")" * 1200 + "; }\n}\n")
    result = plugin.runpytest("--boundcheck", "src", "-rfs")
    result.assert_outcomes(passed=38, failed=1, skipped=1, errors=1)
    text = result.stdout.str()
    assert "FAILED src/p/IntChain.java::p.IntChain::hashcode-consistent" in text
    assert re.search(r"SKIPPED \[1\] src/p/Builder\.java:\d+: unsupported: code nested more than "
                     r"150 deep .* at Builder\.java:12 ", text)
    assert "TooDeep.java:3:2425: code nested 2406 deep: too deep to read" in text
