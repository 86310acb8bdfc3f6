"""Differential test: code as deep as it is long (a 480-term ``+`` chain with wrap-around,
a 500-branch ``else if`` chain, a 300-term ``&&`` chain), engine against a JVM.

Such chains nest as deep as they are long; the engine converts and evaluates them in
loops. Each method is run on a few arguments by the JVM and by the engine (concretely and
on symbolic arguments fixed by constraints), and every printed result must agree.
"""
from __future__ import annotations

import shutil

import javagen  # tests/jvm/ is on sys.path (test modules without a package)
import pytest

needs_jvm = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None,
                               reason="javac and java must be on PATH for the JVM comparison")

ARGS = ((0, 0), (1, -1), (7, 3), (2147483647, 2), (-2147483648, -5), (499, 12))


def _sum_chain() -> javagen.Method:
    """480 terms of ``+``, ``-`` and ``*`` over both parameters: it wraps around."""
    ops = "+-*"
    terms = ["a"] + [f"{ops[i % 3]} {'b' if i % 5 == 0 else 'a'} {ops[(i + 1) % 2]} {i}"
                     for i in range(1, 480)]
    return javagen.Method("sumChain", [("int", "a"), ("int", "b")], "int",
                          f"    static int sumChain(int a, int b) {{ return {' '.join(terms)}; }}")


def _else_if_chain() -> javagen.Method:
    branches = "".join(f"if (a == {i}) return {i * 7} - b;\n        else " for i in range(500))
    return javagen.Method("elseIfChain", [("int", "a"), ("int", "b")], "int",
                          f"    static int elseIfChain(int a, int b) {{\n        {branches}"
                          "return -1;\n    }")


def _and_chain() -> javagen.Method:
    tests = " && ".join(f"a != {i} * b" for i in range(300))
    return javagen.Method("andChain", [("int", "a"), ("int", "b")], "int",
                          f"    static int andChain(int a, int b) {{ return {tests} ? 1 : 0; }}")


@pytest.fixture(scope="module")
def generated() -> javagen.GeneratedClass:
    made = javagen.GeneratedClass("DeepChains")
    made.methods = [_sum_chain(), _else_if_chain(), _and_chain()]
    made.cases = [javagen.Case(m, args, symbolic=True) for m in made.methods for args in ARGS]
    return made


@needs_jvm
def test_engine_matches_jvm_on_long_chains(generated, tmp_path):
    lines, program, cls, _ = javagen.compile_and_run(generated, tmp_path)
    bad = []
    for case, line in zip(generated.cases, lines):
        for symbolic in (False, True):
            got = javagen.engine_result(program, cls, case.method.name, case.args, symbolic)
            if got != line:
                bad.append(f"{case.method.name}{case.args} symbolic={symbolic}: "
                           f"java {line}, engine {got}")
    assert not bad, "\n".join(bad)
