"""Differential test: the engine's Java integer semantics against a real JVM.

A seeded generator (``javagen``) writes one class of random static methods over
byte/short/char/int/long and boolean: every arithmetic, bitwise, shift and
comparison operator, casts between all integral types, compound assignments,
``++``/``--``, ternaries of mixed types, ``&&``/``||``/``!``, locals, if/else,
small loops, early returns, the modelled ``Math``/box methods and calls between
the generated methods. ``javac`` compiles it with a ``main`` that runs every
case once and prints the result or the exception's simple name; the engine
evaluates the same cases and must print the same, with constant arguments and,
for part of the cases, with symbolic arguments fixed by the solver's model.

Hand-written cases pin the nastiest facts of Java arithmetic; they check the
engine without a JVM, and (when there is one) that the JVM agrees with them.
"""
from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import dataclass

import javagen  # tests/jvm/ is on sys.path (test modules without a package)
import pytest
import z3

from pytest_boundcheck.engine.wiring import program_of
from pytest_boundcheck.frontend.parse import parse_file

SEED = 20240611
METHODS = 640          # random methods, plus 6 helpers; 2 argument tuples each
ARGS_PER_METHOD = 2
SYMBOLIC_EVERY = 4     # every 4th case is also run with symbolic inputs

MIN_INT, MAX_INT = -(1 << 31), (1 << 31) - 1
MIN_LONG, MAX_LONG = -(1 << 63), (1 << 63) - 1

needs_jvm = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None,
                               reason="javac and java must be on PATH for the JVM comparison")


# ------------------------------------------------------------ generated cases

@pytest.fixture(scope="module")
def generated():
    return javagen.generate(SEED, METHODS, ARGS_PER_METHOD, SYMBOLIC_EVERY)


@pytest.fixture(scope="module")
def compiled(generated, tmp_path_factory):
    """(JVM output line per case, engine program, its class of the same source, directory)."""
    return javagen.compile_and_run(generated, tmp_path_factory.mktemp("numeric_jvm"))


def _mismatches(generated, compiled, symbolic: bool) -> tuple[int, list[str]]:
    lines, program, cls, _ = compiled
    ctx = z3.Context()  # one context for all cases: creating one per case doubles the time
    checked, bad = 0, []
    for case, jvm in zip(generated.cases, lines):
        if symbolic and not case.symbolic:
            continue
        checked += 1
        try:
            engine = javagen.engine_result(program, cls, case.method.name, case.args, symbolic, ctx)
        except Exception as e:  # a crash is reported with its case, like a mismatch
            engine = f"[raised {type(e).__name__}: {e}]"
        if engine != jvm:
            args = ", ".join(javagen.java_arg(t, v) for (t, _), v in zip(case.method.params, case.args))
            bad.append(f"{case.method.name}({args}): JVM {jvm}, engine {engine}"
                       f"{' (symbolic inputs)' if symbolic else ''}\n"
                       f"{generated.source_of(case.method)}")
    return checked, bad


def _report(bad: list[str], checked: int, compiled) -> str:
    shown = "\n".join(bad[:12])
    more = f"\n... and {len(bad) - 12} more" if len(bad) > 12 else ""
    return (f"{len(bad)} of {checked} cases differ between the JVM and the engine "
            f"(generated source in {compiled[3]}):\n{shown}{more}")


@needs_jvm
def test_engine_matches_jvm(generated, compiled):
    checked, bad = _mismatches(generated, compiled, symbolic=False)
    assert checked >= 1000
    if bad:
        pytest.fail(_report(bad, checked, compiled), pytrace=False)


@needs_jvm
def test_engine_matches_jvm_with_symbolic_inputs(generated, compiled):
    checked, bad = _mismatches(generated, compiled, symbolic=True)
    assert checked >= 250
    if bad:
        pytest.fail(_report(bad, checked, compiled), pytrace=False)


def test_generator_covers_the_language(generated):
    """The generated class really uses what the issue asks for, on edge-value arguments."""
    source = generated.java()
    required = (
        [f" {op} " for op in javagen.ARITH + javagen.SHIFT + javagen.COMPARE + javagen.COMPOUND]
        + [f"({t}) " for t in javagen.INTEGRAL]
        + [" && ", " || ", "!", "~", " ? ", "++", "--", "for (", "while (", "do {", "else if",
           "break;", "continue;", "return", "final ", "Math.abs(", "Math.min(", "Math.max(",
           "Math.floorMod(", "Integer.compare(", "Long.compare(", "Integer.signum(",
           "Integer.MIN_VALUE", "Long.MIN_VALUE", "0x", "0b", "L", "'\\u", "ov(", "h0("]
        + [f"static {t} " for t in javagen.INTEGRAL]
        + [f"{t} a" for t in javagen.INTEGRAL + ("boolean",)]
    )
    missing = [r for r in required if r not in source]
    assert not missing, f"the generated class never uses {missing}"
    assert len(generated.cases) >= 1000
    edge = Counter(v for c in generated.cases for v in c.args if not isinstance(v, bool))
    assert all(edge[v] > 0 for v in (0, 1, -1, MIN_INT, MAX_INT, MIN_LONG, MAX_LONG, 31, 32, 33, 63, 64,
                                     -128, 127, 65535, -32768, 32767))


# --------------------------------------------------------- hand-written facts

@dataclass(frozen=True)
class Fact:
    id: str
    ret: str
    params: tuple[tuple[str, str], ...]
    body: str
    args: tuple
    expected: str  # as main prints it: the value, or the exception's simple name

    def source(self) -> str:
        params = ", ".join(f"{t} {n}" for t, n in self.params)
        return f"    static {self.ret} {self.id}({params}) {{ {self.body} }}\n"


I, L, B, S, C, Z = "int", "long", "byte", "short", "char", "boolean"
FACTS = [
    Fact("int_min_div_minus_one", I, ((I, "a"), (I, "b")), "return a / b;", (MIN_INT, -1), str(MIN_INT)),
    Fact("int_min_rem_minus_one", I, ((I, "a"), (I, "b")), "return a % b;", (MIN_INT, -1), "0"),
    Fact("long_min_div_minus_one", L, ((L, "a"), (L, "b")), "return a / b;", (MIN_LONG, -1), str(MIN_LONG)),
    Fact("minus_7_div_2", I, ((I, "a"), (I, "b")), "return a / b;", (-7, 2), "-3"),
    Fact("minus_7_rem_2", I, ((I, "a"), (I, "b")), "return a % b;", (-7, 2), "-1"),
    Fact("seven_rem_minus_2", I, ((I, "a"), (I, "b")), "return a % b;", (7, -2), "1"),
    Fact("int_div_by_zero", I, ((I, "a"), (I, "b")), "return a / b;", (1, 0), "ArithmeticException"),
    Fact("long_rem_by_zero", L, ((L, "a"), (L, "b")), "return a % b;", (1, 0), "ArithmeticException"),
    Fact("byte_div_by_zero_compound", B, ((B, "a"), (C, "b")), "a /= b; return a;", (5, 0),
         "ArithmeticException"),
    Fact("abs_int_min", I, ((I, "a"),), "return Math.abs(a);", (MIN_INT,), str(MIN_INT)),
    Fact("abs_long_min", L, ((L, "a"),), "return Math.abs(a);", (MIN_LONG,), str(MIN_LONG)),
    Fact("byte_cast_200", I, ((I, "a"),), "return (byte) a;", (200,), "-56"),
    Fact("byte_cast_literal_200", I, (), "return (byte) 200;", (), "-56"),
    Fact("char_cast_minus_1", I, ((I, "a"),), "return (char) a;", (-1,), "65535"),
    Fact("short_cast_65535", I, ((I, "a"),), "return (short) a;", (65535,), "-1"),
    Fact("char_a_as_int_plus_1", I, ((C, "c"),), "return (int) c + 1;", (ord("a"),), "98"),
    Fact("char_literal_a_plus_1", I, (), "return (int) 'a' + 1;", (), "98"),
    Fact("byte_127_plus_equals_1", B, ((B, "b"),), "b += 1; return b;", (127,), "-128"),
    Fact("byte_127_plus_plus", I, ((B, "b"),), "b++; return b;", (127,), "-128"),
    Fact("char_0_post_decrement", I, ((C, "c"),), "char old = c--; return c * 10 + old;", (0,), "655350"),
    Fact("short_min_pre_decrement", I, ((S, "s"),), "return --s;", (-32768,), "32767"),
    Fact("int_1_shl_33", I, ((I, "a"), (I, "n")), "return a << n;", (1, 33), "2"),
    Fact("int_1_shl_minus_1", I, ((I, "a"), (I, "n")), "return a << n;", (1, -1), str(MIN_INT)),
    Fact("int_shl_long_count", I, ((I, "a"), (L, "n")), "return a << n;", (1, 33), "2"),
    Fact("long_1_shl_65", L, ((L, "a"), (I, "n")), "return a << n;", (1, 65), "2"),
    Fact("long_1_shl_literal_65", L, (), "return 1L << 65;", (), "2"),
    Fact("minus_1_ushr_28", I, ((I, "a"),), "return a >>> 28;", (-1,), "15"),
    Fact("minus_1_shr_28", I, ((I, "a"),), "return a >> 28;", (-1,), "-1"),
    Fact("minus_1_long_ushr_60", L, ((L, "a"),), "return a >>> 60;", (-1,), "15"),
    Fact("byte_minus_1_ushr_4", I, ((B, "b"),), "return b >>> 4;", (-1,), "268435455"),
    Fact("byte_minus_1_ushr_assign_4", B, ((B, "b"),), "b >>>= 4; return b;", (-1,), "-1"),
    Fact("char_plus_char_is_int", I, ((C, "x"), (C, "y")), "return x + y;", (65535, 65535), "131070"),
    Fact("char_plus_char_overloads_int", I, ((C, "x"), (C, "y")), "return ov(x + y);", (1, 2), "1003"),
    Fact("long_hash_style", I, ((L, "v"),), "return (int) (v ^ (v >>> 32));", (-2,), "1"),
    Fact("long_hash_style_mixed", I, ((L, "v"),), "return (int) (v ^ (v >>> 32));",
         (0x123456789ABCDEF0,), str(javagen.wrap(I, 0x9ABCDEF0 ^ 0x12345678))),
    Fact("long_hashcode_matches", I, ((L, "v"),), "return (int) (v ^ (v >>> 32)) - Long.hashCode(v);",
         (MIN_LONG + 12345,), "0"),
    Fact("int_overflow_wraps", I, ((I, "a"),), "return a + 1;", (MAX_INT,), str(MIN_INT)),
    Fact("int_times_int_before_widening", L, ((I, "a"),), "long r = a * a; return r;", (65536,), "0"),
    Fact("neg_int_min", I, ((I, "a"),), "return -a;", (MIN_INT,), str(MIN_INT)),
    Fact("char_compare_unsigned", I, ((C, "c"),), "return c > 0 ? 1 : 0;", (0xFFFF,), "1"),
    Fact("floor_mod_negative", I, ((I, "a"), (I, "b")), "return Math.floorMod(a, b);", (-7, 2), "1"),
    Fact("integer_compare_not_difference", I, ((I, "a"), (I, "b")), "return Integer.compare(a, b);",
         (MIN_INT, 1), "-1"),
    Fact("short_compare_is_difference", I, ((S, "a"), (S, "b")), "return Short.compare(a, b);",
         (-32768, 32767), "-65535"),
    Fact("ternary_char_and_int_constant", I, ((Z, "c"), (C, "x")), "return ov(c ? x : 65);",
         (True, 1), "4001"),
    Fact("ternary_byte_short_is_short", I, ((Z, "c"), (B, "x"), (S, "y")), "return ov(c ? x : y);",
         (True, -1, 0), "1999"),
    Fact("ternary_char_minus_1_is_int", I, ((Z, "c"), (C, "x")), "return c ? x : -1;", (False, 1), "-1"),
    # JLS 15.25 is about the types of both operands, whichever is chosen: an arm not taken still
    # widens the result (true ? i : 0L is a long), and only an int constant keeps a narrow type
    Fact("ternary_true_int_long_widens", L, ((I, "i"),), "return (true ? i : 0L) << 40;", (1,),
         str(1 << 40)),
    Fact("ternary_param_int_long_widens", L, ((Z, "c"), (I, "i")), "return (c ? i : 0L) << 40;",
         (True, 1), str(1 << 40)),
    Fact("ternary_constant_field_abs", L, ((I, "i"),), "return Math.abs(DEBUG ? 0L : i);", (MIN_INT,),
         str(1 << 31)),
    Fact("ternary_true_char_minus_1_is_int", I, ((C, "x"),), "return ov(true ? x : -1);", (97,), "1097"),
    Fact("ternary_byte_char_literal_is_int", I, ((Z, "c"), (B, "x")), "return ov(c ? x : 'a');",
         (True, 3), "1003"),
    Fact("ternary_byte_final_int_is_byte", I, ((Z, "c"), (B, "x")),
         "final int k = 5; return ov(c ? x : k);", (False, 3), "3005"),
    Fact("floor_mod_long_int_is_int", L, ((L, "a"), (I, "b")), "return Math.floorMod(a, b) << 40;",
         (-5, 3), "256"),
    # postfix binds tighter than a cast or a unary operator: (byte) (x++), -(x++)
    Fact("cast_of_post_increment", I, ((I, "x"),), "int r = (byte) x++; return r * 1000 + x;", (200,),
         "-55799"),
    Fact("minus_of_post_increment", I, ((I, "x"),), "int r = -x++; return r * 1000 + x;", (5,), "-4994"),
    Fact("complement_of_post_decrement", I, ((I, "x"),), "int r = ~x--; return r * 1000 + x;", (5,),
         "-5996"),
]
FACTS_CLASS = "Facts"


def facts_java() -> str:
    calls = "\n".join(
        f"        try {{ p({f.id}({', '.join(javagen.java_arg(t, v) for (t, _), v in zip(f.params, f.args))})); }} "
        "catch (RuntimeException e) { System.out.println(e.getClass().getSimpleName()); }"
        for f in FACTS)
    return (f"class {FACTS_CLASS} {{\n    static final boolean DEBUG = false;\n{javagen.OVERLOADS}"
            + "".join(f.source() for f in FACTS)
            + "    static void p(long v) { System.out.println(v); }\n"
            + f"    public static void main(String[] args) {{\n{calls}\n    }}\n}}\n")


@pytest.fixture(scope="module")
def facts_dir(tmp_path_factory):
    directory = tmp_path_factory.mktemp("numeric_facts")
    (directory / f"{FACTS_CLASS}.java").write_text(facts_java(), encoding="utf-8")
    return directory


@pytest.fixture(scope="module")
def facts_class(facts_dir):
    program = program_of([parse_file(str(facts_dir / f"{FACTS_CLASS}.java"))])
    return program, program.classes[FACTS_CLASS]


@pytest.mark.parametrize("mode", ["concrete", "symbolic"])
@pytest.mark.parametrize("fact", FACTS, ids=[f.id for f in FACTS])
def test_fact(fact, mode, facts_class):
    program, cls = facts_class
    engine = javagen.engine_result(program, cls, fact.id, fact.args, symbolic=mode == "symbolic")
    assert engine == fact.expected, (
        f"{fact.source().strip()}\nargs {fact.args}: Java gives {fact.expected}, the engine {engine}")


@needs_jvm
def test_facts_hold_on_the_jvm(facts_dir):
    """The expected values above are Java's own (guards the test against wrong expectations)."""
    lines = javagen.run_jvm(facts_java(), FACTS_CLASS, facts_dir)
    wrong = [f"{f.id}: expected {f.expected}, JVM {got}" for f, got in zip(FACTS, lines)
             if got != f.expected]
    assert len(lines) == len(FACTS) and not wrong, "\n".join(wrong)
