"""Java's numeric semantics, written once (JLS 4.2, 5.1, 5.6, 15.15-15.22).

Every integral value is a bit-vector of its type's own width; booleans are
solver booleans; float and double are IEEE 754 binary32 and binary64 terms of
Z3's floating-point theory, rounded to nearest even as Java rounds. Promotion,
wrap-around, truncating division, shift-count masking, narrowing and
saturating casts, and the bit patterns of floating-point values all live here
and nowhere else.
"""
from __future__ import annotations

import functools
import math
import struct
from fractions import Fraction

import z3

from pytest_boundcheck.frontend.types import BOOLEAN, CHAR, DOUBLE, FLOAT, INT, LONG, PrimType
from pytest_boundcheck.symex.values import Prim, mk_not


class NotModelled(Exception):
    """A numeric construct the engine does not model."""


def constant(ctx: z3.Context, type_: PrimType, value: float | Fraction) -> Prim:
    """``value`` as a ``type_``; a floating-point type takes the nearest value (a literal's)."""
    if type_ is BOOLEAN:
        return Prim(BOOLEAN, z3.BoolVal(bool(value), ctx))
    if type_.is_floating:
        return Prim(type_, _fp_term(ctx, type_, nearest(type_, value)))
    _require_integral(type_)
    return Prim(type_, z3.BitVecVal(value % (1 << type_.bits), type_.bits, ctx))


def variable(ctx: z3.Context, type_: PrimType, name: str) -> Prim:
    if type_ is BOOLEAN:
        return Prim(BOOLEAN, z3.Bool(name, ctx))
    if type_.is_floating:
        return Prim(type_, z3.FP(name, fp_sort(ctx, type_)))
    _require_integral(type_)
    return Prim(type_, z3.BitVec(name, type_.bits, ctx))


def _require_integral(type_: PrimType) -> None:
    if not type_.is_integral:
        raise NotModelled(f"{type_} arithmetic")


def _require_numeric(type_: PrimType) -> None:
    if not (type_.is_integral or type_.is_floating):
        raise NotModelled(f"{type_} arithmetic")


def _resize(p: Prim, bits: int) -> z3.BitVecRef:
    width = p.type.bits
    if bits == width:
        return p.term
    if bits < width:
        return z3.Extract(bits - 1, 0, p.term)
    return (z3.SignExt if p.type.signed else z3.ZeroExt)(bits - width, p.term)


def _folding(operation):
    """Operations on constants give constants (``i + 1`` with ``i`` 3 is 4, not a term):
    a loop over a constant range then ends when it ends, not at the unroll bound, and
    its dead paths never reach the solver."""
    @functools.wraps(operation)
    def folded(*args):
        result = operation(*args)
        if all(_is_value(a.term) for a in args if isinstance(a, Prim)):
            return Prim(result.type, z3.simplify(result.term))
        return result
    return folded


def _is_value(t: z3.ExprRef) -> bool:
    return z3.is_bv_value(t) or z3.is_fp_value(t) or z3.is_true(t) or z3.is_false(t)


@_folding
def convert(p: Prim, to: PrimType) -> Prim:
    """Casting and assignment conversion between primitive types (5.1.2, 5.1.3)."""
    if p.type is to:
        return p
    if p.type is BOOLEAN or to is BOOLEAN:
        raise NotModelled(f"conversion from {p.type} to {to}")
    _require_numeric(p.type)
    _require_numeric(to)
    ctx = p.term.ctx
    if to.is_floating:
        if p.type.is_floating:
            return Prim(to, z3.fpFPToFP(z3.RNE(ctx), p.term, fp_sort(ctx, to), ctx))
        whole = unary_promote(p)  # char is unsigned: widen it before the signed conversion
        return Prim(to, z3.fpSignedToFP(z3.RNE(ctx), whole.term, fp_sort(ctx, to), ctx))
    if p.type.is_floating:  # to long, or to int and then narrower (5.1.3)
        wide = LONG if to is LONG else INT
        return convert(Prim(wide, _saturating(p, wide)), to)
    return Prim(to, _resize(p, to.bits))


def _saturating(p: Prim, to: PrimType) -> z3.BitVecRef:
    """A float or double rounded toward zero to int or long: NaN is 0, and values beyond
    the range are its smallest or largest value."""
    ctx = p.term.ctx
    limit = _fp_term(ctx, p.type, float(1 << (to.bits - 1)))
    lo, hi = -(1 << (to.bits - 1)), (1 << (to.bits - 1)) - 1
    bv = z3.BitVecSort(to.bits, ctx)
    return z3.If(z3.fpIsNaN(p.term, ctx), z3.BitVecVal(0, bv),
                 z3.If(z3.fpGEQ(p.term, limit, ctx), z3.BitVecVal(hi, bv),
                       z3.If(z3.fpLEQ(p.term, z3.fpNeg(limit, ctx), ctx), z3.BitVecVal(lo, bv),
                             z3.fpToSBV(z3.RTZ(ctx), p.term, bv, ctx))))


def unary_promote(p: Prim) -> Prim:
    _require_numeric(p.type)
    return p if p.type in (LONG, FLOAT, DOUBLE) else convert(p, INT)


def binary_promote(a: Prim, b: Prim) -> tuple[Prim, Prim]:
    wide = promoted_type(a.type, b.type)
    _require_numeric(wide)
    return convert(a, wide), convert(b, wide)


def promoted_type(a: PrimType, b: PrimType) -> PrimType:
    if a is BOOLEAN and b is BOOLEAN:
        return BOOLEAN
    _require_numeric(a)
    _require_numeric(b)
    return next((t for t in (DOUBLE, FLOAT, LONG) if t in (a, b)), INT)


_ARITH = {
    "+": lambda x, y: x + y,
    "-": lambda x, y: x - y,
    "*": lambda x, y: x * y,
    "/": lambda x, y: x / y,  # bvsdiv: truncates toward zero; MIN / -1 == MIN
    "%": z3.SRem,             # sign of the dividend, as Java
    "&": lambda x, y: x & y,
    "|": lambda x, y: x | y,
    "^": lambda x, y: x ^ y,
}
_FP_ARITH = {"+": z3.fpAdd, "-": z3.fpSub, "*": z3.fpMul, "/": z3.fpDiv}
_BOOL_OPS = {"&": z3.And, "|": z3.Or, "^": z3.Xor}
_COMPARE = {
    "<": lambda x, y: x < y, "<=": lambda x, y: x <= y,
    ">": lambda x, y: x > y, ">=": lambda x, y: x >= y,
    "==": lambda x, y: x == y, "!=": lambda x, y: x != y,
}


def _fp_equal(x: z3.FPRef, y: z3.FPRef, ctx: z3.Context) -> z3.BoolRef:
    """IEEE ``==`` (``fp.eq``) spelt as the same value or two zeros: the solve stage splits
    such a disjunction into cases, and in the first ``y`` is replaced by ``x``. Left as
    ``fp.eq``, proving that equal doubles hash alike is a bit-level puzzle through the hash
    arithmetic, which the solver may not decide in the time limit."""
    return z3.And(mk_not(z3.fpIsNaN(x, ctx)),
                  z3.Or(x == y, z3.And(z3.fpIsZero(x, ctx), z3.fpIsZero(y, ctx))))


# IEEE comparisons: false whenever an operand is NaN (but !=), and 0.0 == -0.0
_FP_COMPARE = {
    "<": z3.fpLT, "<=": z3.fpLEQ, ">": z3.fpGT, ">=": z3.fpGEQ, "==": _fp_equal,
    "!=": lambda x, y, ctx: mk_not(_fp_equal(x, y, ctx)),
}
SHIFTS = ("<<", ">>", ">>>")
COMPARISONS = tuple(_COMPARE)


def division_by_zero(op: str, a: Prim, b: Prim) -> z3.BoolRef | None:
    """The condition under which ``a op b`` throws ArithmeticException, if it can."""
    if op not in ("/", "%"):
        return None
    _, y = binary_promote(a, b)
    return None if y.type.is_floating else y.term == 0


def overflows(op: str, a: Prim, b: Prim) -> z3.BoolRef:
    """Does ``a op b`` (+, -, *) leave the range of its promoted type? (Math.addExact...)"""
    x, y = binary_promote(a, b)
    wide = x.type.bits

    def widened(t):
        return z3.SignExt(wide, t)
    return _ARITH[op](widened(x.term), widened(y.term)) != widened(_ARITH[op](x.term, y.term))


def lowest(type_: PrimType) -> int:
    """The least value of an integral type (MIN_VALUE)."""
    return 0 if not type_.signed else -(1 << (type_.bits - 1))


@_folding
def arithmetic(op: str, a: Prim, b: Prim) -> Prim:
    if op in SHIFTS:
        return _shift(op, a, b)
    if a.type is BOOLEAN and b.type is BOOLEAN and op in _BOOL_OPS:
        return Prim(BOOLEAN, _BOOL_OPS[op](a.term, b.term))
    x, y = binary_promote(a, b)
    if not x.type.is_floating:
        return Prim(x.type, _ARITH[op](x.term, y.term))
    ctx = x.term.ctx
    if op == "%":
        return Prim(x.type, _fp_remainder(x.term, y.term))
    if op not in _FP_ARITH:
        raise NotModelled(f"operator {op} on {x.type}")
    return Prim(x.type, _FP_ARITH[op](z3.RNE(ctx), x.term, y.term, ctx))


def _fp_remainder(x: z3.FPRef, y: z3.FPRef) -> z3.FPRef:
    """Java's floating ``%`` (15.17.3) truncates the quotient, like C's fmod; IEEE's
    remainder (Z3's fpRem) rounds it to nearest. Where the two differ, IEEE's result has
    the other sign than the dividend, and one more divisor toward the dividend gives
    Java's; that sum is exact, so rounding does not touch it."""
    ctx = x.ctx
    r = z3.fpRem(x, y, ctx)
    flipped = z3.And(mk_not(z3.fpIsZero(r, ctx)),
                     z3.fpIsNegative(r, ctx) != z3.fpIsNegative(x, ctx))
    size = z3.fpAbs(y, ctx)
    step = z3.If(z3.fpIsNegative(x, ctx), z3.fpNeg(size, ctx), size)
    return z3.If(flipped, z3.fpAdd(z3.RNE(ctx), r, step, ctx), r)


def _shift(op: str, a: Prim, b: Prim) -> Prim:
    x = unary_promote(a)
    count = convert(unary_promote(b), x.type).term & (x.type.bits - 1)
    if op == "<<":
        term = x.term << count
    elif op == ">>":
        term = x.term >> count
    else:
        term = z3.LShR(x.term, count)
    return Prim(x.type, term)


@_folding
def compare(op: str, a: Prim, b: Prim) -> Prim:
    if a.type is BOOLEAN and b.type is BOOLEAN:
        return Prim(BOOLEAN, _COMPARE[op](a.term, b.term))
    x, y = binary_promote(a, b)
    if x.type.is_floating:
        return Prim(BOOLEAN, _FP_COMPARE[op](x.term, y.term, x.term.ctx))
    return Prim(BOOLEAN, _COMPARE[op](x.term, y.term))


@_folding
def unary(op: str, a: Prim) -> Prim:
    if op == "!":
        return Prim(BOOLEAN, mk_not(a.term))
    x = unary_promote(a)
    if op == "-":
        return Prim(x.type, z3.fpNeg(x.term, x.term.ctx) if x.type.is_floating else -x.term)
    if op == "~":
        return Prim(x.type, ~x.term)
    return x  # unary plus


@_folding
def add_one(a: Prim, delta: int) -> Prim:
    """``++``/``--``: the sum is narrowed back to the variable's type (15.14.2)."""
    one = constant(a.term.ctx, INT, delta)
    return convert(arithmetic("+", a, one), a.type)


def choice_type(arms: list[tuple[PrimType, int | None]]) -> PrimType:
    """Type of ``c ? a : b`` or of a switch expression with primitive results: numeric
    promotion in a numeric choice context (JLS 5.6, 15.25, 15.28.1). ``arms`` holds each
    result's type and its value if it is a constant expression of type int."""
    types = {t.name: t for t, _ in arms}
    if len(types) == 1:
        return arms[0][0]
    if "boolean" in types:
        raise NotModelled("a choice mixing boolean and numbers")
    for wide in (DOUBLE, FLOAT, LONG):  # binary numeric promotion (JLS 5.6)
        if wide.name in types:
            return wide
    if any(t is INT and c is None for t, c in arms):
        return INT
    for narrow, others in (("short", ("short", "byte")), ("byte", ("byte",)), ("char", ("char",))):
        if narrow in types and all(t.name in others or (t is INT and _fits(c, types[narrow]))
                                   for t, c in arms):
            return types[narrow]
    return INT


def _fits(value: int, type_: PrimType) -> bool:
    if type_ is CHAR:
        return 0 <= value < 1 << 16
    return -(1 << (type_.bits - 1)) <= value < 1 << (type_.bits - 1)


def signed_value(type_: PrimType, raw: int) -> int:
    """A model's unsigned bit pattern read as the Java value of ``type_``."""
    if type_.signed and raw >= 1 << (type_.bits - 1):
        return raw - (1 << type_.bits)
    return raw


# ------------------------------------------------------------ floating point

_FORMATS = {"float": (8, 24, -149, 127), "double": (11, 53, -1074, 1023)}  # exp, significand bits, ulp exp, max exp
_CANONICAL_NAN = {"float": 0x7FC00000, "double": 0x7FF8000000000000}


def fp_sort(ctx: z3.Context, type_: PrimType) -> z3.FPSortRef:
    exponent, significand, _, _ = _FORMATS[type_.name]
    return z3.FPSort(exponent, significand, ctx)


def nearest(type_: PrimType, value: float | Fraction) -> float:
    """The ``type_`` value nearest to ``value``, ties to even, beyond the largest finite
    value infinite (JLS 3.10.2, 5.1.2): exact, so that ``0.1f`` is not rounded twice
    through double. NaN, infinities and -0.0 stay as they are."""
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value) or value == 0):
        return value
    exact = Fraction(value)
    if exact == 0:
        return 0.0
    _, significand, ulp_min, exp_max = _FORMATS[type_.name]
    size = abs(exact)
    exp = size.numerator.bit_length() - size.denominator.bit_length()
    if Fraction(2) ** exp > size:
        exp -= 1  # now 2**exp <= size < 2**(exp + 1)
    ulp = max(exp - significand + 1, ulp_min)
    units = round(size / Fraction(2) ** ulp)  # Fraction rounds half to even
    result = math.inf if units * Fraction(2) ** ulp >= Fraction(2) ** (exp_max + 1) else math.ldexp(units, ulp)
    return -result if exact < 0 else result


def _fp_term(ctx: z3.Context, type_: PrimType, value: float) -> z3.FPRef:
    """The solver value of a ``type_`` value given exactly as a Python float."""
    return z3.simplify(z3.fpBVToFP(z3.BitVecVal(float_bits(type_, value), type_.bits, ctx),
                                   fp_sort(ctx, type_), ctx))


def float_bits(type_: PrimType, value: float) -> int:
    """The IEEE bits of an exact ``type_`` value (NaN as the canonical NaN)."""
    if math.isnan(value):
        return _CANONICAL_NAN[type_.name]
    fmt = ">d" if type_ is DOUBLE else ">f"
    return int.from_bytes(struct.pack(fmt, value), "big")


def float_value(type_: PrimType, number: z3.FPNumRef) -> float:
    """A model's float or double, exactly, as a Python float."""
    if number.isNaN():
        return math.nan
    raw = z3.simplify(z3.fpToIEEEBV(number, number.ctx)).as_long()
    fmt = ">d" if type_ is DOUBLE else ">f"
    return struct.unpack(fmt, raw.to_bytes(type_.bits // 8, "big"))[0]


def fp_bits(p: Prim) -> Prim:
    """``Double.doubleToLongBits``/``Float.floatToIntBits``: the IEEE 754 bits, every NaN
    as the canonical NaN."""
    ctx = p.term.ctx
    bits = LONG if p.type is DOUBLE else INT
    return Prim(bits, z3.If(z3.fpIsNaN(p.term, ctx),
                            z3.BitVecVal(_CANONICAL_NAN[p.type.name], bits.bits, ctx),
                            z3.fpToIEEEBV(p.term, ctx)))


def fp_raw_bits(p: Prim) -> Prim:
    """``doubleToRawLongBits``/``floatToRawIntBits``: a NaN keeps its payload, which Java
    leaves to the JVM and hardware for NaNs that arithmetic makes. The solver has one NaN
    per type, so every NaN gets one unknown NaN bit pattern (per type and check)."""
    ctx = p.term.ctx
    bits = LONG if p.type is DOUBLE else INT
    exponent, significand, _, _ = _FORMATS[p.type.name]
    mask = ((1 << exponent) - 1) << (significand - 1)
    unknown = z3.BitVec(f"raw bits of a {p.type} NaN", bits.bits, ctx)
    some_nan = z3.If(unknown & ((1 << (significand - 1)) - 1) == 0, unknown | mask | 1, unknown | mask)
    return Prim(bits, z3.If(z3.fpIsNaN(p.term, ctx), some_nan, z3.fpToIEEEBV(p.term, ctx)))


def fp_from_bits(p: Prim, to: PrimType) -> Prim:
    """``longBitsToDouble``/``intBitsToFloat``."""
    ctx = p.term.ctx
    return Prim(to, z3.fpBVToFP(p.term, fp_sort(ctx, to), ctx))


def total_order_key(bits: z3.BitVecRef) -> z3.BitVecRef:
    """From the canonical bits (``fp_bits``), a bit-vector whose signed order is
    Double.compare's (Float.compare's): the bits below the sign flipped for negative
    values."""
    width = bits.size()
    return bits ^ ((bits >> (width - 1)) & ((1 << (width - 1)) - 1))


def box_equals(a: Prim, b: Prim) -> z3.BoolRef:
    """``equals`` of two boxes of one primitive type: Double and Float compare bits as
    doubleToLongBits gives them, so NaN equals NaN and 0.0 differs from -0.0."""
    if a.type.is_floating:
        return fp_bits(a).term == fp_bits(b).term
    return compare("==", a, b).term


def long_hash(term: z3.BitVecRef) -> z3.BitVecRef:
    """``Long.hashCode``: (int) (v ^ (v >>> 32))."""
    return z3.Extract(31, 0, term ^ z3.LShR(term, 32))


def floating_hash(p: Prim) -> z3.BitVecRef:
    """``Double.hashCode``/``Float.hashCode``: the bits of doubleToLongBits folded as
    Long.hashCode folds them (floatToIntBits as they are)."""
    bits = fp_bits(p).term
    return long_hash(bits) if p.type is DOUBLE else bits
