"""What the plugin costs pytest's start, beyond the checks themselves."""
from __future__ import annotations

import importlib

from _pytest.assertion.rewrite import AssertionRewritingHook


def test_pytest_does_not_rewrite_the_engine_s_asserts():
    """pytest rewrites the asserts of every module in a plugin's package when that
    package is a regular one; the engine's modules are not tests, and rewriting them
    made each start slower (every module parsed and compiled by pytest's own loader,
    on every start where bytecode is not cached). The package is a namespace package
    for that reason: pytest then rewrites the plugin module alone."""
    engine = importlib.import_module("pytest_boundcheck.engine.project")
    assert not isinstance(engine.__loader__, AssertionRewritingHook)
