"""The JML language's less common corners as a user runs them: each item's exact outcome,
and each violation confirmed on the JVM."""
from __future__ import annotations

import textwrap

from jml_gap_sources import REGISTRY  # tests/ is on sys.path (its conftest.py)


def _write(plugin, name: str, source: str) -> None:
    file = plugin.pytester.path / "src" / "p" / name
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(source))


def test_a_quantifier_over_objects_ranges_over_what_the_static_fields_reach(plugin):
    _write(plugin, "Registry.java", REGISTRY)
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay", "-rA")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["PASSED src/p/Registry.java::p.Registry::add(int)"],
                                consecutive=False)
    result.stdout.fnmatch_lines([
        "*confirmed on the JVM (java *): java.lang.AssertionError: ensures at "
        "Registry.java:17:9: (\\forall Node n; ; (n.value > 0))"])
