"""java.util.Arrays (equals, hashCode, their deep forms, copyOf, copyOfRange), arrays'
clone() and System.arraycopy."""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.jdk import ARRAY, box_class
from pytest_boundcheck.frontend.types import INT, PrimType
from pytest_boundcheck.models.common import bool_value, equal_objects, hash_of, int_value
from pytest_boundcheck.models.registry import model
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.values import Prim, merge_values, mk_and, mk_not, mk_or, same_object


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



@model("java.util.Arrays", *(f"static {t}[] copyOfRange({t}[], int, int)"
                             for t in _PRIMITIVE_ARRAYS + ("Object",)))
def arrays_copy_of_range(m, state, this, args, line):
    """As the JDK writes it: the new length ``to - from`` (IllegalArgumentException if
    negative), a new array of it (of the original's class), and ``System.arraycopy`` of
    ``min(original.length - from, newLength)`` elements from ``from``
    (ArrayIndexOutOfBoundsException for a ``from`` outside the original). The reference
    form asks the original's class first: NullPointerException before anything else."""
    a, start, end = args
    if not isinstance(a.type.element, PrimType):
        state = m.null_check(state, a, line)
    new_length = Prim(INT, end.term - start.term)
    state = m.throw(state, new_length.term < 0, "java.lang.IllegalArgumentException", line)
    classes = {o.cls for o in a.targets if o is not None}
    copy, state = m.new_array(state, classes.pop() if len(classes) == 1 else a.type, [new_length], line)
    state = m.null_check(state, a, line)
    rest = m.array_contents(state, a)[0].term - start.term
    count = Prim(INT, z3.If(rest < new_length.term, rest, new_length.term))
    zero = Prim(INT, z3.BitVecVal(0, 32, m.ctx))
    _, state = system_arraycopy(m, state, None, [a, start, copy, zero, count], line)
    return copy.typed(a.type), state


@model("java.lang.System", "static void arraycopy(Object, int, Object, int, int)")
def system_arraycopy(m, state, this, args, line):
    """The JVM's order of checks: NullPointerException for a null array;
    ArrayStoreException where an argument is no array or the element types differ with a
    primitive among them; ArrayIndexOutOfBoundsException for a negative position or
    length or a range past either end (no overflow: the sums are taken wider). Then
    ``length`` elements, read before any is written (so that a copy within one array
    is as if through a temporary array); between reference arrays an element that is
    no instance of the destination's element class throws ArrayStoreException with the
    elements before it copied."""
    src, src_pos, dest, dest_pos, length = args
    state = m.null_check(m.null_check(state, src, line), dest, line)
    mismatched = [mk_and(gs, gd) for gs, s in src.non_null() for gd, d in dest.non_null()
                  if not _copyable(s.cls, d.cls)]
    state = m.throw(state, mk_or(m.ctx, mismatched), "java.lang.ArrayStoreException", line)
    nothing = Prim(INT, z3.BitVecVal(0, 32, m.ctx))
    for sources, targets in _by_element_kind(src, dest):
        def copy(s, sources=sources, targets=targets):
            return nothing, _copy(m, s, src.narrowed(sources).typed(sources[0].cls), src_pos,
                                  dest.narrowed(targets).typed(targets[0].cls), dest_pos, length, line)
        _, state = m.when(state, mk_and(src.member_guard(sources), dest.member_guard(targets)),
                          copy, nothing)
    return None, state


def _by_element_kind(src, dest):
    """The source and destination arrays paired by what arraycopy copies between: one
    primitive element type, or references."""
    def kind(o):
        return o.cls.element if isinstance(o.cls.element, PrimType) else "reference"
    groups: dict = {}
    for at, ref in enumerate((src, dest)):
        for o in ref.targets:
            if o is not None and o.cls.element is not None:
                groups.setdefault(kind(o), ([], []))[at].append(o)
    return [(sources, targets) for sources, targets in groups.values() if sources and targets]


def _copy(m, state, src, src_pos, dest, dest_pos, length, line):
    """arraycopy between arrays of one element kind: the range checks, then the copy."""
    src_length, elements = m.array_contents(state, src)
    dest_length = m.array_contents(state, dest)[0]

    def past(pos, end):
        return z3.SignExt(1, pos.term) + z3.SignExt(1, length.term) > z3.SignExt(1, end.term)
    out = z3.Or(src_pos.term < 0, dest_pos.term < 0, length.term < 0,
                past(src_pos, src_length), past(dest_pos, dest_length))
    state = m.throw(state, out, "java.lang.ArrayIndexOutOfBoundsException", line)
    for k in range(len(elements)):
        taken = length.term > k
        value = merge_values(m.ctx, src.type.element,
                             [(src_pos.term + k == i, x) for i, x in enumerate(elements)])
        state = m.store_element(state, dest, dest_pos.term + k, value, taken, line)
    return state


def _copyable(src_cls, dest_cls) -> bool:
    """Do arraycopy's type checks pass: two arrays whose element types are the same
    primitive type or both reference types."""
    a, b = src_cls.element, dest_cls.element
    if a is None or b is None:
        return False
    if isinstance(a, PrimType) or isinstance(b, PrimType):
        return a == b
    return True
