"""Differential test: the engine's String semantics against a real JVM.

A seeded generator (``stringgen``) writes one class of small static String
methods and random arguments; ``javac`` compiles it with a ``main`` that runs
every case once (one JVM for all) and prints the result or the exception's
simple name; the engine evaluates the same cases and must print the same, with
constant arguments and, for part of the cases, with symbolic strings fixed by
the solver's model.
"""
from __future__ import annotations

from collections import Counter

import javagen  # tests/jvm/ is on sys.path (test modules without a package)
import pytest
import stringgen
import z3
from test_numeric_jvm import _report, needs_jvm

from pytest_boundcheck.engine.wiring import program_of
from pytest_boundcheck.frontend.parse import parse_file
from pytest_boundcheck.symex import strings

SEED = 20261122
PER_TEMPLATE = 28       # cases per method template
SYMBOLIC_EVERY = 4      # every 4th case is also run with symbolic inputs


@pytest.fixture(scope="module")
def generated():
    return stringgen.generate(SEED, PER_TEMPLATE, SYMBOLIC_EVERY)


@pytest.fixture(scope="module")
def compiled(generated, tmp_path_factory):
    """(JVM output line per case, engine program, its class of the same source, directory)."""
    directory = tmp_path_factory.mktemp("strings_jvm")
    lines = javagen.run_jvm(generated.java(), generated.class_name, directory)
    assert len(lines) == len(generated.cases), \
        f"{len(lines)} output lines from java for {len(generated.cases)} cases"
    program = program_of([parse_file(str(directory / f"{generated.class_name}.java"))])
    return lines, program, program.classes[generated.class_name], directory


def _mismatches(generated, compiled, symbolic: bool) -> tuple[int, list[str]]:
    lines, program, cls, _ = compiled
    ctx = z3.Context()
    checked, bad = 0, []
    for case, jvm in zip(generated.cases, lines):
        if symbolic and not case.symbolic:
            continue
        checked += 1
        try:
            engine = stringgen.engine_result(program, cls, case, symbolic, ctx)
        except Exception as e:  # noqa: BLE001 - a crash is reported with its case, like a mismatch
            engine = f"[raised {type(e).__name__}: {e}]"
        if symbolic and engine.startswith("[cut: the text of a number beyond") and \
                any(type(v) is int and abs(v) >= 10 ** strings.DIGITS for v in case.args):
            checked -= 1  # the bound on the text of numbers that are not constants
            continue
        if engine != jvm:
            args = ", ".join(stringgen.java_arg(t, v) for (t, _), v in zip(case.method.params, case.args))
            bad.append(f"{case.method.expr} with ({args}): JVM {jvm}, engine {engine}"
                       f"{' (symbolic inputs)' if symbolic else ''}")
    return checked, bad


@needs_jvm
@pytest.mark.parametrize("symbolic, least", [(False, 1000), (True, 250)], ids=["constant", "symbolic"])
def test_string_semantics_match_the_jvm(generated, compiled, symbolic, least):
    checked, bad = _mismatches(generated, compiled, symbolic)
    assert checked >= least
    if bad:
        pytest.fail(_report(bad, checked, compiled), pytrace=False)


def test_generator_covers_what_the_issue_asks_for(generated):
    source = generated.java()
    for needed in (".hashCode()", ".equals(", ".compareTo(", ".equalsIgnoreCase(", ".toLowerCase()",
                   ".toUpperCase()", ".charAt(", ".length()", "a + b", "String.valueOf("):
        assert needed in source, f"the generated class never uses {needed}"
    texts = Counter(v for c in generated.cases for v in c.args if isinstance(v, str))
    for text in ("", "Aa", "BB", "ß", "ÿ", "µ", "É", "é"):
        assert texts[text] > 0, f"no case passes {text!r}"
    assert len(generated.cases) >= 1000


# --------------------------------------------------------- hand-written facts
# Java's values (the JVM agrees: the generated cases cover each of these methods); they
# check the engine where there is no JVM.
S, I, C = "String", "int", "char"
FACTS = [
    ("aa_bb_collide", "boolean", ((S, "a"), (S, "b")), "a.hashCode() == b.hashCode()", ("Aa", "BB"), "true"),
    ("hash_of_abc", "int", ((S, "a"),), "a.hashCode()", ("abc",), "96354"),
    ("compare_first_difference", "int", ((S, "a"), (S, "b")), "a.compareTo(b)", ("ab", "aZ"), "8"),
    ("compare_lengths", "int", ((S, "a"), (S, "b")), "a.compareTo(b)", ("ab", "abcd"), "-2"),
    ("sharp_s_upper_is_ss", "String", ((S, "a"),), "a.toUpperCase()", ("ß",), "s:0053,0053"),
    ("y_diaeresis_upper", "int", ((C, "c"),), "Character.toUpperCase(c)", (0xFF,), "376"),
    ("micro_sign_upper", "int", ((C, "c"),), "Character.toUpperCase(c)", (0xB5,), "924"),
    ("ignore_case_e_acute", "boolean", ((S, "a"), (S, "b")), "a.equalsIgnoreCase(b)", ("É", "é"), "true"),
    ("lower_of_lower_is_itself", "boolean", ((S, "a"),), "a.toLowerCase() == a", ("abc",), "true"),
    ("literals_are_interned", "boolean", (), '"ab" == "a" + "b"', (), "true"),
    ("run_time_strings_are_new", "boolean", ((S, "a"),), '"ab" == a + "b"', ("a",), "false"),
    ("char_at_past_the_end", "int", ((S, "a"), (I, "i")), "a.charAt(i)", ("ab", 2),
     "StringIndexOutOfBoundsException"),
    ("negative_int_as_text", "String", ((I, "i"),), '"" + i', (-1204,), "s:002d,0031,0032,0030,0034"),
    ("byte_as_text", "String", ((I, "i"),), '"" + (byte) i', (200,), "s:002d,0035,0036"),
]


@pytest.fixture(scope="module")
def facts(tmp_path_factory):
    methods = [stringgen.Method(name, list(params), ret, expr, False)
               for name, ret, params, expr, _, _ in FACTS]
    source = tmp_path_factory.mktemp("string_facts") / "Facts.java"
    source.write_text("class Facts {\n" + "".join(m.source for m in methods) + "}\n", encoding="utf-8")
    program = program_of([parse_file(str(source))])
    return program, program.classes["Facts"], dict(zip((f[0] for f in FACTS), methods))


@pytest.mark.parametrize("mode", ["constant", "symbolic"])
@pytest.mark.parametrize("fact", FACTS, ids=[f[0] for f in FACTS])
def test_fact(fact, mode, facts):
    program, cls, methods = facts
    name, _, _, expr, args, expected = fact
    engine = stringgen.engine_result(program, cls, stringgen.Case(methods[name], args),
                                     mode == "symbolic", z3.Context())
    assert engine == expected, f"{expr} with {args}: Java gives {expected}, the engine {engine}"
