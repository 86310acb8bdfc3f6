"""Small helpers the models of several areas share."""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.types import BOOLEAN, INT
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.values import Prim, choose_term, mk_and, mk_not, same_object


def int_value(term) -> Prim:
    return Prim(INT, term)


def bool_value(term) -> Prim:
    return Prim(BOOLEAN, term)


def per_object(cases, term_of) -> Prim:
    """An int choosing ``term_of(object)`` by the reference's case guards."""
    return int_value(choose_term(cases, term_of))


def hash_of(m, state, v, line):
    """``Objects.hashCode(v)``: 0 for null, else v.hashCode(); (int term, state)."""
    zero = int_value(z3.BitVecVal(0, 32, m.ctx))
    h, state = m.call_if(state, mk_not(v.null_guard()), v, "hashCode", [], line, zero)
    return m.named(h, "hashCode").term, state


def division(m, state, args, line):
    """The promoted operands of a division, where the divisor is not zero
    (ArithmeticException where it is): (a, b, state)."""
    a, b = semantics.binary_promote(*args)
    return a, b, m.throw(state, b.term == 0, "java.lang.ArithmeticException", line, "/ by zero")


def equal_objects(m, state, a, b, line):
    """``Objects.equals(a, b)``: a == b || (a != null && a.equals(b)). Two cached boxes of
    one value are equal too, so ``a == b`` may compare heap objects only: the solver then
    sees the values' equality. (boolean value, state)."""
    identical = same_object(m.ctx, a, b)
    calls = mk_and(mk_not(identical), mk_not(a.null_guard()))
    return m.call_if(state, calls, a, "equals", [b], line, bool_value(identical))
