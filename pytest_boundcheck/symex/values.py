"""Symbolic values: primitives as solver terms, references as object ids with the
objects each may denote.

Knowing the possible objects of a reference keeps dynamic types and null checks
out of the solver wherever they are already decided, and turns virtual dispatch
into a merge over the possible classes.
"""
from __future__ import annotations

from dataclasses import dataclass

import z3

from pytest_boundcheck.frontend.types import ClassInfo, JType, NullType, PrimType


class DeadPath(Exception):
    """The current path ends here (it returned, threw, got stuck or was cut)."""


def checked(solver: z3.Solver) -> z3.CheckSatResult:
    """``solver.check()``, where a Ctrl-C stops the run as in any pytest run. While Z3
    checks, its own SIGINT handler takes the signal, cancels and answers unknown "interrupted
    from keyboard", which would read as a solver giving up and go on to the next check;
    a time or resource limit reached stays an ordinary unknown. Every check is asked here."""
    result = solver.check()
    if result == z3.unknown and solver.reason_unknown() == _INTERRUPTED:
        raise KeyboardInterrupt
    return result


_INTERRUPTED = "interrupted from keyboard"  # Z3's reason for a cancel by SIGINT


# ---------------------------------------------------------- boolean helpers
# Constant folding on the way in: most guards are literally true or false,
# and a branch under a false guard is never executed.


def is_true(t: z3.BoolRef) -> bool:
    """Is ``t`` the constant true? One call into Z3's C API: the Python API's own test
    wraps several, and exploring asks it of every guard it builds."""
    return z3.Z3_get_bool_value(t.ctx_ref(), t.as_ast()) == z3.Z3_L_TRUE


def is_false(t: z3.BoolRef) -> bool:
    """Is ``t`` the constant false? (As ``is_true``.)"""
    return z3.Z3_get_bool_value(t.ctx_ref(), t.as_ast()) == z3.Z3_L_FALSE


def bool_app(make, terms: list[z3.BoolRef]) -> z3.BoolRef:
    """``make`` (``Z3_mk_and``, ``Z3_mk_or``) of Boolean terms of one context, through Z3's C
    API: the Python API coerces each term first, which exploring would pay at every branch."""
    ctx = terms[0].ctx
    args = (z3.Ast * len(terms))(*[t.as_ast() for t in terms])
    return z3.BoolRef(make(ctx.ref(), len(terms), args), ctx)


def mk_and(*terms: z3.BoolRef) -> z3.BoolRef:
    kept = []
    for t in terms:
        if is_false(t):
            return t
        if not is_true(t):
            kept.append(t)
    if not kept:
        return z3.BoolVal(True, terms[0].ctx)
    return kept[0] if len(kept) == 1 else bool_app(z3.Z3_mk_and, kept)


def mk_or(ctx: z3.Context, terms) -> z3.BoolRef:
    kept = []
    for t in terms:
        if is_true(t):
            return t
        if not is_false(t):
            kept.append(t)
    if not kept:
        return z3.BoolVal(False, ctx)
    return kept[0] if len(kept) == 1 else bool_app(z3.Z3_mk_or, kept)


def mk_not(t: z3.BoolRef) -> z3.BoolRef:
    if is_true(t):
        return z3.BoolVal(False, t.ctx)
    if is_false(t):
        return z3.BoolVal(True, t.ctx)
    if z3.is_not(t):
        return t.arg(0)
    return z3.Not(t)


def mk_join(ctx: z3.Context, guards: list[z3.BoolRef]) -> z3.BoolRef:
    """The guard of states that meet after a branch: the Or of theirs, with the conjuncts
    they all share taken out, and ``c or not c`` dropped. The two sides of an ``if`` are
    the guard before it and ``c`` or ``not c``; their join is that guard again, not a
    disjunction that doubles at every branch the solver must then take apart."""
    if len(guards) == 1:
        return guards[0]
    parts = [g.children() if z3.is_and(g) else [g] for g in guards]
    shared = set.intersection(*({c.get_id() for c in p} for p in parts))
    common = [c for c in parts[0] if c.get_id() in shared]
    rests = [mk_and(z3.BoolVal(True, ctx), *(c for c in p if c.get_id() not in shared)) for p in parts]
    if len(rests) == 2 and (mk_not(rests[0]).eq(rests[1]) or mk_not(rests[1]).eq(rests[0])):
        rests = [z3.BoolVal(True, ctx)]
    return mk_and(z3.BoolVal(True, ctx), *common, mk_or(ctx, rests))


def mk_ite(c: z3.BoolRef, a: z3.ExprRef, b: z3.ExprRef) -> z3.ExprRef:
    if is_true(c) or a.eq(b):
        return a
    if is_false(c):
        return b
    return z3.If(c, a, b)


# ----------------------------------------------------------------- objects

ID_BITS = 32  # object ids; 0 is null


class HeapObj:
    """One object: an initial object of the check, one made by ``new``, a string
    literal, or a ``Class`` object (``meta`` is the class it stands for). ``num`` is
    its id, unique within one check. An opaque object stands for an object of a
    library type that the engine does not model: only its identity is known.

    A box (Integer, Boolean...) holds its primitive value as ``content``; ``shared``
    is the condition that it is the one box ``valueOf`` caches for that value, so
    that two box objects may be one Java object."""

    __slots__ = ("cls", "label", "kind", "meta", "content", "num", "opaque", "shared")

    def __init__(self, num: int, cls: ClassInfo, label: str, kind: str,
                 meta: ClassInfo | None = None, content: z3.ExprRef | None = None,
                 opaque: bool = False, shared: z3.BoolRef | None = None):
        self.num, self.cls, self.label, self.kind = num, cls, label, kind
        self.meta, self.content = meta, content
        self.opaque = opaque  # an object of some unknown class that ``cls`` only bounds
        self.shared = shared

    @property
    def class_unknown(self) -> bool:
        """Is its exact class some class below ``cls`` that the check does not know? So for
        an opaque object, and for one of an abstract class: it stands for an object of an
        unknown subclass (``harness.receiver_types``)."""
        return self.opaque or self.cls.kind == "class" and self.cls.is_abstract

    @property
    def is_box(self) -> bool:
        return self.shared is not None

    def __repr__(self) -> str:
        return self.label


def _num(obj: HeapObj | None) -> int:
    return 0 if obj is None else obj.num


# ------------------------------------------------------------------ values

@dataclass(frozen=True, slots=True)
class Prim:
    type: PrimType
    term: z3.ExprRef


class Ref:
    """A reference: an id term and the objects (``None`` for null) it may denote.

    The id is one solver term however many objects are possible, so merging
    references and reading a reference field of many objects stay linear in size;
    the guard for "it is this object" is ``id == num``."""

    __slots__ = ("type", "id", "targets")

    def __init__(self, type_: ClassInfo | NullType, id_: z3.BitVecRef,
                 targets: tuple[HeapObj | None, ...]):
        self.type, self.id, self.targets = type_, id_, targets

    def guard(self, obj: HeapObj | None) -> z3.BoolRef:
        if z3.is_bv_value(self.id):
            return z3.BoolVal(self.id.as_long() == _num(obj), self.id.ctx)
        return self.id == _num(obj)

    @property
    def cases(self) -> list[tuple[z3.BoolRef, HeapObj | None]]:
        return [(self.guard(o), o) for o in self.targets]

    def non_null(self) -> list[tuple[z3.BoolRef, HeapObj]]:
        return [(self.guard(o), o) for o in self.targets if o is not None]

    def member_guard(self, chosen) -> z3.BoolRef:
        """The condition that the reference denotes one of ``chosen`` (some of its
        targets): true if that is all of them, else a few id ranges, one per run of
        chosen targets (ids of one class, and of a class and its subclasses, are
        mostly consecutive)."""
        nums = {_num(o) for o in chosen}
        ctx = self.id.ctx
        if not nums:
            return z3.BoolVal(False, ctx)
        if all(_num(o) in nums for o in self.targets):
            return z3.BoolVal(True, ctx)
        if z3.is_bv_value(self.id):
            return z3.BoolVal(self.id.as_long() in nums, ctx)
        runs: list[list[int]] = []
        inside = False
        for n in sorted(_num(o) for o in self.targets):
            if n in nums:
                if inside:
                    runs[-1][1] = n
                else:
                    runs.append([n, n])
                inside = True
            else:
                inside = False
        parts = [self.id == a if a == b else z3.And(z3.UGE(self.id, a), z3.ULE(self.id, b))
                 for a, b in runs]
        return parts[0] if len(parts) == 1 else z3.Or(parts)

    def null_guard(self) -> z3.BoolRef:
        if None not in self.targets:
            return z3.BoolVal(False, self.id.ctx)
        return self.guard(None)

    def narrowed(self, targets) -> "Ref":
        """The same reference where the path already excludes the other targets."""
        return Ref(self.type, self.id, tuple(targets))

    def typed(self, type_: ClassInfo | NullType) -> "Ref":
        return Ref(type_, self.id, self.targets)


Value = Prim | Ref


def ref_to(type_: ClassInfo | NullType, obj: HeapObj | None, ctx: z3.Context) -> Ref:
    return Ref(type_, z3.BitVecVal(_num(obj), ID_BITS, ctx), (obj,))


def make_ref(type_: ClassInfo | NullType, cases: list[tuple[z3.BoolRef, HeapObj | None]]) -> Ref:
    """A reference from mutually exclusive (guard, object) cases, one of which holds."""
    ctx = cases[0][0].ctx
    id_ = z3.BitVecVal(_num(cases[-1][1]), ID_BITS, ctx)
    for g, o in reversed(cases[:-1]):
        id_ = mk_ite(g, z3.BitVecVal(_num(o), ID_BITS, ctx), id_)
    return Ref(type_, id_, _union([o] for _, o in cases))


def choose_term(cases: list[tuple[z3.BoolRef, object]], term_of) -> z3.ExprRef:
    """A term choosing ``term_of(x)`` by mutually exclusive (guard, x) cases, one of which
    holds (a reference's cases, say)."""
    term = term_of(cases[-1][1])
    for g, o in reversed(cases[:-1]):
        term = mk_ite(g, term_of(o), term)
    return term


def _union(groups) -> tuple[HeapObj | None, ...]:
    seen: dict[int, HeapObj | None] = {}
    for group in groups:
        for o in group:
            seen.setdefault(_num(o), o)
    return tuple(seen[n] for n in sorted(seen))


def ref_eq(ctx: z3.Context, a: Ref, b: Ref) -> z3.BoolRef:
    """Reference identity ``a == b``: one object, or two cached boxes of one value."""
    return mk_or(ctx, [same_object(ctx, a, b)] + [
        mk_and(a.guard(x), b.guard(y), x.shared, y.shared, x.content == y.content)
        for x in a.targets if x is not None and x.is_box
        for y in b.targets if y is not None and y.is_box and y.cls is x.cls and y is not x])


def same_object(ctx: z3.Context, a: Ref, b: Ref) -> z3.BoolRef:
    """``a`` and ``b`` are one heap object (identity without the box cache)."""
    if not {_num(o) for o in a.targets} & {_num(o) for o in b.targets}:
        return z3.BoolVal(False, ctx)
    if z3.is_bv_value(a.id) and z3.is_bv_value(b.id):
        return z3.BoolVal(a.id.as_long() == b.id.as_long(), ctx)
    return a.id == b.id


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
    id_ = pairs[-1][1].id
    for g, v in reversed(pairs[:-1]):
        id_ = mk_ite(g, v.id, id_)
    static = type_ if not isinstance(type_, PrimType) else first.type
    return Ref(static, id_, _union(v.targets for _, v in pairs))
