"""Which counterexample a possible violation shows where several exist: one whose objects
the program's code makes before one with objects made from field values, and objects made
from field values with their fields set before ones with null fields, which constructors
seldom allow."""
from __future__ import annotations

from pytest_boundcheck.report.text import message

READING = """
    import java.util.Objects;

    public final class Reading {
        private final String unit;
        private final int value;

        public Reading(String unit, int value) {
            this.unit = Objects.requireNonNull(unit).intern();
            this.value = value;
        }

        @Override public boolean equals(Object o) {
            return o instanceof Reading && ((Reading) o).value <= value
                && ((Reading) o).unit.equals(unit);
        }

        @Override public int hashCode() { return 0; }
    }
    """


def test_objects_made_from_field_values_show_the_violation_without_a_null_field(java):
    """Reading's constructor calls String.intern(), which is not modelled, so its objects
    are made from field values; a null unit would show a NullPointerException, the
    real violation is two readings of one unit and different values."""
    java.write("Reading.java", READING)
    symmetric = java.check({"Reading"}, {"equals-symmetric"})[("Reading", "equals-symmetric")]
    assert symmetric.status == "failed"
    assert "Reading objects were made with any field values" in symmetric.unconfirmed
    text = message(symmetric)
    assert "violated: x.equals(y) and y.equals(x) differ" in text
    assert "NullPointerException" not in text and '"unit", null' not in text
