"""The objects a check starts from: made by constructors and factories (or from field
values, saying why), their caches and static state, nullness annotations, abstract and
inner classes."""
from __future__ import annotations

import re
import textwrap

import pytest

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.report.text import message
from pytest_boundcheck.symex.objects import ObjectMaker

EQUALS_PASS = {"equals-reflexive": "passed", "equals-symmetric": "passed",
               "equals-transitive": "passed", "equals-null": "passed",
               "hashcode-consistent": "passed"}


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


def test_a_cache_written_before_it_is_read_merges_with_any_initial_value(java):
    """Fields that a method besides hashCode writes are no lazy cache: made the fields way,
    they hold any value (a pure cache starts at its default: the next test)."""
    resettable = CACHED_HASH.replace("this.v = v; }", "this.v = v; }\n"
                                     "            public void reset() { computed = false; }")
    results = java.check_all(resettable, Bounds(objects_mode="fields"))
    status, message = results["hashcode-consistent"]
    assert status == "failed"  # any field values: a computed cache need not match v
    assert re.search(r'set\([xy], Subject.class, "computed", true\);', message)


def test_a_lazy_cache_made_the_fields_way_starts_at_its_default(java):
    """A field only hashCode() assigns is a cache: any other value is a state no code reaches."""
    results = java.check_all(CACHED_HASH, Bounds(objects_mode="fields"))
    assert java.statuses(results) == EQUALS_PASS


def test_objects_made_by_constructors_keep_their_caches_consistent(java):
    results = java.check_all(CACHED_HASH)
    assert java.statuses(results) == EQUALS_PASS


def test_a_lazily_filled_static_cache_starts_empty_and_says_so(java):
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS
    assert "assumed the static fields Subject.made, Subject.zero start as class initialisation " \
           "sets them" in results["hashcode-consistent"][1]


def test_a_static_final_object_is_made_once_as_class_initialisation_makes_it(java):
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS


def test_an_empty_array_made_in_class_initialisation_is_within_the_bounds(java):
    """``new Object[0]``'s length is a constant within the bound: no path is cut, so class
    initialisation, which must complete on its one path, makes it."""
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS


def test_a_class_no_execution_can_make_is_skipped_not_passed(java):
    """Every constructor path throws, though exploring cannot tell (``v ^ v`` is zero for
    every ``v``): no object exists, so nothing is checked, and the result says so."""
    results = java.check_all("""
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


def test_a_factory_that_returns_null_makes_no_object(java):
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS


def test_the_builders_of_one_object_share_their_inputs(java, monkeypatch):
    """Only one of an object's builders runs, so they take one input for the same kind
    of argument: ``name`` is then one String whichever builder made the object, not a
    choice among three that the solver would have to split."""
    makers = []
    made = ObjectMaker.made
    monkeypatch.setattr(ObjectMaker, "made", lambda self: makers.append(self) or made(self))
    results = java.check_all("""
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


def test_what_a_constructor_throws_is_not_made(java):
    """A path that throws while building an object builds none, so the exception is never
    read: its message, here with a construct the engine does not model, is not built, and
    bounds nothing."""
    results = java.check_all("""
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


def test_a_class_no_constructor_can_make_is_made_from_field_values_saying_why(java):
    results = java.check_all("""
        public final class Subject {
            private final int id;
            private final String home;
            public Subject(int id, long weight) { this.id = id; this.home = "~" + System.getProperty("home"); }
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


def test_objects_of_one_class_made_from_field_values_are_distinct(java):
    """A constructor too long to follow (more than the 1,500 statements an object may
    take) makes each harness object from field values; x, y and z must still be three
    objects, or a non-transitive equals holds trivially on y and z being one."""
    weigh = "\n".join(f"            w = w * 31 + {k};" for k in range(200))
    results = java.check_all(f"""
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
    assert "Subject: any field values (making one with Subject.<init>(int) takes more than " \
           "1500 statements)" in message
    assert status == "failed"


def test_a_costly_constructor_beside_a_plain_one_leaves_the_plain_ones_objects_confirmed(java):
    """Each builder has its own budget: the objects of the one past it are made from field
    values, those of the plain int constructor stay as the program makes them, so the
    subtraction overflow is a confirmed failure built by that constructor."""
    found = java.write("Score.java", """
        public final class Score implements Comparable<Score> {
            private final int value;
            public Score(int value) { this.value = value; }
            public Score(String text) {
                int v = text.length();
                for (int i = 0; i < 6; i++)
                    for (int j = 0; j < 6; j++)
                        for (int k = 0; k < 6; k++)
                            for (int l = 0; l < 6; l++) { v = v * 31 + i * j + k * l; }
                this.value = v;
            }
            @Override public int compareTo(Score other) { return this.value - other.value; }
        }
        """).result("Score", "compareto-antisymmetric")
    assert (java.outcome(found), found.unconfirmed) == ("failed", "")
    java.lines(found).fnmatch_lines([
        "  Score [xy] = new Score(Integer.MIN_VALUE);",
        ("*Score: any field values (making one with Score.<init>(String) takes more than "
         "1500 statements)*")])


def test_a_library_object_of_unknown_class_is_not_assumed_to_fail_a_cast(java):
    results = java.check_all("""
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


def test_a_field_of_an_interface_no_project_class_implements_holds_an_unknown_object(java):
    """Declared never null, it still holds some object: one of a class the project lacks
    (guava's inner classes of abstract classes with no concrete subclass, ``this$0``)."""
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS


def test_an_abstract_method_of_that_unknown_object_is_unsupported(java):
    results = java.check_all("""
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


def test_an_abstract_class_without_subclass_is_checked_on_an_unknown_one(java):
    """Its abstract methods are unknown deterministic functions; its exact class is
    unknown; a violation is possible (the subclass may not produce it)."""
    results = java.check_all("""
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
    outcome = java.result("Subject", "equals-reflexive")
    assert "Subject objects were made with any field values (of an unknown subclass" in outcome.unconfirmed
    assert "found with the results of Subject.area() taken to be any" in outcome.unconfirmed


def test_the_class_of_an_object_of_an_unknown_subclass_is_unknown(java):
    results = java.check_all("""
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


ORDERED = """
    import java.util.Comparator;
    public final class Subject {
        private final Comparator<String> order;
        public Subject(Comparator<String> order) { this.order = java.util.Objects.requireNonNull(order); }
        public Subject() { this(new Natural()); }
        @Override public boolean equals(Object o) { return o instanceof Subject s && SAME; }
        @Override public int hashCode() { return HASH; }
    }
    final class Natural implements Comparator<String> {
        @Override public int compare(String a, String b) { return a.compareTo(b); }
        @Override public boolean equals(Object o) { return o != null && o.getClass() == getClass(); }
        @Override public int hashCode() { return 7; }
    }
    """


def test_the_class_of_an_object_without_source_is_no_project_class(java):
    """A comparator a caller passes is of a class the check has no source for: Natural's
    getClass() test tells it apart (it was a skip for want of a model of getClass)."""
    results = java.check_all(ORDERED.replace("SAME", "order.equals(s.order)").replace("HASH", "order.hashCode()"))
    assert {contract: status for contract, (status, _) in results.items()
            if contract.startswith(("equals", "hashcode"))} == dict.fromkeys(
        ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
         "hashcode-consistent"), "passed")


def test_two_objects_without_source_may_be_of_one_class(java):
    """Equal when their comparators are of one class, hashed by the comparators' own hash
    codes: two comparators of one class with different hash codes break it."""
    broken = ORDERED.replace("SAME", "order.getClass() == s.order.getClass()")
    status, shown = java.check_all(broken.replace("HASH", "order.hashCode()"))["hashcode-consistent"]
    assert status == "failed"
    assert "comparator2.getClass() == comparator1.getClass(), !comparator2.equals(comparator1)" in shown
    status, _ = java.check_all(broken.replace("HASH", "order.getClass().hashCode()"))["hashcode-consistent"]
    assert status == "passed"


@pytest.mark.parametrize("library, members", [
    ("java.util.AbstractCollection<String>",
     "public java.util.Iterator<String> iterator() { return null; } public int size() { return 0; }"),
    ("java.util.AbstractMap<String, String>",
     "public java.util.Set<java.util.Map.Entry<String, String>> entrySet() { return null; }"),
])
def test_a_class_extending_a_jdk_abstract_collection_is_made_by_its_constructor(java, library,
                                                                                members):
    """The JDK superclass's no-argument constructor sets nothing a check reads."""
    results = java.check_all(f"""
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


def test_an_inner_class_reads_its_enclosing_instance(java):
    """An inner class's code reads its enclosing instance's fields and calls its methods,
    unqualified or through ``Outer.this``; the objects a check makes are made with an
    enclosing instance, and a counterexample writes ``outer.new Inner(...)``."""
    def entry_results(source):
        found = java.write("Subject.java", source).check({"Subject.Entry"})
        return {contract: result for (_, contract), result in found.items()}
    held = entry_results(INNER.replace("HASH", "Subject.this.new Entry(v).scaled()"))
    assert {k: o.status for k, o in held.items()} == EQUALS_PASS
    broken = entry_results(INNER.replace("HASH", "v"))["hashcode-consistent"]
    assert broken.status == "failed", message(broken)
    assert re.search(r"Subject\.Entry x = subject\d+\.new Entry\(", message(broken)), message(broken)


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
def test_a_parameter_declared_non_null_is_never_given_null(java, on_class, on_parameter,
                                                          expected):
    """Objects are made as code honouring nullness annotations makes them: by their own
    annotation or their class's default, whatever library declares it."""
    source = NULLNESS.replace("CLASS_ANNOTATION", on_class).replace(
        "FIELD_ANNOTATION", "").replace("PARAMETER_ANNOTATION", on_parameter)
    assert java.check_all(source)["equals-reflexive"][0] == expected


@pytest.mark.parametrize("package, expected", [("p", "passed"), ("other", "failed")])
def test_a_package_default_declared_in_package_info_holds_for_its_classes(java, package, expected):
    java.write("p/package-info.java", f"@ParametersAreNonnullByDefault\npackage {package};\n"
               "import javax.annotation.ParametersAreNonnullByDefault;\n")
    java.write("p/Subject.java", "package p;\n" + textwrap.dedent(NULLNESS.replace(
        "CLASS_ANNOTATION", "").replace("FIELD_ANNOTATION", "").replace("PARAMETER_ANNOTATION", "")))
    assert java.result("Subject", "equals-reflexive").status == expected


def test_a_record_component_declared_non_null_is_never_null(java):
    """The canonical constructor's parameters take their components' annotations."""
    source = """
        public record Subject(@NonNull Inner inner, int tag) {
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.inner.v == inner.v; }
            @Override public int hashCode() { return inner.v; }
        }
        final class Inner { final int v; Inner(int v) { this.v = v; } }
        """
    assert java.check_all(source)["equals-reflexive"][0] == "passed"
    assert java.check_all(source.replace("@NonNull ", ""))["equals-reflexive"][0] == "failed"


@pytest.mark.parametrize("on_class, on_field, expected", [
    ("", "", "failed"), ("", "@NotNull", "passed"), ("@NullMarked", "", "passed"),
    ("@ParametersAreNonnullByDefault", "", "failed")])
def test_a_field_declared_non_null_is_never_null_in_objects_made_from_field_values(
        java, on_class, on_field, expected):
    source = NULLNESS.replace("CLASS_ANNOTATION", on_class).replace(
        "FIELD_ANNOTATION", on_field).replace("PARAMETER_ANNOTATION", "")
    results = java.check_all(source, Bounds(objects_mode="fields"))
    assert results["equals-reflexive"][0] == expected


def test_a_costly_factory_of_another_class_leaves_its_objects_out_as_a_bound(java):
    """A public factory of another class past its budget makes no object, said as a bound:
    the class's own constructors make its objects still (the package-private one, called
    by that factory, as a hook), never any field values in the factory's stead."""
    weigh = "\n".join(f"                w = w * 31 + {k};" for k in range(200))
    java.write("Ranges.java", f"""
        public final class Ranges {{
            private Ranges() {{}}
            public static Range weighed(int at) {{
                int w = at;
                for (int i = 0; i < 8; i++) {{
        {weigh}
                }}
                return new Range(w);
            }}
        }}
        """)
    result = java.write("Range.java", """
        public final class Range {
            private final int low, high;
            public Range(int low, int high) {
                if (low > high) throw new IllegalArgumentException();
                this.low = low;
                this.high = high;
            }
            Range(int at) { this.low = at; this.high = at; }
            @Override public boolean equals(Object o) {
                return o instanceof Range r && r.low == low && r.high == high;
            }
            @Override public int hashCode() { return 31 * low + high; }
        }
        """).result("Range", "hashcode-consistent")
    assert java.outcome(result) == "passed"
    java.lines(result).fnmatch_lines([
        "*objects that Ranges.weighed(int) would make are left out (making one with "
        "Ranges.weighed(int) takes more than 1500 statements)*"])
    assert "any field values" not in java.lines(result).str()
