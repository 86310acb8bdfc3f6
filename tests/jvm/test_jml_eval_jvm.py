"""Differential test of JML evaluation against a real JVM (jmlgen.py's cases): for each
generated heap, method and clause, the engine's verdict on the clause (a violation, and
what was thrown, or none) is the JVM's when it runs the check's harness, the clause's
Java translation, on the same heap with assertions on. All cases run in one JVM start."""
from __future__ import annotations

import re
import subprocess
from collections import Counter

import jmlgen
import pytest
from test_numeric_jvm import needs_jvm

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.counterexample.repro import RUNTIME_SOURCES
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.engine.result import Verdict

SEED, COUNT = 20261129, 40


def engine_says(project: Project, case: jmlgen.Case) -> tuple[str, object]:
    """What the engine found: "RETURNED" (no violation), the simple name of what escaped
    the check, or why it decided nothing; and the check."""
    cls = project.program.classes[f"{jmlgen.PACKAGE}.{case.cls}"]
    check = next(c for c in project.jml_for(cls) if c.id == "m()")
    if check.method is None:
        return f"not checked: {check.unsupported or check.errors}", check
    result = project.check(cls, check, Bounds(objects_mode="fields"))
    if result.verdict is Verdict.PASS:
        return "RETURNED", check
    if result.verdict is Verdict.VIOLATION:
        return result.counterexample.exception, check
    return f"{result.verdict.value}: {result.reason}", check


def jvm_main(cases: list[jmlgen.Case], harnesses: dict[int, str]) -> str:
    """One program that runs every case's harness on its heap and prints, per case, what
    escaped it (``RETURNED`` for nothing), or ``UNMET`` where the heap does not meet the
    precondition written to pin it (a fault of the generator: the harness would return)."""
    methods = []
    for case in cases:
        body = "\n".join(f"        {line}" for line in jmlgen.java_heap(case))
        methods.append(f"    static String case{case.index}() {{\n{body}\n"
                       f"        if (!({jmlgen.requires(case.heap, 'o0')})) return \"UNMET\";\n"
                       f"        try {{\n"
                       f"            {harnesses[case.index]}.check(o0);\n"
                       f"            return \"RETURNED\";\n"
                       f"        }} catch (Throwable t) {{\n"
                       f"            return t.getClass().getSimpleName();\n        }}\n    }}\n")
    calls = "\n".join(f'        System.out.println("{c.index}\\t" + case{c.index}());' for c in cases)
    return (f"package {jmlgen.PACKAGE};\n\npublic class DiffMain {{\n"
            f"    public static void main(String[] args) {{\n{calls}\n    }}\n\n"
            + "\n".join(methods) + "}\n")


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory):
    """(case, the engine's answer, the JVM's answer) for every case."""
    cases = jmlgen.generate(SEED, COUNT)
    root = tmp_path_factory.mktemp("jmleval")
    folder = root / "src" / jmlgen.PACKAGE
    folder.mkdir(parents=True)
    for case in cases:
        (folder / f"{case.cls}.java").write_text(jmlgen.source(case))
    project = Project([root / "src"])
    engine, harnesses = {}, {}
    for case in cases:
        engine[case.index], check = engine_says(project, case)
        if check.source:
            name = re.search(r"final class (\S+)", check.source).group(1)
            harnesses[case.index] = name
            (folder / f"{name}.java").write_text(check.source)
    ran = [c for c in cases if c.index in harnesses]
    (folder / "DiffMain.java").write_text(jvm_main(ran, harnesses))
    classes = root / "classes"
    runtime = sorted((RUNTIME_SOURCES / "boundcheck").rglob("*.java"))  # the JML runtime classes
    subprocess.run(["javac", "-nowarn", "-d", str(classes), *map(str, folder.iterdir()),
                    *map(str, runtime)],
                   check=True, capture_output=True, text=True)
    run = subprocess.run(["java", "-ea", "-cp", str(classes), f"{jmlgen.PACKAGE}.DiffMain"],
                         check=True, capture_output=True, text=True)
    jvm = dict(line.split("\t") for line in run.stdout.splitlines())
    return [(case, engine[case.index], jvm.get(str(case.index), "not run")) for case in cases]


@needs_jvm
def test_the_engine_evaluates_each_clause_as_the_jvm_does(verdicts):
    bad = [(case, mine, theirs) for case, mine, theirs in verdicts if mine != theirs]
    report = "\n\n".join(f"case {case.index}: engine {mine}, JVM {theirs}\n{jmlgen.source(case)}"
                         for case, mine, theirs in bad)
    assert not bad, f"{len(bad)} of {len(verdicts)} cases differ:\n{report}"


@needs_jvm
def test_the_cases_cover_both_verdicts_and_thrown_clauses(verdicts):
    """The generator is not degenerate: clauses that hold, that fail, and whose evaluation
    throws all occur, and so do quantifiers, \\old, implications and null links."""
    seen = Counter(theirs for _, _, theirs in verdicts)
    assert "UNMET" not in seen and "not run" not in seen, seen
    assert seen["RETURNED"] >= 5 and seen["AssertionError"] >= 5, seen
    texts = [case.expr for case, _, _ in verdicts]
    for construct in ("\\forall", "\\exists", "\\old", "==>", "<==>", "next.next"):
        assert any(construct in text for text in texts), construct
    assert any(c.heap[0].next is None for c, _, _ in verdicts)
    assert any(c.heap[0].next == 0 or (len(c.heap) > 1 and c.heap[1].next in (0, 1))
               for c, _, _ in verdicts)  # a cycle
