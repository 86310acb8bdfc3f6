"""Objects known by their contracts alone: of classes without source or model, or (in a
trusting check) of project classes outside the hierarchy under test, and the library
part of project objects whose superclass the engine has no source for.

Their equals, hashCode and compareTo obey the contracts, and nothing more is known:
equal objects share an equality key, hashCode is an unknown function of it, and
compareTo's sign follows an order key (``Executor.opaque_key``).
"""
from __future__ import annotations

from pytest_boundcheck.frontend.jdk import library_superclass
from pytest_boundcheck.frontend.types import BOOLEAN, INT
from pytest_boundcheck.symex.values import Prim, choose_term, mk_and, mk_ite, mk_or


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
