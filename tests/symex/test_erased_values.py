"""Values whose type javac knows and the engine, erasing generics, does not: a double in a
string concatenation (its digits are not modelled) and an element of a ``List<double[]>``
made from field values, used as an array (javac's cast to the array type first). Each
ends its path as Java or the engine's limits say, never an internal error."""
from __future__ import annotations

from pytest_boundcheck.report.text import message


def test_a_double_in_a_concatenation_is_not_modelled_and_says_so(java):
    java.write("src/Size.java", """\
        public class Size {
            private final String label;
            public Size(double d) { this.label = "size " + d; }
            @Override public boolean equals(Object o) { return o instanceof Size s && s.label.equals(label); }
            @Override public int hashCode() { return label.hashCode(); }
        }
        """)
    found = java.result("Size", "equals-symmetric")
    assert java.outcome(found) == "xfailed", message(found)  # made from field values, said
    assert "the text of a double in a string concatenation" in message(found)


def test_an_erased_element_used_as_an_array_throws_class_cast_where_it_is_none(java):
    java.write("src/Grid.java", """\
        import java.util.ArrayList;
        import java.util.List;
        public class Grid {
            private final List<double[]> rows = new ArrayList<>();
            private final String tag;
            public Grid(double d) { tag = "t" + d; }
            @Override public boolean equals(Object o) {
                if (!(o instanceof Grid g) || rows.size() != g.rows.size()) return false;
                for (int i = 0; i < rows.size(); i++) {
                    double[] a = rows.get(i);
                    if (a.length != g.rows.get(i).length) return false;
                }
                return true;
            }
            @Override public int hashCode() { return rows.size(); }
        }
        """)
    found = java.result("Grid", "equals-reflexive")
    assert java.outcome(found) == "xfailed", message(found)
    java.lines(message(found)).fnmatch_lines(["*ClassCastException escaped*Grid.java:10*"])
