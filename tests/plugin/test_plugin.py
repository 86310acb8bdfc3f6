"""End-to-end runs of the plugin on Java sources, with pytest's own pytester: what it shows
(failures, passes, skips, xfails, the summary table), its items and their node ids, its
markers and options. Each runs without xdist and with it (``plugin``: conftest.py)."""
from __future__ import annotations

import textwrap

import pytest
from java_sources import OUTER, INTERNED_NAME  # tests/ is on sys.path (its conftest.py)

from pytest_boundcheck.plugin import STASH

BOUNDS = "int 32-bit, 8 unrolls, inline depth 8"
MADE = "objects: built by constructors and factories, then up to 2 method calls"


def outcomes(reprec) -> dict[str, str]:
    """nodeid -> passed/failed/skipped/xfailed, from an inline run's reports."""
    found = {}
    for rep in reprec.getreports("pytest_runtest_logreport"):
        if rep.when == "call" or (rep.when == "setup" and not rep.passed):
            found[rep.nodeid] = "xfailed" if hasattr(rep, "wasxfail") else rep.outcome
    return found


def confirmed(text: str) -> int:
    """How many failures and xfails of a run's output say the JVM confirmed them. The run
    must use ``-rx``: pytest's default short summary repeats failure texts under CI."""
    return text.count("confirmed on the JVM (java ")


def write(pytester: pytest.Pytester, path: str, source: str) -> None:
    file = pytester.path / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(source))


def passed_line(plugin, nodeid: str, text: str) -> str:
    """The pattern of a verbose run's line for a passing item that says ``text``: xdist
    writes the node id after the outcome ("[gw0] [100%] PASSED (...) nodeid"), a run
    without it before ("nodeid PASSED (...) [100%]")."""
    return f"*PASSED ({text}) {nodeid}*" if plugin.xdist else f"{nodeid} PASSED ({text})*"


@pytest.mark.under_xdist  # reported by the workers
def test_failure_shows_the_objects_the_calls_and_the_bounds(plugin):
    plugin.pytester.copy_example("points")
    result = plugin.runpytest("--boundcheck", "shapes", "-k", "Point2D and hashcode")
    result.stdout.fnmatch_lines([
        "*_ Point2D::hashcode-consistent _*",
        "equal objects must have equal hash codes",
        "",
        "  Point2D x = new Point2D(0, 0);",
        "  Point3D y = new Point3D(0, 0, 1);",
        "",
        "  field    x (Point2D)    y (Point3D)",
        "  x        0              0",
        "  y        0              0",
        "  z                       1              *",
        "",
        "  x.equals(y)   -> true  (Point2D.java:17)",
        "  x.hashCode()  -> 0     (Point2D.java:24)",
        "  y.hashCode()  -> 256   (Point3D.java:23)",
        "",
        "violated: x.equals(y), but their hash codes differ",
        f"bounds: {BOUNDS}; {MADE}; * s of work",
    ])
    assert result.ret == 1


@pytest.mark.under_xdist  # xdist's layout of a verbose line
def test_verbose_pass_states_the_bounds_it_held_within(plugin):
    plugin.pytester.copy_example("points")
    result = plugin.runpytest("--boundcheck", "shapes", "-v", "-k", "Money and reflexive")
    result.stdout.fnmatch_lines([
        passed_line(plugin, "shapes/Money.java::shapes.Money::equals-reflexive",
                    f"no violation within {BOUNDS}; {MADE}"),
    ])


@pytest.mark.under_xdist  # the table is of the workers' reports
def test_session_ends_with_a_table_of_classes_by_contracts(plugin):
    plugin.pytester.copy_example("points")
    result = plugin.runpytest("--boundcheck", "shapes")
    result.stdout.fnmatch_lines([
        "*= boundcheck =*",
        "class * reflexive * symmetric * transitive * null * hashCode",
        "shapes.Label * pass * pass * pass * pass * FAIL",
        "shapes.Point2D * pass * FAIL * pass * pass * FAIL",
        "6 classes: 4 failed, 26 passed",
    ])


@pytest.mark.under_xdist  # collected by each worker
def test_a_file_that_does_not_parse_is_its_own_collection_error(plugin):
    plugin.pytester.copy_example("points")
    write(plugin.pytester, "shapes/Broken.java", """\
        package shapes;

        public class Broken {
            public boolean equals(Object o) { return o == this }
        }
        """)
    result = plugin.runpytest("--boundcheck", "shapes")
    result.stdout.fnmatch_lines([
        "*ERROR collecting shapes/Broken.java*",
        "Broken.java:4:55: syntax error: missing ';'; this file's classes are not checked",
    ])
    result.assert_outcomes(passed=26, failed=4, errors=1)


def test_an_unsupported_construct_skips_with_its_file_and_line(plugin):
    write(plugin.pytester, "src/demo/Name.java", INTERNED_NAME)
    result = plugin.runpytest("--boundcheck", "src", "-rs")
    result.stdout.fnmatch_lines([
        "SKIPPED [1] src/demo/Name.java:3: unsupported: call to String.intern() (no model of this "
        "method) at Name.java:10 (reached with x a Name)",
    ])
    result.assert_outcomes(skipped=4, passed=1)


ENGINE_BUG = """
    import pytest_boundcheck.engine.project as project

    real = project.run_check


    def broken(*args):
        def deeper(n):
            if n == 0:
                raise KeyError("no such class")
            deeper(n - 1)
        deeper(200)


    def pytest_configure(config):  # in each process that runs checks: xdist's workers too
        project.run_check = broken


    def pytest_unconfigure(config):
        project.run_check = real
    """


@pytest.mark.under_xdist  # reported by the workers
def test_an_engine_bug_fails_the_item_asking_for_a_report_with_a_short_traceback(plugin):
    """Short: the long style lists the source of every frame of a deep exploration."""
    plugin.pytester.makeconftest(ENGINE_BUG)
    write(plugin.pytester, "src/Tag.java", """\
        public final class Tag {
            @Override public boolean equals(Object o) { return o == this; }
            @Override public int hashCode() { return 1; }
        }
        """)
    result = plugin.runpytest("--boundcheck", "src", "-k", "reflexive")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["boundcheck internal error, please report it",
                                 "E   KeyError: 'no such class'"])
    assert "def deeper" not in result.stdout.str()


def test_nested_classes_are_named_outer_dot_inner(plugin):
    write(plugin.pytester, "src/demo/Outer.java", """\
        package demo;

        public class Outer {
            public static final class Key {
                private final int id;
                public Key(int id) { this.id = id; }
                @Override public boolean equals(Object o) { return o instanceof Key k && k.id == id; }
                @Override public int hashCode() { return id; }
            }
        }
        """)
    result = plugin.runpytest("--boundcheck", "src", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["src/demo/Outer.java::demo.Outer.Key::equals-reflexive"])


@pytest.mark.under_xdist  # selected in each worker
def test_markers_select_contract_families(plugin):
    plugin.pytester.copy_example("orders")
    result = plugin.runpytest("--boundcheck", "orders", "--strict-markers",
                              "-m", "boundcheck_hashcode", "--collect-only", "-q")
    result.stdout.fnmatch_lines([
        "orders/Revision.java::orders.Revision::hashcode-consistent",
        "orders/Version.java::orders.Version::hashcode-consistent",
        "2/30 tests collected (28 deselected)*",
    ])


def test_strict_option_turns_the_advisory_contract_into_a_failure(plugin):
    plugin.pytester.copy_example("orders")
    args = ("--boundcheck", "orders", "-k", "compareto-equals")
    plugin.runpytest(*args).assert_outcomes(passed=2, xfailed=3)
    plugin.runpytest(*args, "--boundcheck-strict-compareto-equals").assert_outcomes(
        passed=2, failed=3)


@pytest.mark.under_xdist  # the ini file read by each worker
def test_ini_options_configure_roots_and_bounds(plugin):
    plugin.pytester.copy_example("points")
    plugin.pytester.makeini("""
        [pytest]
        boundcheck = shapes
        boundcheck_objects = fields
        boundcheck_max_objects = 2
        boundcheck_unroll = 3
        """)
    result = plugin.runpytest("-v", "-k", "Money and reflexive")
    result.stdout.fnmatch_lines([
        passed_line(plugin, "shapes/Money.java::shapes.Money::equals-reflexive",
                    "no violation within int 32-bit, 2 objects/type, 3 unrolls, inline depth 8; "
                    "objects: any field values"),
    ])


@pytest.mark.parametrize("args, contract_budget, jml_budget", [
    ((), 10.0, 20.0),
    (("--boundcheck-timeout", "7"), 7.0, 7.0),
])
def test_a_jml_item_has_a_larger_work_budget_unless_one_is_set(plugin, args, contract_budget,
                                                               jml_budget):
    plugin.pytester.copy_example("points")
    bounds = plugin.pytester.parseconfigure("--boundcheck", "shapes", *args).stash[STASH].bounds
    assert bounds.for_item(jml=False).timeout == contract_budget
    assert bounds.for_item(jml=True).timeout == jml_budget


@pytest.mark.parametrize("args, message", [
    (("--boundcheck-unroll", "0"), "*--boundcheck-unroll*'0' must be at least 1*"),
    (("--boundcheck-timeout", "soon"), "*--boundcheck-timeout*'soon' is not a number of seconds*"),
    (("--boundcheck-null-fields", "never"), "*--boundcheck-null-fields*'never' is neither 'once' nor 'off'*"),
    (("--boundcheck", "missing"), "*--boundcheck: no such file or directory: *missing*"),
])
def test_bad_options_get_a_clear_message(plugin, args, message):
    plugin.pytester.copy_example("points")
    if args[0] != "--boundcheck":
        args = ("--boundcheck", "shapes") + args
    result = plugin.runpytest(*args)
    result.stderr.fnmatch_lines([message])
    assert result.ret == pytest.ExitCode.USAGE_ERROR


def test_bad_ini_value_gets_a_clear_message(plugin):
    plugin.pytester.copy_example("points")
    plugin.pytester.makeini("""
        [pytest]
        boundcheck = shapes
        boundcheck_max_objects = many
        """)
    result = plugin.runpytest()
    result.stderr.fnmatch_lines(["*ini option boundcheck_max_objects: 'many' is not a whole number*"])


def test_without_the_option_nothing_changes(plugin):
    plugin.pytester.copy_example("points")
    plugin.pytester.makepyfile(test_plain="def test_one():\n    assert True\n")
    result = plugin.runpytest("--strict-markers")
    result.assert_outcomes(passed=1)


def test_python_tests_named_beside_the_roots_still_run(plugin):
    plugin.pytester.copy_example("points")
    plugin.pytester.makepyfile(test_plain="def test_one():\n    assert True\n")
    result = plugin.runpytest("--boundcheck", "shapes", "test_plain.py")
    result.assert_outcomes(passed=27, failed=4)


def test_items_named_inside_a_root_are_the_only_ones_run(plugin):
    """Re-running one failure or one file, as pytest reports name them, runs just those."""
    plugin.pytester.copy_example("points")
    result = plugin.runpytest("shapes/Point2D.java::shapes.Point2D::hashcode-consistent",
                              "shapes/Money.java", "--boundcheck", "shapes")
    result.assert_outcomes(passed=5, failed=1)


def test_roots_on_the_command_line_replace_testpaths(plugin):
    plugin.pytester.copy_example("points")
    plugin.pytester.makepyfile(test_plain="def test_one():\n    assert True\n")
    plugin.pytester.makeini("[pytest]\ntestpaths = .\n")
    plugin.runpytest("--boundcheck", "shapes").assert_outcomes(passed=26, failed=4)


@pytest.mark.under_xdist  # collected by each worker
def test_roots_in_the_ini_file_are_checked_besides_the_python_tests(plugin):
    plugin.pytester.copy_example("points")
    plugin.pytester.mkdir("tests")
    (plugin.pytester.path / "tests" / "test_plain.py").write_text("def test_one():\n    assert True\n")
    plugin.pytester.makeini("[pytest]\ntestpaths = tests\nboundcheck = shapes\n")
    plugin.runpytest().assert_outcomes(passed=27, failed=4)


@pytest.mark.under_xdist  # reported by the workers
def test_the_plugin_reports_possible_violations_as_xfail(plugin):
    plugin.pytester.makefile(".java", Outer=textwrap.dedent(OUTER))
    result = plugin.runpytest("--boundcheck", ".", "-rx", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=5 + 1, xfailed=4)  # Key: only equals-null holds
    result.stdout.fnmatch_lines(["*possible violation: reached only through new Outer.Key(String) "
                                  "of the private class Outer.Key*"])
