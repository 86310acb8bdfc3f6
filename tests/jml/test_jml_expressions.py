"""JML expressions: Java's without side effects, JML's operators with the JML Reference
Manual's precedences, its primaries and quantifiers; each printed back in the canonical
form (every binary operation in parentheses), so that a wrong precedence shows."""
from __future__ import annotations

import pytest

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlprint import show


def requires(expr: str) -> j.Node:
    """``expr`` read as the predicate of a method's ``requires`` clause."""
    source = f"class A {{\n    //@ requires {expr};\n    void m(int[] a, int x) {{}}\n}}\n"
    spec = parse_jml(source, "A.java")
    assert spec.errors == ()
    return spec.declarations[0].cases[0].clauses[0].expr


@pytest.mark.parametrize("written, canonical", [
    # Java's precedences
    ("a + b * c", "(a + (b * c))"),
    ("a - b - c", "((a - b) - c)"),
    ("a << 1 + 2", "(a << (1 + 2))"),
    ("x & 1 ^ y | z", "(((x & 1) ^ y) | z)"),
    ("p || q && r", "(p || (q && r))"),
    ("a == b != c", "((a == b) != c)"),
    ("a < b == c < d", "((a < b) == (c < d))"),
    ("!p && ~x == -y", "(!p && (~x == -y))"),
    ("c ? a : b ? d : e", "(c ? a : (b ? d : e))"),
    ("p ==> q ? a : b", "((p ==> q) ? a : b)"),
    # JML's operators, below || and above ?:
    ("p && q ==> r || s", "((p && q) ==> (r || s))"),
    ("p ==> q ==> r", "(p ==> (q ==> r))"),
    ("p <== q <== r", "((p <== q) <== r)"),
    ("p <==> q ==> r", "(p <==> (q ==> r))"),
    ("p <==> q <=!=> r", "((p <==> q) <=!=> r)"),
    ("p == q <==> r", "((p == q) <==> r)"),
    ("(p ==> q) <== r", "((p ==> q) <== r)"),
    ("\\typeof(x) <: \\type(Node)", "(\\typeof(x) <: \\type(Node))"),
    ("o instanceof Node && o != null", "((o instanceof Node) && (o != null))"),
    # primaries and postfix
    ("this.head.next.value", "this.head.next.value"),
    ("a[i + 1].f", "a[(i + 1)].f"),
    ("contains(x)", "contains(x)"),
    ("list.get(0, i).size()", "list.get(0, i).size()"),
    ("\\result == \\old(size) + 1", "(\\result == (\\old(size) + 1))"),
    ("\\old(a[i], L0)", "\\old(a[i], L0)"),
    ("\\pre(size)", "\\old(size)"),
    ("\\nonnullelements(a)", "\\nonnullelements(a)"),
    ("\\fresh(\\result, n)", "\\fresh(\\result, n)"),
    ("(Node) o == n", "(((Node) o) == n)"),
    ("(int) -x", "((int) -x)"),
    ("(long) x * 2", "(((long) x) * 2)"),
    ("(x) - 1", "(x - 1)"),
    ("(java.util.List<Integer>) o", "((java.util.List) o)"),
    # literals
    ("x == -2147483648", "(x == -2147483648)"),
    ("x == 0x7fffffff", "(x == 2147483647)"),
    ("x == 0xFFFFFFFF", "(x == -1)"),
    ("y == 10L", "(y == 10L)"),
    ("c == 'a' && s != \"t\"", "((c == 'a') && (s != \"t\"))"),
    ("d == 1.5e3", "(d == 1.5e3)"),
])
def test_expressions_parse_with_jmls_precedences(written, canonical):
    assert show(requires(written)) == canonical


@pytest.mark.parametrize("written, canonical", [
    ("(\\forall int i; 0 <= i && i < a.length; a[i] > 0)",
     "(\\forall int i; ((0 <= i) && (i < a.length)); (a[i] > 0))"),
    ("(\\forall int i, j; 0 <= i && i < j && j < n; a[i] <= a[j])",
     "(\\forall int i, j; (((0 <= i) && (i < j)) && (j < n)); (a[i] <= a[j]))"),
    ("(\\exists Node n; \\reach(head).has(n); n.value == x)",
     "(\\exists Node n; \\reach(head).has(n); (n.value == x))"),
    ("(\\forall Node n; n != null)", "(\\forall Node n; ; (n != null))"),
    ("(\\forall Node n; ; n != null)", "(\\forall Node n; ; (n != null))"),
    ("(\\num_of Node n; \\reach(head).has(n); true)",
     "(\\num_of Node n; \\reach(head).has(n); true)"),
    ("(\\sum int i; 0 <= i && i < 5; i * i) == 30",
     "((\\sum int i; ((0 <= i) && (i < 5)); (i * i)) == 30)"),
    ("(\\product int i; 0 < i && i < 5; i) > 0",
     "((\\product int i; ((0 < i) && (i < 5)); i) > 0)"),
    ("(\\min int i; 0 <= i && i < n; a[i]) <= (\\max int i; 0 <= i && i < n; a[i])",
     "((\\min int i; ((0 <= i) && (i < n)); a[i]) <= (\\max int i; ((0 <= i) && (i < n)); a[i]))"),
    ("(\\forall int[] b; b != null; b.length >= 0)",
     "(\\forall int[] b; (b != null); (b.length >= 0))"),
    ("\\reach(head, Node, next).has(n)", "\\reach(head, Node, next).has(n)"),
    ("\\reach(this.root, Entry).has(e)", "\\reach(this.root, Entry).has(e)"),
])
def test_quantifiers_and_reach(written, canonical):
    assert show(requires(written)) == canonical


def test_a_quantifier_knows_its_variables_range_and_body():
    q = requires("(\\forall int i, j; i < j; a[i] <= a[j])")
    assert isinstance(q, j.Quantified) and q.quantifier == "forall"
    assert [(v.type.name, v.name) for v in q.variables] == [("int", "i"), ("int", "j")]
    assert isinstance(q.range, j.Binary) and isinstance(q.body, j.Binary)


@pytest.mark.parametrize("written, what", [
    ("\\not_modified(x)", "\\not_modified"),
    ("\\invariant_for(this)", "\\invariant_for"),
    ("\\elemtype(\\typeof(a)) == \\type(int)", "\\elemtype"),
    ("\\lockset.has(this)", "\\lockset"),
    ("(* the list is sorted *)", "informal description (* ... *)"),
    ("new int[3].length == 3", "object creation (new) in a specification"),
    ("super.size() == 0", "super in a specification"),
])
def test_constructs_jml_has_and_checks_do_not_are_kept_by_name(written, what):
    found = [n for n in _nodes(requires(written)) if isinstance(n, j.UnsupportedExpr)]
    assert [n.what for n in found] == [what]


def test_every_node_has_the_column_of_its_first_token():
    expr = requires("x > 0 && \\old(a[x]) == \\result")
    # on line 2, after the 17 characters of "    //@ requires "
    assert (expr.line, expr.column) == (2, 18)
    old = expr.right.left
    assert isinstance(old, j.Old) and (old.line, old.column) == (2, 27)
    assert (old.expr.line, old.expr.column) == (2, 32)
    assert isinstance(expr.right.right, j.Result) and expr.right.right.column == 41


def _nodes(node):
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, tuple):
            stack.extend(current)
        elif isinstance(current, j.Node):
            yield current
            stack.extend(getattr(current, name) for name in current.__dataclass_fields__)
