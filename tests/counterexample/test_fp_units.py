"""Floating-point pieces without a JVM: rounding of literals, Double.compare's order as
bits, and the literals counterexamples print."""
from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
import z3

from pytest_boundcheck.counterexample.literals import java_floating
from pytest_boundcheck.frontend.types import DOUBLE, FLOAT, LONG
from pytest_boundcheck.symex import semantics


def _random_rationals(count: int) -> list[Fraction]:
    rng = random.Random(7)
    values = []
    for _ in range(count):
        exponent = rng.randint(-160, 140)
        values.append(Fraction(rng.randint(1, 10 ** rng.randint(1, 20)), 10 ** rng.randint(0, 20))
                      * Fraction(2) ** exponent * rng.choice((1, -1)))
    # ties to even, just above and below them, and past the largest float
    values += [Fraction(2 ** 24 + 1), Fraction(2 ** 24 + 3), Fraction(2 ** 53 + 1), Fraction(2 ** 53 + 3),
               Fraction(1, 2 ** 150), Fraction(3, 2 ** 151), Fraction(2 ** 128 - 2 ** 103),
               Fraction(2 ** 128 - 2 ** 104), Fraction(1, 10)]
    return values


def test_nearest_double_is_python_float_rounding():
    for value in _random_rationals(2000):
        assert semantics.nearest(DOUBLE, value) == float(value), value


def test_nearest_float_is_z3_rounding():
    ctx = z3.Context()
    for value in _random_rationals(500):
        rounded = z3.simplify(z3.fpRealToFP(z3.RNE(ctx), z3.RealVal(str(value), ctx),
                                            semantics.fp_sort(ctx, FLOAT), ctx))
        expected = semantics.float_value(FLOAT, rounded)
        assert semantics.nearest(FLOAT, value) == expected, value


def test_total_order_key_orders_as_double_compare():
    """Double.compare: -inf < ... < -0.0 < 0.0 < ... < inf < NaN."""
    ctx = z3.Context()
    ordered = [-math.inf, -1e300, -1.0, -5e-324, -0.0, 0.0, 5e-324, 1.0, 1e300, math.inf, math.nan]
    keys = [z3.simplify(semantics.total_order_key(semantics.fp_bits(semantics.constant(ctx, DOUBLE, v)).term))
            for v in ordered]
    signed = [semantics.signed_value(LONG, k.as_long()) for k in keys]
    assert signed == sorted(signed) and len(set(signed)) == len(signed)


@pytest.mark.parametrize("t, value, text", [
    (DOUBLE, math.nan, "Double.NaN"), (FLOAT, -math.inf, "Float.NEGATIVE_INFINITY"),
    (DOUBLE, -0.0, "-0.0"), (FLOAT, -0.0, "-0.0f"), (DOUBLE, 0.1, "0.1"),
    (FLOAT, semantics.nearest(FLOAT, Fraction(1, 10)), "0.1f"), (DOUBLE, 1e22, "1e+22"),
    (DOUBLE, 5e-324, "Double.MIN_VALUE"), (DOUBLE, -5e-324, "-Double.MIN_VALUE"),
    (FLOAT, -float.fromhex("0x1.fffffep127"), "-Float.MAX_VALUE"), (FLOAT, 16777216.0, "16777216.0f"),
    (DOUBLE, 0.1 + 0.2, "Double.longBitsToDouble(0x3fd3333333333334L)"),
])
def test_counterexample_literals_are_exact(t, value, text):
    assert java_floating(t, value) == text
