"""pytest plugin that bench/realcode.py loads: a sample of the items and a clean stop.

``--realcode-every-class N`` keeps every N-th class with all its items (classes in the
order collection first meets them, so the same sources give the same sample). A class is
the unit because its items are not independent: a stride over items meets each class at
the same offset whenever the stride is a multiple of its item count (every 5th item of
classes with the five equals/hashCode items is one contract of every class), and it cuts
apart a class's root-cause failure from the items that say "same cause" as it.
``--realcode-every N`` keeps every N-th item, as the earlier records in bench/results/
were sampled. The line ``realcode sample: ...`` after collection says what was kept.

``--realcode-max-seconds S`` ends the session after the item that crosses S seconds, the
way ``-x`` does, so the JUnit report is still written: a SIGINT cannot do that while Z3
runs, because Z3 takes it to cancel its current query.
"""
from __future__ import annotations

import time

import pytest

SAMPLED = pytest.StashKey[str]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("realcode")
    group.addoption("--realcode-every", type=int, default=1, metavar="N",
                    help="keep every N-th item")
    group.addoption("--realcode-every-class", type=int, default=1, metavar="N",
                    help="keep every N-th class, with all its items")
    group.addoption("--realcode-max-seconds", type=float, default=None, metavar="S",
                    help="stop after the item that ends past S seconds")


def pytest_configure(config: pytest.Config) -> None:
    config._realcode_start = time.monotonic()


def kept_positions(classes: list[str], every: int, whole_classes: bool) -> list[int]:
    """The positions of the items kept, given each item's class in collection order:
    every ``every``-th class (numbered as first met) with all its items, or every
    ``every``-th item."""
    if not whole_classes:
        return list(range(0, len(classes), every))
    number: dict[str, int] = {}
    for cls in classes:
        number.setdefault(cls, len(number))
    return [at for at, cls in enumerate(classes) if number[cls] % every == 0]


def sample_line(classes: list[str], kept: list[int], every: int, whole_classes: bool) -> str:
    """What the sample holds, in the words and numbers realcode.py reads back."""
    unit = "class" if whole_classes else "item"
    kept_classes = {classes[at] for at in kept}
    return (f"realcode sample: every {every} {unit}: {len(kept_classes)} of "
            f"{len(set(classes))} classes, {len(kept)} of {len(classes)} items")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    by_item, by_class = config.getoption("realcode_every"), config.getoption("realcode_every_class")
    if by_item > 1 and by_class > 1:
        raise pytest.UsageError("--realcode-every and --realcode-every-class exclude each other")
    every, whole_classes = max(by_item, by_class), by_class > 1
    if every <= 1:
        return
    # An item's class is its parent collector (boundcheck's JavaClass node).
    classes = [item.parent.nodeid if item.parent else item.nodeid for item in items]
    kept = kept_positions(classes, every, whole_classes)
    config.stash[SAMPLED] = sample_line(classes, kept, every, whole_classes)
    chosen = set(kept)
    config.hook.pytest_deselected(items=[item for at, item in enumerate(items) if at not in chosen])
    items[:] = [items[at] for at in kept]


def pytest_report_collectionfinish(config: pytest.Config) -> str | None:
    return config.stash.get(SAMPLED, None)


def pytest_runtest_teardown(item: pytest.Item) -> None:
    limit = item.config.getoption("realcode_max_seconds")
    if limit is not None and time.monotonic() - item.config._realcode_start > limit:
        item.session.shouldstop = f"--realcode-max-seconds {limit:g} reached"
