"""Integer, Long, Short and Byte bit operations, Double and Float bits and classes of
values, and Boolean's logical operators."""
from __future__ import annotations

from functools import partial

import z3

from pytest_boundcheck.frontend.types import DOUBLE, FLOAT, LONG
from pytest_boundcheck.models.common import bool_value, division, int_value
from pytest_boundcheck.models.registry import Registry, model
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.boxes import canonical_bits, sign_of_difference
from pytest_boundcheck.symex.values import Prim, mk_and, mk_not, mk_or


@model("java.lang.Integer", "static int signum(int)")
@model("java.lang.Long", "static int signum(long)")
def signum(m, state, this, args, line):
    x = args[0].term
    return int_value(sign_of_difference(x, z3.BitVecVal(0, x.size(), m.ctx))), state


@model("java.lang.Double", "static long doubleToLongBits(double)")
@model("java.lang.Float", "static int floatToIntBits(float)")
def floating_to_bits(m, state, this, args, line):
    return canonical_bits(m, args[0]), state


@model("java.lang.Double", "static long doubleToRawLongBits(double)")
@model("java.lang.Float", "static int floatToRawIntBits(float)")
def floating_to_raw_bits(m, state, this, args, line):
    return semantics.fp_raw_bits(args[0]), state


@model("java.lang.Double", "static double longBitsToDouble(long)")
@model("java.lang.Float", "static float intBitsToFloat(int)")
def floating_from_bits(m, state, this, args, line):
    bits = args[0]
    return semantics.fp_from_bits(bits, DOUBLE if bits.type is LONG else FLOAT), state


@model("java.lang.Double", "static boolean isNaN(double)")
@model("java.lang.Float", "static boolean isNaN(float)")
def floating_is_nan(m, state, this, args, line):
    return bool_value(z3.fpIsNaN(args[0].term, m.ctx)), state


@model("java.lang.Double", "static boolean isInfinite(double)")
@model("java.lang.Float", "static boolean isInfinite(float)")
def floating_is_infinite(m, state, this, args, line):
    return bool_value(z3.fpIsInf(args[0].term, m.ctx)), state


@model("java.lang.Double", "static boolean isFinite(double)")
@model("java.lang.Float", "static boolean isFinite(float)")
def floating_is_finite(m, state, this, args, line):
    x = args[0].term
    return bool_value(mk_not(z3.Or(z3.fpIsNaN(x, m.ctx), z3.fpIsInf(x, m.ctx)))), state

@model("java.lang.Integer", "static int compareUnsigned(int, int)")
@model("java.lang.Long", "static int compareUnsigned(long, long)")
def compare_unsigned(m, state, this, args, line):
    return int_value(sign_of_difference(args[0].term, args[1].term, z3.ULT)), state


@model("java.lang.Integer", "static int bitCount(int)")
@model("java.lang.Long", "static int bitCount(long)")
def bit_count(m, state, this, args, line):
    x = args[0].term
    return int_value(z3.Sum([z3.ZeroExt(31, z3.Extract(i, i, x)) for i in range(x.size())])), state


@model("java.lang.Integer", "static int numberOfLeadingZeros(int)")
@model("java.lang.Long", "static int numberOfLeadingZeros(long)")
def number_of_leading_zeros(m, state, this, args, line):
    x = args[0].term
    return int_value(_first_one(x, reversed(range(x.size())))), state


@model("java.lang.Integer", "static int numberOfTrailingZeros(int)")
@model("java.lang.Long", "static int numberOfTrailingZeros(long)")
def number_of_trailing_zeros(m, state, this, args, line):
    x = args[0].term
    return int_value(_first_one(x, range(x.size()))), state


def _first_one(x, positions):
    """How many bits of ``x``, visited in ``positions`` order, come before the first 1."""
    positions = list(positions)
    term = z3.BitVecVal(len(positions), 32, x.ctx)
    for k, i in reversed(list(enumerate(positions))):
        term = z3.If(z3.Extract(i, i, x) == 1, z3.BitVecVal(k, 32, x.ctx), term)
    return term


@model("java.lang.Integer", "static int highestOneBit(int)")
@model("java.lang.Long", "static long highestOneBit(long)")
def highest_one_bit(m, state, this, args, line):
    x = args[0]
    top = z3.BitVecVal(1 << (x.type.bits - 1), x.type.bits, m.ctx)
    shift = z3.ZeroExt(x.type.bits - 32, _first_one(x.term, reversed(range(x.type.bits))))
    return Prim(x.type, x.term & z3.LShR(top, shift)), state


@model("java.lang.Integer", "static int lowestOneBit(int)")
@model("java.lang.Long", "static long lowestOneBit(long)")
def lowest_one_bit(m, state, this, args, line):
    x = args[0]
    return Prim(x.type, x.term & -x.term), state


@model("java.lang.Integer", "static int reverse(int)")
@model("java.lang.Long", "static long reverse(long)")
def reverse_bits(m, state, this, args, line):
    x = args[0]
    return Prim(x.type, z3.Concat([z3.Extract(i, i, x.term) for i in range(x.type.bits)])), state


@model("java.lang.Integer", "static int reverseBytes(int)")
@model("java.lang.Long", "static long reverseBytes(long)")
def reverse_bytes(m, state, this, args, line):
    x = args[0]
    return Prim(x.type, z3.Concat([z3.Extract(i + 7, i, x.term) for i in range(0, x.type.bits, 8)])), state


@model("java.lang.Integer", "static int rotateLeft(int, int)")
@model("java.lang.Long", "static long rotateLeft(long, int)")
def rotate_left(m, state, this, args, line):
    x, distance = args
    return Prim(x.type, z3.RotateLeft(x.term, _rotation(x, distance))), state


@model("java.lang.Integer", "static int rotateRight(int, int)")
@model("java.lang.Long", "static long rotateRight(long, int)")
def rotate_right(m, state, this, args, line):
    x, distance = args
    return Prim(x.type, z3.RotateRight(x.term, _rotation(x, distance))), state


def _rotation(x: Prim, distance: Prim):
    """The distance as the shifts inside rotate use it: masked to the width."""
    return semantics.convert(distance, x.type).term & (x.type.bits - 1)


@model("java.lang.Integer", "static long toUnsignedLong(int)")
@model("java.lang.Short", "static long toUnsignedLong(short)")
@model("java.lang.Byte", "static long toUnsignedLong(byte)")
def to_unsigned_long(m, state, this, args, line):
    x = args[0]
    return Prim(LONG, z3.ZeroExt(64 - x.type.bits, x.term)), state


@model("java.lang.Short", "static int toUnsignedInt(short)")
@model("java.lang.Byte", "static int toUnsignedInt(byte)")
def to_unsigned_int(m, state, this, args, line):
    x = args[0]
    return int_value(z3.ZeroExt(32 - x.type.bits, x.term)), state


def _unsigned(op, m, state, this, args, line):
    """Integer.divideUnsigned and its siblings."""
    a, b, state = division(m, state, args, line)
    return Prim(a.type, op(a.term, b.term)), state


@model("java.lang.Integer", "static int sum(int, int)")
@model("java.lang.Long", "static long sum(long, long)")
def box_sum(m, state, this, args, line):
    return semantics.arithmetic("+", *args), state


@model("java.lang.Boolean", "static boolean logicalAnd(boolean, boolean)")
def logical_and(m, state, this, args, line):
    return bool_value(mk_and(args[0].term, args[1].term)), state


@model("java.lang.Boolean", "static boolean logicalOr(boolean, boolean)")
def logical_or(m, state, this, args, line):
    return bool_value(mk_or(m.ctx, [args[0].term, args[1].term])), state


@model("java.lang.Boolean", "static boolean logicalXor(boolean, boolean)")
def logical_xor(m, state, this, args, line):
    return bool_value(z3.Xor(args[0].term, args[1].term)), state


def register(r: Registry) -> None:
    for name, op in (("divideUnsigned", z3.UDiv), ("remainderUnsigned", z3.URem)):
        r.method("java.lang.Integer", f"static int {name}(int, int)", partial(_unsigned, op))
        r.method("java.lang.Long", f"static long {name}(long, long)", partial(_unsigned, op))
