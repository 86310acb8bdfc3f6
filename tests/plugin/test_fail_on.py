"""``--boundcheck-fail-on``: a CI run fails where items are skipped, undecided, or possible
violations, instead of passing with them (pytest's exit code 0 counts skips and xfails as
success). Each runs without xdist and with it (``plugin``: conftest.py)."""
from __future__ import annotations

import textwrap

import pytest
from java_sources import OUTER, INTERNED_NAME  # tests/ is on sys.path (its conftest.py)

def unsupported(pytester: pytest.Pytester) -> None:
    """A class whose equals calls a method without a model: 4 items skipped as unsupported,
    equals-null passes."""
    file = pytester.path / "src" / "demo" / "Name.java"
    file.parent.mkdir(parents=True)
    file.write_text(textwrap.dedent(INTERNED_NAME))


@pytest.mark.under_xdist  # failed in the workers, the exit code the controller's
def test_skips_fail_their_items_where_asked(plugin):
    unsupported(plugin.pytester)
    result = plugin.runpytest("--boundcheck", "src")
    result.assert_outcomes(skipped=4, passed=1)
    assert result.ret == pytest.ExitCode.OK
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-fail-on=skipped")
    result.assert_outcomes(failed=4, passed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["skipped, failed by --boundcheck-fail-on=skipped: unsupported: "
                                 "call to String.intern() (no model of this method) at Name.java:10*"])


def test_undecided_names_only_the_items_whose_budget_ran_out(plugin):
    unsupported(plugin.pytester)
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-fail-on=undecided")
    result.assert_outcomes(skipped=4, passed=1)  # unsupported is not undecided
    assert result.ret == pytest.ExitCode.OK
    plugin.pytester.copy_example("orders")
    result = plugin.runpytest("--boundcheck", "orders", "-k", "Version and compareto-transitive",
                              "--boundcheck-timeout=0.05", "--boundcheck-fail-on", "undecided")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["skipped, failed by --boundcheck-fail-on=undecided: the solver "
                                 "gave up (*) after 0.0 s of work, within the work budget of "
                                 "0.05 s per item;*"])


def test_possible_violations_fail_where_asked_instead_of_xfailing(plugin):
    plugin.pytester.makefile(".java", Outer=textwrap.dedent(OUTER))
    result = plugin.runpytest("--boundcheck", ".", "-p", "no:cacheprovider",
                              "--boundcheck-fail-on=possible,undecided")
    # Key's null name fails once, as the root cause; its other items say "same cause"
    result.assert_outcomes(passed=5 + 1, failed=1, xfailed=3)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["possible violation, failed by --boundcheck-fail-on=possible: "
                                 "reached only through new Outer.Key(String) of the "
                                 "private class Outer.Key*"])


def test_the_ini_file_may_name_them(plugin):
    unsupported(plugin.pytester)
    plugin.pytester.makeini("""
        [pytest]
        boundcheck = src
        boundcheck_fail_on = skipped
        """)
    plugin.runpytest().assert_outcomes(failed=4, passed=1)


def test_an_unknown_kind_gets_a_clear_message(plugin):
    unsupported(plugin.pytester)
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-fail-on=skips,possible")
    result.stderr.fnmatch_lines(["*--boundcheck-fail-on*'skips': fail-on takes skipped, "
                                 "undecided, possible, comma-separated*"])
    assert result.ret == pytest.ExitCode.USAGE_ERROR
