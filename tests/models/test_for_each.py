"""``Iterable.forEach`` and ``Map.forEach`` with a lambda or a method reference: a class
whose constructor walks its argument that way gets its objects from that constructor
(its generated cases against the JVM: tests/jvm/collgen.py ``FOR_EACH``)."""
from __future__ import annotations

from pytest_boundcheck.engine.result import Verdict
from pytest_boundcheck.report.text import message

ROSTER = """\
    import java.util.ArrayList;
    import java.util.List;
    public final class Roster {
        private final List<String> names = new ArrayList<>();
        private int letters;
        public Roster(List<String> in) {
            in.forEach(s -> { names.add(s); letters += s.length(); });
        }
        @Override public boolean equals(Object o) {
            return o instanceof Roster r && names.size() == r.names.size();
        }
        @Override public int hashCode() { return %s; }
    }
    """


def test_a_constructor_walking_a_list_with_for_each_makes_the_objects(java):
    java.write("src/Roster.java", ROSTER % "letters")
    found = java.result("Roster", "hashcode-consistent")
    assert found.verdict is Verdict.VIOLATION
    text = message(found)
    assert "new Roster(" in text and "any field values" not in text
    java.lines(found).fnmatch_lines(["*x.equals(y)*-> true*", "*x.hashCode()*", "*y.hashCode()*"])


def test_a_for_each_that_keeps_the_contract_passes_without_objects_from_field_values(java):
    java.write("src/Roster.java", ROSTER % "names.size()")
    java.passes_with_constructors("Roster", "hashcode-consistent", "equals-symmetric")


def test_map_for_each_with_a_method_reference_fills_another_collection(java):
    java.write("src/Index.java", """\
        import java.util.LinkedHashMap;
        import java.util.Map;
        public final class Index {
            private final Map<String, String> entries = new LinkedHashMap<>();
            public Index(String key, String value) {
                Map<String, String> given = new LinkedHashMap<>();
                given.put(key, value);
                given.forEach(entries::put);
            }
            @Override public boolean equals(Object o) {
                return o instanceof Index i && entries.keySet().equals(i.entries.keySet());
            }
            @Override public int hashCode() { return entries.hashCode(); }
        }
        """)
    found = java.result("Index", "hashcode-consistent")
    assert found.verdict is Verdict.VIOLATION  # equal keys, different values
    assert "new Index(" in message(found) and "any field values" not in message(found)


def test_a_null_action_throws_even_on_an_empty_list(java):
    java.write("src/Quiet.java", """\
        import java.util.ArrayList;
        import java.util.List;
        import java.util.function.Consumer;
        public final class Quiet {
            private final List<String> names = new ArrayList<>();
            private final Consumer<String> action;
            public Quiet(Consumer<String> action) { this.action = action; }
            @Override public boolean equals(Object o) { names.forEach(action); return o == this; }
            @Override public int hashCode() { return 0; }
        }
        """)
    found = java.result("Quiet", "equals-reflexive")
    assert java.outcome(found) in ("failed", "xfailed")
    java.lines(found).fnmatch_lines(["*NullPointerException*Quiet.java:8*"])


def test_an_action_that_changes_the_list_it_walks_is_a_skip_naming_it(java):
    java.write("src/Echo.java", """\
        import java.util.ArrayList;
        import java.util.List;
        public final class Echo {
            private final List<String> names = new ArrayList<>();
            public Echo(String name) { names.add(name); }
            @Override public boolean equals(Object o) {
                names.forEach((String s) -> names.add(s));
                return o == this;
            }
            @Override public int hashCode() { return 0; }
        }
        """)
    found = java.result("Echo", "equals-reflexive")
    assert found.status == "skipped"
    assert "a forEach action that changes the ArrayList it walks at Echo.java:7" in message(found)


def test_for_each_through_an_iterable_reference_walks_the_collection(java):
    java.write("src/Pool.java", """\
        import java.util.HashSet;
        import java.util.Set;
        public final class Pool {
            private final Set<String> names = new HashSet<>();
            public Pool(java.util.List<String> given) {
                Iterable<String> all = given;
                all.forEach(names::add);
            }
            @Override public boolean equals(Object o) { return o instanceof Pool p && names.equals(p.names); }
            @Override public int hashCode() { return names.size(); }
        }
        """)
    java.passes_with_constructors("Pool", "hashcode-consistent")
