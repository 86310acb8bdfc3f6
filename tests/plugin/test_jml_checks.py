"""JML checks end to end, as a user runs them (``pytest --boundcheck src``): one item per
specified method or constructor (and per method of a class with invariants), marked
``boundcheck_jml``; a violation fails with the call, the object and the clause; a
specification error is an error of that method's item only; a construct not lowered is
a skip naming it."""
from __future__ import annotations

import textwrap

import pytest

ACCOUNT = """\
    package bank;

    public class Account {
        private int balance;
        //@ public invariant balance >= 0;

        public Account() { balance = 0; }

        /*@ requires 0 < amount && amount <= 1000 && balance <= 1000000;
          @ ensures balance == \\old(balance) + amount;
          @*/
        public void deposit(int amount) {
            balance += amount;
        }

        /*@ requires 0 < amount && amount <= balance;
          @ ensures balance == \\old(balance) - amount;
          @ ensures \\result == balance;
          @*/
        public int withdraw(int amount) {
            balance -= amount;
            return balance;
        }
    }
    """


def write(pytester: pytest.Pytester, path: str, source: str) -> None:
    file = pytester.path / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(source))


def outcomes(reprec) -> dict[str, str]:
    """item id -> passed/failed/skipped/error, from an inline run."""
    found = {}
    for rep in reprec.getreports("pytest_runtest_logreport"):
        name = rep.nodeid.rpartition("::")[2]
        if rep.when == "setup" and rep.failed:
            found[name] = "error"
        elif rep.when == "call" or rep.when == "setup" and rep.skipped:
            found[name] = rep.outcome
    return found


def longrepr(reprec, item: str) -> str:
    return next(str(rep.longrepr) for rep in reprec.getreports("pytest_runtest_logreport")
                if rep.nodeid.endswith(f"::{item}") and rep.longrepr)


def method(spec: str, body: str, fields: str = "private int balance;") -> str:
    return textwrap.dedent(f"""\
        package bank;

        public class Account {{
            {fields}

            {spec}
            {body}
        }}
        """)


@pytest.mark.under_xdist
def test_a_kept_specification_passes_and_a_broken_one_fails_naming_the_clause(plugin):
    write(plugin.pytester, "src/bank/Account.java", ACCOUNT.replace(
        "balance -= amount;", "balance -= amount + (amount == 7 ? 1 : 0);"))
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"Account()": "passed", "deposit(int)": "passed",
                                "withdraw(int)": "failed"}
    text = longrepr(reprec, "withdraw(int)")
    assert "    amount = 7\n" in text
    assert "self.withdraw(amount)" in text
    assert ("violated: ensures at Account.java:17:9: "
            "(balance == (\\old(balance) - amount))") in text


def test_the_node_ids_name_the_method_and_the_marker_selects_the_items(plugin):
    write(plugin.pytester, "src/bank/Account.java", ACCOUNT)
    result = plugin.runpytest("--boundcheck", "src", "--collect-only", "-q",
                              "-m", "boundcheck_jml")
    result.stdout.fnmatch_lines(["src/bank/Account.java::bank.Account::Account()",
                                 "src/bank/Account.java::bank.Account::deposit(int)",
                                 "src/bank/Account.java::bank.Account::withdraw(int)",
                                 "3 tests collected*"])
    assert plugin.runpytest("--boundcheck", "src", "-q", "-k", "deposit").ret == 0


def test_a_requires_that_excludes_the_failing_input_makes_it_pass(plugin):
    write(plugin.pytester, "src/bank/Account.java", ACCOUNT.replace(
        "0 < amount && amount <= balance", "0 < amount"))
    reprec = plugin.inline_run("--boundcheck", "src", "-k", "withdraw")
    assert outcomes(reprec) == {"withdraw(int)": "failed"}
    assert "invariant at Account.java:5:16 does not hold on return: (balance >= 0)" in \
        longrepr(reprec, "withdraw(int)")


def test_result_and_old(plugin):
    write(plugin.pytester, "src/bank/Account.java", method(
        "//@ ensures \\result == \\old(balance) && balance == 0;",
        "public int drain() { int was = balance; balance = 0; return was; }"))
    write(plugin.pytester, "src/bank/Wrong.java", method(
        "//@ ensures \\result == \\old(balance);",
        "public int drain() { balance = 0; return balance; }",
        "private int balance;\n    public Wrong(int b) { balance = b; }").replace("Account", "Wrong"))
    reprec = plugin.inline_run("--boundcheck", "src")
    reports = {rep.nodeid: rep.outcome for rep in reprec.getreports("pytest_runtest_logreport")
               if rep.when == "call"}
    assert reports == {"src/bank/Account.java::bank.Account::drain()": "passed",
                       "src/bank/Wrong.java::bank.Wrong::drain()": "failed"}


def test_normal_behavior_forbids_an_exception_and_signals_only_allows_it(plugin):
    write(plugin.pytester, "src/bank/Account.java", method(
        """/*@ normal_behavior
              @ ensures \\result == balance / d;
              @*/
            public int share(int d) { return balance / d; }

            /*@ behavior
              @ ensures \\result == balance / d;
              @ signals_only ArithmeticException;
              @*/""",
        "public int shareAny(int d) { return balance / d; }"))
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"share(int)": "failed", "shareAny(int)": "passed"}
    text = longrepr(reprec, "share(int)")
    assert "    d = 0\n" in text
    assert ("ArithmeticException thrown at Account.java:9 escaped the call: no specification "
            "case allows it") in text


def test_an_exceptional_case_whose_signals_predicate_fails(plugin):
    write(plugin.pytester, "src/bank/Account.java", method(
        """/*@ normal_behavior
              @ requires amount <= balance;
              @ ensures balance == \\old(balance) - amount;
              @ also exceptional_behavior
              @ requires amount > balance;
              @ signals (IllegalArgumentException e) balance == \\old(balance);
              @*/""",
        """public void take(int amount) {
                if (amount > balance) { balance = 0; throw new IllegalArgumentException(); }
                balance -= amount;
            }"""))
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"take(int)": "failed"}
    assert ("violated: signals at Account.java:11:9: (IllegalArgumentException e) "
            "(balance == \\old(balance))") in longrepr(reprec, "take(int)")


def test_an_invariant_kept_broken_and_not_established(plugin):
    write(plugin.pytester, "src/bank/Range.java", """\
        package bank;

        public class Range {
            private int low, high;
            //@ invariant low <= high;

            public Range(int low, int high) { this.low = low; this.high = high; }
            public Range() { low = 0; high = 0; }
            public void widen() { if (high < 1000) high++; }
            public void shift() { low = low + 1; }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"Range(int,int)": "failed", "Range()": "passed",
                                "widen()": "passed", "shift()": "failed"}
    assert "invariant at Range.java:5:9 does not hold on return: (low <= high)" in \
        longrepr(reprec, "Range(int,int)")


def test_quantifiers_over_an_array(plugin):
    write(plugin.pytester, "src/bank/Search.java", """\
        package bank;

        public class Search {
            /*@ ensures \\result <==> (\\exists int i; 0 <= i && i < a.length; a[i] == x);
              @*/
            public static boolean has(int[] a, int x) {
                for (int i = 0; i < a.length; i++) if (a[i] == x) return true;
                return false;
            }

            /*@ ensures \\result ==> (\\forall int i; 0 <= i && i < a.length; a[i] >= 0);
              @*/
            public static boolean natural(int[] a) {
                for (int i = 1; i < a.length; i++) if (a[i] < 0) return false;
                return true;
            }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"has(int[],int)": "passed", "natural(int[])": "failed"}
    assert "violated: ensures at Search.java:11:9" in longrepr(reprec, "natural(int[])")


def test_an_unsupported_construct_skips_naming_it(plugin):
    write(plugin.pytester, "src/bank/Account.java", method(
        "//@ ensures \\result == (\\forall double d; 0 <= d && d < 3; d != balance);",
        "public boolean count() { return true; }"))
    reprec = plugin.inline_run("--boundcheck", "src", "-rs")
    assert outcomes(reprec) == {"count()": "skipped"}
    skip = next(rep for rep in reprec.getreports("pytest_runtest_logreport") if rep.skipped)
    assert skip.longrepr[2] == ("Skipped: JML construct not checked yet: \\forall over double "
                                "(only over integral ranges and objects)")


def test_a_jml_error_is_an_error_of_its_method_alone(plugin):
    write(plugin.pytester, "src/bank/Account.java", method(
        """//@ ensures \\result == balance +;
            public int broken() { return balance; }

            //@ ensures \\result == balanse;
            public int misnamed() { return balance; }
""",
        """//@ ensures \\result == balance;
            public int get() { return balance; }"""))
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"broken()": "error", "misnamed()": "error", "get()": "passed"}
    assert longrepr(reprec, "broken()") == (
        "JML error: Account.java:6:37: expected an expression, found ';'")
    assert "Account.java:9:28: unknown name 'balanse'" in longrepr(reprec, "misnamed()")


def test_a_project_without_jml_gets_no_jml_item(plugin):
    write(plugin.pytester, "src/bank/Plain.java", """\
        package bank;

        public class Plain {
            private int v;
            // @ invariant v > 0;   (not JML: a space before the @)
            public void set(int v) { this.v = v; }
        }
        """)
    result = plugin.runpytest("--boundcheck", "src", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["no tests collected*"])


def test_a_method_with_java_asserts_and_no_jml_is_checked_for_every_argument(plugin):
    write(plugin.pytester, "src/bank/Calc.java", """\
        package bank;

        public class Calc {
            public int half(int x) {
                int h = x / 2;
                assert h * 2 <= x : "halving rounds down";
                return h;
            }

            public static int square(int x) {
                if (x > 46340 || x < -46340) throw new IllegalArgumentException();
                int s = x * x;
                assert s >= 0;
                return s;
            }

            private void hidden(int x) { assert x > 0; }

            public int plain(int x) { return x; }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src", "-m", "boundcheck_jml")
    assert outcomes(reprec) == {"half(int)": "failed", "square(int)": "passed"}
    text = longrepr(reprec, "half(int)")
    assert text.startswith("the assert statements of Calc.half(int)")
    assert "int x = -1;" in text
    assert "violated: halving rounds down" in text


def test_an_equals_with_an_assert_keeps_the_jvm_default_of_assertions_off(plugin):
    write(plugin.pytester, "src/bank/Id.java", """\
        package bank;

        public final class Id {
            private final int v;
            public Id(int v) { this.v = v; }
            @Override public boolean equals(Object o) {
                assert v != 3;
                return o instanceof Id && ((Id) o).v == v;
            }
            @Override public int hashCode() { return v; }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"equals-reflexive": "passed", "equals-symmetric": "passed",
                                "equals-transitive": "passed", "equals-null": "passed",
                                "hashcode-consistent": "passed", "equals(Object)": "failed"}


def test_an_unspecified_method_may_throw_but_must_keep_the_invariant(plugin):
    write(plugin.pytester, "src/bank/Range.java", """\
        package bank;

        public class Range {
            private int low, high;
            //@ invariant low <= high;

            public void setLow(int v) {
                if (v > high) throw new IllegalArgumentException();
                low = v;
            }
            public void setLowLate(int v) {
                low = v;
                if (v > high) throw new IllegalArgumentException();
            }
            public static int width(Range r) { return r.high - r.low; }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"Range()": "passed", "setLow(int)": "passed",
                                "setLowLate(int)": "failed"}
    text = longrepr(reprec, "setLowLate(int)")
    assert text.startswith("the invariants of Range, kept by setLowLate(int)")
    assert ("violated: invariant at Range.java:5:9 does not hold when an exception is "
            "thrown: (low <= high)") in text


def test_a_clause_that_throws_when_evaluated_does_not_hold(plugin):
    write(plugin.pytester, "src/bank/Heap.java", """\
        package bank;

        public class Heap {
            private int[] array;
            private int size;
            //@ invariant 0 <= size && size <= array.length;

            public Heap() { }
            public Heap(int capacity) { array = new int[capacity < 0 ? 0 : capacity]; }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"Heap()": "failed", "Heap(int)": "passed"}
    assert ("violated: invariant at Heap.java:6:9 does not hold on return: "
            "((0 <= size) && (size <= array.length))") in longrepr(reprec, "Heap()")


def test_a_violation_replays_on_the_jvm(plugin):
    write(plugin.pytester, "src/bank/Account.java", ACCOUNT.replace(
        "0 < amount && amount <= balance", "0 < amount"))
    result = plugin.runpytest("--boundcheck", "src", "-k", "withdraw", "--boundcheck-replay")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["confirmed on the JVM (java *): java.lang.AssertionError: "
                                 "invariant at Account.java:5:16 does not hold on return: "
                                 "(balance >= 0)"])


def test_numbers_before_objects_and_an_argument_of_a_class_without_source(plugin):
    write(plugin.pytester, "src/bank/Draw.java", """\
        package bank;

        public class Draw {
            //@ ensures \\result >= 0;
            public static int width(int scale, String label, java.awt.Graphics2D g2) {
                assert scale != 7 : "seven is not a scale";
                return scale < 0 ? 0 : scale;
            }
        }
        """)
    write(plugin.pytester, "src/bank/Half.java", """\
        package bank;

        public class Half {
            public static int half(int x) {
                assert x % 2 == 0;
                return x / 2;
            }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"width(int,String,Graphics2D)": "failed", "half(int)": "failed"}
    assert "violated: assert at Half.java:5" in longrepr(reprec, "half(int)")
    text = longrepr(reprec, "width(int,String,Graphics2D)")
    assert "int scale = 7;" in text
    assert "violated: seven is not a scale" in text
