"""Calls without code on value-based JDK objects (``jdk.VALUE_BASED``): the JDK's code
sees such an object by its value, so two equal dates give one result, where before each
object was an input by its identity and two equal dates could give two results (noise:
possible violations of correct code). The keys never join what equals keeps apart
(``BigDecimal``'s 2.0 and 2.00), and real breaks stay found."""
from __future__ import annotations

import pytest

from pytest_boundcheck.engine.result import Verdict
from pytest_boundcheck.report.text import message

STAMP = """\
    import java.time.LocalDate;
    public final class Stamp implements Comparable<Stamp> {
        private final LocalDate date;
        public Stamp(long days) { date = LocalDate.ofEpochDay(days); }
        @Override public boolean equals(Object o) {
            return o instanceof Stamp s && date.equals(s.date);
        }
        @Override public int hashCode() { return date.hashCode(); }
        @Override public int compareTo(Stamp other) {
            if (date.isBefore(other.date)) return -1;
            if (date.isAfter(other.date)) return 1;
            return 0;
        }
    }
    """

def assert_possible(java, found, call: str, *lines: str) -> None:
    """``found`` is a possible violation resting on the results of ``call``, and its text
    has ``lines``."""
    assert found.verdict is Verdict.POSSIBLE_VIOLATION, message(found)
    assert found.unconfirmed.startswith(f"found with the results of {call} "), found.unconfirmed
    java.lines(message(found)).fnmatch_lines(list(lines))


CONTRACTS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "hashcode-consistent",
             "compareto-antisymmetric", "compareto-transitive", "compareto-substitutable",
             "compareto-equals")


@pytest.mark.parametrize("contract", CONTRACTS)
def test_an_order_over_a_date_made_from_a_number_passes(java, contract):
    """A date the constructor makes with ``LocalDate.ofEpochDay``, compared with isBefore
    and isAfter (compareTo's order, ``jdk.COMPARED_BY_ORDER``): before, a possible violation
    (the factory's result could be null, and isBefore of two equal dates any two results).
    The pass states what it rests on."""
    java.write("src/Stamp.java", STAMP)
    found = java.result("Stamp", contract)
    assert found.verdict is Verdict.PASS, message(found)
    assert message(found).endswith(
        "; assumed java.time.LocalDate obeys the contracts of equals, hashCode and compareTo; "
        "assumed LocalDate.ofEpochDay(long) is a deterministic function of its receiver and "
        "arguments that may throw DateTimeException or ArithmeticException or "
        "IllegalArgumentException (as its documentation says) and nothing else")


def test_equal_dates_give_one_result_of_a_method_without_code(java):
    """``getDayOfMonth()`` of two equal dates (two objects, one value): one result."""
    java.write("src/Due.java", """\
        import java.time.LocalDate;
        import java.util.Objects;
        public final class Due {
            private final LocalDate date;
            public Due(LocalDate date) { this.date = Objects.requireNonNull(date); }
            @Override public boolean equals(Object o) {
                return o instanceof Due d && date.equals(d.date);
            }
            @Override public int hashCode() { return date.getDayOfMonth(); }
        }
        """)
    found = java.result("Due", "hashcode-consistent")
    assert found.verdict is Verdict.PASS, message(found)
    assert "assumed LocalDate.getDayOfMonth() is a deterministic function" in message(found)


def test_a_value_equal_by_compareto_but_not_by_equals_stays_apart(java):
    """2.0 and 2.00 compare as equal and are not equal: ``scale()`` differs. The key of an
    input is what equals sees, so the violation stays (possible: it rests on scale()'s
    results, which the check does not know)."""
    java.write("src/Amount.java", """\
        import java.math.BigDecimal;
        import java.util.Objects;
        public final class Amount {
            private final BigDecimal value;
            public Amount(BigDecimal value) { this.value = Objects.requireNonNull(value); }
            @Override public boolean equals(Object o) {
                return o instanceof Amount a && value.compareTo(a.value) == 0;
            }
            @Override public int hashCode() { return value.scale(); }
        }
        """)
    assert_possible(java, java.result("Amount", "hashcode-consistent"), "BigDecimal.scale()",
                    "  // BigDecimal.scale() on bigDecimal1 returned *",
                    "  // BigDecimal.scale() on bigDecimal2 returned *")


BROKEN = """\
    import java.time.LocalDate;
    public final class Entry {
        private final LocalDate date;
        private final String note;
        public Entry(%s, String note) { this.date = %s; this.note = note; }
        @Override public boolean equals(Object o) {
            return o instanceof Entry e && date.isEqual(e.date);
        }
        @Override public int hashCode() { return note.hashCode(); }
    }
    """


def test_equals_over_the_date_beside_a_hash_over_the_note_still_fails(java):
    """Two equal dates given to the constructor, two notes: a failure. (Before, isEqual of
    two dates was a function of their identities, the violation without a null rested on its
    results, and the item showed only the null policy's root cause.)"""
    java.write("src/Entry.java", BROKEN % ("LocalDate date", "date"))
    found = java.result("Entry", "hashcode-consistent")
    assert java.outcome(found) == "failed", message(found)
    java.lines(message(found)).fnmatch_lines([
        "  Entry x = new Entry(localDate1, \"*\");",
        "  Entry y = new Entry(localDate2, \"*\");",
        "violated: x.equals(y), but their hash codes differ"])


def test_the_same_break_over_a_date_from_a_factory_is_still_a_possible_violation(java):
    """The dates from ``LocalDate.ofEpochDay``, assigned to ``this.date`` (whose declared
    type is the result's): the violation rests on the factory's results (the same number,
    equal dates), so it stays a possible one."""
    java.write("src/Entry.java", BROKEN % ("long days", "LocalDate.ofEpochDay(days)"))
    assert_possible(java, java.result("Entry", "hashcode-consistent"),
                    "LocalDate.ofEpochDay(long)", "  Entry x = new Entry(*L, \"*\");",
                    "violated: x.equals(y), but their hash codes differ")


def test_a_call_into_code_of_the_project_sees_a_date_by_identity(java):
    """An abstract method of an unknown subclass is no JDK code: it may tell two equal
    dates apart (``==``), so the violation stays possible."""
    java.write("src/Slot.java", """\
        import java.time.LocalDate;
        public abstract class Slot {
            private final LocalDate date;
            protected Slot(LocalDate date) { this.date = date; }
            protected abstract int weight(LocalDate date);
            @Override public boolean equals(Object o) {
                return o instanceof Slot s && date.equals(s.date);
            }
            @Override public int hashCode() { return weight(date); }
        }
        """)
    found = java.result("Slot", "hashcode-consistent")
    assert java.outcome(found) == "xfailed", message(found)
    java.lines(message(found)).fnmatch_lines([
        "  // Slot.weight(LocalDate) on x returned *", "  // Slot.weight(LocalDate) on y returned *",
        "violated: x.equals(y), but their hash codes differ"])


MADE_FROM_TEXT = """\
    import %s;
    import java.util.Objects;
    public final class Made {
        private final String text;
        private final %s made;
        public Made(String text) {
            this.text = Objects.requireNonNull(text);
            this.made = %s(text);
        }
        @Override public boolean equals(Object o) {
            return o instanceof Made m && text.equals(m.text);
        }
        @Override public int hashCode() { return Objects.hashCode(made); }
    }
    """


@pytest.mark.parametrize("made, factory, verdict", [
    ("java.time.LocalDate", "LocalDate.parse", Verdict.PASS),
    ("java.time.format.DateTimeFormatter", "DateTimeFormatter.ofPattern",
     Verdict.POSSIBLE_VIOLATION)])
def test_equal_texts_given_to_a_factory_without_code(java, made, factory, verdict):
    """A factory of java.time given two equal texts (two String objects) sees one input.
    ``LocalDate.parse`` makes equal dates, so equal hash codes. ``DateTimeFormatter.ofPattern``
    makes two formatters, whose equals and hashCode are Object's: the results are not taken
    to be equal, and the identity hash beside an equals over the text stays a violation
    (possible: it rests on the factory's results)."""
    java.write("src/Made.java", MADE_FROM_TEXT % (made, made.rpartition(".")[2], factory))
    found = java.result("Made", "hashcode-consistent")
    if verdict is Verdict.PASS:
        assert found.verdict is verdict, message(found)
        assert (f"assumed {factory}(String) is a deterministic function of its receiver and "
                "arguments that may throw DateTimeParseException") in message(found)
    else:
        assert_possible(java, found, f"{factory}(String)")


def test_what_a_value_based_method_returns_is_known_where_the_code_does_not_show_it(java):
    """``date.toEpochDay() * 31 + offset.getTotalSeconds()``: operands of arithmetic,
    whose type the code around them does not show (before: a skip); ``jdk.value_result``
    knows them (long, int), and equal dates and offsets give equal numbers."""
    java.write("src/Moment.java", """\
        import java.time.LocalDate;
        import java.time.ZoneOffset;
        import java.util.Objects;
        public final class Moment {
            private final LocalDate date;
            private final ZoneOffset offset;
            public Moment(LocalDate date, ZoneOffset offset) {
                this.date = Objects.requireNonNull(date);
                this.offset = Objects.requireNonNull(offset);
            }
            @Override public boolean equals(Object o) {
                return o instanceof Moment m && date.equals(m.date) && offset.equals(m.offset);
            }
            @Override public int hashCode() {
                return (int) (date.toEpochDay() * 31 + offset.getTotalSeconds());
            }
        }
        """)
    found = java.result("Moment", "hashcode-consistent")
    assert found.verdict is Verdict.PASS, message(found)
    assert ("assumed LocalDate.toEpochDay(), ZoneOffset.getTotalSeconds() are deterministic "
            "functions of their receiver and arguments that throw no exception") in message(found)


def test_an_immutable_class_s_add_is_a_function_despite_its_name(java):
    """``BigDecimal.add`` is named like a method that changes its receiver
    (``jdk.NOT_FUNCTIONS``: before, the constructor was unsupported and the objects made
    from field values); a BigDecimal never changes, so it is a function of the values."""
    java.write("src/Money.java", """\
        import java.math.BigDecimal;
        import java.util.Objects;
        public final class Money {
            private final BigDecimal amount;
            public Money(BigDecimal units, BigDecimal cents) {
                this.amount = Objects.requireNonNull(units).add(cents.movePointLeft(2));
            }
            @Override public boolean equals(Object o) {
                return o instanceof Money m && amount.equals(m.amount);
            }
            @Override public int hashCode() { return amount.hashCode(); }
        }
        """)
    java.passes_with_constructors("Money", "equals-symmetric", "hashcode-consistent")
    assert "assumed BigDecimal.movePointLeft(int), BigDecimal.add(BigDecimal) are " \
           "deterministic functions" in message(java.result("Money", "hashcode-consistent"))
