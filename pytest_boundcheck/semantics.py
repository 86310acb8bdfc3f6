"""Java's numeric semantics on bit-vectors, written once (JLS 4.2, 5.1, 5.6, 15.15-15.22).

Every integral value is a bit-vector of its type's own width; booleans are
solver booleans. Promotion, wrap-around, truncating division, shift-count
masking and narrowing casts all live here and nowhere else.
"""
from __future__ import annotations

import z3

from .jtypes import BOOLEAN, CHAR, INT, LONG, PrimType
from .values import Prim, mk_not


class NotModelled(Exception):
    """A numeric construct the engine does not model (floating point, for now)."""


def constant(ctx: z3.Context, type_: PrimType, value: int | bool) -> Prim:
    if type_ is BOOLEAN:
        return Prim(BOOLEAN, z3.BoolVal(bool(value), ctx))
    _require_integral(type_)
    return Prim(type_, z3.BitVecVal(value % (1 << type_.bits), type_.bits, ctx))


def variable(ctx: z3.Context, type_: PrimType, name: str) -> Prim:
    if type_ is BOOLEAN:
        return Prim(BOOLEAN, z3.Bool(name, ctx))
    _require_integral(type_)
    return Prim(type_, z3.BitVec(name, type_.bits, ctx))


def _require_integral(type_: PrimType) -> None:
    if not type_.is_integral:
        raise NotModelled(f"{type_} arithmetic")


def _resize(p: Prim, bits: int) -> z3.BitVecRef:
    width = p.type.bits
    if bits == width:
        return p.term
    if bits < width:
        return z3.Extract(bits - 1, 0, p.term)
    return (z3.SignExt if p.type.signed else z3.ZeroExt)(bits - width, p.term)


def convert(p: Prim, to: PrimType) -> Prim:
    """Casting and assignment conversion between primitive types (5.1.2, 5.1.3)."""
    if p.type is to:
        return p
    if p.type is BOOLEAN or to is BOOLEAN:
        raise NotModelled(f"conversion from {p.type} to {to}")
    _require_integral(p.type)
    _require_integral(to)
    return Prim(to, _resize(p, to.bits))


def unary_promote(p: Prim) -> Prim:
    _require_integral(p.type)
    return p if p.type is LONG else convert(p, INT)


def binary_promote(a: Prim, b: Prim) -> tuple[Prim, Prim]:
    _require_integral(a.type)
    _require_integral(b.type)
    wide = LONG if LONG in (a.type, b.type) else INT
    return convert(a, wide), convert(b, wide)


def promoted_type(a: PrimType, b: PrimType) -> PrimType:
    if a is BOOLEAN and b is BOOLEAN:
        return BOOLEAN
    _require_integral(a)
    _require_integral(b)
    return LONG if LONG in (a, b) else INT


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
_BOOL_OPS = {"&": z3.And, "|": z3.Or, "^": z3.Xor}
_COMPARE = {
    "<": lambda x, y: x < y, "<=": lambda x, y: x <= y,
    ">": lambda x, y: x > y, ">=": lambda x, y: x >= y,
    "==": lambda x, y: x == y, "!=": lambda x, y: x != y,
}
SHIFTS = ("<<", ">>", ">>>")
ARITHMETIC = tuple(_ARITH) + SHIFTS
COMPARISONS = tuple(_COMPARE)


def division_by_zero(op: str, a: Prim, b: Prim) -> z3.BoolRef | None:
    """The condition under which ``a op b`` throws ArithmeticException, if it can."""
    if op not in ("/", "%"):
        return None
    _, y = binary_promote(a, b)
    return y.term == 0


def arithmetic(op: str, a: Prim, b: Prim) -> Prim:
    if op in SHIFTS:
        return _shift(op, a, b)
    if a.type is BOOLEAN and b.type is BOOLEAN and op in _BOOL_OPS:
        return Prim(BOOLEAN, _BOOL_OPS[op](a.term, b.term))
    x, y = binary_promote(a, b)
    return Prim(x.type, _ARITH[op](x.term, y.term))


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


def compare(op: str, a: Prim, b: Prim) -> Prim:
    if a.type is BOOLEAN and b.type is BOOLEAN:
        return Prim(BOOLEAN, _COMPARE[op](a.term, b.term))
    x, y = binary_promote(a, b)
    return Prim(BOOLEAN, _COMPARE[op](x.term, y.term))


def unary(op: str, a: Prim) -> Prim:
    if op == "!":
        return Prim(BOOLEAN, mk_not(a.term))
    x = unary_promote(a)
    if op == "-":
        return Prim(x.type, -x.term)
    if op == "~":
        return Prim(x.type, ~x.term)
    return x  # unary plus


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
    if "long" in types:
        return LONG
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
