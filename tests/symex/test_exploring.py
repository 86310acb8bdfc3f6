"""Exploring code: statements and expressions, loops and the bounds they reach,
exceptions, and the names exploring gives what it computes."""
from __future__ import annotations

import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.wiring import executor, program_of
from pytest_boundcheck.frontend.types import INT
from pytest_boundcheck.report.text import message
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.values import Prim

EQUALS_PASS = {"equals-reflexive": "passed", "equals-symmetric": "passed",
               "equals-transitive": "passed", "equals-null": "passed",
               "hashcode-consistent": "passed"}


def test_constructor_chains_initialisers_and_new_in_equals(java):
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS


def test_try_catch_labeled_loops_and_constants(java):
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS


def test_division_by_zero_in_hash_code_is_a_violation(java):
    results = java.check_all("""
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


def test_a_loop_longer_than_the_bound_is_cut_not_passed_silently(java):
    results = java.check_all("""
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


def test_a_pass_names_every_bound_some_path_reaches(java):
    """Each object takes one of the loops, so no single execution reaches both bounds."""
    results = java.check_all("""
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
    assert "bounded at loop needs more than 3 unrolls at Subject.java:10:13, Subject.java:12:13" in message


def test_a_loop_stops_where_its_next_iteration_is_infeasible(java):
    """A loop over an array runs only as many iterations as the array can have elements
    (3), not to the unroll bound (8): the path's guard alone (``3 < values.length``) does
    not show that the length is bounded, so the next iteration is asked of the solver.
    Unrolled 8 times, building this object would take more than the 1,500 statements
    an object may take, and the check would fall back to objects made from field values."""
    weigh = "\n".join(f"        w = w * 31 + {k};" for k in range(30))
    results = java.check_all(f"""
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
    assert java.statuses(results) == EQUALS_PASS
    status, message = results["hashcode-consistent"]
    assert message.endswith("objects: built by constructors and factories, then up to 2 method calls")


def test_record_with_its_own_equals_is_checked_through_its_components(java):
    results = java.check_all("""
        public record Subject(int id, int version) {
            @Override public boolean equals(Object o) {
                return o instanceof Subject s && s.id == id;
            }
            @Override public int hashCode() { return id * 31 + version; }
        }
        """)
    assert results["hashcode-consistent"][0] == "failed"
    assert results["equals-symmetric"][0] == "passed"


def test_class_names_and_their_text_in_a_concatenation_are_exact(java):
    """``getClass() + ""`` is "class " and the binary name (a nested class after a '$'),
    as in exception messages of compareTo methods; getName() is the name alone."""
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS


def test_is_assignable_from_follows_the_class_table(java):
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS


def test_a_pattern_bound_on_the_right_of_and_is_in_scope_where_the_whole_is_true(java):
    source = """
        public final class Subject {
            private final int v;
            public Subject(int v) { this.v = v; }
            @Override public boolean equals(Object o) { EQUALS }
            @Override public int hashCode() { return 0; }
        }
        """
    results = java.check_all(source.replace(
        "EQUALS", "if (o != null && o instanceof Subject s) { return s.v == v; } return false;"))
    assert java.statuses(results) == EQUALS_PASS
    results = java.check_all(source.replace(
        "EQUALS", "return o != null && o instanceof Subject s && s.v >= v;"))
    assert results["equals-symmetric"][0] == "failed"  # 0 >= 0 but not 1 >= 0 both ways


def test_a_for_each_variable_takes_only_elements_of_its_type_and_says_so(java):
    """The check makes a collection's elements without its type argument (null, strings,
    plain objects); the cast the compiler inserts for ``String c`` cannot fail in
    well-typed code, so other elements are cut there, not thrown, and a pass says so."""
    results = java.check_all("""
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


def test_a_jdk_exception_message_is_not_built_and_bounds_nothing(java):
    """No model reads a JDK exception's message: its text is not built, so a number of
    more digits than texts are exact for does not end the path as a bound."""
    results = java.check_all("""
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


def test_an_unsupported_construct_on_an_impossible_path_does_not_skip(java):
    java.write("src/demo/Code.java", """\
        package demo;

        public final class Code {
            private final int value;

            public Code(int value) { this.value = value; }

            @Override
            public boolean equals(Object o) {
                if (!(o instanceof Code)) {
                    return false;
                }
                int v = ((Code) o).value;
                if (v != value && v == value) {
                    return "never".length() == 5;
                }
                return v == value;
            }

            @Override
            public int hashCode() { return value; }
        }
        """)
    assert java.outcomes() == {("demo.Code", c): "passed" for c in EQUALS_PASS}


def test_an_exception_escaping_equals_is_a_violation(java):
    java.write("src/demo/Tag.java", """\
        package demo;

        public final class Tag {
            private final Tag parent;

            public Tag(Tag parent) { this.parent = parent; }

            @Override
            public boolean equals(Object o) {
                return o instanceof Tag t && parent.equals(t.parent);
            }

            @Override
            public int hashCode() { return 1; }
        }
        """)
    found = java.result("Tag", "equals-reflexive")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  Tag x = new Tag(null);",
        "  x.equals(x)  -> throws NullPointerException  (Tag.java:10)",
        "NullPointerException escaped the contract check (thrown at Tag.java:10)",
    ])


def test_a_loop_cut_by_the_bound_says_so(java):
    java.write("src/demo/Counter.java", """\
        package demo;

        public final class Counter {
            private final int n;
            public Counter(int n) { this.n = n; }
            @Override public boolean equals(Object o) { return o instanceof Counter c && c.n == n; }
            @Override public int hashCode() {
                int h = 0;
                for (int i = 0; i < n; i++) {
                    h += 3;
                }
                return h;
            }
        }
        """)
    found = java.result("Counter", "hashcode-consistent", Bounds(unroll=4))
    assert found.status == "passed"
    assert message(found) == (
        "no violation within int 32-bit, 4 unrolls, inline depth 8; objects: built by "
        "constructors and factories, then up to 2 method calls; bounded at loop needs more "
        "than 4 unrolls at Counter.java:9:9")
