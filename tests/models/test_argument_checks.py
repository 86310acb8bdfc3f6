"""Argument checks of the libraries real code uses, run from their Java models
(``models/libraries``: commons-lang3's ``Validate``, Guava's ``Preconditions``) and the
JDK's ``Objects`` checks: a constructor that validates its arguments makes the objects,
and what it rejects is never an object a check starts from (their cases against the
libraries on the JVM: tests/jvm/checkgen.py)."""
from __future__ import annotations

from pytest_boundcheck.engine.result import Verdict
from pytest_boundcheck.report.text import message

SCORE = """\
    public final class Score implements Comparable<Score> {
        private final int points;
        public Score(int points) { %s; this.points = points; }
        @Override public boolean equals(Object o) { return o instanceof Score s && points == s.points; }
        @Override public int hashCode() { return points; }
        @Override public int compareTo(Score o) { return points - o.points; }
    }
    """


def test_a_range_validated_by_commons_lang_keeps_a_subtraction_compare_to_from_overflowing(java):
    java.write("src/Score.java", SCORE % "org.apache.commons.lang3.Validate.inclusiveBetween(0, 1000, points)")
    java.passes_with_constructors("Score", "compareto-antisymmetric")


def test_a_bound_guava_checks_on_one_side_only_leaves_the_overflow(java):
    java.write("src/Score.java", SCORE % "com.google.common.base.Preconditions.checkArgument(points >= -5, "
                                         "\"negative: %s\", points)")
    found = java.result("Score", "compareto-antisymmetric")
    assert found.verdict is Verdict.VIOLATION
    java.lines(found).fnmatch_lines(["*Score x = new Score(*", "*Score y = new Score(*"])
    assert "any field values" not in message(found)


def test_names_checked_not_blank_and_not_null_never_make_a_null_field(java):
    java.write("src/Label.java", """\
        import com.google.common.base.Preconditions;
        import org.apache.commons.lang3.Validate;
        public final class Label {
            private final String text;
            private final String lang;
            public Label(String text, String lang) {
                this.text = Validate.notBlank(text, "text");
                this.lang = Preconditions.checkNotNull(lang);
            }
            @Override public boolean equals(Object o) {
                return o instanceof Label l && text.equals(l.text) && lang.equals(l.lang);
            }
            @Override public int hashCode() { return text.hashCode() * 31 + lang.hashCode(); }
        }
        """)
    java.passes_with_constructors("Label", "equals-symmetric", "hashcode-consistent")


def test_a_supplier_of_the_message_runs_only_for_null(java):
    java.write("src/Tag.java", """\
        import java.util.Objects;
        public final class Tag {
            private final String name;
            public Tag(String name) { this.name = Objects.requireNonNull(name, () -> "name of " + this); }
            @Override public boolean equals(Object o) { return o instanceof Tag t && name.equals(t.name); }
            @Override public int hashCode() { return name.hashCode(); }
        }
        """)
    java.passes_with_constructors("Tag", "equals-symmetric")
