"""java.time's methods without a model: those that take arguments throw on values out of
range (DateTimeException, ArithmeticException, IllegalArgumentException, as their Javadoc
says), so a check that rests on one not throwing is no clean pass; its comparisons
(``isBefore``, ``isEqual``...) are total."""
from __future__ import annotations

from pytest_boundcheck.report.text import message

DAY = """\
    import java.time.LocalDate;
    public final class Day {
        private final long epochDay;
        public Day(long epochDay) { this.epochDay = epochDay; }
        @Override public boolean equals(Object o) {
            LocalDate date = LocalDate.ofEpochDay(epochDay);
            return o instanceof Day d && %s;
        }
        @Override public int hashCode() { return 0; }
    }
    """


def test_a_time_factory_with_arguments_may_throw_and_the_check_says_it_rests_on_that(java):
    java.write("src/Day.java", DAY % "d.epochDay == epochDay")
    found = java.result("Day", "equals-reflexive")
    assert java.outcome(found) == "xfailed", message(found)
    java.lines(message(found)).fnmatch_lines([
        "DateTimeException escaped the contract check (thrown at Day.java:6)",
        "*may throw DateTimeException or ArithmeticException or IllegalArgumentException*"])


def test_time_comparisons_are_taken_as_total(java):
    """OffsetDateTime's isBefore compares instants, not by compareTo (``test_value_keys``):
    a function the check does not know, but one that throws nothing."""
    java.write("src/When.java", """\
        import java.time.OffsetDateTime;
        public final class When {
            private final OffsetDateTime at;
            public When(OffsetDateTime at) { this.at = at; }
            @Override public boolean equals(Object o) {
                return o instanceof When w && !at.isBefore(w.at);
            }
            @Override public int hashCode() { return 0; }
        }
        """)
    found = java.result("When", "equals-reflexive")
    java.lines(message(found)).fnmatch_lines([
        ("*assumed OffsetDateTime.isBefore(OffsetDateTime) is a deterministic function of its "
         "receiver and arguments that throws no exception*")])
