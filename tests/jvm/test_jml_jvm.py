"""The JML checks' counterexamples run on a real JVM: the objects and arguments the
engine reports are made by their Java statements, the harness the check ran (its Java
source, nested in the class it checks, so that it may read private fields, as the engine
lets it) is called with them under ``java -ea``, and it must throw the AssertionError
naming the clause the engine reported violated."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from test_numeric_jvm import needs_jvm

from pytest_boundcheck.config.bounds import Bounds
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


def nested(source: str, harness: str) -> str:
    """``source`` with the harness's class, made a static nested class named
    ``JmlHarness``, just before the closing brace of its top-level class."""
    body = harness[harness.index("final class "):]
    body = "static final class JmlHarness " + body[body.index("{"):]
    end = source.rindex("}")
    return source[:end] + body + "\n" + source[end:]


@needs_jvm
@pytest.mark.parametrize("cls, item, thrown", [
    ("jml.Account", "charge(int)", "AssertionError"),
    ("shares.Pot", "share(int)", "ArithmeticException"),
    ("shares.Pot", "add(int)", "AssertionError")])
def test_the_counterexample_breaks_the_clause_on_the_jvm(tmp_path, cls, item, thrown):
    if cls.startswith("shares."):
        (tmp_path / "src" / "shares").mkdir(parents=True)
        (tmp_path / "src" / "shares" / "Pot.java").write_text(SHARES)
        tmp_path = tmp_path / "run"
    project = Project([SAMPLE] if cls.startswith("jml.") else [tmp_path.parent / "src"])
    java_class = project.program.classes[cls]
    check = next(c for c in project.jml_for(java_class) if c.id == item)
    result = project.check(java_class, check, Bounds())
    assert result.verdict is Verdict.VIOLATION
    found = result.counterexample
    package = tmp_path / found.package
    package.mkdir(parents=True)
    original = Path(java_class.path)
    (package / original.name).write_text(nested(original.read_text(), check.source))
    arguments = ", ".join(p.name for p in check.method.params)
    (package / "Main.java").write_text(
        f"package {found.package};\n\npublic class Main {{\n"
        f"    public static void main(String[] args) {{\n"
        + "".join(f"        {line}\n" for line in found.code)
        + f"        {java_class.simple_name}.JmlHarness.check({arguments});\n    }}\n}}\n")
    subprocess.run(["javac", "-d", str(tmp_path / "classes"), *map(str, package.glob("*.java"))],
                   check=True, capture_output=True)
    run = subprocess.run(["java", "-ea", "-cp", str(tmp_path / "classes"), f"{found.package}.Main"],
                         check=False, capture_output=True, text=True)
    assert run.returncode != 0
    assert found.exception == thrown
    said = f": {found.message}" if found.message else ""
    assert f"java.lang.{thrown}{said}" in run.stderr
