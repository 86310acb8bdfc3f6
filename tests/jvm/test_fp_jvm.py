"""Differential test: the engine's floating-point semantics against a real JVM.

``fpgen`` writes one class of random methods over float and double (arithmetic with
Java's ``%``, comparisons, casts both ways, literals, constants, ``Math`` and the
Double/Float statics); ``javac`` compiles it with a ``main`` that prints every case
once, and the engine must print the same, with constant arguments and, for part of
the cases, with symbolic arguments fixed by the solver's model. Results are compared
as canonical bits (``doubleToLongBits``), never as NaN payloads.

Hand-written facts pin the rules a reader would look up; they check the engine
without a JVM, and (when there is one) that the JVM agrees with them.
"""
from __future__ import annotations

import math

import fpgen  # tests/jvm/ is on sys.path (test modules without a package)
import javagen
import pytest
from test_numeric_jvm import _mismatches, _report, needs_jvm

from pytest_boundcheck.engine.wiring import program_of
from pytest_boundcheck.frontend.parse import parse_file

SEED = 20261122
METHODS = 600          # 2 argument tuples each: 1,200 cases
ARGS_PER_METHOD = 2
SYMBOLIC_EVERY = 4     # 300 of them also with symbolic inputs


@pytest.fixture(scope="module")
def generated():
    return fpgen.generate(SEED, METHODS, ARGS_PER_METHOD, SYMBOLIC_EVERY)


@pytest.fixture(scope="module")
def compiled(generated, tmp_path_factory):
    return javagen.compile_and_run(generated, tmp_path_factory.mktemp("fp_jvm"))


@needs_jvm
@pytest.mark.parametrize("symbolic", [False, True], ids=["concrete", "symbolic"])
def test_engine_matches_jvm_on_floating_point(generated, compiled, symbolic):
    checked, bad = _mismatches(generated, compiled, symbolic)
    assert checked >= (250 if symbolic else 1000)
    if bad:
        pytest.fail(_report(bad, checked, compiled), pytrace=False)


def test_generator_covers_floating_point(generated):
    source = generated.java()
    required = ([f" {op} " for op in fpgen.ARITH + fpgen.COMPARE + fpgen.COMPOUND]
                + [f"(({t}) " for t in fpgen.CASTS]
                + ["(-", "++", "--", " ? ", "Math.abs(", "Math.min(", "Math.max(", "Math.signum(",
                   "Double.compare(", "Float.compare(", "Double.hashCode(", "Float.hashCode(",
                   "Double.doubleToLongBits(", "Float.floatToIntBits(", "Double.doubleToRawLongBits(",
                   "Float.floatToRawIntBits(", "Double.longBitsToDouble(", "Float.intBitsToFloat(",
                   "Double.isNaN(", "Float.isInfinite(", "Double.isFinite(", "Double.NaN",
                   "Float.NEGATIVE_INFINITY", "Double.MIN_VALUE", "Float.MIN_NORMAL", "0x", "e-", "f)",
                   "F)", "d)", "char k", "byte k", "float v", "double v"])
    missing = [r for r in required if r not in source]
    assert not missing, f"the generated class never uses {missing}"
    values = [v for c in generated.cases for v in c.args if isinstance(v, float)]
    assert {1.0, 2.0 ** 31, 2.0 ** 63, math.inf, -math.inf, float.fromhex("0x1p-1074")} <= set(values)
    assert any(math.isnan(v) for v in values)
    assert {math.copysign(1, v) for v in values if v == 0} == {1, -1}


# --------------------------------------------------------- hand-written facts

D, F, I, L = "double", "float", "int", "long"
FACTS = [  # (id, return type, params, body, args, what Java prints)
    ("nan_is_not_equal_to_itself", I, ((D, "x"),), "return x == x ? 1 : 0;", (math.nan,), "0"),
    ("nan_is_unequal_to_itself", I, ((D, "x"),), "return x != x ? 1 : 0;", (math.nan,), "1"),
    ("zero_equals_minus_zero", I, ((D, "x"), (D, "y")), "return x == y ? 1 : 0;", (0.0, -0.0), "1"),
    ("nan_is_neither_less_nor_greater", I, ((D, "x"),), "return x < 1 || x >= 1 ? 1 : 0;",
     (math.nan,), "0"),
    ("compare_orders_minus_zero_first", I, ((D, "x"), (D, "y")), "return Double.compare(x, y);",
     (-0.0, 0.0), "-1"),
    ("compare_nan_equals_nan", I, ((D, "x"),), "return Double.compare(x, Double.NaN);", (math.nan,), "0"),
    ("compare_nan_above_infinity", I, ((F, "x"),), "return Float.compare(x, Float.POSITIVE_INFINITY);",
     (math.nan,), "1"),
    ("hash_of_minus_zero", I, ((D, "x"),), "return Double.hashCode(x);", (-0.0,), str(-(1 << 31))),
    ("hash_of_nan", I, ((D, "x"),), "return Double.hashCode(x);", (math.nan,), "2146959360"),
    ("float_hash_is_bits", I, ((F, "x"),), "return Float.hashCode(x);", (1.0,), "1065353216"),
    ("bits_canonicalise_nan", L, ((L, "b"),),
     "return Double.doubleToLongBits(Double.longBitsToDouble(b));", (0x7FF0000000000001,),
     str(0x7FF8000000000000)),
    ("int_cast_saturates", I, ((D, "x"),), "return (int) x;", (1e30,), str((1 << 31) - 1)),
    ("long_cast_saturates_low", L, ((F, "x"),), "return (long) x;", (-math.inf,), str(-(1 << 63))),
    ("int_cast_of_nan_is_zero", I, ((D, "x"),), "return (int) x;", (math.nan,), "0"),
    ("int_cast_truncates", I, ((D, "x"),), "return (int) x;", (-2.7,), "-2"),
    ("char_cast_goes_through_int", I, ((D, "x"),), "return (char) x;", (-1.0,), "65535"),
    ("byte_cast_of_large_double", I, ((D, "x"),), "return (byte) x;", (1e10,), "-1"),
    ("remainder_truncates", L, ((D, "x"), (D, "y")), "return Double.doubleToLongBits(x % y);",
     (5.5, -2.0), str(0x3FF8000000000000)),
    ("remainder_keeps_dividend_sign", L, ((D, "x"), (D, "y")), "return Double.doubleToLongBits(x % y);",
     (-4.0, 2.0), str(-(1 << 63))),
    ("division_by_zero_is_infinite", I, ((D, "x"),), "return Double.isInfinite(1 / x) ? 1 : 0;",
     (-0.0,), "1"),
    ("int_to_float_rounds", I, ((I, "i"),), "return (int) (float) i;", (16777217,), "16777216"),
    ("float_literal_rounds_once", I, (), "return Float.floatToIntBits(0.1f);", (), "1036831949"),
    ("min_of_zeros_is_minus_zero", L, ((D, "x"), (D, "y")), "return Double.doubleToLongBits(Math.min(x, y));",
     (0.0, -0.0), str(-(1 << 63))),
    ("max_with_nan_is_nan", I, ((D, "x"),), "return Double.isNaN(Math.max(x, 1.0)) ? 1 : 0;",
     (math.nan,), "1"),
    ("compound_assignment_narrows", I, ((I, "i"),), "i += 0.7; i *= 1.5; return i;", (3,), "4"),
    ("float_increment_loses_one", I, ((F, "x"),), "x++; return (int) x;", (16777216.0,), "16777216"),
]
FACTS_CLASS = "FpFacts"


def facts_java() -> str:
    methods = "".join(f"    static {ret} {name}({', '.join(f'{t} {n}' for t, n in params)}) {{ {body} }}\n"
                      for name, ret, params, body, _, _ in FACTS)
    calls = "".join(
        f"        System.out.println({name}({', '.join(javagen.java_arg(t, v) for (t, _), v in zip(params, args))}));\n"
        for name, _, params, _, args, _ in FACTS)
    return (f"class {FACTS_CLASS} {{\n{methods}    public static void main(String[] args) {{\n{calls}"
            "    }\n}\n")


@pytest.fixture(scope="module")
def facts_dir(tmp_path_factory):
    directory = tmp_path_factory.mktemp("fp_facts")
    (directory / f"{FACTS_CLASS}.java").write_text(facts_java(), encoding="utf-8")
    return directory


@pytest.mark.parametrize("symbolic", [False, True], ids=["concrete", "symbolic"])
def test_fp_facts(facts_dir, symbolic):
    program = program_of([parse_file(str(facts_dir / f"{FACTS_CLASS}.java"))])
    cls = program.classes[FACTS_CLASS]
    wrong = [f"{name}{args}: Java gives {expected}, the engine {got}"
             for name, _, _, _, args, expected in FACTS
             for got in [javagen.engine_result(program, cls, name, args, symbolic)] if got != expected]
    assert not wrong, "\n".join(wrong)


@needs_jvm
def test_fp_facts_hold_on_the_jvm(facts_dir):
    lines = javagen.run_jvm(facts_java(), FACTS_CLASS, facts_dir)
    wrong = [f"{name}: expected {expected}, JVM {got}"
             for (name, _, _, _, _, expected), got in zip(FACTS, lines) if got != expected]
    assert len(lines) == len(FACTS) and not wrong, "\n".join(wrong)
