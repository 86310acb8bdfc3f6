"""pytest plugin that bench/realcode.py loads: a sample of the items and a clean stop.

``--realcode-every N`` keeps every N-th collected item (in collection order, so the same
sources give the same sample). ``--realcode-max-seconds S`` ends the session after the
item that crosses S seconds, the way ``-x`` does, so the JUnit report is still written:
a SIGINT cannot do that while Z3 runs, because Z3 takes it to cancel its current query.
"""
from __future__ import annotations

import time

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("realcode")
    group.addoption("--realcode-every", type=int, default=1, metavar="N",
                    help="keep every N-th item")
    group.addoption("--realcode-max-seconds", type=float, default=None, metavar="S",
                    help="stop after the item that ends past S seconds")


def pytest_configure(config: pytest.Config) -> None:
    config._realcode_start = time.monotonic()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    every = config.getoption("realcode_every")
    if every > 1:
        config.hook.pytest_deselected(
            items=[item for n, item in enumerate(items) if n % every])
        items[:] = items[::every]


def pytest_runtest_teardown(item: pytest.Item) -> None:
    limit = item.config.getoption("realcode_max_seconds")
    if limit is not None and time.monotonic() - item.config._realcode_start > limit:
        item.session.shouldstop = f"--realcode-max-seconds {limit:g} reached"
