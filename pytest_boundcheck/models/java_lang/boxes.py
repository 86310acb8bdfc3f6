"""The box classes' methods (``symex.boxes`` says how each class treats its value).

A box is an object whose ``content`` is its primitive value; ``m.box`` and ``m.unbox``
are the conversions. Most models here are one function for all eight box classes
(``register``): ``{t}`` in a signature stands for the primitive type, ``{B}`` for the
class's simple name, and the model gets the class's ``Box`` first.
"""
from __future__ import annotations

from functools import partial

from pytest_boundcheck.frontend.types import BYTE, INT, LONG, SHORT, PrimType
from pytest_boundcheck.models.common import bool_value, int_value, per_object
from pytest_boundcheck.models.registry import Registry, model
from pytest_boundcheck.symex.boxes import BOXES, Box
from pytest_boundcheck.symex.values import Prim, mk_and, mk_or


def box_equals(box, m, state, this, args, line):
    """True for a box of the same class holding an equal value."""
    terms = [mk_and(g, h, box.equal(m, _content(box, s), _content(box, o)))
             for g, s in this.non_null() for h, o in args[0].non_null() if o.cls is s.cls]
    return bool_value(mk_or(m.ctx, terms)), state


def box_hash_code(box, m, state, this, args, line):
    return per_object(this.non_null(), lambda o: box.hash(m, _content(box, o))), state


def box_compare_to(box, m, state, this, args, line):
    a, state = m.unbox(state, this, line)
    b, state = m.unbox(state, args[0], line)
    return int_value(box.compare(m, a, b)), state


@model("java.lang.Character", "char charValue()")
@model("java.lang.Boolean", "boolean booleanValue()")
def box_value(m, state, this, args, line):
    return m.unbox(state, this, line)


def number_value(t: PrimType, m, state, this, args, line):
    """Number.intValue() and its siblings: the value, converted as a cast converts it."""
    return m.unbox(state, this, line, t)


def box_value_of(box, m, state, this, args, line):
    return m.box(args[0], line), state


def box_compare(box, m, state, this, args, line):
    return int_value(box.compare(m, *args)), state


def box_static_hash_code(box, m, state, this, args, line):
    return int_value(box.hash(m, args[0])), state


def _content(box: Box, obj) -> Prim:
    return Prim(box.prim, obj.content)


def _each_box(r: Registry, signature: str, fn) -> None:
    for name, box in BOXES.items():
        r.method(name, signature.format(t=box.prim, B=name.rpartition(".")[2]), partial(fn, box))


def register(r: Registry) -> None:
    for signature, fn in (("boolean equals(Object)", box_equals), ("int hashCode()", box_hash_code),
                          ("int compareTo({B})", box_compare_to)):
        _each_box(r, signature, fn)
    for t in (INT, LONG, SHORT, BYTE):
        r.method("java.lang.Number", f"{t} {t}Value()", partial(number_value, t))
    for signature, fn in (("static {B} valueOf({t})", box_value_of),
                          ("static int compare({t}, {t})", box_compare),
                          ("static int hashCode({t})", box_static_hash_code)):
        _each_box(r, signature, fn)
