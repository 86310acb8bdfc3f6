"""The accounts sample with objects made from any field values, which its
expected-outcomes.txt (objects made by constructors, which tests/samples checks) cannot say."""
from __future__ import annotations

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


def test_accounts_sample_made_from_field_values_gives_its_outcomes(java):
    found = java.sample("accounts").outcomes(bounds=Bounds(objects_mode="fields"))
    assert found == java.expected("accounts", ACCOUNTS_BY_FIELDS)
