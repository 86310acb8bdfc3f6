"""Differential test: switch, try/catch/finally, synchronized and enums, engine against a JVM.

``ctlgen`` writes one class of random methods made of the control flow the engine
models; ``javac`` compiles it with a ``main`` that runs every case once and prints
the result or the exception's simple name (``javagen``), and the engine must print
the same for every case, the method run once on symbolic arguments (its branches merged as in a check) and
read for each case's arguments.
"""
from __future__ import annotations

import shutil

import ctlgen  # tests/ is on sys.path (rootdir-relative test modules without a package)
import javagen
import pytest
import z3

from pytest_boundcheck.parse import parse_file
from pytest_boundcheck.program import Program

SEED = 20261122
METHODS = 250
ARGS_PER_METHOD = 4

needs_jvm = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None,
                               reason="javac and java must be on PATH for the JVM comparison")


@pytest.fixture(scope="module")
def generated():
    return ctlgen.generate(SEED, METHODS, ARGS_PER_METHOD)


def test_generator_covers_the_control_flow(generated):
    source = generated.java()
    required = ["switch (", "case ", "default:", "default ->", "break;", "yield ", "} finally {",
                " | ", "catch (", "synchronized (", "continue;", "return r", "case \"Aa\"",
                "case 'a'", "case P", ", ", "-> {", "throw new", ".ordinal()", ".compareTo(",
                ".name()"]
    missing = [r for r in required if r not in source]
    assert not missing, f"the generated class never uses {missing}"
    assert len(generated.cases) >= 1000


@needs_jvm
def test_engine_matches_jvm_on_control_flow(generated, tmp_path):
    lines = javagen.run_jvm(generated.java(), generated.class_name, tmp_path)
    assert len(lines) == len(generated.cases)
    program = Program([parse_file(str(tmp_path / f"{generated.class_name}.java"))])
    cls = program.classes[generated.class_name]
    ctx = z3.Context()  # one context for all methods: creating one per method costs time
    by_method: dict[str, list] = {}
    for case, jvm in zip(generated.cases, lines):
        by_method.setdefault(case.method.name, []).append((case, jvm))
    bad = []
    for cases in by_method.values():
        method = cases[0][0].method
        try:
            engine = ctlgen.engine_results(program, cls, method, [c.args for c, _ in cases], ctx)
        except Exception as e:  # noqa: BLE001 - a crash is reported with its cases, like a mismatch
            engine = [f"[raised {type(e).__name__}: {e}]"] * len(cases)
        bad += [f"{method.name}{case.args}: JVM {jvm}, engine {result}\n{method.source}"
                for (case, jvm), result in zip(cases, engine) if result != jvm]
    assert not bad, (f"{len(bad)} of {len(lines)} cases differ (source in {tmp_path}):\n"
                     + "\n".join(bad[:6]))
