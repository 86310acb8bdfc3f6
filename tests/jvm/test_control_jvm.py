"""Differential test: switch, try/catch/finally, synchronized and enums, engine against a JVM.

``ctlgen`` writes one class of random methods made of the control flow the engine
models; ``javac`` compiles it with a ``main`` that runs every case once and prints
the result or the exception's simple name (``javagen``), and the engine must print
the same for every case, the method run once on symbolic arguments (its branches merged as in a check) and
read for each case's arguments.
"""
from __future__ import annotations

import shutil

import ctlgen  # tests/jvm/ is on sys.path (test modules without a package)
import pytest

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
    lines, bad = ctlgen.jvm_mismatches(generated, tmp_path)
    assert not bad, (f"{len(bad)} of {len(lines)} cases differ (source in {tmp_path}):\n"
                     + "\n".join(bad[:6]))
