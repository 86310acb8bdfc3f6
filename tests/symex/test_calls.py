"""Calls: which method a call runs (overloads, static imports), calls through objects
made from field values, and calls taken as unknown deterministic functions."""
from __future__ import annotations

import textwrap

import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.engine.wiring import executor, program_of
from pytest_boundcheck.frontend.parse import parse_source
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.state import Frame, State
from pytest_boundcheck.symex.values import ID_BITS, Ref

EQUALS_PASS = {"equals-reflexive": "passed", "equals-symmetric": "passed",
               "equals-transitive": "passed", "equals-null": "passed",
               "hashcode-consistent": "passed"}


def test_a_method_reference_argument_selects_among_overloads_by_the_other_arguments(java):
    """``asMap(keys, this::twice)``: a method reference may implement any interface, so the
    overload is chosen by ``keys``, a Set and not a SortedSet; the wrong one would make
    ``m`` null and the hash ``id``, which equals ignores: a violation."""
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS


def test_statically_imported_methods_and_constants_are_the_library_ones(java):
    results = java.check_all("""
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
    assert java.statuses(results) == EQUALS_PASS
    assert all("any field values" not in message and "left out" not in message
               for _, message in results.values())


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


def test_delegation_through_objects_made_from_field_values_is_bounded_and_said(java):
    """A decorator made from field values may wrap another, and that one a third: its
    calls of one method nest as deep as the delegation bound, then end as a bound."""
    fields = Bounds(objects_mode="fields")
    results = java.check_all(DECORATOR.replace("HASH", "name().hashCode()"), fields)
    status, message = results["hashcode-consistent"]
    assert status == "passed"
    assert "bounded at calls of name() through objects made from field values nested more " \
           "than 2 deep" in message
    deeper = java.check_all(DECORATOR.replace("HASH", "name().hashCode()"),
                       Bounds(objects_mode="fields", delegation_depth=3))
    assert "nested more than 3 deep" in deeper["hashcode-consistent"][1]
    broken = java.check_all(DECORATOR.replace("HASH", "tag"), fields)
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


def test_a_call_on_objects_made_from_field_values_of_many_classes_is_a_function(java):
    """A call whose receiver is made from field values and may be of ``SUMMARY_FANOUT``
    classes or more is taken as an unknown deterministic function, and the result says so;
    fewer classes are followed into their code. A violation that rests on such a result is
    a possible one only."""
    fields = Bounds(objects_mode="fields")
    many = java.check_all(_shapes(6).replace("HASH", "sides()"), fields)["hashcode-consistent"]
    assert many[0] == "passed"
    assert "assumed Shape.sides() is a deterministic function of its receiver and arguments " \
           "that throws no exception (called on objects that may be of 6 classes or more with their own code for it" in many[1]
    few = java.check_all(_shapes(2).replace("HASH", "sides()"), fields)["hashcode-consistent"]
    assert few[0] == "passed" and "Shape.sides()" not in few[1]
    java.write("Subject.java", _shapes(6).replace("HASH", "sides() > 100 ? tag : 0"))
    broken = java.result("Subject", "hashcode-consistent", fields)
    assert broken.status == "failed"
    assert "found with the results of Shape.sides() taken to be any that a deterministic " \
           "function could give; the code of those methods, which the check did not follow, " \
           "may rule the violation out" in broken.unconfirmed


def test_calls_on_the_objects_under_check_are_followed_whatever_their_classes(java):
    """The objects a contract is checked on run their own code, which calls the same
    methods: their calls are followed, not taken as functions that need not agree with it."""
    shapes = "".join(
        f"final class Shape{k} implements Shape {{ int n; public int sides() {{ return n + {k}; }}"
        " public boolean equals(Object o) { return o instanceof Shape s && s.sides() == sides(); }"
        " public int hashCode() { return sides(); } }\n" for k in range(6))
    results = java.check_all("""
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
            final int n = 3;  // made with no argument: no value its package might not pass
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


def test_a_call_on_the_objects_under_check_that_many_classes_implement_is_a_function(java):
    """Where the classes of the objects under check have ``SUMMARY_WIDE`` or more
    implementations of a method of a floating-point result, its calls on them are an
    unknown deterministic function at every call, so that they agree: a pass holds
    whatever the results. Of an int result, they are followed."""
    assert DEFAULT.summary_wide == 12
    results = java.check_all(_statistics(DEFAULT.summary_wide))
    status, message = results["equals-symmetric"]
    assert status == "passed", message
    assert "assumed Statistic.result() is a deterministic function of its receiver and " \
           "arguments that throws no exception (called on objects that may be of 12 classes or more with their own " \
           "code for it, not followed into each class's code)" in message
    fewer = java.check_all(_statistics(DEFAULT.summary_wide - 1))["equals-symmetric"]
    assert fewer[0] == "passed" and "not followed" not in fewer[1]
    integral = _statistics(DEFAULT.summary_wide).replace("double result", "int result") \
        .replace(".5;", ";")
    whole = java.check_all(integral)["equals-symmetric"]
    assert whole[0] == "passed" and "not followed" not in whole[1]


def test_a_violation_resting_on_such_a_function_is_a_possible_one(java):
    """One class's own equals only passes its own class, where the inherited one passes
    any: asymmetric. With the calls followed, the check shows it as it is; taken as a
    function, the results it rests on may be ones the code never gives."""
    def symmetric(count: int):
        return java.write("Subject.java", _statistics(count, odd=True)).result(
            "Subject", "equals-symmetric")
    wide = symmetric(DEFAULT.summary_wide)
    assert wide.status == "failed"
    assert "found with the results of Statistic.result() taken to be any that a deterministic " \
           "function could give" in wide.unconfirmed
    followed = symmetric(DEFAULT.summary_wide - 1)
    assert followed.status == "failed" and not followed.unconfirmed


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
