"""Texts of symbolic length: what building them costs is work the check counts, so that a
long one ends by the work budget, the same on every machine, and never by the clock."""
from __future__ import annotations

import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.report.text import message
from pytest_boundcheck.symex import strings


def _long_text(ctx: z3.Context) -> strings.Text:
    """39 chars at most, of a length no constant fixes (a number's digits in between)."""
    number, _ = strings.variable(ctx, "n", 4)
    text = strings.constant(ctx, "[class_index = ")
    for part in (number, strings.constant(ctx, ", class_index = "), number):
        text = strings.concat(text, part)
    return text


def test_a_replace_keeps_only_the_chars_its_result_may_have():
    """39 chars, 11-char target, 27-char replacement: at most 3 occurrences end within
    them and a fourth may begin, so 38 + 11 + 4 * 16 = 113 chars, not 39 * 27."""
    ctx = z3.Context()
    text = _long_text(ctx)
    result, _ = strings.replace(text, "class_index", strings.constant(ctx, "bootstrap_method_attr_index"))
    assert (len(text.chars), len(result.chars)) == (39, 113)
    solver = z3.Solver(ctx=ctx)
    solver.add(z3.UGT(result.length, len(result.chars)))
    assert solver.check() == z3.unsat


def test_a_replace_is_charged_before_it_is_built():
    ctx = z3.Context()
    text = _long_text(ctx)
    charged: list[int] = []
    with strings.metered(charged.append):
        strings.replace(text, "class_index", strings.constant(ctx, "bootstrap_method_attr_index"))
    assert charged[0] == 39 * 11 and sum(charged) > 39 * 113


REPLACING = """
    public final class Subject {
        private final int a;
        private final int b;
        public Subject(int a, int b) { this.a = a; this.b = b; }
        @Override public String toString() {
            return ("Subject[first_index = " + a + ", second_index = " + b + "]")
                .replace("first_index", "first_index_of_the_pair")
                .replace("second_index", "second_index_of_the_pair");
        }
        @Override public boolean equals(Object o) {
            return o instanceof Subject && o.toString().equals(toString());
        }
        @Override public int hashCode() { return a + b; }
    }
    """


def test_a_long_replace_ends_by_the_work_budget_with_the_same_words_each_time(java):
    """Before its terms were counted, one such item ran for minutes of wall time and
    ended by the wall-clock safety net, a verdict that depended on the machine's load."""
    java.write("Subject.java", REPLACING)
    first, second = (message(java.result("Subject", "equals-symmetric", Bounds(timeout=1.0)))
                     for _ in range(2))
    assert first == second
    assert first.startswith("exploring the code had not ended"), first
