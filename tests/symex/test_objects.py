"""The engine without pytest: small Java classes checked end to end through ``Project``."""
from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.engine.wiring import executor, program_of
from pytest_boundcheck.frontend.parse import JavaSyntaxError, parse_source
from pytest_boundcheck.frontend.types import INT
from pytest_boundcheck.report.text import message
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.objects import ObjectMaker
from pytest_boundcheck.symex.state import Frame, State
from pytest_boundcheck.symex.values import ID_BITS, Prim, Ref


def check_all(tmp_path: Path, source: str, bounds: Bounds = Bounds()) -> dict[str, tuple[str, str]]:
    """contract id of the first class -> (status, message)."""
    (tmp_path / "Subject.java").write_text(textwrap.dedent(source))
    project = Project([tmp_path])
    cls = project.program.project[0]
    return {c.id: (o.status, message(o)) for c in project.contracts_for(cls)
            for o in [project.check(cls, c, bounds)]}


def statuses(results: dict[str, tuple[str, str]]) -> dict[str, str]:
    return {k: v[0] for k, v in results.items()}


EQUALS_PASS = {"equals-reflexive": "passed", "equals-symmetric": "passed",
               "equals-transitive": "passed", "equals-null": "passed",
               "hashcode-consistent": "passed"}


def test_constructor_chains_initialisers_and_new_in_equals(tmp_path):
    results = check_all(tmp_path, """
        public final class Subject {
            private final int lo;
            private final int hi;
            private final int scale = 3;
            private int offset = 2;
            { offset += 1; }
            public Subject(int a, int b) { this.lo = Math.min(a, b); this.hi = Math.max(a, b); }
            public Subject(int a) { this(a, a); offset *= 2; }
            private Subject normal() { return new Subject(lo * scale / scale, hi); }
            @Override public boolean equals(Object o) {
                if (!(o instanceof Subject other)) return false;
                Subject a = normal(), b = other.normal();
                return a.lo == b.lo && a.hi == b.hi && new Subject(3).offset == 6;
            }
            @Override public int hashCode() { return 31 * normal().lo + normal().hi; }
        }
        """)
    assert statuses(results) == EQUALS_PASS


def test_try_catch_labeled_loops_and_constants(tmp_path):
    results = check_all(tmp_path, """
        public final class Subject {
            static final int BASE = Integer.MAX_VALUE / 3;
            private final int n;
            public Subject(int n) { this.n = n; }
            private static int digits(int v) {
                int count = 0;
                outer:
                for (int i = 0; i < 12; i++) {
                    if (v == 0) break outer;
                    v /= 10;
                    count++;
                    if (count > 20) continue;
                }
                return count;
            }
            @Override public boolean equals(Object o) {
                try {
                    Subject s = (Subject) o;
                    return s.n == n;
                } catch (ClassCastException | NullPointerException e) {
                    return false;
                }
            }
            @Override public int hashCode() { return BASE ^ digits(n); }
        }
        """)
    assert statuses(results) == EQUALS_PASS


def test_overloading_equals_does_not_override_it(tmp_path):
    (tmp_path / "Subject.java").write_text(textwrap.dedent("""
        public final class Subject {
            int v;
            public boolean equals(Subject s) { return s.v == v; }
        }
        """))
    project = Project([tmp_path])
    assert project.contracts_for(project.program.project[0]) == []


def test_a_method_reference_argument_selects_among_overloads_by_the_other_arguments(tmp_path):
    """``asMap(keys, this::twice)``: a method reference may implement any interface, so the
    overload is chosen by ``keys``, a Set and not a SortedSet; the wrong one would make
    ``m`` null and the hash ``id``, which equals ignores: a violation."""
    results = check_all(tmp_path, """
        import java.util.*;
        public final class Subject {
            interface Fn<F, T> { T apply(F input); }
            static <K, V> Map<K, V> asMap(Set<K> set, Fn<? super K, V> f) { return new HashMap<>(); }
            static <K, V> Map<K, V> asMap(SortedSet<K> set, Fn<? super K, V> f) { return null; }
            private final int id;
            public Subject(int id) { this.id = id; }
            int twice(Integer k) { return 2 * k; }
            @Override public boolean equals(Object o) { return o instanceof Subject; }
            @Override public int hashCode() {
                Map<Integer, Integer> m = asMap(new HashSet<Integer>(), this::twice);
                return m == null ? id : 0;
            }
        }
        """)
    assert statuses(results) == EQUALS_PASS


def test_division_by_zero_in_hash_code_is_a_violation(tmp_path):
    results = check_all(tmp_path, """
        public final class Subject {
            private final int a, b;
            public Subject(int a, int b) { this.a = a; this.b = b; }
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && s.a == a && s.b == b;
            }
            @Override public int hashCode() { return a / b; }
        }
        """)
    status, message = results["hashcode-consistent"]
    assert status == "failed"
    assert "throws ArithmeticException" in message
    assert "  Subject x = new Subject(0, 0);" in message.splitlines()


def test_a_loop_longer_than_the_bound_is_cut_not_passed_silently(tmp_path):
    results = check_all(tmp_path, """
        public final class Subject {
            private final int n;
            public Subject(int n) { this.n = n; }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.n == n; }
            @Override public int hashCode() {
                int h = 0;
                while (h < n) { h++; }
                return h;
            }
        }
        """, Bounds(unroll=3))
    status, message = results["hashcode-consistent"]
    assert status == "passed"
    assert "bounded at loop needs more than 3 unrolls at Subject.java:8" in message


def test_a_pass_names_every_bound_some_path_reaches(tmp_path):
    """Each object takes one of the loops, so no single execution reaches both bounds."""
    results = check_all(tmp_path, """
        public final class Subject {
            private final boolean up;
            private final int n;
            public Subject(boolean up, int n) { this.up = up; this.n = n; }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.up == up && s.n == n; }
            @Override public int hashCode() {
                int h = 0;
                if (up) {
                    while (h < n) { h++; }
                } else {
                    while (h > n) { h--; }
                }
                return h;
            }
        }
        """, Bounds(unroll=3))
    status, message = results["hashcode-consistent"]
    assert status == "passed"
    assert "bounded at loop needs more than 3 unrolls at Subject.java:10, Subject.java:12" in message


def test_record_with_its_own_equals_is_checked_through_its_components(tmp_path):
    results = check_all(tmp_path, """
        public record Subject(int id, int version) {
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && s.id == id;
            }
            @Override public int hashCode() { return id * 31 + version; }
        }
        """)
    assert results["hashcode-consistent"][0] == "failed"
    assert results["equals-symmetric"][0] == "passed"


def test_the_first_syntax_error_is_reported_with_its_line():
    with pytest.raises(JavaSyntaxError) as caught:
        parse_source("class A {\n  int f() {\n    return 1 +;\n  }\n}\n", "A.java")
    assert caught.value.line == 3


def test_modern_java_parses(tmp_path):
    unit = parse_source(textwrap.dedent("""
        sealed interface Shape permits Circle {}
        record Circle(int r) implements Shape {}
        final class Use {
            int f(Object o) {
                if (o instanceof Circle c && c.r() > 0) return 1;
                return switch (o.hashCode()) { case 1 -> 2; default -> 3; };
            }
        }
        """))
    assert [t.name for t in unit.types] == ["Shape", "Circle", "Use"]


CACHED_HASH = """
        public final class Subject {
            private final int v;
            private int hash;
            private boolean computed;
            public Subject(int v) { this.v = v; }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.v == v; }
            @Override public int hashCode() {
                if (!computed) { hash = v * 7; computed = true; }
                return hash;
            }
        }
        """


def test_a_cache_written_before_it_is_read_merges_with_any_initial_value(tmp_path):
    """Fields that a method besides hashCode writes are no lazy cache: made the fields way,
    they hold any value (a pure cache starts at its default: tests/test_control_engine.py)."""
    resettable = CACHED_HASH.replace("this.v = v; }", "this.v = v; }\n"
                                     "            public void reset() { computed = false; }")
    results = check_all(tmp_path, resettable, Bounds(objects_mode="fields"))
    status, message = results["hashcode-consistent"]
    assert status == "failed"  # any field values: a computed cache need not match v
    assert re.search(r'set\([xy], Subject.class, "computed", true\);', message)


def test_objects_made_by_constructors_keep_their_caches_consistent(tmp_path):
    results = check_all(tmp_path, CACHED_HASH)
    assert statuses(results) == EQUALS_PASS


def test_a_library_object_of_unknown_class_is_not_assumed_to_fail_a_cast(tmp_path):
    results = check_all(tmp_path, """
        import java.util.Collection;
        import java.util.Set;
        public final class Subject {
            private final Collection<String> items;
            public Subject(Collection<String> items) { this.items = items; }
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && ((Set<String>) items) == s.items;
            }
            @Override public int hashCode() { return 1; }
        }
        """)
    status, message = results["equals-reflexive"]
    assert status == "skipped"
    assert "whether a Collection is a Set" in message


def test_a_field_of_an_interface_no_project_class_implements_holds_an_unknown_object(tmp_path):
    """Declared never null, it still holds some object: one of a class the project lacks
    (guava's inner classes of abstract classes with no concrete subclass, ``this$0``)."""
    results = check_all(tmp_path, """
        public final class Subject {
            interface Shape { int area(); }
            private final @NonNull Shape shape;
            private final int id;
            private Subject(Shape shape, int id) { this.shape = shape; this.id = id; }
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && s.shape == shape && s.id == id;
            }
            @Override public int hashCode() { return System.identityHashCode(shape) + id; }
        }
        """)
    assert statuses(results) == EQUALS_PASS


def test_an_abstract_method_of_that_unknown_object_is_unsupported(tmp_path):
    results = check_all(tmp_path, """
        public final class Subject {
            interface Shape { int area(); }
            private final @NonNull Shape shape;
            private Subject(Shape shape) { this.shape = shape; }
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && s.shape.area() == shape.area();
            }
            @Override public int hashCode() { return 7; }
        }
        """)
    status, message = results["equals-reflexive"]
    assert status == "skipped"
    assert "unsupported: Subject.Shape.area (no model of this method) at Subject.java:7" in message


def test_a_class_no_constructor_can_make_is_made_from_field_values_saying_why(tmp_path):
    results = check_all(tmp_path, """
        public final class Subject {
            private final int id;
            private final String home;
            public Subject(int id, long weight) { this.id = id; this.home = System.getProperty("home"); }
            public Subject(int id) { this(id, Thread.activeCount()); }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.id == id; }
            @Override public int hashCode() { return id; }
        }
        """)
    status, message = results["hashcode-consistent"]
    assert status == "passed"
    assert ("Subject: any field values (no constructor or factory completes: objects that "
            "Subject.<init>(int, long) would make are left out (call to System.getProperty(String) "
            "(no model of this method, and the code does not show what it returns) at "
            "Subject.java:5) (and 1 more))") in message


def test_class_names_and_their_text_in_a_concatenation_are_exact(tmp_path):
    """``getClass() + ""`` is "class " and the binary name (a nested class after a '$'),
    as in exception messages of compareTo methods; getName() is the name alone."""
    results = check_all(tmp_path, """
        public final class Subject {
            static final class Inner { }
            private final int v;
            public Subject(int v) { this.v = v; }
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && s.v == v && (getClass() + "").equals("class Subject")
                    && ("" + new Inner().getClass()).equals("class Subject$Inner")
                    && Inner.class.getName().equals("Subject$Inner");
            }
            @Override public int hashCode() { return v; }
        }
        """)
    assert statuses(results) == EQUALS_PASS


def test_statically_imported_methods_and_constants_are_the_library_ones(tmp_path):
    results = check_all(tmp_path, """
        import static java.util.Objects.requireNonNull;
        import static java.lang.Math.*;

        public final class Subject {
            private final String name;
            private final int size;
            public Subject(String name, int size) {
                this.name = requireNonNull(name, "name");
                this.size = max(size, 0);
            }
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && s.name.equals(name) && s.size == size;
            }
            @Override public int hashCode() { return abs(name.hashCode()) + (int) PI * floorMod(size, 7); }
        }
        """)
    assert statuses(results) == EQUALS_PASS
    assert all("any field values" not in message and "left out" not in message
               for _, message in results.values())


def test_is_assignable_from_follows_the_class_table(tmp_path):
    results = check_all(tmp_path, """
        public class Subject {
            static final class Child extends Subject { Child(int v) { super(v); } }
            private final int v;
            public Subject(int v) { this.v = v; }
            @Override public boolean equals(Object o) {
                return o != null && Subject.class.isAssignableFrom(o.getClass())
                    && !Child.class.isAssignableFrom(Subject.class) && ((Subject) o).v == v;
            }
            @Override public int hashCode() { return v; }
        }
        """)
    assert statuses(results) == EQUALS_PASS


def test_a_lazily_filled_static_cache_starts_empty_and_says_so(tmp_path):
    results = check_all(tmp_path, """
        public final class Subject {
            private static Subject zero;
            private static int made = 0;
            private final int v;
            private Subject(int v) { this.v = v; made++; }
            public static Subject of(int v) {
                if (v != 0) return new Subject(v);
                if (zero == null) zero = new Subject(0);
                return zero;
            }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.v == v; }
            @Override public int hashCode() { return v == 0 ? zero.v : v; }
        }
        """)
    assert statuses(results) == EQUALS_PASS
    assert "assumed the static fields Subject.made, Subject.zero start as class initialisation " \
           "sets them" in results["hashcode-consistent"][1]


def test_a_static_final_object_is_made_once_as_class_initialisation_makes_it(tmp_path):
    results = check_all(tmp_path, """
        public final class Subject {
            static final class Unit {
                final String name;
                Unit(String name) { this.name = name; }
            }
            static final Unit DAYS = new Unit("days");
            private final Unit unit;
            private final int n;
            public Subject(int n) { this.unit = DAYS; this.n = n; }
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && s.unit == DAYS && s.n == n && unit.name.equals("days");
            }
            @Override public int hashCode() { return unit.name.hashCode() + n; }
        }
        """)
    assert statuses(results) == EQUALS_PASS


def test_an_empty_array_made_in_class_initialisation_is_within_the_bounds(tmp_path):
    """``new Object[0]``'s length is a constant within the bound: no path is cut, so class
    initialisation, which must complete on its one path, makes it."""
    results = check_all(tmp_path, """
        public final class Subject {
            static final Subject EMPTY = new Subject(new Object[0], 0);
            private final Object[] items;
            private final int size;
            Subject(Object[] items, int size) { this.items = items; this.size = size; }
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && s.size == size && (this == EMPTY) == (s == EMPTY);
            }
            @Override public int hashCode() { return size; }
        }
        """)
    assert statuses(results) == EQUALS_PASS


def test_a_class_no_execution_can_make_is_skipped_not_passed(tmp_path):
    """Every constructor path throws, though exploring cannot tell (``v ^ v`` is zero for
    every ``v``): no object exists, so nothing is checked, and the result says so."""
    results = check_all(tmp_path, """
        public final class Subject {
            private final int v;
            public Subject(int v) {
                if ((v ^ v) == 0) throw new IllegalArgumentException("never made");
                this.v = v;
            }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.v == v; }
            @Override public int hashCode() { return v; }
        }
        """)
    assert {status for status, _ in results.values()} == {"skipped"}
    assert all(m.startswith("nothing was checked: every way of making the check's objects is "
                            "ruled out") for _, m in results.values())


def test_a_factory_that_returns_null_makes_no_object(tmp_path):
    results = check_all(tmp_path, """
        public final class Subject {
            private final int v;
            private Subject(int v) { this.v = v; }
            public static Subject parse(String text) {
                if (text == null || text.isEmpty()) return null;
                return new Subject(text.length());
            }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.v == v; }
            @Override public int hashCode() { return v; }
        }
        """)
    assert statuses(results) == EQUALS_PASS


def test_the_builders_of_one_object_share_their_inputs(tmp_path, monkeypatch):
    """Only one of an object's builders runs, so they take one input for the same kind
    of argument: ``name`` is then one String whichever builder made the object, not a
    choice among three that the solver would have to split."""
    makers = []
    made = ObjectMaker.made
    monkeypatch.setattr(ObjectMaker, "made", lambda self: makers.append(self) or made(self))
    results = check_all(tmp_path, """
        public final class Subject {
            private final String name;
            private final int weight;
            public Subject(String name) { this(name, 1); }
            public Subject(String name, int weight) { this.name = name; this.weight = weight; }
            public static Subject of(String name) { return new Subject(name, 0); }
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && java.util.Objects.equals(s.name, name)
                    && s.weight == weight;
            }
            @Override public int hashCode() { return java.util.Objects.hashCode(name) + weight; }
        }
        """)
    assert results["hashcode-consistent"][0] == "passed"
    recipes = [r for obj, r in makers[-1].recipes.items() if obj.cls.simple_name == "Subject"]
    assert len(recipes) == 6  # x and y, by each of the three builders
    assert len({id(r.built_by.args[0]) for r in recipes}) == 2
    weights = {id(r.built_by.args[1]) for r in recipes if len(r.built_by.args) == 2}
    assert len(weights) == 2


def test_what_a_constructor_throws_is_not_made(tmp_path):
    """A path that throws while building an object builds none, so the exception is never
    read: its message, here with a construct the engine does not model, is not built, and
    bounds nothing."""
    results = check_all(tmp_path, """
        public final class Subject {
            private final int v;
            public Subject(int v) {
                if (v < 0) throw new IllegalStateException("negative: " + new Object() { }.hashCode());
                this.v = v;
            }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.v == v; }
            @Override public int hashCode() { return v; }
        }
        """)
    status, message = results["hashcode-consistent"]
    assert status == "passed"
    assert "bounded" not in message


def test_comments_between_any_two_tokens_are_ignored(tmp_path):
    results = check_all(tmp_path, """
        public final class Subject {
            private final String s;
            public Subject(String s) { this.s = s; }
            @Override public boolean equals(Object o) {
                if (!(o instanceof Subject)) return /* not ours */ false;
                String other = ((Subject) o).s;
                if (s == null /* && other != null */) { return other == null; }
                if (
                /* s != null && */ other == null) { return false; }
                return s.equals(/* the other */ other);
            }
            @Override public int hashCode() { return s == null ? 0 : s.hashCode(); }
        }
        """)
    assert statuses(results) == EQUALS_PASS


def test_a_pattern_bound_on_the_right_of_and_is_in_scope_where_the_whole_is_true(tmp_path):
    source = """
        public final class Subject {
            private final int v;
            public Subject(int v) { this.v = v; }
            @Override public boolean equals(Object o) { EQUALS }
            @Override public int hashCode() { return 0; }
        }
        """
    results = check_all(tmp_path, source.replace(
        "EQUALS", "if (o != null && o instanceof Subject s) { return s.v == v; } return false;"))
    assert statuses(results) == EQUALS_PASS
    results = check_all(tmp_path, source.replace(
        "EQUALS", "return o != null && o instanceof Subject s && s.v >= v;"))
    assert results["equals-symmetric"][0] == "failed"  # 0 >= 0 but not 1 >= 0 both ways


def test_a_for_each_variable_takes_only_elements_of_its_type_and_says_so(tmp_path):
    """The check makes a collection's elements without its type argument (null, strings,
    plain objects); the cast the compiler inserts for ``String c`` cannot fail in
    well-typed code, so other elements are cut there, not thrown, and a pass says so."""
    results = check_all(tmp_path, """
        import java.util.List;
        public final class Names {
            private final List<String> names;
            public Names(List<String> names) { this.names = java.util.Objects.requireNonNull(names); }
            @Override public boolean equals(Object o) {
                return o instanceof Names n && names.equals(n.names);
            }
            @Override public int hashCode() {
                int h = 1;
                for (String c : names) { h = 31 * h + (c == null ? 0 : c.hashCode()); }
                return h;
            }
        }
        """, Bounds(max_length=1, string_length=1))
    status, message = results["hashcode-consistent"]
    assert status == "passed", message
    assert "elements of other classes than String (the check does not know type arguments)" \
        in message


def test_an_abstract_class_without_subclass_is_checked_on_an_unknown_one(tmp_path):
    """Its abstract methods are unknown deterministic functions; its exact class is
    unknown; a violation is possible (the subclass may not produce it)."""
    results = check_all(tmp_path, """
        public abstract class Subject implements Comparable<Subject> {
            protected abstract double area();
            @Override public int compareTo(Subject o) { return Double.compare(area(), o.area()); }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.area() == area(); }
            @Override public int hashCode() { return Double.hashCode(area()); }
        }
        """)
    assert results["compareto-antisymmetric"][0] == "passed"
    assert "assumed Subject.area() is a deterministic function of its receiver and arguments" \
        in results["compareto-antisymmetric"][1]
    for contract in ("equals-reflexive", "hashcode-consistent"):  # NaN; 0.0 and -0.0
        assert results[contract][0] == "failed"
    shown = results["hashcode-consistent"][1]
    assert "// Subject is abstract: x stands for an object of an unknown subclass" in shown
    assert "// Subject.area() on x returned" in shown and "// Subject.area() on y returned" in shown
    project = Project([tmp_path])
    cls = project.program.project[0]
    reflexive = next(c for c in project.contracts_for(cls) if c.id == "equals-reflexive")
    outcome = project.check(cls, reflexive, Bounds())
    assert "Subject objects were made with any field values (of an unknown subclass" in outcome.unconfirmed
    assert "found with the results of Subject.area() taken to be any" in outcome.unconfirmed


def test_the_class_of_an_object_of_an_unknown_subclass_is_unknown(tmp_path):
    results = check_all(tmp_path, """
        public abstract class Subject {
            protected int size;
            @Override public boolean equals(Object o) {
                return o != null && getClass() == o.getClass() && ((Subject) o).size == size;
            }
            @Override public int hashCode() { return size; }
        }
        """)
    status, message = results["equals-symmetric"]
    assert status == "skipped"
    assert "getClass() of a Subject (its class is unknown)" in message


DECORATOR = """
    public final class Subject implements Named {
        private final Named inner;
        private final int tag;
        public Subject(Named inner, int tag) { this.inner = inner; this.tag = tag; }
        public String name() { return inner == null ? "" : inner.name(); }
        @Override public boolean equals(Object o) { return o instanceof Subject s && s.name().equals(name()); }
        @Override public int hashCode() { return HASH; }
    }
    interface Named { String name(); }
    final class Plain implements Named {
        private final String n;
        Plain(String n) { this.n = n; }
        public String name() { return n == null ? "" : n; }
    }
    """


def test_delegation_through_objects_made_from_field_values_is_bounded_and_said(tmp_path):
    """A decorator made from field values may wrap another, and that one a third: its
    calls of one method nest as deep as the delegation bound, then end as a bound."""
    fields = Bounds(objects_mode="fields")
    results = check_all(tmp_path, DECORATOR.replace("HASH", "name().hashCode()"), fields)
    status, message = results["hashcode-consistent"]
    assert status == "passed"
    assert "bounded at calls of name() through objects made from field values nested more " \
           "than 2 deep" in message
    deeper = check_all(tmp_path, DECORATOR.replace("HASH", "name().hashCode()"),
                       Bounds(objects_mode="fields", delegation_depth=3))
    assert "nested more than 3 deep" in deeper["hashcode-consistent"][1]
    broken = check_all(tmp_path, DECORATOR.replace("HASH", "tag"), fields)
    assert broken["hashcode-consistent"][0] == "failed"


def _shapes(count: int) -> str:
    """A Subject over a Shape field, with ``count`` Shape classes of their own ``sides()``."""
    return """
        public final class Subject {
            private final Shape shape;
            private final int tag;
            public Subject(Shape shape, int tag) { this.shape = shape; this.tag = tag; }
            private int sides() { return shape == null ? 0 : shape.sides(); }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.sides() == sides(); }
            @Override public int hashCode() { return HASH; }
        }
        interface Shape { int sides(); }
        """ + "".join(f"final class Shape{k} implements Shape {{ int n; public int sides() {{ return n + {k}; }} }}\n"
                      for k in range(count))


def test_a_call_on_objects_made_from_field_values_of_many_classes_is_a_function(tmp_path):
    """A call whose receiver is made from field values and may be of ``SUMMARY_FANOUT``
    classes or more is taken as an unknown deterministic function, and the result says so;
    fewer classes are followed into their code. A violation that rests on such a result is
    a possible one only."""
    fields = Bounds(objects_mode="fields")
    many = check_all(tmp_path, _shapes(6).replace("HASH", "sides()"), fields)["hashcode-consistent"]
    assert many[0] == "passed"
    assert "assumed Shape.sides() is a deterministic function of its receiver and arguments " \
           "(called on objects that may be of 6 classes or more with their own code for it" in many[1]
    few = check_all(tmp_path, _shapes(2).replace("HASH", "sides()"), fields)["hashcode-consistent"]
    assert few[0] == "passed" and "Shape.sides()" not in few[1]
    (tmp_path / "Subject.java").write_text(textwrap.dedent(_shapes(6).replace("HASH", "sides() > 100 ? tag : 0")))
    project = Project([tmp_path])
    cls = project.program.project[0]
    contract = next(c for c in project.contracts_for(cls) if c.id == "hashcode-consistent")
    broken = project.check(cls, contract, fields)
    assert broken.status == "failed"
    assert "found with the results of Shape.sides() taken to be any that a deterministic " \
           "function could give; the code of those methods, which the check did not follow, " \
           "may rule the violation out" in broken.unconfirmed


def test_calls_on_the_objects_under_check_are_followed_whatever_their_classes(tmp_path):
    """The objects a contract is checked on run their own code, which calls the same
    methods: their calls are followed, not taken as functions that need not agree with it."""
    shapes = "".join(
        f"final class Shape{k} implements Shape {{ int n; public int sides() {{ return n + {k}; }}"
        " public boolean equals(Object o) { return o instanceof Shape s && s.sides() == sides(); }"
        " public int hashCode() { return sides(); } }\n" for k in range(6))
    results = check_all(tmp_path, """
        public final class Subject implements Shape {
            int n;
            public int sides() { return n; }
            @Override public boolean equals(Object o) { return o instanceof Shape s && s.sides() == sides(); }
            @Override public int hashCode() { return sides(); }
        }
        interface Shape { int sides(); }
        """ + shapes, Bounds(objects_mode="fields"))
    assert results["equals-symmetric"][0] == "passed", results["equals-symmetric"][1]
    assert "not followed" not in results["equals-symmetric"][1]


def _statistics(count: int, odd: bool = False) -> str:
    """A Subject statistic whose equals and hashCode, inherited from ``Statistic``, compare
    ``result()``, a double that ``count`` classes, it among them, compute each their own
    way; with ``odd``, one of them has an equals that only its own class passes."""
    others = "".join(
        f"final class Statistic{k} extends Statistic {{ int n; Statistic{k}(int n) {{ this.n = n; }}"
        f" double result() {{ return n * {k + 2}.5; }} }}\n" for k in range(count - 2))
    odd_class = """
        final class Odd extends Statistic {
            int n; Odd(int n) { this.n = n; }
            double result() { return n; }
            @Override public boolean equals(Object o) { return o instanceof Odd s && s.n == n; }
            @Override public int hashCode() { return n; }
        }
        """ if odd else "final class Seven extends Statistic { double result() { return 7; } }\n"
    return """
        public final class Subject extends Statistic {
            int n;
            public Subject(int n) { this.n = n; }
            double result() { return n; }
        }
        abstract class Statistic {
            abstract double result();
            @Override public boolean equals(Object o) { return o instanceof Statistic s && s.result() == result(); }
            @Override public int hashCode() { return (int) result(); }
        }
        """ + others + odd_class


def test_a_call_on_the_objects_under_check_that_many_classes_implement_is_a_function(tmp_path):
    """Where the classes of the objects under check have ``SUMMARY_WIDE`` or more
    implementations of a method of a floating-point result, its calls on them are an
    unknown deterministic function at every call, so that they agree: a pass holds
    whatever the results. Of an int result, they are followed."""
    assert DEFAULT.summary_wide == 12
    results = check_all(tmp_path, _statistics(DEFAULT.summary_wide))
    status, message = results["equals-symmetric"]
    assert status == "passed", message
    assert "assumed Statistic.result() is a deterministic function of its receiver and " \
           "arguments (called on objects that may be of 12 classes or more with their own " \
           "code for it, not followed into each class's code)" in message
    fewer = check_all(tmp_path, _statistics(DEFAULT.summary_wide - 1))["equals-symmetric"]
    assert fewer[0] == "passed" and "not followed" not in fewer[1]
    integral = _statistics(DEFAULT.summary_wide).replace("double result", "int result") \
        .replace(".5;", ";")
    whole = check_all(tmp_path, integral)["equals-symmetric"]
    assert whole[0] == "passed" and "not followed" not in whole[1]


def test_a_violation_resting_on_such_a_function_is_a_possible_one(tmp_path):
    """One class's own equals only passes its own class, where the inherited one passes
    any: asymmetric. With the calls followed, the check shows it as it is; taken as a
    function, the results it rests on may be ones the code never gives."""
    def symmetric(count: int):
        (tmp_path / "Subject.java").write_text(textwrap.dedent(_statistics(count, odd=True)))
        project = Project([tmp_path])
        cls = project.program.project[0]
        contract = next(c for c in project.contracts_for(cls) if c.id == "equals-symmetric")
        return project.check(cls, contract, Bounds())
    wide = symmetric(DEFAULT.summary_wide)
    assert wide.status == "failed"
    assert "found with the results of Statistic.result() taken to be any that a deterministic " \
           "function could give" in wide.unconfirmed
    followed = symmetric(DEFAULT.summary_wide - 1)
    assert followed.status == "failed" and not followed.unconfirmed


NULLNESS = """
    import javax.annotation.Nonnull;
    CLASS_ANNOTATION
    public final class Subject {
        FIELD_ANNOTATION private final Inner inner;
        public Subject(PARAMETER_ANNOTATION Inner inner) { this.inner = inner; }
        @Override public boolean equals(Object o) { return o instanceof Subject s && s.inner.v == inner.v; }
        @Override public int hashCode() { return inner.v; }
    }
    final class Inner { final int v; Inner(int v) { this.v = v; } }
    """


@pytest.mark.parametrize("on_class, on_parameter, expected", [
    ("", "", "failed"),
    ("", "@Nonnull", "passed"),
    ("", "@lombok.NonNull", "passed"),
    ("@NullMarked", "", "passed"),
    ("@NullMarked", "@Nullable", "failed"),
    ("@ParametersAreNonnullByDefault", "", "passed"),
])
def test_a_parameter_declared_non_null_is_never_given_null(tmp_path, on_class, on_parameter,
                                                          expected):
    """Objects are made as code honouring nullness annotations makes them: by their own
    annotation or their class's default, whatever library declares it."""
    source = NULLNESS.replace("CLASS_ANNOTATION", on_class).replace(
        "FIELD_ANNOTATION", "").replace("PARAMETER_ANNOTATION", on_parameter)
    assert check_all(tmp_path, source)["equals-reflexive"][0] == expected


@pytest.mark.parametrize("package, expected", [("p", "passed"), ("other", "failed")])
def test_a_package_default_declared_in_package_info_holds_for_its_classes(tmp_path, package,
                                                                           expected):
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "package-info.java").write_text(
        f"@ParametersAreNonnullByDefault\npackage {package};\n"
        "import javax.annotation.ParametersAreNonnullByDefault;\n")
    source = "package p;\n" + textwrap.dedent(NULLNESS.replace("CLASS_ANNOTATION", "").replace(
        "FIELD_ANNOTATION", "").replace("PARAMETER_ANNOTATION", ""))
    (tmp_path / "p" / "Subject.java").write_text(source)
    project = Project([tmp_path])
    cls = next(c for c in project.program.project if c.simple_name == "Subject")
    reflexive = next(c for c in project.contracts_for(cls) if c.id == "equals-reflexive")
    assert project.check(cls, reflexive, Bounds()).status == expected


@pytest.mark.parametrize("library, members", [
    ("java.util.AbstractCollection<String>",
     "public java.util.Iterator<String> iterator() { return null; } public int size() { return 0; }"),
    ("java.util.AbstractMap<String, String>",
     "public java.util.Set<java.util.Map.Entry<String, String>> entrySet() { return null; }"),
])
def test_a_class_extending_a_jdk_abstract_collection_is_made_by_its_constructor(tmp_path, library,
                                                                                members):
    """The JDK superclass's no-argument constructor sets nothing a check reads."""
    results = check_all(tmp_path, f"""
        public final class Subject extends {library} {{
            private final int v;
            public Subject(int v) {{ this.v = v; }}
            {members}
            @Override public boolean equals(Object o) {{ return o instanceof Subject s && s.v / 2 == v / 2; }}
            @Override public int hashCode() {{ return v; }}
        }}
        """)
    status, message = results["hashcode-consistent"]
    assert status == "failed" and "any field values" not in message


def test_a_record_component_declared_non_null_is_never_null(tmp_path):
    """The canonical constructor's parameters take their components' annotations."""
    source = """
        public record Subject(@NonNull Inner inner, int tag) {
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.inner.v == inner.v; }
            @Override public int hashCode() { return inner.v; }
        }
        final class Inner { final int v; Inner(int v) { this.v = v; } }
        """
    assert check_all(tmp_path, source)["equals-reflexive"][0] == "passed"
    assert check_all(tmp_path, source.replace("@NonNull ", ""))["equals-reflexive"][0] == "failed"


@pytest.mark.parametrize("on_class, on_field, expected", [
    ("", "", "failed"), ("", "@NotNull", "passed"), ("@NullMarked", "", "passed"),
    ("@ParametersAreNonnullByDefault", "", "failed")])
def test_a_field_declared_non_null_is_never_null_in_objects_made_from_field_values(
        tmp_path, on_class, on_field, expected):
    source = NULLNESS.replace("CLASS_ANNOTATION", on_class).replace(
        "FIELD_ANNOTATION", on_field).replace("PARAMETER_ANNOTATION", "")
    results = check_all(tmp_path, source, Bounds(objects_mode="fields"))
    assert results["equals-reflexive"][0] == expected


def test_a_jdk_exception_message_is_not_built_and_bounds_nothing(tmp_path):
    """No model reads a JDK exception's message: its text is not built, so a number of
    more digits than texts are exact for does not end the path as a bound."""
    results = check_all(tmp_path, """
        public final class Subject {
            private final int id;
            public Subject(int id) { this.id = id; }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.id == id; }
            @Override public int hashCode() {
                if (id > 20000) throw new IllegalStateException("no hash for " + id + " (" + this.id * 2L + ")");
                return id;
            }
        }
        """)
    status, message = results["hashcode-consistent"]
    assert status == "failed"
    assert "IllegalStateException escaped the contract check" in message


INNER = """
    public final class Subject {
        private final int scale;
        public Subject(int scale) { this.scale = scale; }
        int factor() { return scale; }
        public Entry entry(int v) { return new Entry(v); }
        public final class Entry {
            private final int v;
            public Entry(int v) { this.v = v; }
            int scaled() { return v * Subject.this.scale + v * factor() - v * scale; }
            @Override public boolean equals(Object o) { return o instanceof Entry e && e.scaled() == scaled(); }
            @Override public int hashCode() { return HASH; }
        }
    }
    """


def test_an_inner_class_reads_its_enclosing_instance(tmp_path):
    """An inner class's code reads its enclosing instance's fields and calls its methods,
    unqualified or through ``Outer.this``; the objects a check makes are made with an
    enclosing instance, and a counterexample writes ``outer.new Inner(...)``."""
    def entry_results(source):
        (tmp_path / "Subject.java").write_text(textwrap.dedent(source))
        project = Project([tmp_path])
        cls = next(c for c in project.program.project if c.simple_name == "Subject.Entry")
        return {c.id: project.check(cls, c, Bounds()) for c in project.contracts_for(cls)}
    held = entry_results(INNER.replace("HASH", "Subject.this.new Entry(v).scaled()"))
    assert {k: o.status for k, o in held.items()} == EQUALS_PASS
    broken = entry_results(INNER.replace("HASH", "v"))["hashcode-consistent"]
    assert broken.status == "failed", message(broken)
    assert re.search(r"Subject\.Entry x = subject\d+\.new Entry\(", message(broken)), message(broken)


def test_objects_of_one_class_made_from_field_values_are_distinct(tmp_path):
    """A constructor too long to follow (more than the 1,500 statements an object may
    take) makes each harness object from field values; x, y and z must still be three
    objects, or a non-transitive equals holds trivially on y and z being one."""
    weigh = "\n".join(f"            w = w * 31 + {k};" for k in range(200))
    results = check_all(tmp_path, f"""
        public final class Subject {{
            private final int a;
            public Subject(int v) {{
                int w = v;
                for (int i = 0; i < 8; i++) {{
        {weigh}
                }}
                a = w;
            }}
            @Override public boolean equals(Object o) {{
                return o instanceof Subject s && Math.abs((long) s.a - a) <= 1;
            }}
            @Override public int hashCode() {{ return 0; }}
        }}
        """)
    status, message = results["equals-transitive"]
    assert "Subject: any field values (making one takes more than 1500 statements)" in message
    assert status == "failed"


def test_a_name_forgotten_with_its_path_is_not_given_to_another_computation():
    """Building an object whose path is then cut away forgets the names its arithmetic
    defined; the feasibility oracle may already hold their definitions. A later
    computation named alike would be equated with the forgotten one there, and the
    oracle would rule out paths that exist (commons-math's SumOfSquares hashCode passed,
    its violating objects pruned away)."""
    ctx = z3.Context()
    ex = executor(program_of([]), Bounds(), ctx, [])
    n = semantics.variable(ctx, INT, "n")
    mark = ex.names_defined()
    first = ex.named(Prim(INT, n.term + 1), "sum")
    assert ex.feasible(n.term == 0)  # the oracle now holds the first definition
    ex.forget_names(mark)
    second = ex.named(Prim(INT, n.term + 2), "sum")
    assert not first.term.eq(second.term)
    assert ex.feasible(z3.And(n.term == 0, second.term == 2))


def test_results_of_an_unknown_function_are_tied_only_where_both_calls_are_made():
    """Equal arguments give equal results only on paths that make both calls: left
    unguarded, the tie between two calls on exclusive paths joins the arithmetic of
    both into every query (commons-math's statistics, each an unknown square root of
    its own moments, were all in one query that no case of it could bit-blast)."""
    program = program_of([parse_source(textwrap.dedent("""
        class Subject {
            static double pick(boolean b, double x, double y) {
                double r;
                if (b) { r = Math.sqrt(x); } else { r = Math.sqrt(y); }
                return r;
            }
        }""").encode(), "Subject.java")])
    cls = program.classes["Subject"]
    ctx = z3.Context()
    ex = executor(program, Bounds(), ctx, [])
    ex.frames.append(Frame(None, cls, None))
    params = [semantics.variable(ctx, p.type, p.name) for p in cls.methods[0].params]
    ex.invoke(cls.methods[0], None, params, State(ex.true, {}, {}), 0)
    assert [len(uses) for uses in ex.functions.values()] == [2]
    ties = [c for c in ex.constraints if z3.is_app_of(c, z3.Z3_OP_IMPLIES)]
    assert len(ties) == 1 and z3.is_true(z3.simplify(ties[0]))


def _ruling_out():
    """An executor, a receiver of objects a and b, and a path that tested it is a."""
    ctx = z3.Context()
    program = program_of([])
    ex = executor(program, Bounds(), ctx, [])
    cls = program.classes["java.lang.Object"]
    a, b = (ex.heap_object(cls, label, "slot") for label in ("a", "b"))
    receiver = Ref(cls, z3.BitVec("receiver", ID_BITS, ctx), (a, b))
    return ex, receiver, receiver.guard(a), a, b


def test_a_check_stops_ruling_out_classes_once_many_calls_in_a_row_had_none_ruled_out():
    """Fixing the receiver and simplifying the path rules a class out where the path
    tested it; once ``RULED_OUT_MISSES`` calls in a row had nothing ruled out, the check
    stops asking (it had spent most of its exploring on it), and a hit resets the count."""
    ex, receiver, tested, a, b = _ruling_out()
    for _ in range(DEFAULT.ruled_out_misses // 2):  # enough hits that the ratio holds
        assert ex._ruled_out(tested, receiver, [b])
    for _ in range(DEFAULT.ruled_out_misses - 1):
        assert not ex._ruled_out(tested, receiver, [a])
    assert ex._ruled_out(tested, receiver, [b])  # the count starts again
    for _ in range(DEFAULT.ruled_out_misses):
        ex._ruled_out(tested, receiver, [a])
    assert not ex._ruled_out(tested, receiver, [b])


def test_a_check_stops_ruling_out_classes_once_it_rules_out_few_of_many_calls():
    """Once asked of ``RULED_OUT_MISSES`` calls, the check asks only while one in
    ``RULED_OUT_RATIO`` had a class ruled out, however the misses are spread."""
    ex, receiver, tested, a, b = _ruling_out()
    for _ in range(2 * DEFAULT.ruled_out_misses // DEFAULT.ruled_out_ratio):  # one in the ratio
        assert ex._ruled_out(tested, receiver, [b])
        for _ in range(DEFAULT.ruled_out_ratio - 1):
            assert not ex._ruled_out(tested, receiver, [a])
    assert ex._ruled_out(tested, receiver, [b])
    for _ in range(2 * DEFAULT.ruled_out_ratio):
        ex._ruled_out(tested, receiver, [a])
    assert not ex._ruled_out(tested, receiver, [b])


def test_the_comparison_of_two_objects_is_their_own_whatever_their_labels():
    """An object without source made as an argument and a slot object of the same class
    can have the same label; a comparison result named by labels alone would be shared by
    different pairs, and their order keys would have to agree."""
    ctx = z3.Context()
    program = program_of([])
    ex = executor(program, Bounds(), ctx, [])
    cls = program.classes["java.lang.Object"]
    a, b, c = (ex.heap_object(cls, label, "slot", opaque=True) for label in ("T#2", "T#2", "T#1"))
    assert not ex.opaque_comparison(a, c).eq(ex.opaque_comparison(b, c))


def test_a_loop_stops_where_its_next_iteration_is_infeasible(tmp_path):
    """A loop over an array runs only as many iterations as the array can have elements
    (3), not to the unroll bound (8): the path's guard alone (``3 < values.length``) does
    not show that the length is bounded, so the next iteration is asked of the solver.
    Unrolled 8 times, building this object would take more than the 1,500 statements
    an object may take, and the check would fall back to objects made from field values."""
    weigh = "\n".join(f"        w = w * 31 + {k};" for k in range(30))
    results = check_all(tmp_path, f"""
        public final class Subject {{
            private final int total;
            public Subject(int[] values) {{
                int t = 0;
                for (int i = 0; i < values.length; i++) t += weigh(values[i]);
                total = t;
            }}
            private static int weigh(int v) {{
                int w = v;
        {weigh}
                return w;
            }}
            @Override public boolean equals(Object o) {{ return o instanceof Subject s && s.total == total; }}
            @Override public int hashCode() {{ return total; }}
        }}
        """)
    assert statuses(results) == EQUALS_PASS
    status, message = results["hashcode-consistent"]
    assert message.endswith("objects: built by constructors and factories, then up to 2 method calls")


def test_a_compare_to_of_another_kind_of_argument_gets_no_items(tmp_path):
    """Only a compareTo that orders the class's own objects has the contracts of
    Comparable; one that compares with something else (a field property with a date)
    has none to break."""
    (tmp_path / "Field.java").write_text(textwrap.dedent("""
        public final class Field {
            private int value;
            public int compareTo(String text) { return Integer.compare(value, text.length()); }
        }
        """))
    (tmp_path / "Money.java").write_text(textwrap.dedent("""
        public final class Money {
            private int cents;
            public int compareTo(Money other) { return Integer.compare(cents, other.cents); }
        }
        """))
    project = Project([tmp_path])
    items = {c.simple_name: [k.id for k in project.contracts_for(c)] for c in project.program.project}
    assert items["Field"] == []
    assert "compareto-antisymmetric" in items["Money"]
