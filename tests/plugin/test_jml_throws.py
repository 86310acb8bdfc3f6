"""JML's default for an omitted ``signals_only`` end to end: the exceptions the method's
``throws`` clause names, with those of its ``signals`` clauses; an explicit
``signals_only`` and a ``normal_behavior`` case say otherwise. A violation by a checked
exception replays on the JVM (the harness declares what it may throw)."""
from __future__ import annotations

from test_jml_checks import outcomes, write

READER = """\
    package io2;

    public class Reader {
        private int left;

        //@ requires n >= 0;
        //@ ensures \\result <= n;
        public int read(int n) throws EndOfInput {
            if (n > left) throw new EndOfInput("end of input");
            return n;
        }

        //@ requires n >= 0;
        //@ ensures \\result <= n;
        public int take(int n) {
            if (n > left) throw new IllegalStateException("end of input");
            return n;
        }

        //@ requires n >= 0;
        //@ ensures \\result <= n;
        public int skip(int n) throws IllegalStateException {
            if (n > left) throw new IllegalStateException("end of input");
            return n;
        }

        /*@ normal_behavior
          @   requires n >= 0;
          @*/
        public int must(int n) throws EndOfInput {
            if (n > left) throw new EndOfInput("end of input");
            return n;
        }

        //@ requires n >= 0;
        //@ signals_only IllegalArgumentException;
        public int only(int n) throws EndOfInput {
            if (n > left) throw new EndOfInput("end of input");
            return n;
        }

        /*@ exceptional_behavior
          @   requires n < 0;
          @*/
        public void fail(int n) throws EndOfInput {
            if (n < 0) throw new EndOfInput("negative");
        }
    }
    """

END_OF_INPUT = """\
    package io2;

    public class EndOfInput extends Exception {
        public EndOfInput(String message) {
            super(message);
        }
    }
    """


def test_an_omitted_signals_only_allows_what_the_throws_clause_names(plugin):
    write(plugin.pytester, "src/io2/Reader.java", READER)
    write(plugin.pytester, "src/io2/EndOfInput.java", END_OF_INPUT)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {
        "read(int)": "passed", "take(int)": "failed", "skip(int)": "passed",
        "must(int)": "failed", "only(int)": "failed", "fail(int)": "passed"}


def test_a_checked_exception_the_specification_forbids_replays_on_the_jvm(plugin):
    write(plugin.pytester, "src/io2/Reader.java", READER)
    write(plugin.pytester, "src/io2/EndOfInput.java", END_OF_INPUT)
    result = plugin.runpytest("--boundcheck", "src", "-k", "must", "--boundcheck-replay")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["confirmed on the JVM (java *): io2.EndOfInput: end of input"])


def test_a_constructor_that_throws_what_it_may_is_not_asked_to_keep_the_invariant(plugin):
    write(plugin.pytester, "src/io2/Range.java", """\
        package io2;

        public class Range {
            private int low, high;
            //@ invariant low <= high;

            //@ signals_only IllegalArgumentException;
            public Range(int low, int high) {
                if (low > high) throw new IllegalArgumentException();
                this.low = low;
                this.high = high;
            }
        }
        """)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"Range(int,int)": "passed"}
