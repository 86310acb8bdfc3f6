"""Objects of classes without source: taken to obey their contracts, and said so."""
from __future__ import annotations

from test_plugin import expected_outcomes, outcomes

LIBRARY = {
    "Booking": ("passed",) * 9,
    "Price": ("passed",) * 4 + ("failed",),
    "Stay": ("failed",) * 3 + ("passed",) + ("failed",) * 4 + ("xfailed",),
}


def test_library_sample_gives_the_documented_outcome_for_every_item(pytester):
    pytester.copy_example("library")
    reprec = pytester.inline_run("--boundcheck", "bookings")
    assert outcomes(reprec) == expected_outcomes("bookings", LIBRARY)


def test_counterexample_names_what_it_assumed_of_a_class_without_source(pytester):
    pytester.copy_example("library")
    result = pytester.runpytest("--boundcheck", "bookings", "-k", "Price and hashcode")
    result.stdout.fnmatch_lines([
        ("  BigDecimal bigDecimal1 = null; // stands for a BigDecimal the engine has no source "
         "for, with bigDecimal1.hashCode() == *"),
        "  Price x = new Price(bigDecimal1);",
        ("  BigDecimal bigDecimal2 = null; // stands for a BigDecimal the engine has no source "
         "for, with !bigDecimal2.equals(bigDecimal1), bigDecimal2.compareTo(bigDecimal1) == 0, "
         "bigDecimal2.hashCode() == *"),
        "  x.equals(y)   -> true  (Price.java:17)",
        ("bounds: *; assumed java.math.BigDecimal obeys the contracts of equals, hashCode and "
         "compareTo; * s"),
    ])


def test_a_pass_lists_the_classes_it_assumed_obey_their_contracts(pytester):
    pytester.copy_example("library")
    result = pytester.runpytest("--boundcheck", "bookings", "-v", "-k", "Booking and transitive")
    result.stdout.fnmatch_lines([("*assumed java.time.LocalDate obeys the contracts of equals, "
                                  "hashCode and compareTo*")])
