"""The first samples (points, orders, accounts): every item's documented outcome, as the
engine decides it (tests/samples checks every sample's through the plugin)."""
from __future__ import annotations

import pytest

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.harness.registry import CONTRACT_IDS

EQUALS_IDS, COMPARE_IDS = CONTRACT_IDS[:5], CONTRACT_IDS[5:]
POINTS = {
    "Point2D": ("passed", "failed", "passed", "passed", "failed"),
    "Point3D": ("passed", "failed", "passed", "passed", "passed"),
    "ClassPoint": ("passed",) * 5,
    "ClassPoint3D": ("passed",) * 5,
    "Money": ("passed",) * 5,
    "Label": ("passed", "passed", "passed", "passed", "failed"),
}
ORDERS = {
    "Priority": dict(zip(COMPARE_IDS, ("failed", "failed", "passed", "xfailed"))),
    "Revision": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 9)),
    "Version": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 9)),
    "Ticket": dict(zip(COMPARE_IDS, ("failed", "failed", "failed", "xfailed"))),
    "UrgentTicket": dict(zip(COMPARE_IDS, ("failed", "passed", "passed", "xfailed"))),
}
ACCOUNTS = {
    "constructors": {
        "Bearing": dict(zip(EQUALS_IDS, ("passed",) * 5)),
        "Customer": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
        "Interval": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
        "Percentage": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 9)),
    },
    "fields": {
        "Bearing": dict(zip(EQUALS_IDS, ("failed", "failed", "failed", "passed", "failed"))),
        "Customer": dict(zip(EQUALS_IDS, ("passed",) * 4 + ("failed",))),
        "Interval": dict(zip(EQUALS_IDS + COMPARE_IDS, ("passed",) * 8 + ("xfailed",))),
        "Percentage": dict(zip(EQUALS_IDS + COMPARE_IDS,
                               ("passed",) * 5 + ("failed", "failed", "passed", "passed"))),
    },
}


def test_points_sample_gives_the_documented_outcome_for_every_item(java):
    assert java.sample("points").outcomes() == java.expected("shapes", POINTS)


def test_orders_sample_gives_the_documented_outcome_for_every_item(java):
    assert java.sample("orders").outcomes() == java.expected("orders", ORDERS)


@pytest.mark.parametrize("mode", ["constructors", "fields"])
def test_accounts_sample_gives_the_documented_outcome_in_both_modes(java, mode):
    # the documented outcomes are verdicts reached well within the default 10 s per check;
    # a longer limit keeps a loaded test machine from turning the slowest into time-outs
    found = java.sample("accounts").outcomes(bounds=Bounds(objects_mode=mode, timeout=60))
    assert found == java.expected("accounts", ACCOUNTS[mode])
