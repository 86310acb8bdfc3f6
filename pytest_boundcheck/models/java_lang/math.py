"""Math: absolute values, minima and maxima (floating point's too), signum, floor
division and modulus, the exact operations that throw on overflow, and hypot's facts."""
from __future__ import annotations

from functools import partial

import z3

from pytest_boundcheck.frontend.types import DOUBLE, INT, LONG
from pytest_boundcheck.models.common import division
from pytest_boundcheck.models.registry import Registry, model
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.values import Prim


@model("java.lang.Math", "static int abs(int)")
@model("java.lang.Math", "static long abs(long)")
def math_abs(m, state, this, args, line):
    x = args[0]
    return Prim(x.type, z3.If(x.term < 0, -x.term, x.term)), state


@model("java.lang.Math", "static double abs(double)")
@model("java.lang.Math", "static float abs(float)")
def math_abs_floating(m, state, this, args, line):
    """abs(-0.0) is 0.0; abs(NaN) is NaN."""
    x = args[0]
    return Prim(x.type, z3.fpAbs(x.term, m.ctx)), state


@model("java.lang.Math", "static double hypot(double, double)")
def math_hypot(m, state, this, args, line):
    """What the Javadoc says: +Infinity if either argument is infinite, else NaN if either
    is NaN, +0.0 if both are zeros; otherwise a number no less than +0.0 (within an ulp of
    the exact value, which is not modelled): an unknown deterministic function of the two
    magnitudes, whichever the order and the signs (hypot(3, -4) is hypot(4, 3))."""
    ctx = m.ctx
    x, y = (z3.fpAbs(a.term, ctx) for a in args)
    x_first = z3.fpGEQ(x, y, ctx)
    larger, smaller = z3.If(x_first, x, y), z3.If(x_first, y, x)
    result, state = m.function(state, "Math.hypot(double, double)",
                               [Prim(DOUBLE, larger), Prim(DOUBLE, smaller)], DOUBLE, line)
    sort = semantics.fp_sort(ctx, DOUBLE)
    r = z3.fpAbs(result.term, ctx)
    value = z3.If(z3.Or(z3.fpIsInf(x, ctx), z3.fpIsInf(y, ctx)), z3.fpPlusInfinity(sort),
                  z3.If(z3.Or(z3.fpIsNaN(x, ctx), z3.fpIsNaN(y, ctx)), z3.fpNaN(sort),
                        z3.If(z3.And(z3.fpIsZero(x, ctx), z3.fpIsZero(y, ctx)), z3.fpPlusZero(sort),
                              z3.If(z3.fpIsNaN(r, ctx), larger, r))))
    return Prim(DOUBLE, value), state


@model("java.lang.Math", "static int min(int, int)")
@model("java.lang.Math", "static long min(long, long)")
@model("java.lang.Integer", "static int min(int, int)")
@model("java.lang.Long", "static long min(long, long)")
def math_min(m, state, this, args, line):
    a, b = semantics.binary_promote(*args)
    return Prim(a.type, z3.If(a.term <= b.term, a.term, b.term)), state


@model("java.lang.Math", "static int max(int, int)")
@model("java.lang.Math", "static long max(long, long)")
@model("java.lang.Integer", "static int max(int, int)")
@model("java.lang.Long", "static long max(long, long)")
def math_max(m, state, this, args, line):
    a, b = semantics.binary_promote(*args)
    return Prim(a.type, z3.If(a.term >= b.term, a.term, b.term)), state


@model("java.lang.Math", "static double min(double, double)")
@model("java.lang.Math", "static float min(float, float)")
def math_min_floating(m, state, this, args, line):
    return _floating_extreme(m, args, "<", negative_zero=True), state


@model("java.lang.Math", "static double max(double, double)")
@model("java.lang.Math", "static float max(float, float)")
def math_max_floating(m, state, this, args, line):
    return _floating_extreme(m, args, ">", negative_zero=False), state


def _floating_extreme(m, args, op, negative_zero):
    """Math.min/max on floating point: NaN if either is NaN; of 0.0 and -0.0, min is -0.0
    and max is 0.0 (IEEE leaves that open, and so does Z3's fpMin)."""
    a, b = args
    nan = z3.Or(z3.fpIsNaN(a.term, m.ctx), z3.fpIsNaN(b.term, m.ctx))
    # of two equal values only zeros differ: keep a where its sign is the one wanted
    keep_a = z3.Or(semantics.compare(op, a, b).term,
                   z3.And(semantics.compare("==", a, b).term,
                          z3.fpIsNegative(a.term, m.ctx) == negative_zero))
    return Prim(a.type, z3.If(nan, z3.fpNaN(semantics.fp_sort(m.ctx, a.type)),
                              z3.If(keep_a, a.term, b.term)))


@model("java.lang.Math", "static double signum(double)")
@model("java.lang.Math", "static float signum(float)")
def math_signum_floating(m, state, this, args, line):
    """±1.0, or the argument itself when it is ±0.0 or NaN."""
    x = args[0]
    one, minus_one = (semantics.constant(m.ctx, x.type, v).term for v in (1, -1))
    keep = z3.Or(z3.fpIsZero(x.term, m.ctx), z3.fpIsNaN(x.term, m.ctx))
    return Prim(x.type, z3.If(keep, x.term, z3.If(z3.fpIsNegative(x.term, m.ctx), minus_one, one))), state


@model("java.lang.Math", "static int floorMod(int, int)")
@model("java.lang.Math", "static long floorMod(long, long)")
@model("java.lang.Math", "static int floorMod(long, int)")
def math_floor_mod(m, state, this, args, line):
    """The result has the divisor's type (Java 9's floorMod(long, int) returns int)."""
    a, b, state = division(m, state, args, line)
    r = z3.SRem(a.term, b.term)
    adjust = z3.And(r != 0, (r ^ b.term) < 0)  # signs differ: move toward the divisor
    return semantics.convert(Prim(a.type, z3.If(adjust, r + b.term, r)), args[1].type), state


@model("java.lang.Math", "static int floorDiv(int, int)")
@model("java.lang.Math", "static long floorDiv(long, long)")
@model("java.lang.Math", "static long floorDiv(long, int)")
def math_floor_div(m, state, this, args, line):
    """The quotient rounded toward negative infinity; MIN_VALUE / -1 wraps as ``/`` does."""
    a, b, state = division(m, state, args, line)
    q = a.term / b.term
    adjust = z3.And((a.term ^ b.term) < 0, q * b.term != a.term)
    return Prim(a.type, z3.If(adjust, q - 1, q)), state


def _exact(op: str, m, state, this, args, line):
    """Math.addExact and its siblings: ArithmeticException where the result overflows."""
    a, b = args if len(args) == 2 else (semantics.constant(m.ctx, args[0].type, 0), args[0])
    state = m.throw(state, semantics.overflows(op, a, b), "java.lang.ArithmeticException", line,
                     "integer overflow")
    return semantics.arithmetic(op, a, b), state


@model("java.lang.Math", "static int incrementExact(int)")
@model("java.lang.Math", "static long incrementExact(long)")
def math_increment_exact(m, state, this, args, line):
    return _exact("+", m, state, this, [args[0], semantics.constant(m.ctx, args[0].type, 1)], line)


@model("java.lang.Math", "static int decrementExact(int)")
@model("java.lang.Math", "static long decrementExact(long)")
def math_decrement_exact(m, state, this, args, line):
    return _exact("-", m, state, this, [args[0], semantics.constant(m.ctx, args[0].type, 1)], line)


@model("java.lang.Math", "static int absExact(int)")
@model("java.lang.Math", "static long absExact(long)")
def math_abs_exact(m, state, this, args, line):
    x = args[0]
    state = m.throw(state, x.term == semantics.constant(m.ctx, x.type, semantics.lowest(x.type)).term,
                     "java.lang.ArithmeticException", line, "Overflow to represent absolute value")
    return math_abs(m, state, this, args, line)


@model("java.lang.Math", "static int toIntExact(long)")
def math_to_int_exact(m, state, this, args, line):
    x = args[0]
    narrowed = semantics.convert(x, INT)
    state = m.throw(state, semantics.convert(narrowed, LONG).term != x.term,
                     "java.lang.ArithmeticException", line, "integer overflow")
    return narrowed, state


def register(r: Registry) -> None:
    for op, name in (("+", "add"), ("-", "subtract"), ("*", "multiply")):
        for signature in ("int {}(int, int)", "long {}(long, long)"):
            r.method("java.lang.Math", "static " + signature.format(name + "Exact"), partial(_exact, op))
    r.method("java.lang.Math", "static long multiplyExact(long, int)", partial(_exact, "*"))
    for t in ("int", "long"):
        r.method("java.lang.Math", f"static {t} negateExact({t})", partial(_exact, "-"))
