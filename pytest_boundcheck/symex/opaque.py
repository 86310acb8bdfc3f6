"""Objects known by their contracts alone: of classes without source or model, or (in a
trusting check) of project classes outside the hierarchy under test, and the library
part of project objects whose superclass the engine has no source for.

Their equals, hashCode and compareTo obey the contracts, and nothing more is known:
equal objects share an equality key, hashCode is an unknown function of it, and
compareTo's sign follows an order key (a total preorder, which equals need not agree
with).
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.jdk import library_superclass
from pytest_boundcheck.frontend.types import BOOLEAN, INT
from pytest_boundcheck.symex.values import HeapObj, Prim, Ref, choose_term, mk_and, mk_ite, mk_or


def obeys_contract(name: str, args) -> bool:
    """Is this a call whose meaning the contracts fix for any class: equals(Object),
    hashCode(), compareTo(T) with a reference argument?"""
    return (name, len(args)) in (("hashCode", 0), ("equals", 1), ("compareTo", 1)) and all(
        not isinstance(a, Prim) for a in args)


def opaque_call(ex, state, this, name, args, line):
    """``this.name(args)`` on keyed objects (``ex.keyed``), or by the library part of
    project objects (``library_superclass``); ``this`` is not null here."""
    receivers = this.non_null()
    if name == "hashCode":
        return Prim(INT, choose_term(receivers, ex.opaque_hash)), state
    other = args[0]
    if name == "equals":
        return Prim(BOOLEAN, mk_or(ex.ctx, [
            mk_and(g, h, ex.opaque_key(o, "equality") == ex.opaque_key(p, "equality"))
            for g, o in receivers for h, p in other.non_null()
            if ex.keyed(p) or library_superclass(p.cls) is not None])), state
    state = ex.throw(state, other.null_guard(), "java.lang.NullPointerException", line)
    known = [p for p in other.targets if p is not None and not ex.keyed(p)]
    if known:
        state = ex.stuck_unless(state, other.member_guard(known),
                                f"{receivers[0][1].cls.simple_name}.compareTo of a "
                                f"{known[0].cls.simple_name}", line)
    pairs = [(mk_and(g, h), ex.opaque_comparison(o, p))
             for g, o in receivers for h, p in other.non_null() if ex.keyed(p)]
    if not pairs:  # every path threw or got stuck above
        ex.unsupported(state, "compareTo without a comparable argument", line)
    term = pairs[-1][1]
    for g, t in reversed(pairs[:-1]):
        term = mk_ite(g, t, term)
    return Prim(INT, term), state


_BY_SIGN = {"isBefore": lambda c: c < 0, "isAfter": lambda c: c > 0, "isEqual": lambda c: c == 0}


def ordered_comparison(ex, state, this, name, args, line):
    """``this.name(args)``, a comparison of java.time that its code defines by compareTo
    (``jdk.COMPARED_BY_ORDER``: ``a.isBefore(b)`` is ``a.compareTo(b) < 0``) on objects of
    that class without source, by their order keys; None where it is no such call, or an
    object of another class may be compared (a project's ``ChronoLocalDate``)."""
    objects = [o for v in [this, *args] if isinstance(v, Ref) for o in v.targets if o is not None]
    if this is None or len(args) != 1 or not isinstance(args[0], Ref) or not objects \
            or name not in jdk.COMPARED_BY_ORDER.get(this.type.fqname, ()) \
            or any(not o.opaque or o.cls is not this.type for o in objects):
        return None
    state = ex.null_check(state, this, line)
    order, state = opaque_call(ex, state, this, "compareTo", args, line)
    return Prim(BOOLEAN, _BY_SIGN[name](order.term)), state


class OpaqueMixin:
    """The executor's keys of objects known by their contracts alone (``Executor``)."""

    def _init_opaque(self) -> None:
        self._opaque: dict[tuple, z3.ExprRef] = {}
        self._opaque_hash = z3.Function("hashCode", z3.BitVecSort(32, self.ctx),
                                        z3.BitVecSort(32, self.ctx))
        self.assumed: dict[str, None] = {}  # classes assumed to obey their contracts, in order
        # library superclasses whose part of project objects the check took as any state,
        # with those objects
        self.library_parts: dict[str, set[HeapObj]] = {}

    def opaque_key(self, obj: HeapObj, kind: str) -> z3.ExprRef:
        """The object's ``equality`` or ``order`` key; the check now rests on its class
        obeying its contracts."""
        library = None if self.keyed(obj) else jdk.library_superclass(obj.cls)
        self.assumed.setdefault((library or obj.cls).fqname)
        if library is not None:
            self.library_parts.setdefault(library.fqname, set()).add(obj)
        if kind == "equality" and obj.cls.fqname in jdk.ORDER_CONSISTENT_WITH_EQUALS:
            kind = "order"
        if (obj, kind) not in self._opaque:
            self._opaque[(obj, kind)] = z3.BitVec(f"{obj.label}.{kind}@{obj.num}", 32, self.ctx)
        return self._opaque[(obj, kind)]

    def keyed(self, obj: HeapObj) -> bool:
        """Does the check know ``obj``'s equals, hashCode and compareTo by their contracts
        alone (through its keys)? So it knows those of a class without source; a trusting
        check also those of project objects outside the hierarchy under test that are not
        the contract's own arguments: their classes' own items check their code."""
        return obj.opaque or (self.trusting and obj.cls.kind in ("class", "record")
                              and obj.cls.is_project and obj.cls not in self.own
                              and obj not in self.arguments)

    def trusted(self) -> list[str]:
        """The project classes a trusting check took to obey their contracts."""
        return [name for name in self.assumed
                if self.trusting and self.program.classes[name].is_project]

    def opaque_keys(self, obj: HeapObj) -> dict[str, z3.ExprRef]:
        """The keys the check gave the object: kind -> key."""
        return {kind: self._opaque[(obj, kind)] for kind in ("equality", "order")
                if (obj, kind) in self._opaque}

    def opaque_hash(self, obj: HeapObj) -> z3.ExprRef:
        if (obj, "hash") not in self._opaque:
            self._opaque[(obj, "hash")] = self._opaque_hash(self.opaque_key(obj, "equality"))
            self.inputs.append((self._opaque[(obj, "hash")], INT))  # small ones read better
        return self._opaque[(obj, "hash")]

    def opaque_comparison(self, a: HeapObj, b: HeapObj) -> z3.ExprRef:
        """``a.compareTo(b)``: any int of the sign the order keys give, the same on
        every call."""
        if (a, b) not in self._opaque:
            ka, kb = self.opaque_key(a, "order"), self.opaque_key(b, "order")
            result = z3.BitVec(f"{a.label}@{a.num}.compareTo({b.label}@{b.num})", 32, self.ctx)
            self.constraints.append(z3.If(ka < kb, result < 0,
                                          z3.If(ka == kb, result == 0, result > 0)))
            self._opaque[(a, b)] = result
        return self._opaque[(a, b)]
