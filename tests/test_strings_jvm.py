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

import javagen  # tests/ is on sys.path (rootdir-relative test module without a package)
import pytest
import stringgen
import z3
from test_numeric_jvm import _report, needs_jvm

from pytest_boundcheck import strings
from pytest_boundcheck.parse import parse_file
from pytest_boundcheck.program import Program

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
    program = Program([parse_file(str(directory / f"{generated.class_name}.java"))])
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
