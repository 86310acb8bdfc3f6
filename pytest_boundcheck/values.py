"""Symbolic values: primitives as solver terms, references as guarded choices of objects.

A reference is a list of cases ``(guard, object)``: exactly one guard holds on
any execution, and the object ``None`` is ``null``. This keeps object identity,
dynamic types and null checks out of the solver wherever a guard is already
known, and turns virtual dispatch into a merge over the cases.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import z3

from .jtypes import ClassInfo, JType, NullType, PrimType


# ---------------------------------------------------------- boolean helpers
# Constant folding on the way in: most guards are literally true or false,
# and a branch under a false guard is never executed.

def is_true(t: z3.BoolRef) -> bool:
    return z3.is_true(t)


def is_false(t: z3.BoolRef) -> bool:
    return z3.is_false(t)


def mk_and(*terms: z3.BoolRef) -> z3.BoolRef:
    kept = []
    for t in terms:
        if z3.is_false(t):
            return t
        if not z3.is_true(t):
            kept.append(t)
    if not kept:
        return z3.BoolVal(True, terms[0].ctx)
    return kept[0] if len(kept) == 1 else z3.And(*kept)


def mk_or(ctx: z3.Context, terms) -> z3.BoolRef:
    kept = []
    for t in terms:
        if z3.is_true(t):
            return t
        if not z3.is_false(t):
            kept.append(t)
    if not kept:
        return z3.BoolVal(False, ctx)
    return kept[0] if len(kept) == 1 else z3.Or(*kept)


def mk_not(t: z3.BoolRef) -> z3.BoolRef:
    if z3.is_true(t):
        return z3.BoolVal(False, t.ctx)
    if z3.is_false(t):
        return z3.BoolVal(True, t.ctx)
    if z3.is_not(t):
        return t.arg(0)
    return z3.Not(t)


def mk_ite(c: z3.BoolRef, a: z3.ExprRef, b: z3.ExprRef) -> z3.ExprRef:
    if z3.is_true(c) or a.eq(b):
        return a
    if z3.is_false(c):
        return b
    return z3.If(c, a, b)


# ----------------------------------------------------------------- objects

_ids = itertools.count()


class HeapObj:
    """One object: an initial object of the check, one made by ``new``, a
    string literal, or a ``Class`` object (``meta`` is the class it stands for)."""

    __slots__ = ("cls", "label", "kind", "meta", "content", "order")

    def __init__(self, cls: ClassInfo, label: str, kind: str, meta: ClassInfo | None = None,
                 content: z3.ExprRef | None = None):
        self.cls, self.label, self.kind = cls, label, kind
        self.meta, self.content = meta, content
        self.order = next(_ids)

    def __repr__(self) -> str:
        return self.label


# ------------------------------------------------------------------ values

@dataclass(frozen=True, slots=True)
class Prim:
    type: PrimType
    term: z3.ExprRef


@dataclass(frozen=True, slots=True)
class Ref:
    type: ClassInfo | NullType  # static type
    cases: tuple[tuple[z3.BoolRef, HeapObj | None], ...]

    def non_null(self) -> list[tuple[z3.BoolRef, HeapObj]]:
        return [(g, o) for g, o in self.cases if o is not None]

    def null_guard(self, ctx: z3.Context) -> z3.BoolRef:
        return mk_or(ctx, [g for g, o in self.cases if o is None])

    def restrict(self, cases) -> "Ref":
        return Ref(self.type, tuple(cases))


Value = Prim | Ref


def make_ref(type_: ClassInfo | NullType, cases) -> Ref:
    """A reference from cases, joining cases that name the same object."""
    joined: dict[int, list] = {}
    order: list = []
    for g, o in cases:
        if is_false(g):
            continue
        key = id(o)
        if key not in joined:
            joined[key] = [o, []]
            order.append(key)
        joined[key][1].append(g)
    out = []
    for key in order:
        o, guards = joined[key]
        out.append((mk_or(guards[0].ctx, guards), o))
    return Ref(type_, tuple(out))


def ref_eq(ctx: z3.Context, a: Ref, b: Ref) -> z3.BoolRef:
    """Reference identity ``a == b``."""
    by_obj: dict[int, z3.BoolRef] = {id(o): g for g, o in b.cases}
    return mk_or(ctx, [mk_and(g, by_obj[id(o)]) for g, o in a.cases if id(o) in by_obj])


def merge_values(ctx: z3.Context, type_: JType, pairs: list[tuple[z3.BoolRef, Value]]) -> Value:
    """Join values reaching one point under mutually exclusive guards."""
    if len(pairs) == 1:
        return pairs[0][1]
    first = pairs[0][1]
    if isinstance(first, Prim):
        term = pairs[-1][1].term
        for g, v in reversed(pairs[:-1]):
            term = mk_ite(g, v.term, term)
        return Prim(first.type, term)
    cases = [(mk_and(g, cg), o) for g, v in pairs for cg, o in v.cases]
    return make_ref(type_ if not isinstance(type_, PrimType) else first.type, cases)
