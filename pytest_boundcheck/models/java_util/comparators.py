"""Comparator models: ``Comparator``'s factories and combinators, ``Collections.reverseOrder``,
``Objects.compare`` and ``String.CASE_INSENSITIVE_ORDER``.

Each makes a comparator object (functional.py) whose ``compare`` does what the JDK's
does, with the same calls in the same order, so that it throws what the JDK throws:
``Objects.requireNonNull`` of the arguments when it is made, a checkcast of a key to
``Comparable``, a NullPointerException on a null key, the key extractor's own exceptions.
"""
from __future__ import annotations

from functools import partial

import z3

from pytest_boundcheck.symex import lambdas as functional
from pytest_boundcheck.symex import strings
from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.models.jdk import BOXES, STRING, constant, model
from pytest_boundcheck.frontend.types import CHAR, INT, ClassInfo, MethodInfo, Param
from pytest_boundcheck.symex.values import Prim, Ref, mk_and, mk_ite, mk_not, ref_eq

CMP = "java.util.Comparator"
COMPARABLE = "java.lang.Comparable"
FUNCTION = "java.util.function.Function"


def _comparator(ex, text: str, compare, kind: str = "comparator", parts: tuple = ()) -> Ref:
    """A new comparator whose ``compare(a, b)`` is ``compare(ex, state, a, b, line)``."""
    cls = ex.program.classes[CMP]
    body = MethodInfo("compare", cls, [Param(ex.program.classes["java.lang.Object"], n) for n in "ab"],
                      INT, model=lambda ex, state, this, args, line: compare(ex, state, *args, line))

    def method(ex, state, args, return_type, line):
        return body, None, args, state
    return functional.new_closure(ex, functional.Closure(text, frozenset({2}), method, kind, parts))


def _call(ex, state, target: Ref, interface: str, name: str, args, line: int):
    """``target.name(args)`` through ``interface``, as the JDK's code calls it."""
    return ex.call_method(state, target.typed(ex.program.classes[interface]), name, args, line)


def _text(ref: Ref) -> str:
    objs = [o for o in ref.targets if o is not None]
    if len(objs) == 1 and functional.is_closure(objs[0]):
        return objs[0].content.text
    return "null" if not objs else "..."


def _int(ex, value: int) -> Prim:
    return Prim(INT, z3.BitVecVal(value, 32, ex.ctx))


def _cast(ex, state, ref: Ref, to: str, line: int):
    return ex.check_cast(state, ref, ex.program.classes[to], line)


def _keys(ex, state, key: Ref, interface: str, name: str, a, b, line: int, cast: bool = False):
    """The keys ``key.name(a)`` and ``key.name(b)``, in that order; ``cast``: the first is
    cast to Comparable before the second is computed (``comparing(key)``)."""
    ka, state = _call(ex, state, key, interface, name, [a], line)
    if cast:
        ka, state = _cast(ex, state, ka, COMPARABLE, line)
    kb, state = _call(ex, state, key, interface, name, [b], line)
    return ka, kb, state


# ---------------------------------------------------------------- factories

@model(CMP, "static Comparator naturalOrder()")
def natural_order(ex, state, this, args, line):
    return _natural(ex, "Comparator.naturalOrder()", reverse=False), state


@model(CMP, "static Comparator reverseOrder()")
@model("java.util.Collections", "static Comparator reverseOrder()")
def reverse_order(ex, state, this, args, line):
    return _natural(ex, "Comparator.reverseOrder()", reverse=True), state


def _natural(ex, text: str, reverse: bool) -> Ref:
    """The natural order, or its reverse: both objects are cast to Comparable (the JDK's
    bridge method), then ``a.compareTo(b)`` (or ``b.compareTo(a)``)."""
    def compare(ex, state, a, b, line):
        a, state = _cast(ex, state, a, COMPARABLE, line)
        b, state = _cast(ex, state, b, COMPARABLE, line)
        first, second = (b, a) if reverse else (a, b)
        return _call(ex, state, first, COMPARABLE, "compareTo", [second], line)
    return _comparator(ex, text, compare)


@model(CMP, "static Comparator comparing(Function)")
def comparing(ex, state, this, args, line):
    key = args[0]
    state = ex.null_check(state, key, line)

    def compare(ex, state, a, b, line):
        ka, kb, state = _keys(ex, state, key, FUNCTION, "apply", a, b, line, cast=True)
        return _call(ex, state, ka, COMPARABLE, "compareTo", [kb], line)
    return _comparator(ex, f"Comparator.comparing({_text(key)})", compare), state


@model(CMP, "static Comparator comparing(Function, Comparator)")
def comparing_with(ex, state, this, args, line):
    key, order = args
    state = ex.null_check(ex.null_check(state, key, line), order, line)

    def compare(ex, state, a, b, line):
        ka, kb, state = _keys(ex, state, key, FUNCTION, "apply", a, b, line)
        return _call(ex, state, order, CMP, "compare", [ka, kb], line)
    return _comparator(ex, f"Comparator.comparing({_text(key)}, {_text(order)})", compare), state


def comparing_primitive(kind: str, ex, state, this, args, line):
    """comparingInt/Long/Double (``kind``): Integer/Long/Double.compare of the two keys."""
    key = args[0]
    state = ex.null_check(state, key, line)
    box = BOXES[f"java.lang.{'Integer' if kind == 'Int' else kind}"]

    def compare(ex, state, a, b, line):
        ka, kb, state = _keys(ex, state, key, f"java.util.function.To{kind}Function",
                              f"applyAs{kind}", a, b, line)
        return Prim(INT, box.compare(ex, ka, kb)), state
    return _comparator(ex, f"Comparator.comparing{kind}({_text(key)})", compare), state


def then_comparing_primitive(kind: str, ex, state, this, args, line):
    other, state = comparing_primitive(kind, ex, state, None, args, line)
    return _then(ex, state, this, other, line)


for _kind in ("Int", "Long", "Double"):
    model(CMP, f"static Comparator comparing{_kind}(To{_kind}Function)")(
        partial(comparing_primitive, _kind))
    model(CMP, f"Comparator thenComparing{_kind}(To{_kind}Function)")(
        partial(then_comparing_primitive, _kind))


@model(CMP, "static Comparator nullsFirst(Comparator)")
def nulls_first(ex, state, this, args, line):
    return _nulls(ex, True, args[0]), state


@model(CMP, "static Comparator nullsLast(Comparator)")
def nulls_last(ex, state, this, args, line):
    return _nulls(ex, False, args[0]), state


def _nulls(ex, first: bool, real: Ref) -> Ref:
    """The JDK's NullComparator: a null is less (``first``) or greater than any other
    object, two nulls are equal, and two others are compared by ``real``, or equal
    where ``real`` is null."""
    def compare(ex, state, a, b, line):
        a_null, b_null = a.null_guard(), b.null_guard()
        edge = _int(ex, -1 if first else 1)
        both = mk_and(mk_not(a_null), mk_not(b_null))
        value, state = ex.when(state, mk_and(both, mk_not(real.null_guard())),
                               lambda s: _call(ex, s, real, CMP, "compare", [a, b], line), _int(ex, 0))
        term = mk_ite(a_null, mk_ite(b_null, _int(ex, 0).term, edge.term),
                      mk_ite(b_null, -edge.term, value.term))
        return Prim(INT, term), state
    name = "nullsFirst" if first else "nullsLast"
    return _comparator(ex, f"Comparator.{name}({_text(real)})", compare, "nulls", (first, real))


# ------------------------------------------------------------- combinators

def _only_nulls(ex, state, this: Ref, line: int):
    """The parts of the NullComparator ``this`` is, if it is one; its own ``reversed``
    and ``thenComparing`` keep nulls apart."""
    kinds = {o.content.kind if functional.is_closure(o) else None for o in this.targets if o is not None}
    if "nulls" not in kinds:
        return None
    if len(this.targets) > 1:
        ex.unsupported(state, "a comparator that may or may not be a nullsFirst/nullsLast one", line)
    return this.targets[0].content.parts


def _then(ex, state, this: Ref, other: Ref, line: int):
    """``this.thenComparing(other)``: ``this``'s order, ties broken by ``other``."""
    state = ex.null_check(state, other, line)
    nulls = _only_nulls(ex, state, this, line)
    if nulls is not None:  # NullComparator(first, real == null ? other : real.thenComparing(other))
        first, real = nulls
        chained, state = ex.when(state, mk_not(real.null_guard()),
                                 lambda s: _call(ex, s, real, CMP, "thenComparing", [other], line), other)
        return _nulls(ex, first, chained), state

    def compare(ex, state, a, b, line):
        res, state = _call(ex, state, this, CMP, "compare", [a, b], line)
        tied = res.term == 0
        value, state = ex.when(state, tied, lambda s: _call(ex, s, other, CMP, "compare", [a, b], line), res)
        return value, state
    return _comparator(ex, f"{_text(this)}.thenComparing({_text(other)})", compare), state


def _is_comparator(ex, state, fn: Ref, line: int) -> bool:
    """Is the one argument of ``thenComparing`` a Comparator rather than a key extractor?
    For a lambda or method reference, as javac decides: by how many arguments it takes."""
    objs = [o for o in fn.targets if o is not None]
    if objs and all(functional.is_closure(o) for o in objs):
        arities = set().union(*(o.content.arities for o in objs))
        if arities == {1, 2}:
            ex.unsupported(state, f"thenComparing({_text(fn)}) (ambiguous method reference)", line)
        return 2 in arities
    return isinstance(fn.type, ClassInfo) and fn.type.is_subtype_of(ex.program.classes[CMP])


@model(CMP, "Comparator thenComparing(Object)")
def then_comparing(ex, state, this, args, line):
    other = args[0]
    if not _is_comparator(ex, state, other, line):
        other, state = comparing(ex, state, None, [other], line)
    return _then(ex, state, this, other, line)


@model(CMP, "Comparator thenComparing(Function, Comparator)")
def then_comparing_with(ex, state, this, args, line):
    other, state = comparing_with(ex, state, None, args, line)
    return _then(ex, state, this, other, line)


@model(CMP, "Comparator reversed()")
def reversed_(ex, state, this, args, line):
    nulls = _only_nulls(ex, state, this, line)
    if nulls is not None:  # NullComparator(!first, real == null ? null : real.reversed())
        first, real = nulls
        flipped, state = ex.when(state, mk_not(real.null_guard()),
                                 lambda s: _call(ex, s, real, CMP, "reversed", [], line), real)
        return _nulls(ex, not first, flipped), state
    return _reverse(ex, this), state


@model("java.util.Collections", "static Comparator reverseOrder(Comparator)")
def collections_reverse_order(ex, state, this, args, line):
    order = args[0]
    if all(o is None for o in order.targets):
        return reverse_order(ex, state, None, [], line)
    if None in order.targets:
        ex.unsupported(state, "Collections.reverseOrder of a comparator that may be null", line)
    return _reverse(ex, order), state


def _reverse(ex, order: Ref) -> Ref:
    def compare(ex, state, a, b, line):
        return _call(ex, state, order, CMP, "compare", [b, a], line)
    return _comparator(ex, f"{_text(order)}.reversed()", compare)


# ------------------------------------------------------------------ others

@model("java.util.Objects", "static int compare(Object, Object, Comparator)")
def objects_compare(ex, state, this, args, line):
    """``a == b ? 0 : c.compare(a, b)``."""
    a, b, order = args
    return ex.when(state, mk_not(ref_eq(ex.ctx, a, b)),
                   lambda s: _call(ex, s, order, CMP, "compare", [a, b], line), _int(ex, 0))


def _case_insensitive_order(ex) -> Ref:
    def compare(ex, state, a, b, line):
        a, state = _cast(ex, state, a, STRING, line)
        b, state = _cast(ex, state, b, STRING, line)
        return _compare_ignoring_case(ex, state, a, b, line)
    return _comparator(ex, "String.CASE_INSENSITIVE_ORDER", compare)


@model(STRING, "int compareToIgnoreCase(String)")
def string_compare_to_ignore_case(ex, state, this, args, line):
    return _compare_ignoring_case(ex, state, this, args[0], line)


def _compare_ignoring_case(ex, state, a: Ref, b: Ref, line: int):
    """String.CASE_INSENSITIVE_ORDER on Latin-1 strings: the first chars that differ once
    upper-cased and then lower-cased decide, else the lengths."""
    state = ex.null_check(ex.null_check(state, a, line), b, line)
    texts = [ex.text_of(a), ex.text_of(b)]
    state = ex.latin1_only(state, texts, "String.CASE_INSENSITIVE_ORDER", line)
    return Prim(INT, strings.compare(*texts, partial(_fold_case, ex))), state


def _fold_case(ex, c):
    """A char upper-cased, then lower-cased, named (as equalsIgnoreCase names upper cases):
    where two strings' chars fold alike, the solver substitutes one for the other."""
    return ex.named(Prim(CHAR, strings.lower_char(strings.upper_char(c))), "folded").term


constant("String", "CASE_INSENSITIVE_ORDER", CMP, _case_insensitive_order)


# ------------------------------------------------------ static final fields

_MADE_HERE = frozenset({
    "naturalOrder", "reverseOrder", "comparing", "comparingInt", "comparingLong",
    "comparingDouble", "nullsFirst", "nullsLast", "thenComparing", "thenComparingInt",
    "thenComparingLong", "thenComparingDouble", "reversed"})


def built_once(init) -> bool:
    """Can a static final field's initialiser be evaluated once per check? A lambda, a
    method reference of a type, and casts and calls of the comparator factories and
    combinators on such values, literals, names and other static fields make no objects but comparators and run
    no code but these models. (A JDK constant made by a model is one too.)"""
    if callable(init) or isinstance(init, ast.Lambda):
        return True
    if isinstance(init, ast.MethodRef):
        return isinstance(init.target, (ast.TypeName, ast.Name, ast.FieldAccess))
    if isinstance(init, (ast.Name, ast.FieldAccess, ast.Literal)):
        return True
    if isinstance(init, ast.Cast):
        return built_once(init.expr)
    if isinstance(init, ast.MethodCall):
        return init.name in _MADE_HERE and not init.is_super and all(
            built_once(e) for e in (init.target, *init.args) if e is not None)
    return False
