"""Results are data: a verdict and the record it rests on, which go to JSON and back
without loss, and whose text is made in one place."""
from __future__ import annotations

import pytest

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.result import CheckResult, Held, SkipReason, Verdict
from pytest_boundcheck.report.text import message


def result_of(java, sample: str, cls_name: str, contract: str) -> CheckResult:
    return java.sample(sample).result(cls_name, contract)


@pytest.mark.parametrize("sample, cls, contract, verdict, reason", [
    ("points", "shapes.Point2D", "hashcode-consistent", Verdict.VIOLATION, None),
    ("points", "shapes.Money", "equals-symmetric", Verdict.PASS, None),
    ("library", "bookings.Notice", "hashcode-consistent", Verdict.POSSIBLE_VIOLATION, None),
    ("orders", "orders.Priority", "compareto-equals", Verdict.ADVISORY, None),
    ("collections", "coll.Registry", "hashcode-consistent", Verdict.SKIPPED, SkipReason.UNSUPPORTED),
])
def test_a_result_goes_to_json_and_back_without_loss(java, sample, cls, contract, verdict, reason):
    result = result_of(java, sample, cls, contract)
    assert (result.verdict, result.reason) == (verdict, reason)
    again = CheckResult.from_json(result.to_json())
    assert again == result
    assert message(again) == message(result)


def test_a_counterexample_is_structured_objects_and_steps(java):
    found = result_of(java, "points", "shapes.Point2D", "hashcode-consistent").counterexample
    assert found.statements == ("Point2D x = new Point2D(0, 0);", "Point3D y = new Point3D(0, 0, 1);")
    assert found.columns == ("x (Point2D)", "y (Point3D)")
    assert [(r.field, r.values) for r in found.rows] == [
        ("x", ("0", "0")), ("y", ("0", "0")), ("z", ("", "1"))]
    assert [(s.call, s.result, s.at) for s in found.steps] == [
        ("x.equals(y)", "true", "Point2D.java:17"), ("x.hashCode()", "0", "Point2D.java:24"),
        ("y.hashCode()", "256", "Point3D.java:23")]
    assert found.steps[0].location.path.endswith("Point2D.java") and found.steps[0].location.line == 17
    assert found.exception == "AssertionError" and found.thrown


def test_a_pass_says_what_it_held_within(java):
    result = result_of(java, "points", "shapes.Money", "equals-symmetric")
    assert isinstance(result.detail, Held) and result.detail.within.bounds == Bounds().for_item(jml=False)
    assert message(result) == ("no violation within int 32-bit, 8 unrolls, inline depth 8, strings: "
                               "length <= 3; objects: "
                               "built by constructors and factories, then up to 2 method calls")
