"""JML statements in method bodies, end to end: ``assert`` and ``assume`` where they stand,
``loop_invariant`` at every test of its loop, ``decreases`` at every iteration's start,
``\\old`` in a body; checked in the JML items of the method and of the methods that call
it, never in the contract items. And static invariants: kept by every method and
constructor that is not ``helper``, static ones included."""
from __future__ import annotations

import pytest
from test_jml_checks import longrepr, outcomes, write

LOOPS = """\
    package calc;

    public class Loops {
        public static int triangle(int n) {
            //@ assume 0 <= n && n < 6;
            int total = 0;
            int i = 0;
            //@ loop_invariant 0 <= i && i <= n;
            //@ loop_invariant total == i * (i - 1) / 2;
            //@ decreases n - i;
            while (i < n) {
                total += i;
                i++;
            }
            //@ assert total == n * (n - 1) / 2;
            return total;
        }

        public static int capped(int n) {
            //@ assume 0 <= n && n < 8;
            int k = 0;
            //@ loop_invariant k < 3;
            for (int j = 0; j < n; j++) {
                if (j % 2 == 1) continue;
                k++;
            }
            return k;
        }

        public static int stalls(int n) {
            int i = 0;
            //@ decreases 10 - i;
            do {
                if (i == 2) i--;
                i++;
            } while (i < 4);
            return i;
        }

        public static int third() {
            int i = 0;
            //@ loop_invariant i != 3;
            while (i < 5) {
                i++;
            }
            return i;
        }

        public static int negative(int n) {
            int i = 3;
            //@ decreases i - 1;
            while (i >= 0) {
                i--;
            }
            return i;
        }
    }
    """


def test_loop_invariants_and_decreases_pass_and_fail_naming_the_clause_and_iteration(plugin):
    write(plugin.pytester, "src/calc/Loops.java", LOOPS)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"triangle(int)": "passed", "capped(int)": "failed",
                                "stalls(int)": "failed", "third()": "failed",
                                "negative(int)": "failed"}
    assert ("violated: loop_invariant at Loops.java:42:13: (i != 3) does not hold after "
            "iteration 3") in longrepr(reprec, "third()")
    # k counts the even j: 3 after j = 4, the fifth iteration, which continue ends
    assert ("violated: loop_invariant at Loops.java:22:13: (k < 3) does not hold after "
            "iteration 5") in longrepr(reprec, "capped(int)")
    assert "int n = 5;" in longrepr(reprec, "capped(int)")
    assert ("violated: decreases at Loops.java:32:13: (10 - i) does not decrease: at the "
            "start of iteration 4 it is not smaller than at the start of iteration 3"
            ) in longrepr(reprec, "stalls(int)")
    assert ("violated: decreases at Loops.java:51:13: (i - 1) is negative (or cannot be "
            "evaluated) at the start of iteration 4") in longrepr(reprec, "negative(int)")


STATEMENTS = """\
    package calc;

    public class Calc {
        private int count;

        public int half(int x) {
            //@ assume x >= 0;
            int h = x / 2;
            //@ assert h * 2 <= x && x - h * 2 < 2;
            return h;
        }

        public int exact(int x) {
            int h = x / 2;
            //@ assert h * 2 == x;
            return h;
        }

        public int inc() {
            int before = count;
            count++;
            //@ assert count == \\old(count) + 1 && before == \\old(count);
            return before;
        }

        //@ requires x > 40;
        public int calls(int x) {
            return helper(x) + 1;
        }

        private int helper(int x) {
            if (x > 100) return 0;
            //@ assert x != 42;
            return x;
        }

        public int plain(int x) { return x; }
    }
    """


@pytest.mark.under_xdist  # the statements' class is made at collection, in each worker
def test_assert_assume_and_a_statement_of_a_called_method(plugin):
    write(plugin.pytester, "src/calc/Calc.java", STATEMENTS)
    reprec = plugin.inline_run("--boundcheck", "src", "-m", "boundcheck_jml")
    assert outcomes(reprec) == {"half(int)": "passed", "exact(int)": "failed",
                                "inc()": "passed", "calls(int)": "failed"}
    text = longrepr(reprec, "exact(int)")
    assert text.startswith("the JML statements of Calc.exact(int)")
    assert "violated: assert at Calc.java:15:13: ((h * 2) == x)" in text
    text = longrepr(reprec, "calls(int)")
    assert "    x = 42\n" in text
    assert "violated: assert at Calc.java:33:13: (x != 42)" in text


def test_without_the_assume_the_assert_fails_on_a_negative_input(plugin):
    write(plugin.pytester, "src/calc/Calc.java", STATEMENTS.replace(
        "//@ assume x >= 0;", "// (no assumption)").replace("x - h * 2 < 2", "x - h * 2 < 1"))
    reprec = plugin.inline_run("--boundcheck", "src", "-k", "half")
    assert outcomes(reprec) == {"half(int)": "failed"}
    assert "violated: assert at Calc.java:9:13" in longrepr(reprec, "half(int)")


def test_contract_items_do_not_see_jml_statements(plugin):
    write(plugin.pytester, "src/calc/Id.java", """\
        package calc;

        public final class Id {
            private final int v;
            public Id(int v) { this.v = v; }
            @Override public boolean equals(Object o) {
                //@ assert v != 3;
                //@ assume v != 4;
                return o instanceof Id && ((Id) o).v == v;
            }
            @Override public int hashCode() { return v == 4 ? 1 : v; }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"equals-reflexive": "passed", "equals-symmetric": "passed",
                                "equals-transitive": "passed", "equals-null": "passed",
                                "hashcode-consistent": "passed", "equals(Object)": "failed"}


def test_an_error_in_a_body_statement_is_its_method_items_error_alone(plugin):
    write(plugin.pytester, "src/calc/Calc.java", STATEMENTS.replace(
        "//@ assert h * 2 == x;", "//@ assert h * 2 == y;"))
    reprec = plugin.inline_run("--boundcheck", "src", "-m", "boundcheck_jml")
    assert outcomes(reprec) == {"half(int)": "passed", "exact(int)": "error",
                                "inc()": "passed", "calls(int)": "failed"}
    assert "Calc.java:15:29: unknown name 'y'" in longrepr(reprec, "exact(int)")


def test_a_statement_where_it_is_not_run_skips_naming_it(plugin):
    write(plugin.pytester, "src/calc/Each.java", """\
        package calc;

        public class Each {
            public static int total(int[] a) {
                int s = 0;
                //@ loop_invariant v >= 0 || s <= 0;
                for (int v : a) {
                    s += v;
                }
                return s;
            }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"total(int[])": "skipped"}
    skip = next(rep for rep in reprec.getreports("pytest_runtest_logreport") if rep.skipped)
    assert skip.longrepr[2] == (
        "Skipped: JML construct not checked yet: the loop_invariant statement at "
        "Each.java:6:13, which names v where it is not in scope")


def test_violated_body_asserts_and_loop_invariants_replay_on_the_jvm(plugin):
    write(plugin.pytester, "src/calc/Calc.java", STATEMENTS)
    do_loop = LOOPS.replace("while (i < 5) {\n                i++;\n            }",
                            "do {\n                i++;\n            } while (i < 5);")
    assert do_loop != LOOPS  # (third's loop, a do loop here)
    write(plugin.pytester, "src/calc/Loops.java", do_loop)
    write(plugin.pytester, "src/calc/Olds.java", """\
        package calc;

        public class Olds {
            private int v;
            public void down() {
                v--;
                //@ assert v == \\old(v);
            }
        }
        """)
    result = plugin.runpytest("--boundcheck", "src", "-m", "boundcheck_jml", "-k",
                              "not half and not inc and not triangle", "--boundcheck-replay")
    result.assert_outcomes(failed=7)
    result.stdout.fnmatch_lines([
        ("confirmed on the JVM (java *): java.lang.AssertionError: assert at Calc.java:15:13: "
         "((h * 2) == x)"),
        ("confirmed on the JVM (java *): java.lang.AssertionError: assert at Calc.java:33:13: "
         "(x != 42)"),
        ("confirmed on the JVM (java *): java.lang.AssertionError: loop_invariant at "
         "Loops.java:22:13: (k < 3)"),
        ("confirmed on the JVM (java *): java.lang.AssertionError: decreases at "
         "Loops.java:32:13: (10 - i)"),
        ("confirmed on the JVM (java *): java.lang.AssertionError: loop_invariant at "
         "Loops.java:42:13: (i != 3)"),
        ("confirmed on the JVM (java *): java.lang.AssertionError: decreases at "
         "Loops.java:51:13: (i - 1)"),
        ("confirmed on the JVM (java *): java.lang.AssertionError: assert at Olds.java:7:13: "
         "(v == \\old(v))")])


COUNTER = """\
    package calc;

    public class Counter {
        private static int made = 0;
        private static final int LIMIT = 10;
        private int id;
        //@ public static invariant 0 <= made && made <= LIMIT;

        public Counter() {
            if (made < LIMIT) made++;
            id = made;
        }

        public static void reset() { made = 0; }

        public static void bump(int k) { made += k; }

        public int id() { return id; }

        /*@ helper @*/ public static void raw() { made = -1; }
    }
    """


def test_a_static_invariant_is_kept_by_every_method_static_ones_too_but_helpers(plugin):
    write(plugin.pytester, "src/calc/Counter.java", COUNTER)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"Counter()": "passed", "reset()": "passed",
                                "bump(int)": "failed", "id()": "passed"}
    text = longrepr(reprec, "bump(int)")
    assert text.startswith("the invariants of Counter, kept by bump(int)")
    assert ("violated: static invariant at Counter.java:7:23 does not hold on return: "
            "((0 <= made) && (made <= LIMIT))") in text


def test_a_static_invariant_class_initialisation_breaks_fails_before_the_call(plugin):
    write(plugin.pytester, "src/calc/Counter.java", COUNTER.replace("made = 0;", "made = 11;", 1))
    reprec = plugin.inline_run("--boundcheck", "src", "-k", "reset")
    assert outcomes(reprec) == {"reset()": "failed"}
    assert ("violated: static invariant at Counter.java:7:23 does not hold before the call: "
            "((0 <= made) && (made <= LIMIT))") in longrepr(reprec, "reset()")


def test_old_in_a_loop_invariant_and_an_old_that_throws(plugin):
    write(plugin.pytester, "src/calc/Drain.java", """\
        package calc;

        public class Drain {
            private int level;

            public void fill(int n) { if (0 < n && n < 10) level += n; }

            public void drain(int k) {
                //@ assume 0 <= k && k <= 3 && level >= k;
                //@ loop_invariant level >= \\old(level) - k && level <= \\old(level);
                for (int i = 0; i < k; i++) {
                    level--;
                }
            }

            public void overdrain(int k) {
                //@ assume 0 <= k && k <= 3 && level >= k;
                //@ loop_invariant level > \\old(level) - 1;
                for (int i = 0; i < k; i++) {
                    level--;
                }
            }

            public int at(int[] a, int i) {
                int v = a[i < 0 || i >= a.length ? 0 : i];
                //@ assert \\old(a[i]) == a[i] || a.length == 0;
                return v;
            }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src", "-m", "boundcheck_jml")
    assert outcomes(reprec) == {"drain(int)": "passed", "overdrain(int)": "failed",
                                "at(int[],int)": "failed"}
    assert ("violated: loop_invariant at Drain.java:18:13: (level > (\\old(level) - 1)) "
            "does not hold after iteration 1") in longrepr(reprec, "overdrain(int)")
    # a[i] out of bounds when the method began: the clause that reads it does not hold
    assert ("violated: assert at Drain.java:26:13: ((\\old(a[i]) == a[i]) || (a.length == 0))"
            ) in longrepr(reprec, "at(int[],int)")
