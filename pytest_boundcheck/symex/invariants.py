"""The instance invariants of the objects a check made from field values.

An object made from field values (a slot: any value of each field, as EqualsVerifier,
JForge and Miniatur take them) stands for any object of its class; where the class
declares JML instance invariants, only the objects that keep them are objects of the
program, so the check assumes them of every such object it made, as of its start: a
violation that needs a state the invariants rule out is no finding. The class table
holds each class's invariant as a static boolean method (``Program.invariant_checks``,
which the JML checks lower and add); an object of a subclass keeps its superclasses'.

Each is evaluated on the values the object's fields had when the check began (a fresh
state: no field written), after the check's code has run, so that the objects that code
made from field values, at any depth, are all there; objects the evaluation itself makes
are assumed to keep theirs in turn. Only a path on which the invariant returns false
rules the object out: a path the evaluation could not finish (a bound, code the engine
does not model, an exception) rules nothing out, so that an assumption it cannot
evaluate never hides a violation.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.types import ClassInfo, MethodInfo
from pytest_boundcheck.symex.state import Dropped, State
from pytest_boundcheck.symex.values import DeadPath, HeapObj, Ref, mk_and, mk_not, ref_to


def assume_invariants(ex) -> None:
    """Constrain every object ``ex`` made from field values that the check used (a harness
    argument, or one whose fields it read) to keep its class's invariants
    (``ex.constraints``), those used while evaluating them too. An object the check never
    used changes nothing it saw; its choices left free would only multiply the heaps the
    solver must tell apart, and number them out of the canonical order's sight."""
    checks: dict[ClassInfo, MethodInfo] = ex.program.invariant_checks
    if not checks:
        return
    done: set[HeapObj] = set()
    while True:
        used = _arguments(ex) | {obj for obj, _ in ex.initial}
        pending = [o for objs in list(ex.slots.values()) for o in objs
                   if o.kind == "slot" and o not in done and o in used]
        if not pending:
            return
        for obj in pending:
            done.add(obj)
            cls = obj.cls
            while cls is not None:
                if cls in checks:
                    ex.constraints.append(_not_broken(ex, checks[cls], obj))
                cls = cls.superclass


def _arguments(ex) -> set[HeapObj]:
    """The objects the harness's arguments may be."""
    start = getattr(ex, "start", None)
    values = start.env.values() if start is not None else ()
    return {o for v in values if isinstance(v, Ref) for o in v.targets if o is not None}


def _not_broken(ex, method: MethodInfo, obj: HeapObj) -> z3.BoolRef:
    """Not (a path of ``method`` on ``obj`` returns false); what it throws, where it is
    stuck and where it is cut are dropped: those paths rule nothing out."""
    records = (ex.stuck, ex.cuts, ex.observations, ex.harness_calls)
    marks = [len(events) for events in records]
    ex.handlers.append(Dropped())
    try:
        value, state, _ = ex.invoke(method, None, [ref_to(obj.cls, obj, ex.ctx)],
                                    State(ex.true, {}, {}), 0)
    except DeadPath:
        return ex.true
    finally:
        ex.handlers.pop()
        for events, mark in zip(records, marks):
            del events[mark:]
    return mk_not(mk_and(state.guard, mk_not(value.term)))
