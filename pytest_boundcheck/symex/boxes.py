"""Box classes (JLS 5.1.7): which values ``valueOf`` shares one box for, and how each box
class's equals, hashCode and compareTo see its value.

A box is an object whose ``content`` is its primitive value. The functions take a
``namer``: the executor or a model's context, whose ``named`` gives a computed number a
variable of its own (``Executor.named``) and whose ``ctx`` is the check's solver context.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import z3

from pytest_boundcheck.frontend.jdk import BOXED
from pytest_boundcheck.frontend.types import BOOLEAN, INT, LONG, PrimType
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.values import Prim, mk_and


def sign_of_difference(x, y, less=lambda a, b: a < b):
    """-1, 0 or 1 as an int, comparing two bit-vectors of one width (signed unless ``less``)."""
    ctx = x.ctx
    return z3.If(less(x, y), z3.BitVecVal(-1 % (1 << 32), 32, ctx),
                 z3.If(x == y, z3.BitVecVal(0, 32, ctx), z3.BitVecVal(1, 32, ctx)))


def box_hash(p: Prim) -> z3.BitVecRef:
    """hashCode of the box that autoboxing makes of ``p`` (Integer.hashCode etc.)."""
    if p.type is BOOLEAN:
        ctx = p.term.ctx
        return z3.If(p.term, z3.BitVecVal(1231, 32, ctx), z3.BitVecVal(1237, 32, ctx))
    if p.type is LONG:
        return semantics.long_hash(p.term)
    if p.type.is_floating:
        return semantics.floating_hash(p)
    return semantics.convert(p, INT).term


def canonical_bits(namer, p: Prim) -> Prim:
    """``doubleToLongBits``/``floatToIntBits`` as a named variable: equals and hashCode of
    one object then share it, and where equals makes two objects' bits equal, Z3 puts one
    for the other instead of proving that two copies of the bit arithmetic agree (seconds
    for two double fields, milliseconds this way)."""
    return namer.named(semantics.fp_bits(p), "bits")


def _compare_signs(namer, a: Prim, b: Prim):
    """Integer.compare and Long.compare: the sign of the difference."""
    return sign_of_difference(a.term, b.term)


def _compare_difference(namer, a: Prim, b: Prim):
    """Short, Byte and Character.compare return the difference itself, not its sign."""
    return semantics.convert(a, INT).term - semantics.convert(b, INT).term


def _compare_booleans(namer, a: Prim, b: Prim):
    """Boolean.compare: false before true."""
    one, zero = (z3.BitVecVal(v, 32, a.term.ctx) for v in (1, 0))
    return sign_of_difference(z3.If(a.term, one, zero), z3.If(b.term, one, zero))


def _same_value(namer, a: Prim, b: Prim) -> z3.BoolRef:
    return a.term == b.term


def _value_hash(namer, p: Prim) -> z3.BitVecRef:
    return box_hash(p)


def _compare_floating(namer, a: Prim, b: Prim):
    """Double.compare and Float.compare. Not by ``<``: -0.0 is less than 0.0, and NaN
    equals itself and is greater than everything else. That order is the signed order of
    the bits with the negative numbers' reversed, which keeps floating-point comparisons
    out of the formula; and ``compare(a, b) == 0`` is the equality of their named bits
    (``canonical_bits``)."""
    x, y = canonical_bits(namer, a).term, canonical_bits(namer, b).term
    minus, zero, plus = (z3.BitVecVal(v, 32, namer.ctx) for v in (-1, 0, 1))
    less = semantics.total_order_key(x) < semantics.total_order_key(y)
    return z3.If(x == y, zero, z3.If(less, minus, plus))


def _same_bits(namer, a: Prim, b: Prim) -> z3.BoolRef:
    """Double.equals and Float.equals: equal canonical bits (NaN equals NaN, 0.0 is not -0.0)."""
    return canonical_bits(namer, a).term == canonical_bits(namer, b).term


def _bits_hash(namer, p: Prim) -> z3.BitVecRef:
    return box_hash(canonical_bits(namer, p))


@dataclass(frozen=True)
class Box:
    """A box class: the primitive it holds, the values whose box ``valueOf`` shares (a
    range; True: every value; False: none), and how its equals, hashCode and compareTo
    see the value. Double and Float are one entry each with their own rules."""
    prim: PrimType
    cache: tuple[int, int] | bool
    compare: Callable  # (namer, a, b) -> int term
    equal: Callable = _same_value  # (namer, a, b) -> bool term
    hash: Callable = _value_hash  # (namer, p) -> int term

    def shared(self, p: Prim) -> z3.BoolRef:
        """Is the box of ``p`` the one cached box of its value?"""
        if isinstance(self.cache, bool):
            return z3.BoolVal(self.cache, p.term.ctx)
        lo, hi = (semantics.constant(p.term.ctx, self.prim, v) for v in self.cache)
        return mk_and(semantics.compare("<=", lo, p).term, semantics.compare("<=", p, hi).term)


_RULES = {
    "java.lang.Integer": ((-128, 127), _compare_signs),
    "java.lang.Long": ((-128, 127), _compare_signs),
    "java.lang.Short": ((-128, 127), _compare_difference),
    "java.lang.Byte": (True, _compare_difference),
    "java.lang.Character": ((0, 127), _compare_difference),
    "java.lang.Boolean": (True, _compare_booleans),
    "java.lang.Double": (False, _compare_floating, _same_bits, _bits_hash),
    "java.lang.Float": (False, _compare_floating, _same_bits, _bits_hash),
}
BOXES = {name: Box(prim, *_RULES[name]) for name, prim in BOXED.items()}
