"""Every sample project gives the outcome its ``expected-outcomes.txt`` lists for each item,
run through the plugin as a user runs it."""
from __future__ import annotations

import pytest
from sample_outcomes import SAMPLES, listed  # tests/ is on sys.path (its conftest.py)


def outcomes(pytester: pytest.Pytester, sample: str) -> dict[str, str]:
    pytester.copy_example(sample)
    run = pytester.inline_run("--boundcheck", ".", "-p", "no:cacheprovider")
    found = {}
    for report in run.getreports("pytest_runtest_logreport"):
        if report.when == "call" or (report.when == "setup" and report.skipped):
            found[report.nodeid] = "xfailed" if hasattr(report, "wasxfail") else report.outcome
    return found


# Samples whose expected outcomes are the engine's target rather than what it gives today,
# with what it lacks: each is left out until the engine checks what the sample uses.
NOT_CHECKED_YET = {"structures": "at its three objects per class its trees and heaps take minutes "
                                 "under load: test_structures_specs.py checks every item, the "
                                 "trees and heaps at two objects per class"}


def _samples() -> list:
    return [pytest.param(name, marks=pytest.mark.skip(reason=NOT_CHECKED_YET[name]))
            if name in NOT_CHECKED_YET else name
            for name in sorted(p.name for p in SAMPLES.iterdir()
                               if (p / "expected-outcomes.txt").exists())]


@pytest.mark.parametrize("sample", _samples())
def test_every_item_of_the_sample_has_its_expected_outcome(pytester, sample):
    want = listed(sample)
    got = outcomes(pytester, sample)
    assert sorted(got) == sorted(want), "the sample's items are not the ones its file lists"
    wrong = {item: (got[item], want[item]) for item in want if got[item] != want[item]}
    assert not wrong, f"items whose outcome is not the expected one (got, expected): {wrong}"
