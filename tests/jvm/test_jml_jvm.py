"""The JML checks' counterexamples replayed on a real JVM (``--boundcheck-replay``'s
way): the objects and arguments the engine reports are made by their Java statements,
the harness the check ran (nested in the class it checks, so that it reads private
fields as the engine did) is called with them with assertions on, and it must throw
what the engine found: the AssertionError naming the clause, or the exception."""
from __future__ import annotations

import textwrap
from pathlib import Path

import jml_reach_sources  # tests/ is on sys.path (its conftest.py)
import pytest
from test_numeric_jvm import needs_jvm

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.counterexample.replay import Replayer
from pytest_boundcheck.counterexample.repro import jml_reproducer
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.engine.result import Verdict

SAMPLE = Path(__file__).resolve().parents[2] / "sample_projects" / "jml"
SHARES = """\
package shares;

public class Pot {
    private int total;
    //@ invariant total >= 0;

    public Pot(int total) { this.total = total < 0 ? 0 : total; }

    /*@ normal_behavior
      @ requires parts >= 0;
      @ ensures \\result * parts <= total;
      @*/
    public int share(int parts) { return total / parts; }

    /*@ requires amount > 0;
      @ ensures total == \\old(total) + amount;
      @*/
    public void add(int amount) { if (amount != 3) total += amount; }
}
"""


@needs_jvm
@pytest.mark.parametrize("cls, item, thrown", [
    ("jml.Account", "charge(int)", "AssertionError"),
    ("jml.Shapes", "exact(int)", "AssertionError"),  # getClass() and a class literal
    ("jml.Shapes", "round(int)", "AssertionError"),  # Class.isAssignableFrom
    ("jml.Shapes", "filled(int)", "AssertionError"),  # \nonnullelements
    ("jml.Shapes", "pick(int)", "AssertionError"),  # a result non-null by default
    ("shares.Pot", "share(int)", "ArithmeticException"),
    ("shares.Pot", "add(int)", "AssertionError")])
def test_the_counterexample_breaks_the_clause_on_the_jvm(tmp_path, cls, item, thrown):
    root = SAMPLE
    if cls.startswith("shares."):
        root = tmp_path / "src"
        (root / "shares").mkdir(parents=True)
        (root / "shares" / "Pot.java").write_text(SHARES)
    project = Project([root])
    java_class = project.program.classes[cls]
    check = next(c for c in project.jml_for(java_class) if c.id == item)
    result = project.check(java_class, check, Bounds())
    assert result.verdict is Verdict.VIOLATION
    found = result.counterexample
    assert found.exception == thrown
    source = Path(java_class.path).read_text()
    replayer = Replayer(project.files)
    try:
        replayed = replayer.replay(jml_reproducer(java_class, check, found, source), thrown)
    finally:
        replayer.close()
    said = f": {found.message}" if found.message else ""
    assert replayed.verdict == "confirmed", replayed.detail
    assert replayed.detail.endswith(f"java.lang.{thrown}{said}")


@needs_jvm
@pytest.mark.parametrize("source, item", [
    ("SORTED", "insertPastEqual(int)"), ("RING", "pairCountedWrong()"),
    ("RING", "byNextOnlyWrong()"), ("CHAIN", "loop()"), ("AGGREGATES", "triangleWrong(int)"),
    ("AGGREGATES", "pushWrong(int)")])
def test_a_reach_violation_is_confirmed_by_the_runtime_class_on_the_jvm(tmp_path, source, item):
    """Violations of clauses that ``\\reach``, object quantifiers, aggregates and the
    invariants of reachable objects decide, from any-heap pre-states: the JVM runs the
    harness with the real ``boundcheck.jml.Heap`` and breaks the same clause."""
    root = tmp_path / "src"
    (root / "p").mkdir(parents=True)
    (root / "p" / "L.java").write_text(textwrap.dedent(getattr(jml_reach_sources, source)))
    project = Project([root])
    java_class = project.program.classes["p.L"]
    check = next(c for c in project.jml_for(java_class) if c.id == item)
    result = project.check(java_class, check, Bounds(objects_mode="fields"))
    assert result.verdict is Verdict.VIOLATION
    found = result.counterexample
    replayer = Replayer(project.files)
    try:
        repro = jml_reproducer(java_class, check, found, (root / "p" / "L.java").read_text())
        replayed = replayer.replay(repro, found.exception)
    finally:
        replayer.close()
    assert replayed.verdict == "confirmed", replayed.detail
    assert replayed.detail.endswith(f"java.lang.AssertionError: {found.message}")
