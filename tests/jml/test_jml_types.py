"""JML clauses type-checked against the class table: names resolve, predicates are
boolean, ``\\result``, ``\\old`` and ``\\fresh`` stand where JML lets them; each error at
the node at fault, on the specification it belongs to."""
from __future__ import annotations

import textwrap

import pytest

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlcheck import check_files
from pytest_boundcheck.frontend.parse import parse_source

NODE = """
class Node {
    int value;
    Node next;
    static int CREATED;
    /*@ pure @*/ int twice() { return 2 * value; }
}
"""

LIST = """
public class SortedList {
    private /*@ nullable @*/ Node head;
    private int size;
    private int[] cache;
    //@ public invariant size == (\\num_of Node n; \\reach(head).has(n); true);
    //@ public invariant (\\forall Node n; \\reach(head, Node, next).has(n) && n.next != null; n.value <= n.next.value);
    //@ public static invariant Node.CREATED >= 0;
    //@ invariant cache == null || \\nonnullelements(new Object[0]) || cache.length >= 0;

    /*@ requires x > Integer.MIN_VALUE;
      @ ensures size == \\old(size) + 1 && contains(x) && \\fresh(head) && head.twice() >= 0;
      @ ensures \\typeof(head) <: \\type(Node);
      @ signals (IllegalStateException e) e.getMessage() != null && size == \\old(size);
      @ assignable size, head, head.next.value, cache[*], cache[0..size], head.*;
      @*/
    public void insert(int x) {
        int i = 0;
        //@ loop_invariant 0 <= i && i <= size && x == \\old(x);
        //@ decreases size - i;
        while (i < size) { i++; }
        //@ assert cache == null || (\\sum int k; 0 <= k && k < cache.length; cache[k]) >= 0L;
    }

    //@ ensures \\result <==> (\\exists Node n; \\reach(head).has(n); n.value == x);
    public /*@ pure @*/ boolean contains(int x) { return false; }

    //@ ensures \\result == (s == null ? 0 : s.length()) + ("" + s).length();
    public static int length(String s) { return 0; }
}
"""


def checked(*sources: str):
    """The JML of the last of ``sources`` (files of one project), type-checked."""
    texts = [textwrap.dedent(s) for s in sources]
    program = Program([parse_source(text, f"F{i}.java") for i, text in enumerate(texts)])
    return check_files(program, [parse_jml(text, f"F{i}.java") for i, text in enumerate(texts)])[-1]


def test_the_sorted_lists_clauses_type_check():
    spec = checked(NODE, LIST)
    assert [str(e) for e in spec.errors] == []


def errors_in(member: str, extra: str = "") -> list[str]:
    source = f"""
class A {{
    int f;
    static int g;
    int[] a;
    Node n;
    {member}
    int m(int x, Node p) {{ return x; }}
    static void s(int y) {{ }}
    A(int z) {{ }}
{extra}
}}
"""
    return [str(e) for e in checked(NODE, source).errors]


@pytest.mark.parametrize("member, error", [
    ("//@ invariant h > 0;",
     "F1.java:7:19: unknown name 'h': no variable, parameter or field of A has it"),
    ("//@ invariant f;", "F1.java:7:19: the invariant clause must be boolean, not int"),
    ("//@ invariant n.nxt != null;", "F1.java:7:19: Node has no field 'nxt'"),
    ("//@ invariant n.value.x > 0;", "F1.java:7:19: int has no field 'x'"),
    ("//@ invariant \\old(f) == f;",
     ("F1.java:7:19: \\old stands only in a post-condition (ensures, signals) or a method body, "
     "not in invariant")),
    ("//@ invariant \\result == 1;",
     "F1.java:7:19: \\result stands only in an ensures clause, not in invariant"),
    ("//@ static invariant f > 0;", "F1.java:7:26: the instance field 'f' in a static context"),
    ("//@ static invariant this.g > 0;", "F1.java:7:26: 'this' in a static context"),
    ("//@ invariant f > 0 && g;", "F1.java:7:28: an operand of '&&' must be boolean, not int"),
    ("//@ invariant f == true;", "F1.java:7:19: '==' cannot compare int with boolean"),
    ("//@ invariant !f;", "F1.java:7:20: the operand of '!' must be boolean, not int"),
    ("//@ invariant -n == 0;", "F1.java:7:19: '-' does not apply to Node"),
    ("//@ invariant f + n > 0;", "F1.java:7:19: '+' does not apply to int and Node"),
    ("//@ invariant a[n] == 0;", "F1.java:7:21: an index must be an integer, not Node"),
    ("//@ invariant f[0] == 0;", "F1.java:7:19: int is not an array"),
    ("//@ invariant (\\forall int i; i; a[i] > 0);",
     "F1.java:7:35: a quantifier's range must be boolean, not int"),
    ("//@ invariant (\\forall int i; 0 <= i; a[i]);",
     "F1.java:7:43: the body of \\forall must be boolean, not int"),
    ("//@ invariant (\\sum int i; 0 <= i; n) > 0;",
     "F1.java:7:40: the body of \\sum must be a number, not Node"),
    ("//@ invariant i > 0 && (\\forall int i; true; i >= 0 || i < 0);",
     "F1.java:7:19: unknown name 'i': no variable, parameter or field of A has it"),
    ("//@ invariant \\reach(f).has(n);", "F1.java:7:26: \\reach starts from an object, not int"),
    ("//@ invariant \\reach(n, Node, prev).has(n);",
     "F1.java:7:19: Node has no field 'prev' for \\reach to follow"),
    ("//@ invariant \\reach(n).contains(n);",
     "F1.java:7:19: a \\reach set has has(o) only, not contains"),
    ("//@ invariant \\reach(n).has(f);", "F1.java:7:33: has(o) takes an object, not int"),
    ("//@ invariant \\nonnullelements(f);",
     "F1.java:7:36: \\nonnullelements takes an array, not int"),
    ("//@ invariant \\typeof(n) <: Node;",
     "F1.java:7:19: '<:' compares types: \\typeof(e) or \\type(T)"),
    ("//@ invariant n.twice(1) > 0;", "F1.java:7:19: Node has no method twice taking 1 argument"),
    ("//@ invariant size() > 0;", "F1.java:7:19: A has no method size taking 0 arguments"),
    ("//@ invariant m(f, n) > 0;", ("F1.java:7:19: a specification calls only pure methods, "
                                   "and A.m is not declared /*@ pure @*/")),
    ("//@ invariant n.next.value == 0 || n.next.twice() > 0 || \\typeof(n).equals(null);", None),
    ("//@ invariant \\fresh(n);", ("F1.java:7:19: \\fresh stands only in a post-condition, "
                                 "not in invariant")),
])
def test_an_ill_typed_invariant_is_an_error_at_the_node_at_fault(member, error):
    assert errors_in(member) == ([error] if error else [])


@pytest.mark.parametrize("spec, error", [
    ("//@ requires \\result > 0;", "\\result stands only in an ensures clause, not in requires"),
    ("//@ requires \\old(x) > 0;",
     "\\old stands only in a post-condition (ensures, signals) or a method body, not in requires"),
    ("//@ ensures \\result == y;", "unknown name 'y': no variable, parameter or field of A has it"),
    ("//@ ensures \\result;", "the ensures clause must be boolean, not int"),
    ("//@ signals (RuntimeException e) e;", "the signals clause must be boolean, not RuntimeException"),
    ("//@ signals (RuntimeException e) r != null;",
     "unknown name 'r': no variable, parameter or field of A has it"),
    ("//@ assignable h;", "unknown name 'h': no variable, parameter or field of A has it"),
    ("//@ assignable f[*];", "int is not an array"),
    ("//@ assignable a[0..n];", "an index must be an integer, not Node"),
    ("//@ ensures \\nothing == null;", None),
])
def test_method_clauses_are_checked_in_the_methods_scope(spec, error):
    errors = errors_in(spec)
    if error is None:  # a parse error, not a type error: the clause never reaches the checker
        assert len(errors) == 1 and "is not an expression" in errors[0]
    else:
        assert [e.split(": ", 1)[1] for e in errors] == [error]


@pytest.mark.parametrize("extra, error", [
    ("    //@ ensures \\result > 0;\n    static void v() { }",
     "\\result of a method that returns nothing"),
    ("    //@ ensures \\result != null;\n    A() { }", "\\result of a method that returns nothing"),
    ("    //@ requires f > 0;\n    static void w() { }", "the instance field 'f' in a static context"),
    ("    //@ requires p > 0;\n    static void w(int q) { }",
     "unknown name 'p': no variable, parameter or field of A has it"),
])
def test_the_method_a_specification_precedes_sets_its_scope(extra, error):
    assert [e.split(": ", 1)[1] for e in errors_in("", extra)] == [error]


def test_statement_clauses_see_the_locals_declared_before_them():
    errors = errors_in("", """
    void loop(int[] xs) {
        int i = 0;
        //@ loop_invariant 0 <= i && i <= xs.length && j == 0;
        while (i < xs.length) { i++; }
        int j = 0;
        for (int v : xs) { }
        //@ assert v >= 0 && j == 0 && \\result == 0;
    }""")
    assert [e.split(": ", 1)[1] for e in errors] == [
        "unknown name 'j': no variable, parameter or field of A has it",
        "\\result stands only in an ensures clause, not in assert"]


def test_a_type_error_belongs_to_the_specification_it_is_in():
    spec = checked(NODE, """
    class B {
        int f;
        //@ invariant f.g > 0;
        //@ ensures \\result == f;
        int m() { return f; }
        //@ ensures \\result == h;
        int n() { return f; }
    }""")
    assert {d.name: [(e.line, e.column) for e in d.errors] for d in spec.declarations} == {
        "B": [(4, 19)], "m": [], "n": [(7, 28)]}
    assert [(e.line, e.column) for e in spec.errors] == [(4, 19), (7, 28)]


def test_methods_of_a_class_declared_pure_are_pure():
    pure_class = """
    /*@ pure @*/ class Point {
        int x;
        int norm() { return x; }
    }"""
    spec = checked(pure_class, """
    class Use {
        Point p;
        //@ invariant p.norm() >= 0;
    }""")
    assert spec.errors == ()


def test_members_of_classes_without_source_are_not_errors():
    assert errors_in("//@ invariant n != null ==> java.util.Objects.hash(n.value, f).foo() > 0;") == []


_VOCABULARY = [
    "requires", "ensures", "signals", "signals_only", "assignable", "invariant", "also",
    "normal_behavior", "assert", "loop_invariant", "pure", "nullable", "(", ")", "[", "]", ";",
    ",", ".", "..", "*", "==>", "<==", "<==>", "<:", "==", "!=", "<", "&&", "||", "!", "-", "+",
    "?", ":", "x", "f", "n", "a", "next", "value", "\\result", "\\old", "\\forall",
    "\\exists", "\\sum", "\\num_of", "\\reach", "has", "\\nothing", "\\typeof", "\\type",
    "int", "Node", "true", "null", "0", "1", "2147483648", "09", "0x_", "1.5e3f", "7L", "(*", "{", "|", "}", "#", "'", '"',
    "\\", "@"]


@pytest.mark.parametrize("seed", range(40))
def test_random_annotations_are_read_and_checked_without_raising(seed):
    """Any text in an annotation ends as clauses or errors with a place in the file."""
    import random
    rng = random.Random(seed)
    lines = [" ".join(rng.choice(_VOCABULARY) for _ in range(rng.randint(1, 25)))
             for _ in range(6)]
    source = ("class Node { int value; Node next; }\n"
              "class A {\n    int f; Node n; int[] a;\n"
              f"    //@ {lines[0]}\n    /*@ {lines[1]}\n      @ {lines[2]} @*/\n"
              f"    int m(int x) {{\n        //@ {lines[3]}\n        while (x > 0) {{ x--; }}\n"
              f"        /*@ {lines[4]} @*/\n        return x;\n    }}\n    //@ {lines[5]}\n}}\n")
    program = Program([parse_source(source, "A.java")])
    [spec] = check_files(program, [parse_jml(source, "A.java")])
    line_count = source.count("\n")
    assert all(1 <= e.line <= line_count and e.column >= 1 for e in spec.errors), spec.errors
