"""The summary table gives a class's JML items one column, ``jml``: their common outcome,
else the outcomes other than a pass counted."""
from __future__ import annotations

from pytest_boundcheck.report.summary import summary_table


def test_a_class_jml_items_share_one_column():
    results = {("p.A", "equals-reflexive"): "passed", ("p.A", "push(int)"): "passed",
               ("p.A", "pop()"): "failed", ("p.A", "size()"): "skipped",
               ("p.B", "get()"): "passed", ("p.B", "B(int)"): "passed",
               ("p.C", "run()"): "passed", ("p.C", "C()"): "passed"}
    table = summary_table(results, {("p.C", "run()"): "bounded at a loop"}).splitlines()
    assert table[0].split() == ["class", "reflexive", "jml"]
    assert table[2].split() == ["p.A", "pass", "FAIL", "1/3", "skip", "1/3"]
    assert table[3].split() == ["p.B", "pass"]
    assert table[4].split() == ["p.C", "pass*"]
