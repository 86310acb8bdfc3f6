"""The heap a check starts from in fields mode (``Bounds.objects_mode`` "fields"): its
symmetry broken, and the choices of its fields left whole to the solver.

The slot objects of one class are interchangeable: any renaming of them within their
class maps a heap to one the program cannot tell apart, so without a constraint the
solver may explore every one of the N! renamings of a heap of N objects of a class.
``canonical_order`` keeps, of each heap, at least one renaming: the one in which objects
are numbered in the order of a fixed sequence of positions (TACO's canonical order of
objects, in a form that needs no breadth-first walk of the heap).

The positions, in order: the harness's reference parameters, then, for each class with
slot objects (in the order the check first made them) and each of its slot objects by
index, that object's reference fields the check read, in declaration order. A position
may hold slot k > 1 of class C only if slot k - 1 of C is *used* before it: held by an
earlier position, or its block (the fields of one slot) has begun (every slot of C up to
the one whose field the position is). Why that loses no heap up to renaming, and why
restricted parameters (``ObjectMaker.parameters``' ``per_type``) keep it so, is in
``docs/dev/symmetry.md``.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.symex.values import HeapObj, Ref, mk_or


def heap_positions(ex) -> list[Ref]:
    """The reference fields of the interchangeable slot objects of ``ex`` (an executor
    whose code has been explored) that the check read, in the order above."""
    return [ref for _, _, refs in _blocks(ex) for ref in refs]


def one_class_choices(ex) -> frozenset[str]:
    """The names of the heap's field choices among null and objects of one class: the
    solver asks a question about them whole rather than case by case (``Solver``'s
    ``whole``). The cases would run the same code on objects alike, so splitting would
    multiply the questions (a list of N nodes has N + 1 next fields of N + 1 values each)
    without making any simpler."""
    return frozenset(str(ref.id) for ref in heap_positions(ex) if not z3.is_bv_value(ref.id)
                     and len({o.cls for o in ref.targets if o is not None}) == 1)


def canonical_order(ex, roots: list) -> list[z3.BoolRef]:
    """The constraints that number the slot objects of ``ex`` in the order of the
    positions above; ``roots`` are the harness's parameters (numbers among them are
    passed over)."""
    slots = _interchangeable(ex)
    index = {obj: (cls, k) for cls, objs in slots.items() for k, obj in enumerate(objs)}
    # class -> for each of its slots, the condition that it is used before the position
    used = {cls: [z3.BoolVal(False, ex.ctx)] * len(objs) for cls, objs in slots.items()}
    constraints: list[z3.BoolRef] = []

    def position(ref: Ref) -> None:
        held = [(obj, index[obj]) for obj in ref.targets if obj in index]
        for obj, (cls, k) in held:
            if k > 0 and not z3.is_true(used[cls][k - 1]):
                constraints.append(z3.Implies(ref.guard(obj), used[cls][k - 1]))
        for obj, (cls, k) in held:
            used[cls][k] = mk_or(ex.ctx, [used[cls][k], ref.guard(obj)])

    for root in roots:
        if isinstance(root, Ref):
            position(root)
    for cls, k, refs in _blocks(ex):
        used[cls][k] = z3.BoolVal(True, ex.ctx)  # its block begins
        for ref in refs:
            position(ref)
    return constraints


def _blocks(ex):
    """Each interchangeable slot object's block, in order: (class, index, the values of
    its reference fields the check read, in declaration order)."""
    for cls, objs in _interchangeable(ex).items():
        fields = objs[0].cls.instance_fields()
        for k, obj in enumerate(objs):
            yield cls, k, [value for fld in fields
                           if isinstance(value := ex.initial.get((obj, fld)), Ref)]


def _interchangeable(ex) -> dict[str, list[HeapObj]]:
    """Class -> its slot objects, of the classes whose objects are alike but for their
    number: those made from field values (an enum's constants are not slots), in the
    order the check first made them."""
    return {cls: objs for cls, objs in ex.slots.items()
            if len(objs) > 1 and all(o.kind == "slot" for o in objs)}
