"""End-to-end runs of the plugin on Java sources, with pytest's own pytester."""
from __future__ import annotations

import textwrap

import pytest

from pytest_boundcheck.engine import project

BOUNDS = "int 32-bit, 8 unrolls, inline depth 8"
MADE = "objects: built by constructors and factories, then up to 2 method calls"

POINTS = {
    "Point2D": ("passed", "failed", "passed", "passed", "failed"),
    "Point3D": ("passed", "failed", "passed", "passed", "passed"),
    "ClassPoint": ("passed",) * 5,
    "ClassPoint3D": ("passed",) * 5,
    "Money": ("passed",) * 5,
    "Label": ("passed", "passed", "passed", "passed", "failed"),
}
EQUALS_IDS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
              "hashcode-consistent")
COMPARE_IDS = ("compareto-antisymmetric", "compareto-transitive", "compareto-substitutable",
               "compareto-equals")
ORDERS = {
    "Priority": dict(zip(COMPARE_IDS, ("failed", "failed", "passed", "xfailed"))),
    "Revision": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 9)),
    "Version": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 9)),
    "Ticket": dict(zip(COMPARE_IDS, ("failed", "failed", "failed", "xfailed"))),
    "UrgentTicket": dict(zip(COMPARE_IDS, ("failed", "passed", "passed", "xfailed"))),
}


def outcomes(reprec) -> dict[str, str]:
    """nodeid -> passed/failed/skipped/xfailed, from an inline run's reports."""
    found = {}
    for rep in reprec.getreports("pytest_runtest_logreport"):
        if rep.when == "call" or (rep.when == "setup" and not rep.passed):
            found[rep.nodeid] = "xfailed" if hasattr(rep, "wasxfail") else rep.outcome
    return found


# the documented outcomes are verdicts reached well within the default 10 s per check;
# a longer limit keeps a loaded test machine from turning the slowest into time-outs
LOAD_TOLERANT = "--boundcheck-timeout=60"


def expected_outcomes(package: str, table: dict,
                      ids: tuple[str, ...] = EQUALS_IDS + COMPARE_IDS) -> dict[str, str]:
    """nodeid -> outcome, from a sample README's table: class -> its outcomes, by contract
    id or in ``ids`` order (classes in files of their own name, in ``package``)."""
    return {f"{package}/{cls}.java::{package}.{cls}::{cid}": outcome
            for cls, results in table.items()
            for cid, outcome in (results.items() if isinstance(results, dict)
                                 else zip(ids, results))}


def confirmed(text: str) -> int:
    """How many failures and xfails of a run's output say the JVM confirmed them. The run
    must use ``-rx``: pytest's default short summary repeats failure texts under CI."""
    return text.count("confirmed on the JVM (java ")


def write(pytester: pytest.Pytester, path: str, source: str) -> None:
    file = pytester.path / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(source))


def test_points_sample_gives_the_documented_outcome_for_every_item(pytester):
    pytester.copy_example("points")
    reprec = pytester.inline_run("--boundcheck", "shapes")
    assert outcomes(reprec) == expected_outcomes("shapes", POINTS)


def test_orders_sample_gives_the_documented_outcome_for_every_item(pytester):
    pytester.copy_example("orders")
    reprec = pytester.inline_run("--boundcheck", "orders")
    assert outcomes(reprec) == expected_outcomes("orders", ORDERS)


ACCOUNTS = {
    "constructors": {
        "Bearing": dict(zip(EQUALS_IDS, ("passed",) * 5)),
        "Customer": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
        "Interval": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
        "Percentage": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 9)),
    },
    "fields": {
        "Bearing": dict(zip(EQUALS_IDS, ("failed", "failed", "failed", "passed", "failed"))),
        "Customer": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
        "Interval": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
        "Percentage": dict(zip(EQUALS_IDS + COMPARE_IDS,
                               ("passed",) * 5 + ("failed", "failed", "passed", "passed"))),
    },
}


def sample_outcomes(pytester: pytest.Pytester, sample: str, table: dict, *args: str):
    """(outcome of every item, the outcomes ``table`` documents) of a run on the sample
    project ``sample``, whose package has the same name."""
    pytester.copy_example(sample)
    reprec = pytester.inline_run("--boundcheck", sample, LOAD_TOLERANT, *args)
    return outcomes(reprec), expected_outcomes(sample, table)


@pytest.mark.parametrize("mode", ["constructors", "fields"])
def test_accounts_sample_gives_the_documented_outcome_in_both_modes(pytester, mode):
    found, expected = sample_outcomes(pytester, "accounts", ACCOUNTS[mode],
                                      f"--boundcheck-objects={mode}")
    assert found == expected


def test_a_violation_that_needs_a_setter_call_shows_it(pytester):
    pytester.copy_example("accounts")
    result = pytester.runpytest("--boundcheck", "accounts", "-k", "Customer and hashcode")
    result.stdout.fnmatch_lines([
        "equal objects must have equal hash codes",
        "",
        "  Customer x = new Customer();",
        "  Customer y = new Customer();",
        '  y.setEmail("a");',
        "",
        "  field    x (Customer)    y (Customer)",
        "  id       0               0",
        '  email    null            "a"             *',
        "",
        "  x.equals(y)   -> true  (Customer.java:23)",
        "  x.hashCode()  -> 961   (Customer.java:28)",
        "  y.hashCode()  -> 1058  (Customer.java:28)",
        "",
        "violated: x.equals(y), but their hash codes differ",
        f"bounds: {BOUNDS}, strings: length <= 3; {MADE}; * s",
    ])


def test_objects_no_constructor_makes_are_made_by_reflection_said_plainly(pytester):
    pytester.copy_example("accounts")
    result = pytester.runpytest("--boundcheck", "accounts", "--boundcheck-objects=fields",
                                "-k", "Percentage and antisymmetric")
    result.stdout.fnmatch_lines([
        "compareTo must be antisymmetric",
        "",
        "  // no constructor makes this Percentage: fields set by reflection",
        "  Percentage x = allocate(Percentage.class);",
        '  set(x, Percentage.class, "value", 0);',
        "  // no constructor makes this Percentage: fields set by reflection",
        "  Percentage y = allocate(Percentage.class);",
        '  set(y, Percentage.class, "value", Integer.MIN_VALUE);',
        "",
        "  field    x (Percentage)    y (Percentage)",
        "  value    0                 Integer.MIN_VALUE  *",
        "",
        "  x.compareTo(y)  -> -2147483648  (Percentage.java:20)",
        "  y.compareTo(x)  -> -2147483648  (Percentage.java:20)",
        "",
        "violated: signum(x.compareTo(y)) != -signum(y.compareTo(x))",
        "bounds: int 32-bit, 3 objects/type, 8 unrolls, inline depth 8; objects: any field values; * s",
    ])


def test_constructor_arguments_are_shown_as_literals(pytester):
    pytester.copy_example("orders")
    result = pytester.runpytest("--boundcheck", "orders", "-k", "UrgentTicket and antisymmetric")
    result.stdout.fnmatch_lines([
        "compareTo must be antisymmetric",
        "",
        "  UrgentTicket x = new UrgentTicket(0, 0);",
        "  Ticket y = new Ticket(0);",
        "",
        "  field    x (UrgentTicket)    y (Ticket)",
        "  id       0                   0",
        "  urgency  0                                 *",
        "",
        "  x.compareTo(y)  -> throws ClassCastException  (UrgentTicket.java:14)",
        "  y.compareTo(x)  -> 0                          (Ticket.java:13)",
    ])


def test_failure_shows_the_objects_the_calls_and_the_bounds(pytester):
    pytester.copy_example("points")
    result = pytester.runpytest("--boundcheck", "shapes", "-k", "Point2D and hashcode")
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
        f"bounds: {BOUNDS}; {MADE}; * s",
    ])
    assert result.ret == 1


def test_overflowing_compare_to_shows_min_value(pytester):
    pytester.copy_example("orders")
    result = pytester.runpytest("--boundcheck", "orders", "-k", "Priority and antisymmetric")
    result.stdout.fnmatch_lines([
        "compareTo must be antisymmetric",
        "",
        "  Priority x = new Priority(0);",
        "  Priority y = new Priority(Integer.MIN_VALUE);",
        "",
        "  x.compareTo(y)  -> -2147483648  (Priority.java:13)",
        "  y.compareTo(x)  -> -2147483648  (Priority.java:13)",
        "",
        "violated: signum(x.compareTo(y)) != -signum(y.compareTo(x))",
    ])


def test_identity_hash_code_is_named_as_such(pytester):
    pytester.copy_example("points")
    result = pytester.runpytest("--boundcheck", "shapes", "-k", "Label and hashcode")
    result.stdout.fnmatch_lines([
        "  x.hashCode()  -> * (Object.hashCode: identity hash, not overridden)",
        "  y.hashCode()  -> * (Object.hashCode: identity hash, not overridden)",
    ])


def test_a_thrown_class_cast_exception_is_shown_as_the_call_result(pytester):
    pytester.copy_example("orders")
    result = pytester.runpytest("--boundcheck", "orders", "-k", "UrgentTicket and antisymmetric")
    result.stdout.fnmatch_lines([
        "  x.compareTo(y)  -> throws ClassCastException  (UrgentTicket.java:14)",
        "  y.compareTo(x)  -> 0                          (Ticket.java:13)",
        "violated: only one of x.compareTo(y) and y.compareTo(x) throws",
    ])


def test_verbose_pass_states_the_bounds_it_held_within(pytester):
    pytester.copy_example("points")
    result = pytester.runpytest("--boundcheck", "shapes", "-v", "-k", "Money and reflexive")
    result.stdout.fnmatch_lines([
        f"shapes/Money.java::shapes.Money::equals-reflexive PASSED (no violation within {BOUNDS}; "
        f"{MADE})*",
    ])


def test_session_ends_with_a_table_of_classes_by_contracts(pytester):
    pytester.copy_example("points")
    result = pytester.runpytest("--boundcheck", "shapes")
    result.stdout.fnmatch_lines([
        "*= boundcheck =*",
        "class * reflexive * symmetric * transitive * null * hashCode",
        "shapes.Label * pass * pass * pass * pass * FAIL",
        "shapes.Point2D * pass * FAIL * pass * pass * FAIL",
        "6 classes: 4 failed, 26 passed",
    ])


def test_a_file_that_does_not_parse_is_its_own_collection_error(pytester):
    pytester.copy_example("points")
    write(pytester, "shapes/Broken.java", """\
        package shapes;

        public class Broken {
            public boolean equals(Object o) { return o == this }
        }
        """)
    result = pytester.runpytest("--boundcheck", "shapes")
    result.stdout.fnmatch_lines([
        "*ERROR collecting shapes/Broken.java*",
        "Broken.java:4: syntax error*; this file's classes are not checked",
    ])
    result.assert_outcomes(passed=26, failed=4, errors=1)


def test_an_unsupported_construct_skips_with_its_file_and_line(pytester):
    write(pytester, "src/demo/Name.java", """\
        package demo;

        public final class Name {
            private final String value;

            public Name(String value) { this.value = value; }

            @Override
            public boolean equals(Object o) {
                return o instanceof Name n && value.trim() == n.value.trim();
            }

            @Override
            public int hashCode() { return 7; }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-rs")
    result.stdout.fnmatch_lines([
        "SKIPPED [1] src/demo/Name.java:3: unsupported: call to String.trim() (no model of this "
        "method) at Name.java:10 (reached with x a Name)",
    ])
    result.assert_outcomes(skipped=4, passed=1)


def test_an_unsupported_construct_on_an_impossible_path_does_not_skip(pytester):
    write(pytester, "src/demo/Code.java", """\
        package demo;

        public final class Code {
            private final int value;

            public Code(int value) { this.value = value; }

            @Override
            public boolean equals(Object o) {
                if (!(o instanceof Code)) {
                    return false;
                }
                int v = ((Code) o).value;
                if (v != value && v == value) {
                    return "never".length() == 5;
                }
                return v == value;
            }

            @Override
            public int hashCode() { return value; }
        }
        """)
    pytester.runpytest("--boundcheck", "src").assert_outcomes(passed=5)


def test_an_exception_escaping_equals_is_a_violation(pytester):
    write(pytester, "src/demo/Tag.java", """\
        package demo;

        public final class Tag {
            private final Tag parent;

            public Tag(Tag parent) { this.parent = parent; }

            @Override
            public boolean equals(Object o) {
                return o instanceof Tag t && parent.equals(t.parent);
            }

            @Override
            public int hashCode() { return 1; }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-k", "reflexive")
    result.stdout.fnmatch_lines([
        "  Tag x = new Tag(null);",
        "  x.equals(x)  -> throws NullPointerException  (Tag.java:10)",
        "NullPointerException escaped the contract check (thrown at Tag.java:10)",
    ])


def test_an_engine_bug_fails_the_item_asking_for_a_report_with_a_short_traceback(
        pytester, monkeypatch):
    """Short: the long style lists the source of every frame of a deep exploration."""
    def broken(*args):
        def deeper(n):
            if n == 0:
                raise KeyError("no such class")
            deeper(n - 1)
        deeper(200)
    monkeypatch.setattr(project, "run_check", broken)
    write(pytester, "src/Tag.java", """\
        public final class Tag {
            @Override public boolean equals(Object o) { return o == this; }
            @Override public int hashCode() { return 1; }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-k", "reflexive")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["boundcheck internal error, please report it",
                                 "E   KeyError: 'no such class'"])
    assert "def deeper" not in result.stdout.str()


def test_nested_classes_are_named_outer_dot_inner(pytester):
    write(pytester, "src/demo/Outer.java", """\
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
    result = pytester.runpytest("--boundcheck", "src", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["src/demo/Outer.java::demo.Outer.Key::equals-reflexive"])


def test_abstract_class_is_checked_through_its_subclasses_or_an_unknown_one(pytester):
    write(pytester, "src/demo/Shape.java", """\
        package demo;

        public abstract class Shape {
            protected int size;
            @Override public boolean equals(Object o) { return o instanceof Shape s && s.size == size; }
            @Override public int hashCode() { return size; }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-v")
    result.stdout.fnmatch_lines(["*hashcode-consistent PASSED (*Shape: any field values (of an "
                                 "unknown subclass that keeps its code: Shape is abstract and the "
                                 "project has no concrete one)*"])
    result.assert_outcomes(passed=5)
    write(pytester, "src/demo/Square.java", """\
        package demo;

        public class Square extends Shape {
        }
        """)
    reprec = pytester.inline_run("--boundcheck", "src")
    assert set(outcomes(reprec).values()) == {"passed"}
    assert len(outcomes(reprec)) == 10


def test_a_loop_cut_by_the_bound_says_so(pytester):
    write(pytester, "src/demo/Counter.java", """\
        package demo;

        public final class Counter {
            private final int n;
            public Counter(int n) { this.n = n; }
            @Override public boolean equals(Object o) { return o instanceof Counter c && c.n == n; }
            @Override public int hashCode() {
                int h = 0;
                for (int i = 0; i < n; i++) {
                    h += 3;
                }
                return h;
            }
        }
        """)
    result = pytester.runpytest("--boundcheck", "src", "-v", "-k", "hashcode",
                                "--boundcheck-unroll", "4")
    result.stdout.fnmatch_lines([
        "*hashcode-consistent PASSED (no violation within int 32-bit, 4 unrolls, "
        f"inline depth 8; {MADE}; bounded at loop needs more than 4 unrolls "
        "at Counter.java:9)*",
    ])


def test_markers_select_contract_families(pytester):
    pytester.copy_example("orders")
    result = pytester.runpytest("--boundcheck", "orders", "--strict-markers",
                                "-m", "boundcheck_hashcode", "--collect-only", "-q")
    result.stdout.fnmatch_lines([
        "orders/Revision.java::orders.Revision::hashcode-consistent",
        "orders/Version.java::orders.Version::hashcode-consistent",
        "2/30 tests collected (28 deselected)*",
    ])


def test_strict_option_turns_the_advisory_contract_into_a_failure(pytester):
    pytester.copy_example("orders")
    args = ("--boundcheck", "orders", "-k", "compareto-equals")
    pytester.runpytest(*args).assert_outcomes(passed=2, xfailed=3)
    pytester.runpytest(*args, "--boundcheck-strict-compareto-equals").assert_outcomes(
        passed=2, failed=3)


def test_ini_options_configure_roots_and_bounds(pytester):
    pytester.copy_example("points")
    pytester.makeini("""
        [pytest]
        boundcheck = shapes
        boundcheck_objects = fields
        boundcheck_max_objects = 2
        boundcheck_unroll = 3
        """)
    result = pytester.runpytest("-v", "-k", "Money and reflexive")
    result.stdout.fnmatch_lines([
        "*PASSED (no violation within int 32-bit, 2 objects/type, 3 unrolls, inline depth 8; "
        "objects: any field values)*",
    ])


@pytest.mark.parametrize("args, message", [
    (("--boundcheck-unroll", "0"), "*--boundcheck-unroll*'0' must be at least 1*"),
    (("--boundcheck-timeout", "soon"), "*--boundcheck-timeout*'soon' is not a number of seconds*"),
    (("--boundcheck", "missing"), "*--boundcheck: no such file or directory: *missing*"),
])
def test_bad_options_get_a_clear_message(pytester, args, message):
    pytester.copy_example("points")
    if args[0] != "--boundcheck":
        args = ("--boundcheck", "shapes") + args
    result = pytester.runpytest(*args)
    result.stderr.fnmatch_lines([message])
    assert result.ret == pytest.ExitCode.USAGE_ERROR


def test_bad_ini_value_gets_a_clear_message(pytester):
    pytester.copy_example("points")
    pytester.makeini("""
        [pytest]
        boundcheck = shapes
        boundcheck_max_objects = many
        """)
    result = pytester.runpytest()
    result.stderr.fnmatch_lines(["*ini option boundcheck_max_objects: 'many' is not a whole number*"])


def test_without_the_option_nothing_changes(pytester):
    pytester.copy_example("points")
    pytester.makepyfile(test_plain="def test_one():\n    assert True\n")
    result = pytester.runpytest("--strict-markers")
    result.assert_outcomes(passed=1)


def test_python_tests_named_beside_the_roots_still_run(pytester):
    pytester.copy_example("points")
    pytester.makepyfile(test_plain="def test_one():\n    assert True\n")
    result = pytester.runpytest("--boundcheck", "shapes", "test_plain.py")
    result.assert_outcomes(passed=27, failed=4)


def test_items_named_inside_a_root_are_the_only_ones_run(pytester):
    """Re-running one failure or one file, as pytest reports name them, runs just those."""
    pytester.copy_example("points")
    result = pytester.runpytest("shapes/Point2D.java::shapes.Point2D::hashcode-consistent",
                                "shapes/Money.java", "--boundcheck", "shapes")
    result.assert_outcomes(passed=5, failed=1)


def test_roots_on_the_command_line_replace_testpaths(pytester):
    pytester.copy_example("points")
    pytester.makepyfile(test_plain="def test_one():\n    assert True\n")
    pytester.makeini("[pytest]\ntestpaths = .\n")
    pytester.runpytest("--boundcheck", "shapes").assert_outcomes(passed=26, failed=4)


def test_roots_in_the_ini_file_are_checked_besides_the_python_tests(pytester):
    pytester.copy_example("points")
    pytester.mkdir("tests")
    (pytester.path / "tests" / "test_plain.py").write_text("def test_one():\n    assert True\n")
    pytester.makeini("[pytest]\ntestpaths = tests\nboundcheck = shapes\n")
    pytester.runpytest().assert_outcomes(passed=27, failed=4)


def test_the_same_sources_give_the_same_counterexamples(pytester):
    pytester.copy_example("orders")

    def failures() -> list[str]:
        result = pytester.runpytest("--boundcheck", "orders", "-p", "no:randomly")
        text = result.stdout.str()
        return [line for line in text.splitlines() if not line.startswith(("bounds:", "==="))]
    assert failures() == failures()


def test_a_check_past_its_time_limit_is_skipped_saying_so(pytester):
    pytester.copy_example("points")
    result = pytester.runpytest("--boundcheck", "shapes", "-k", "Point2D and transitive",
                                "--boundcheck-timeout", "0.001", "-rs")
    result.stdout.fnmatch_lines(["SKIPPED*time limit of 0.001 s*"])
    result.assert_outcomes(skipped=1)


def test_an_abstract_class_checked_after_other_classes_meets_its_own_objects(pytester):
    """The groups of classes that equals guards link are read once per project, from the
    first item's classes; an abstract class checked on an unknown subclass's objects is
    not among them, and must not be taken as apart from itself (a vacuous pass)."""
    write(pytester, "src/demo/Alpha.java", """\
        package demo;

        public final class Alpha {
            private final int id;
            public Alpha(int id) { this.id = id; }
            @Override public boolean equals(Object o) { return o instanceof Alpha a && a.id == id; }
            @Override public int hashCode() { return id; }
        }
        """)
    write(pytester, "src/demo/Shape.java", """\
        package demo;

        public abstract class Shape {
            protected int size;
            protected int colour;
            @Override public boolean equals(Object o) { return o instanceof Shape s && s.size == size; }
            @Override public int hashCode() { return colour; }
        }
        """)
    reprec = pytester.inline_run("--boundcheck", "src", "-k", "hashcode")
    assert outcomes(reprec) == {"src/demo/Alpha.java::demo.Alpha::hashcode-consistent": "passed",
                                "src/demo/Shape.java::demo.Shape::hashcode-consistent": "xfailed"}
