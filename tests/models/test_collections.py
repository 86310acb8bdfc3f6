"""Classes with java.util collections (sample_projects/collections): the counterexamples
as Java, the length bound, and skips for what is not modelled (their replay on the JVM:
tests/plugin/test_replay.py)."""
from __future__ import annotations

import pytest
from java_sources import SHADOW  # tests/ is on sys.path (its conftest.py)

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.result import Verdict
from pytest_boundcheck.report.text import message


def test_equal_sets_iterated_in_two_orders_are_written_as_linked_hash_sets(java):
    found = java.sample("collections").result("Palette", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  Set set1 = new LinkedHashSet<>(Arrays.asList(*, *));",
        "  Palette x = new Palette(set1);",
        "  Set set2 = new LinkedHashSet<>(Arrays.asList(*, *));",
        "  Palette y = new Palette(set2);",
        "bounds: *, collections up to 3 elements*",
    ])


def test_get_on_an_empty_list_throws_what_the_list_class_throws(java):
    found = java.sample("collections").result("FirstTag", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  List list1 = Arrays.asList();",
        "  x.hashCode()  -> throws ArrayIndexOutOfBoundsException  (FirstTag.java:21)",
    ])


def test_iterating_a_hash_map_made_by_the_code_is_a_skip_naming_it(java):
    found = java.sample("collections").result("Registry", "hashcode-consistent")
    assert found.status == "skipped"
    java.lines(found).fnmatch_lines(["*unsupported: the iteration order of a HashMap.KeySet*"
                                     "at Registry.java:25*"])


def test_the_length_bound_is_the_one_bound_for_arrays_and_collections(java):
    java.write("src/Pair.java", """\
        import java.util.List;
        public final class Pair {
            private final List<String> items;
            private final int[] marks;
            public Pair(List<String> items, int[] marks) {
                this.items = java.util.Objects.requireNonNull(items);
                this.marks = marks;
            }
            @Override public boolean equals(Object o) {
                return o instanceof Pair p && items.equals(p.items);
            }
            @Override public int hashCode() { return items.size() == 2 || marks.length > 1 ? 1 : 0; }
        }
        """)
    found = java.result("Pair", "hashcode-consistent", Bounds(max_length=1))
    assert java.outcome(found) == "failed"  # marks may be null; no list or array has 2 elements
    java.lines(found).fnmatch_lines(["*NullPointerException*",
                                     "bounds: *, arrays and collections up to 1 element,*"])


def test_a_collection_method_not_modelled_is_a_skip_naming_it(java):
    java.write("src/Sorted.java", """\
        import java.util.List;
        public final class Sorted {
            private final List<String> items;
            public Sorted(List<String> items) { this.items = items; }
            @Override public boolean equals(Object o) {
                return o instanceof Sorted s && items.subList(0, 1).equals(s.items);
            }
            @Override public int hashCode() { return 0; }
        }
        """)
    found = java.result("Sorted", "equals-symmetric")
    assert found.status == "skipped"
    assert "call to List.subList(int, int) (no model of this method) at Sorted.java:6" \
        in message(found)


def test_a_tree_map_ordered_by_a_comparator_is_not_modelled_and_says_so(java):
    java.write("src/Tally.java", """\
        import java.util.Comparator;
        import java.util.TreeMap;
        public final class Tally {
            private final TreeMap<String, Long> counts;
            public Tally(Comparator<String> order) { counts = new TreeMap<>(order); }
            @Override public boolean equals(Object o) { return o instanceof Tally t && counts.equals(t.counts); }
            @Override public int hashCode() { return counts.hashCode(); }
        }
        """)
    found = java.result("Tally", "equals-symmetric")
    # its objects are made from field values: counts null
    assert java.outcome(found) == "xfailed" and found.verdict is Verdict.POSSIBLE_VIOLATION
    java.lines(found.unconfirmed).fnmatch_lines([
        "*Tally objects were made with any field values (no constructor or factory completes: "
        "*a TreeMap ordered by a Comparator at Tally.java:5)*"])


def test_a_project_class_in_a_list_runs_its_own_equals(java):
    java.write("src/Team.java", """\
        import java.util.ArrayList;
        import java.util.List;
        public final class Team {
            private final List<Player> players = new ArrayList<>();
            public Team(Player captain) { players.add(captain); }
            @Override public boolean equals(Object o) {
                return o instanceof Team t && players.equals(t.players);
            }
            @Override public int hashCode() { return players.hashCode(); }
        }
        """)
    java.write("src/Player.java", """\
        public final class Player {
            private final int number;
            public Player(int number) { this.number = number; }
            @Override public boolean equals(Object o) {
                return o instanceof Player p && number / 2 == p.number / 2;
            }
            @Override public int hashCode() { return number; }
        }
        """)
    found = java.result("Team", "hashcode-consistent")
    # Player's own equals and hashCode disagree, so the violation is Player's (blame)
    assert java.outcome(found) == "xfailed"
    java.lines(found).fnmatch_lines(["  Team x = new Team(player1);", "  Team y = new Team(player2);",
                                     "  x.equals(y)   -> true  (Team.java:7)",
                                     "*same cause as the items of Player*"])


def test_a_collection_of_unknown_contents_is_a_skip_naming_the_call(java):
    java.write("src/Loose.java", """\
        import java.util.Collection;
        public final class Loose {
            private final Collection<String> all;
            public Loose(Collection<String> all) { this.all = java.util.Objects.requireNonNull(all); }
            @Override public boolean equals(Object o) { return o instanceof Loose; }
            @Override public int hashCode() { return all.size(); }
        }
        """)
    found = java.result("Loose", "hashcode-consistent")
    assert found.status == "skipped"
    assert "unsupported: Collection.size (no model of its contents) at Loose.java:6" \
        in message(found)


def test_a_view_of_a_project_collection_class_is_a_skip_naming_both(java):
    java.write("src/Wrapped.java", """\
        import java.util.*;
        public final class Wrapped {
            static final class Bag extends AbstractSet<String> {
                public Iterator<String> iterator() { return Collections.emptyIterator(); }
                public int size() { return 0; }
            }
            private final int id;
            public Wrapped(int id) { this.id = id; }
            @Override public boolean equals(Object o) { return o instanceof Wrapped w && w.id == id; }
            @Override public int hashCode() { return Collections.unmodifiableSet(new Bag()).size() + id; }
        }
        """)
    found = java.result("Wrapped", "hashcode-consistent")
    assert found.status == "skipped"
    assert "unsupported: Wrapped.Bag in a Collections.UnmodifiableSet (no model of its " \
           "contents) at Wrapped.java:10" in message(found)


MASKED = """\
    import java.util.*;
    public final class Masked extends AbstractSet<Object> {
        private final Set<Object> items;
        private final boolean masking;
        public Masked(Set<Object> items, boolean masking) {
            this.items = Objects.requireNonNull(items);
            this.masking = masking;
        }
        @Override public int size() { return items.size(); }
        @Override public Iterator<Object> iterator() {
            Iterator<Object> it = items.iterator();
            return new Iterator<Object>() {
                public boolean hasNext() { return it.hasNext(); }
                public Object next() {
                    Object next = it.next();
                    return masking ? null : next;
                }
            };
        }
        @Override public boolean equals(Object o) { return o == this || items.equals(o); }
        @Override public int hashCode() { return items.hashCode(); }
    }
    """


@pytest.mark.parametrize("name, source, lines, honest", [
    # HashSet.equals(masked) is AbstractSet's: the same size, then every element the other
    # set's own iterator yields is contained; an iterator yielding null breaks symmetry
    ("Masked", MASKED, ["  Set set1 = new LinkedHashSet<>(Arrays.asList(\"\"));",
                        "  Masked x = new Masked(set1, false);",
                        "  Masked y = new Masked(set2, true);",
                        "  x.equals(y)  -> false  (Masked.java:20)",
                        "  y.equals(x)  -> true   (Masked.java:20)"],
     ("return masking ? null : next;", "return next;")),
    # LinkedHashMap.equals(shadow) is AbstractMap's: the same size, then every entry of this
    # map looked up with the other map's own get (and containsKey for a null value); a
    # blind get breaks symmetry
    ("Shadow", SHADOW, ["  Shadow x = new Shadow(map1, false);",
                        "  Shadow y = new Shadow(map2, true);",
                        "  x.equals(y)  -> false  (Shadow.java:13)",
                        "  y.equals(x)  -> true   (Shadow.java:13)"],
     ("blind ? null : normal.get(key)", "normal.get(key)")),
])
def test_a_collection_compared_with_a_project_one_runs_that_ones_own_code(java, name, source,
                                                                          lines, honest):
    """A modelled set's or map's equals with a project set or map runs the JDK's equals as
    Java, calling the other one's own methods. A possible violation where they break it:
    the JDK superclass's own state, without its code, is any; honest code passes."""
    found = java.write(f"src/{name}.java", source).result(name, "equals-symmetric")
    assert java.outcome(found) == "xfailed" and found.verdict is Verdict.POSSIBLE_VIOLATION
    java.lines(found).fnmatch_lines(lines)
    java.write(f"src/{name}.java", source.replace(*honest))
    assert java.result(name, "equals-symmetric").status == "passed"
