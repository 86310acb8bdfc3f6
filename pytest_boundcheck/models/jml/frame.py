"""boundcheck.jml.Frame: a JML harness's frame check (``assignable``) and ``\\fresh``
(``harness.jmlframe``).

``snapshot`` remembers the path's heap before the call and how many objects the check
has made so far; an object made later by ``new`` (or a box, or a lambda) is not of the
pre-state, and its fields are free. Objects made later from field values (the initial
objects a read of an initial reference field makes) are of the pre-state. ``check``
compares every field (and array element, and collection content) of a pre-state object
written on the path with its value at the snapshot, except where a case whose
precondition held allowed it, and throws an AssertionError naming the first that
changed. The real class, for reproducers and replay, is
``counterexample/java/boundcheck/jml/Frame.java``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import z3

from pytest_boundcheck.frontend.types import FieldInfo
from pytest_boundcheck.models.common import bool_value
from pytest_boundcheck.models.jml.heap import literal
from pytest_boundcheck.models.registry import model
from pytest_boundcheck.symex.values import (
    HeapObj,
    Prim,
    Ref,
    mk_and,
    mk_not,
    mk_or,
)

FRAME = "boundcheck.jml.Frame"
_MADE_BY_THE_CALL = ("new", "box", "closure")  # kinds of objects code makes (not reads)


@dataclass
class Snapshot:
    heap: dict
    made: int  # the objects the check had made: later ones of _MADE_BY_THE_CALL are new
    # (object, field) -> the conditions under which a case allows assigning it
    fields: dict[tuple[HeapObj, FieldInfo], list[z3.BoolRef]] = field(default_factory=dict)
    objects: dict[HeapObj, list[z3.BoolRef]] = field(default_factory=dict)  # ``o.*``
    elements: dict[HeapObj, list[tuple[z3.BoolRef, z3.ExprRef, z3.ExprRef]]] = field(
        default_factory=dict)  # an array -> (condition, first index, last index)
    everything: list[z3.BoolRef] = field(default_factory=list)


def _is_new(m, snap: Snapshot, obj: HeapObj) -> bool:
    """Made by code since the snapshot (not by class initialisation, which on the JVM
    ran before)."""
    return obj.num > snap.made and obj.kind in _MADE_BY_THE_CALL \
        and not m.made_by_class_initialisation(obj)


@model(FRAME, "static Object snapshot(Object...)")
def frame_snapshot(m, state, this, args, line):
    """A new frame object standing for the heap as it is (the roots serve the JVM's)."""
    ref, state = m.new_object(state, m.cls(FRAME), line)
    made = ref.targets[0].num
    m.remembered(("jml.frame", made), lambda: Snapshot(dict(state.heap), made))
    return ref, state


def _snapshot(m, state, frame: Ref, line: int) -> Snapshot:
    if len(frame.targets) != 1 or frame.targets[0] is None:
        m.unsupported(state, "a JML frame not made by Frame.snapshot", line)
    return m.remembered(("jml.frame", frame.targets[0].num), lambda: None)


def _name(m, state, ref: Ref, line: int) -> str:
    name = literal(m, ref)
    if name is None:
        m.unsupported(state, "boundcheck.jml.Frame with a field name computed at run time", line)
    return name


@model(FRAME, "static void allow(Object, Object, String)")
def frame_allow(m, state, this, args, line):
    """The field named of the object given may change (on this path)."""
    frame, target, name = args
    snap, name = _snapshot(m, state, frame, line), _name(m, state, name, line)
    for guard, obj in target.non_null():
        fld = obj.cls.lookup_field(name)
        if fld is None:
            continue
        holder = m.class_state(fld.owner).targets[0] if fld.static else obj
        snap.fields.setdefault((holder, fld), []).append(mk_and(state.guard, guard))
    return None, state


@model(FRAME, "static void allowStatic(Object, Class, String)")
def frame_allow_static(m, state, this, args, line):
    """The static field named of the class given may change."""
    frame, owner, name = args
    snap, name = _snapshot(m, state, frame, line), _name(m, state, name, line)
    for guard, obj in owner.non_null():
        fld = obj.meta.lookup_field(name) if obj.meta is not None else None
        if fld is not None and fld.static:
            holder = m.class_state(fld.owner).targets[0]
            snap.fields.setdefault((holder, fld), []).append(mk_and(state.guard, guard))
    return None, state


@model(FRAME, "static void allowAll(Object, Object)")
def frame_allow_all(m, state, this, args, line):
    """Every field (and element, and content) of the object given may change: ``o.*``."""
    frame, target = args
    snap = _snapshot(m, state, frame, line)
    for guard, obj in target.non_null():
        snap.objects.setdefault(obj, []).append(mk_and(state.guard, guard))
    return None, state


@model(FRAME, "static void allowElements(Object, Object, int, int)")
def frame_allow_elements(m, state, this, args, line):
    """The elements of the array given from the first index to the last (both included)."""
    frame, array, first, last = args
    snap = _snapshot(m, state, frame, line)
    for guard, obj in array.non_null():
        allowed = (mk_and(state.guard, guard), first.term, last.term)
        snap.elements.setdefault(obj, []).append(allowed)
    return None, state


@model(FRAME, "static void allowEverything(Object)")
def frame_allow_everything(m, state, this, args, line):
    frame, = args
    _snapshot(m, state, frame, line).everything.append(state.guard)
    return None, state


@model(FRAME, "static void check(Object, String)")
def frame_check(m, state, this, args, line):
    """An AssertionError where a location of the pre-state changed that no case allowed,
    naming the first (in the order the path wrote them)."""
    frame, said = args
    snap, said = _snapshot(m, state, frame, line), _name(m, state, said, line)
    for (obj, fld), now in list(state.heap.items()):
        if _is_new(m, snap, obj) or (obj, fld) not in snap.heap and not m.has_start_value(obj, fld):
            continue
        before = snap.heap.get((obj, fld)) or m.start_value(state, obj, fld)
        changed = _differ(before, now)
        if z3.is_false(changed):
            continue
        allowed = mk_or(m.ctx, [*snap.everything, *snap.objects.get(obj, ()),
                                *snap.fields.get((obj, fld), ()), *_elements(snap, obj, fld)])
        state = m.throw(state, mk_and(changed, mk_not(allowed)), "java.lang.AssertionError",
                        line, f"{said}: {_location(obj, fld)} changed")
    return None, state


def _differ(before, now) -> z3.BoolRef:
    if isinstance(before, Prim):
        a, b = before.term, now.term
    else:
        a, b = before.id, now.id
    if a.eq(b):
        return z3.BoolVal(False, a.ctx)
    return a != b


def _elements(snap: Snapshot, obj: HeapObj, fld: FieldInfo) -> list[z3.BoolRef]:
    """The conditions under which element field ``fld`` ("[k]") of array ``obj`` is
    within an allowed index range."""
    if obj not in snap.elements or not (fld.name.startswith("[") and fld.name[1:-1].isdigit()):
        return []
    k = int(fld.name[1:-1])
    return [mk_and(guard, first <= k, k <= last) for guard, first, last in snap.elements[obj]]


def _location(obj: HeapObj, fld: FieldInfo) -> str:
    """A location as the message names it: ``Node.next`` (the field's class and name), an
    array's element ``int[][2]``, a static field ``Counter.count``, a JDK collection's or
    map's ``ArrayList contents`` (what the engine keeps of it in pseudo-fields)."""
    if fld.name.startswith("["):
        return f"{obj.cls.simple_name}{fld.name}"
    if fld.name.startswith("#"):
        return f"{obj.cls.simple_name} contents"
    return f"{fld.owner.simple_name}.{fld.name}"


@model(FRAME, "static boolean fresh(Object, Object)")
def frame_fresh(m, state, this, args, line):
    """``\\fresh(x)``: x is not null and was made after the snapshot (a box only where it
    is not the one ``valueOf`` caches, which may be older)."""
    frame, target = args
    snap = _snapshot(m, state, frame, line)
    cases = [mk_and(guard, mk_not(obj.shared)) if obj.is_box else guard
             for guard, obj in target.non_null() if _is_new(m, snap, obj)]
    return bool_value(mk_or(m.ctx, cases)), state
