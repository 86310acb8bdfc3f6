"""Differential test against a real JVM: System.arraycopy and Arrays.copyOfRange over
generated positions, lengths, array classes and elements (arraygen.py), run on the JVM in
one batch, then evaluated by the engine with constant arguments and, for every fifth case,
with symbolic ones fixed by the model."""
from __future__ import annotations

import arraygen
import collgen
import javagen
import pytest
from test_numeric_jvm import _mismatches, _report, needs_jvm


@pytest.fixture(scope="module")
def family(tmp_path_factory):
    generated = collgen.generate(20261129, 30, "ArrayCases", templates=arraygen.TEMPLATES)
    return generated, javagen.compile_and_run(generated, tmp_path_factory.mktemp("arrays"))


@needs_jvm
@pytest.mark.parametrize("symbolic", [False, True], ids=["constant", "symbolic"])
def test_engine_matches_jvm(family, symbolic):
    generated, compiled = family
    checked, bad = _mismatches(generated, compiled, symbolic)
    assert checked >= (60 if symbolic else 300)
    if bad:
        pytest.fail(_report(bad, checked, compiled), pytrace=False)
