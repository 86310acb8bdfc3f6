"""Differential test: comparators, lambdas and method references, engine against a JVM.

``cmpgen`` writes one class of methods comparing two objects (of a table, null among
them) by random comparator chains; ``javac`` compiles it with a ``main`` that runs every
case once and prints the result or the exception's simple name (``javagen``), and the
engine must print the same, each method run once on symbolic arguments (its branches
merged as in a check) and read for each case's arguments.
"""
from __future__ import annotations

import cmpgen  # tests/jvm/ is on sys.path (test modules without a package)
import ctlgen
import pytest
from test_control_jvm import needs_jvm

SEED = 20261122
METHODS = 100
ARGS_PER_METHOD = 10


@pytest.fixture(scope="module")
def generated():
    return cmpgen.generate(SEED, METHODS, ARGS_PER_METHOD)


def test_generator_covers_the_comparators(generated):
    source = generated.java()
    required = ["comparing(", "comparingInt(", "comparingLong(", "comparingDouble(", ".thenComparing(",
                ".thenComparingInt(", ".thenComparingLong(", ".thenComparingDouble(", ".reversed()",
                "nullsFirst(", "nullsLast(", "nullsFirst(null)", "naturalOrder()", "reverseOrder()",
                "Collections.reverseOrder(", "String.CASE_INSENSITIVE_ORDER", "Objects.compare(",
                "R::s", "(R p, R q) -> p.n - q.n", "-> {", "p.n + k", "static final"]
    missing = [r for r in required if r not in source]
    assert not missing, f"the generated class never uses {missing}"
    assert len(generated.cases) >= 1000


@needs_jvm
def test_engine_matches_jvm_on_comparators(generated, tmp_path):
    lines, bad = ctlgen.jvm_mismatches(generated, tmp_path)
    assert "NullPointerException" in lines
    assert not bad, (f"{len(bad)} of {len(lines)} cases differ (source in {tmp_path}):\n"
                     + "\n".join(bad[:6]))
