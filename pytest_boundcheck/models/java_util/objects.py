"""java.util.Objects: equals, hashCode and hash, the null tests and checks."""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.jdk import OBJECT
from pytest_boundcheck.frontend.types import NULL, ClassInfo
from pytest_boundcheck.models.common import bool_value, equal_objects, hash_of, int_value
from pytest_boundcheck.models.java_util.arrays import arrays_hash_code
from pytest_boundcheck.models.registry import model
from pytest_boundcheck.symex.values import merge_values, mk_and, mk_not, ref_to


@model("java.util.Objects", "static boolean equals(Object, Object)")
def objects_equals(m, state, this, args, line):
    return equal_objects(m, state, *args, line)


@model("java.util.Objects", "static int hashCode(Object)")
def objects_hash_code(m, state, this, args, line):
    h, state = hash_of(m, state, args[0], line)
    return int_value(h), state


@model("java.util.Objects", "static int hash(Object...)")
def objects_hash(m, state, this, args, line):
    """Arrays.hashCode of its arguments: of the array itself when one Object[] (or null)
    is passed."""
    if len(args) == 1 and (args[0].type is NULL or isinstance(args[0].type, ClassInfo)
                           and isinstance(args[0].type.element, ClassInfo)):
        return arrays_hash_code(m, state, this, args, line)
    result = z3.BitVecVal(1, 32, m.ctx)
    for v in args:
        h, state = hash_of(m, state, v, line)
        result = 31 * result + h
    return int_value(result), state


@model("java.util.Objects", "static boolean isNull(Object)")
def objects_is_null(m, state, this, args, line):
    return bool_value(args[0].null_guard()), state


@model("java.util.Objects", "static boolean nonNull(Object)")
def objects_non_null(m, state, this, args, line):
    return bool_value(mk_not(args[0].null_guard())), state


@model("java.util.Objects", "static Object requireNonNull(Object)")
@model("java.util.Objects", "static Object requireNonNull(Object, String)")
def objects_require_non_null(m, state, this, args, line):
    v = args[0]
    state = m.throw(state, v.null_guard(), "java.lang.NullPointerException", line)
    return v.narrowed(o for o in v.targets if o is not None), state


@model("java.util.Objects", "static Object requireNonNull(Object, Supplier)")
def objects_require_non_null_supplied(m, state, this, args, line):
    """NullPointerException for null, after asking a non-null supplier for its message
    (whatever that throws escapes instead)."""
    v, supplier = args
    state = _ask_supplier(m, state, mk_and(v.null_guard(), mk_not(supplier.null_guard())), supplier,
                          line)[1]
    return objects_require_non_null(m, state, this, [v], line)


@model("java.util.Objects", "static Object requireNonNullElseGet(Object, Supplier)")
def objects_require_non_null_else_get(m, state, this, args, line):
    """The first if it is not null, else what the supplier gives, which must not be null,
    nor the supplier (NullPointerException)."""
    v, supplier = args
    is_null = v.null_guard()
    state = m.throw(state, mk_and(is_null, supplier.null_guard()), "java.lang.NullPointerException", line)
    got, state = _ask_supplier(m, state, is_null, supplier, line)
    state = m.throw(state, mk_and(is_null, got.null_guard()), "java.lang.NullPointerException", line)
    got = got.narrowed(o for o in got.targets if o is not None)
    return merge_values(m.ctx, v.type, [(is_null, got), (m.true, v)]), state


def _ask_supplier(m, state, cond, supplier, line):
    """``supplier.get()`` where ``cond`` holds (null elsewhere): (value, state)."""
    return m.call_if(state, cond, supplier.narrowed(o for o in supplier.targets if o is not None),
                     "get", [], line, ref_to(m.cls(OBJECT), None, m.ctx))


@model("java.util.Objects", "static Object requireNonNullElse(Object, Object)")
def objects_require_non_null_else(m, state, this, args, line):
    """The first if it is not null, else the second, which must not be null."""
    v, fallback = args
    is_null = v.null_guard()
    state = m.throw(state, mk_and(is_null, fallback.null_guard()), "java.lang.NullPointerException",
                     line)
    fallback = fallback.narrowed(o for o in fallback.targets if o is not None)
    return merge_values(m.ctx, v.type, [(is_null, fallback), (m.true, v)]), state


@model("java.util.Objects", "static int checkIndex(int, int)")
def objects_check_index(m, state, this, args, line):
    index, length = args
    state = m.throw(state, z3.Or(index.term < 0, index.term >= length.term),
                     "java.lang.IndexOutOfBoundsException", line)
    return index, state
