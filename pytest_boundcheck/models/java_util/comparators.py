"""Comparator models: ``Comparator``'s factories and combinators, ``Collections.reverseOrder``,
``Objects.compare`` and ``String.CASE_INSENSITIVE_ORDER``.

Each makes a comparator object (``symex.lambdas``) whose ``compare`` does what the JDK's
does, with the same calls in the same order, so that it throws what the JDK throws:
``Objects.requireNonNull`` of the arguments when it is made, a checkcast of a key to
``Comparable``, a NullPointerException on a null key, the key extractor's own exceptions.
"""
from __future__ import annotations

from functools import partial

import z3

from pytest_boundcheck.frontend.jdk import STRING
from pytest_boundcheck.frontend.types import CHAR, INT, ClassInfo
from pytest_boundcheck.models.registry import Registry, model
from pytest_boundcheck.symex import strings
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.lambdas import Closure, is_closure
from pytest_boundcheck.symex.values import Prim, Ref, mk_and, mk_ite, mk_not, ref_eq

CMP = "java.util.Comparator"
COMPARABLE = "java.lang.Comparable"
FUNCTION = "java.util.function.Function"


def _comparator(m, text: str, compare, kind: str = "comparator", parts: tuple = ()) -> Ref:
    """A new comparator whose ``compare(a, b)`` is ``compare(m, state, a, b, line)``."""
    return m.new_closure(Closure(text, frozenset({2}), None, kind, parts, model=compare))


def _call(m, state, target: Ref, interface: str, name: str, args, line: int):
    """``target.name(args)`` through ``interface``, as the JDK's code calls it."""
    return m.call_method(state, target.typed(m.cls(interface)), name, args, line)


def _text(ref: Ref) -> str:
    objs = [o for o in ref.targets if o is not None]
    if len(objs) == 1 and is_closure(objs[0]):
        return objs[0].content.text
    return "null" if not objs else "..."


def _int(m, value: int) -> Prim:
    return Prim(INT, z3.BitVecVal(value, 32, m.ctx))


def _cast(m, state, ref: Ref, to: str, line: int):
    return m.check_cast(state, ref, m.cls(to), line)


def _keys(m, state, key: Ref, interface: str, name: str, a, b, line: int, cast: bool = False):
    """The keys ``key.name(a)`` and ``key.name(b)``, in that order; ``cast``: the first is
    cast to Comparable before the second is computed (``comparing(key)``)."""
    ka, state = _call(m, state, key, interface, name, [a], line)
    if cast:
        ka, state = _cast(m, state, ka, COMPARABLE, line)
    kb, state = _call(m, state, key, interface, name, [b], line)
    return ka, kb, state


# ---------------------------------------------------------------- factories

@model(CMP, "static Comparator naturalOrder()")
def natural_order(m, state, this, args, line):
    return _natural(m, "Comparator.naturalOrder()", reverse=False), state


@model(CMP, "static Comparator reverseOrder()")
@model("java.util.Collections", "static Comparator reverseOrder()")
def reverse_order(m, state, this, args, line):
    return _natural(m, "Comparator.reverseOrder()", reverse=True), state


def _natural(m, text: str, reverse: bool) -> Ref:
    """The natural order, or its reverse: both objects are cast to Comparable (the JDK's
    bridge method), then ``a.compareTo(b)`` (or ``b.compareTo(a)``)."""
    def compare(m, state, a, b, line):
        a, state = _cast(m, state, a, COMPARABLE, line)
        b, state = _cast(m, state, b, COMPARABLE, line)
        first, second = (b, a) if reverse else (a, b)
        return _call(m, state, first, COMPARABLE, "compareTo", [second], line)
    return _comparator(m, text, compare)


@model(CMP, "static Comparator comparing(Function)")
def comparing(m, state, this, args, line):
    key = args[0]
    state = m.null_check(state, key, line)

    def compare(m, state, a, b, line):
        ka, kb, state = _keys(m, state, key, FUNCTION, "apply", a, b, line, cast=True)
        return _call(m, state, ka, COMPARABLE, "compareTo", [kb], line)
    return _comparator(m, f"Comparator.comparing({_text(key)})", compare), state


@model(CMP, "static Comparator comparing(Function, Comparator)")
def comparing_with(m, state, this, args, line):
    key, order = args
    state = m.null_check(m.null_check(state, key, line), order, line)

    def compare(m, state, a, b, line):
        ka, kb, state = _keys(m, state, key, FUNCTION, "apply", a, b, line)
        return _call(m, state, order, CMP, "compare", [ka, kb], line)
    return _comparator(m, f"Comparator.comparing({_text(key)}, {_text(order)})", compare), state


def comparing_primitive(kind: str, m, state, this, args, line):
    """comparingInt/Long/Double (``kind``): Integer/Long/Double.compare of the two keys."""
    key = args[0]
    state = m.null_check(state, key, line)
    box = BOXES[f"java.lang.{'Integer' if kind == 'Int' else kind}"]

    def compare(m, state, a, b, line):
        ka, kb, state = _keys(m, state, key, f"java.util.function.To{kind}Function",
                              f"applyAs{kind}", a, b, line)
        return Prim(INT, box.compare(m, ka, kb)), state
    return _comparator(m, f"Comparator.comparing{kind}({_text(key)})", compare), state


def then_comparing_primitive(kind: str, m, state, this, args, line):
    other, state = comparing_primitive(kind, m, state, None, args, line)
    return _then(m, state, this, other, line)




@model(CMP, "static Comparator nullsFirst(Comparator)")
def nulls_first(m, state, this, args, line):
    return _nulls(m, True, args[0]), state


@model(CMP, "static Comparator nullsLast(Comparator)")
def nulls_last(m, state, this, args, line):
    return _nulls(m, False, args[0]), state


def _nulls(m, first: bool, real: Ref) -> Ref:
    """The JDK's NullComparator: a null is less (``first``) or greater than any other
    object, two nulls are equal, and two others are compared by ``real``, or equal
    where ``real`` is null."""
    def compare(m, state, a, b, line):
        a_null, b_null = a.null_guard(), b.null_guard()
        edge = _int(m, -1 if first else 1)
        both = mk_and(mk_not(a_null), mk_not(b_null))
        value, state = m.when(state, mk_and(both, mk_not(real.null_guard())),
                               lambda s: _call(m, s, real, CMP, "compare", [a, b], line), _int(m, 0))
        term = mk_ite(a_null, mk_ite(b_null, _int(m, 0).term, edge.term),
                      mk_ite(b_null, -edge.term, value.term))
        return Prim(INT, term), state
    name = "nullsFirst" if first else "nullsLast"
    return _comparator(m, f"Comparator.{name}({_text(real)})", compare, "nulls", (first, real))


# ------------------------------------------------------------- combinators

def _only_nulls(m, state, this: Ref, line: int):
    """The parts of the NullComparator ``this`` is, if it is one; its own ``reversed``
    and ``thenComparing`` keep nulls apart."""
    kinds = {o.content.kind if is_closure(o) else None for o in this.targets if o is not None}
    if "nulls" not in kinds:
        return None
    if len(this.targets) > 1:
        m.unsupported(state, "a comparator that may or may not be a nullsFirst/nullsLast one", line)
    return this.targets[0].content.parts


def _then(m, state, this: Ref, other: Ref, line: int):
    """``this.thenComparing(other)``: ``this``'s order, ties broken by ``other``."""
    state = m.null_check(state, other, line)
    nulls = _only_nulls(m, state, this, line)
    if nulls is not None:  # NullComparator(first, real == null ? other : real.thenComparing(other))
        first, real = nulls
        chained, state = m.when(state, mk_not(real.null_guard()),
                                 lambda s: _call(m, s, real, CMP, "thenComparing", [other], line), other)
        return _nulls(m, first, chained), state

    def compare(m, state, a, b, line):
        res, state = _call(m, state, this, CMP, "compare", [a, b], line)
        tied = res.term == 0
        value, state = m.when(state, tied, lambda s: _call(m, s, other, CMP, "compare", [a, b], line), res)
        return value, state
    return _comparator(m, f"{_text(this)}.thenComparing({_text(other)})", compare), state


def _is_comparator(m, state, fn: Ref, line: int) -> bool:
    """Is the one argument of ``thenComparing`` a Comparator rather than a key extractor?
    For a lambda or method reference, as javac decides: by how many arguments it takes."""
    objs = [o for o in fn.targets if o is not None]
    if objs and all(is_closure(o) for o in objs):
        arities = set().union(*(o.content.arities for o in objs))
        if arities == {1, 2}:
            m.unsupported(state, f"thenComparing({_text(fn)}) (ambiguous method reference)", line)
        return 2 in arities
    return isinstance(fn.type, ClassInfo) and fn.type.is_subtype_of(m.cls(CMP))


@model(CMP, "Comparator thenComparing(Object)")
def then_comparing(m, state, this, args, line):
    other = args[0]
    if not _is_comparator(m, state, other, line):
        other, state = comparing(m, state, None, [other], line)
    return _then(m, state, this, other, line)


@model(CMP, "Comparator thenComparing(Function, Comparator)")
def then_comparing_with(m, state, this, args, line):
    other, state = comparing_with(m, state, None, args, line)
    return _then(m, state, this, other, line)


@model(CMP, "Comparator reversed()")
def reversed_(m, state, this, args, line):
    nulls = _only_nulls(m, state, this, line)
    if nulls is not None:  # NullComparator(!first, real == null ? null : real.reversed())
        first, real = nulls
        flipped, state = m.when(state, mk_not(real.null_guard()),
                                 lambda s: _call(m, s, real, CMP, "reversed", [], line), real)
        return _nulls(m, not first, flipped), state
    return _reverse(m, this), state


@model("java.util.Collections", "static Comparator reverseOrder(Comparator)")
def collections_reverse_order(m, state, this, args, line):
    order = args[0]
    if all(o is None for o in order.targets):
        return reverse_order(m, state, None, [], line)
    if None in order.targets:
        m.unsupported(state, "Collections.reverseOrder of a comparator that may be null", line)
    return _reverse(m, order), state


def _reverse(m, order: Ref) -> Ref:
    def compare(m, state, a, b, line):
        return _call(m, state, order, CMP, "compare", [b, a], line)
    return _comparator(m, f"{_text(order)}.reversed()", compare)


# ------------------------------------------------------------------ others

@model("java.util.Objects", "static int compare(Object, Object, Comparator)")
def objects_compare(m, state, this, args, line):
    """``a == b ? 0 : c.compare(a, b)``."""
    a, b, order = args
    return m.when(state, mk_not(ref_eq(m.ctx, a, b)),
                   lambda s: _call(m, s, order, CMP, "compare", [a, b], line), _int(m, 0))


def _case_insensitive_order(m) -> Ref:
    def compare(m, state, a, b, line):
        a, state = _cast(m, state, a, STRING, line)
        b, state = _cast(m, state, b, STRING, line)
        return _compare_ignoring_case(m, state, a, b, line)
    return _comparator(m, "String.CASE_INSENSITIVE_ORDER", compare)


@model(STRING, "int compareToIgnoreCase(String)")
def string_compare_to_ignore_case(m, state, this, args, line):
    return _compare_ignoring_case(m, state, this, args[0], line)


def _compare_ignoring_case(m, state, a: Ref, b: Ref, line: int):
    """String.CASE_INSENSITIVE_ORDER on Latin-1 strings: the first chars that differ once
    upper-cased and then lower-cased decide, else the lengths."""
    state = m.null_check(m.null_check(state, a, line), b, line)
    texts = [m.text_of(a), m.text_of(b)]
    state = m.latin1_only(state, texts, "String.CASE_INSENSITIVE_ORDER", line)
    return Prim(INT, strings.compare(*texts, partial(_fold_case, m))), state


def _fold_case(m, c):
    """A char upper-cased, then lower-cased, named (as equalsIgnoreCase names upper cases):
    where two strings' chars fold alike, the solver substitutes one for the other."""
    return m.named(Prim(CHAR, strings.lower_char(strings.upper_char(c))), "folded").term


def register(r: Registry) -> None:
    for kind in ("Int", "Long", "Double"):
        r.method(CMP, f"static Comparator comparing{kind}(To{kind}Function)",
                 partial(comparing_primitive, kind))
        r.method(CMP, f"Comparator thenComparing{kind}(To{kind}Function)",
                 partial(then_comparing_primitive, kind))
    r.constant("String", "CASE_INSENSITIVE_ORDER", _case_insensitive_order)
