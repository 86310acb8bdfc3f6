"""java.util.Arrays (equals, hashCode, their deep forms, copyOf) and arrays' clone()."""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.jdk import ARRAY, box_class
from pytest_boundcheck.frontend.types import PrimType
from pytest_boundcheck.models.common import bool_value, equal_objects, hash_of, int_value
from pytest_boundcheck.models.registry import model
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.values import merge_values, mk_and, mk_not, mk_or, same_object


@model(ARRAY, "Object clone()")
def array_clone(m, state, this, args, line):
    """A new array of the same class, length and elements (a shallow copy)."""
    length, elements = m.array_contents(state, this)
    ref, state = m.allocate(state, this.type, length, elements, line)
    return ref.typed(this.type), state


_PRIMITIVE_ARRAYS = ("int", "long", "short", "byte", "char", "boolean", "float", "double")


def _elementwise(m, state, a, b, line, equal):
    """Arrays.equals over two arrays: the same object, or both non-null with equal lengths
    and ``equal(state, x, y, k)`` for each element, asked in order while they are equal."""
    both = mk_and(mk_not(a.null_guard()), mk_not(b.null_guard()), mk_not(same_object(m.ctx, a, b)))
    la, xs = m.array_contents(state, a)
    lb, ys = m.array_contents(state, b)
    going = mk_and(both, la.term == lb.term)
    for k, (x, y) in enumerate(zip(xs, ys)):
        asked = mk_and(going, la.term > k)
        same, state = m.when(state, asked, lambda s, x=x, y=y: equal(s, x, y),
                              bool_value(z3.BoolVal(True, m.ctx)))
        going = mk_and(going, z3.Or(la.term <= k, same.term))
    return bool_value(mk_or(m.ctx, [same_object(m.ctx, a, b), going])), state


def _fold_hash(m, state, a, line, element_hash):
    """Arrays.hashCode: 0 for null, else 31 * h + hash(element) over the elements, from 1."""
    length, xs = m.array_contents(state, a)
    h = z3.BitVecVal(1, 32, m.ctx)
    for k, x in enumerate(xs):
        more = mk_and(mk_not(a.null_guard()), length.term > k)
        e, state = m.when(state, more, lambda s, x=x: element_hash(s, x), int_value(z3.BitVecVal(0, 32, m.ctx)))
        h = z3.If(length.term > k, 31 * h + e.term, h)
    return int_value(z3.If(a.null_guard(), z3.BitVecVal(0, 32, m.ctx), h)), state


def _deep(m, state, v, line, on_array, otherwise):
    """``on_array`` for an element that is an array (by its static type), ``otherwise``
    for any other; an array hidden behind a plain Object type is not modelled."""
    if v.type.element is not None:
        return on_array(state, v)
    hidden = [o for o in v.targets if o is not None and o.cls.element is not None]
    if hidden:
        state = m.stuck_unless(state, v.member_guard(hidden), "Arrays.deep* on an array held as an Object",
                                line)
    return otherwise(state, v)


def _primitive_equal(m, state, x, y):
    return bool_value(BOXES[box_class(x.type)].equal(m, x, y)), state


def _primitive_hash(m, state, x):
    return int_value(BOXES[box_class(x.type)].hash(m, x)), state


@model("java.util.Arrays", *(f"static boolean equals({t}[], {t}[])" for t in _PRIMITIVE_ARRAYS))
def arrays_primitive_equals(m, state, this, args, line):
    return _elementwise(m, state, *args, line, lambda s, x, y: _primitive_equal(m, s, x, y))


@model("java.util.Arrays", *(f"static int hashCode({t}[])" for t in _PRIMITIVE_ARRAYS))
def arrays_primitive_hash_code(m, state, this, args, line):
    return _fold_hash(m, state, args[0], line, lambda s, x: _primitive_hash(m, s, x))


@model("java.util.Arrays", *(f"static {t}[] copyOf({t}[], int)" for t in _PRIMITIVE_ARRAYS + ("Object",)))
def arrays_copy_of(m, state, this, args, line):
    """A new array of the given length: the first elements copied, the rest default (a
    copy as long as the original needs no defaults: slots past a length are never seen)."""
    a, n = args
    state = m.null_check(state, a, line)
    length, xs = m.array_contents(state, a)
    default = m.default_value(a.type.element)
    values = xs if n.term.eq(length.term) else [
        merge_values(m.ctx, a.type.element, [(length.term > k, x), (m.true, default)])
        for k, x in enumerate(xs)]
    return m.new_array(state, a.type, [n], line, values)


@model("java.util.Arrays", "static boolean equals(Object[], Object[])")
def arrays_equals(m, state, this, args, line):
    return _elementwise(m, state, *args, line,
                        lambda s, x, y: equal_objects(m, s, x, y, line))


@model("java.util.Arrays", "static int hashCode(Object[])")
def arrays_hash_code(m, state, this, args, line):
    return _fold_hash(m, state, args[0], line, lambda s, x: _hashed(m, s, x, line))


@model("java.util.Arrays", "static boolean deepEquals(Object[], Object[])")
def arrays_deep_equals(m, state, this, args, line):
    def deep(s, x, y):
        def arrays(s2, x2):
            deeper = arrays_primitive_equals if isinstance(x2.type.element, PrimType) else arrays_deep_equals
            return deeper(m, s2, None, [x2, y], line)
        return _deep(m, s, x, line, arrays, lambda s2, x2: equal_objects(m, s2, x2, y, line))
    return _elementwise(m, state, *args, line, deep)


@model("java.util.Arrays", "static int deepHashCode(Object[])")
def arrays_deep_hash_code(m, state, this, args, line):
    def deep(s, x):
        def arrays(s2, x2):
            deeper = (arrays_primitive_hash_code if isinstance(x2.type.element, PrimType)
                      else arrays_deep_hash_code)
            return deeper(m, s2, None, [x2], line)
        return _deep(m, s, x, line, arrays, lambda s2, x2: _hashed(m, s2, x2, line))
    return _fold_hash(m, state, args[0], line, deep)


def _hashed(m, state, v, line):
    h, state = hash_of(m, state, v, line)
    return int_value(h), state

