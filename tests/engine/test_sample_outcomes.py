"""The first samples (points, orders, accounts): every item's documented outcome (its
sample's expected-outcomes.txt, which tests/samples checks through the plugin), as the
engine decides it, and in the fields mode too."""
from __future__ import annotations

import pytest

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.harness.registry import CONTRACT_IDS

EQUALS_IDS, COMPARE_IDS = CONTRACT_IDS[:5], CONTRACT_IDS[5:]
# made with any field values, which the documented outcomes (by constructors) are not
ACCOUNTS_BY_FIELDS = {
    "Bearing": dict(zip(EQUALS_IDS, ("failed", "failed", "failed", "passed", "failed"))),
    "Customer": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
    "Interval": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
    "Percentage": dict(zip(EQUALS_IDS + COMPARE_IDS,
                           ("passed",) * 5 + ("failed", "failed", "passed", "passed"))),
}


def test_points_sample_gives_the_documented_outcome_for_every_item(java):
    sample = java.sample("points")
    assert sample.outcomes() == sample.documented()


def test_orders_sample_gives_the_documented_outcome_for_every_item(java):
    sample = java.sample("orders")
    assert sample.outcomes() == sample.documented()


@pytest.mark.parametrize("mode", ["constructors", "fields"])
def test_accounts_sample_gives_the_documented_outcome_in_both_modes(java, mode):
    sample = java.sample("accounts")
    found = sample.outcomes(bounds=Bounds(objects_mode=mode))
    assert found == (sample.documented() if mode == "constructors"
                     else java.expected("accounts", ACCOUNTS_BY_FIELDS))
