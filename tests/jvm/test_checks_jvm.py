"""Differential test against a real JVM: argument checks (checkgen.py), the JDK's in one
generated class and commons-lang3's ``Validate`` and Guava's ``Preconditions`` in
another, which the JVM runs from Debian's jars (libcommons-lang3-java, libguava-java) and
the engine from its Java models of them; each run on the JVM in one batch, then evaluated
by the engine with constant arguments and, for every fifth case, with symbolic ones."""
from __future__ import annotations

from pathlib import Path

import checkgen
import collgen
import javagen
import pytest
from test_numeric_jvm import _mismatches, _report, needs_jvm

JARS = tuple(str(Path("/usr/share/java") / name) for name in ("commons-lang3.jar", "guava.jar"))
needs_jars = pytest.mark.skipif(not all(Path(j).is_file() for j in JARS),
                                reason="libcommons-lang3-java and libguava-java are not installed")


@pytest.fixture(scope="module")
def jdk_checks(tmp_path_factory):
    generated = collgen.generate(20261130, 30, "JdkChecks", templates=checkgen.JDK)
    return generated, javagen.compile_and_run(generated, tmp_path_factory.mktemp("jdkchecks"))


@pytest.fixture(scope="module")
def library_checks(tmp_path_factory):
    generated = collgen.generate(20261131, 30, "LibraryChecks", templates=checkgen.LIBRARIES)
    return generated, javagen.compile_and_run(generated, tmp_path_factory.mktemp("libchecks"), JARS)


@needs_jvm
@pytest.mark.parametrize("symbolic", [False, True], ids=["constant", "symbolic"])
def test_jdk_checks_match_the_jvm(jdk_checks, symbolic):
    generated, compiled = jdk_checks
    checked, bad = _mismatches(generated, compiled, symbolic)
    assert checked >= (30 if symbolic else 150)
    if bad:
        pytest.fail(_report(bad, checked, compiled), pytrace=False)


@needs_jvm
@needs_jars
@pytest.mark.parametrize("symbolic", [False, True], ids=["constant", "symbolic"])
def test_library_models_match_the_libraries_on_the_jvm(library_checks, symbolic):
    generated, compiled = library_checks
    checked, bad = _mismatches(generated, compiled, symbolic)
    assert checked >= (90 if symbolic else 450)
    if bad:
        pytest.fail(_report(bad, checked, compiled), pytrace=False)
