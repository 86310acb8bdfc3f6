"""The JML runtime class boundcheck.jml.Heap: its engine models (``models/jml/heap.py``)
reach objects through the path's heap, and reproducers carry its real Java."""
from __future__ import annotations

import textwrap

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.counterexample.repro import Reproducer, runtime_classes
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.engine.result import Verdict

FIELDS = Bounds(objects_mode="fields")


def jml_result(root, source: str, item: str, bounds: Bounds = FIELDS):
    """The result of the JML item ``item`` of class ``p.L``, written from ``source``."""
    (root / "p").mkdir(parents=True, exist_ok=True)
    (root / "p" / "L.java").write_text(textwrap.dedent(source))
    project = Project([root])
    cls = project.program.classes["p.L"]
    check = next(c for c in project.jml_for(cls) if c.id == item)
    return project.check(cls, check, bounds)


def test_code_calling_the_runtime_class_runs_its_model(tmp_path):
    result = jml_result(tmp_path, """
        package p;

        public class L {
            static class Node { int value; Node next; }
            private Node head;

            public void m() {
                assert head == null || boundcheck.jml.Heap.reaches(this, head.next) || head.next == null;
                assert !boundcheck.jml.Heap.reaches(this, head) : "reached";
            }
        }
        """, "m()")
    assert result.verdict is Verdict.VIOLATION
    assert result.counterexample.message == "reached"


def test_a_reproducer_writes_the_runtime_classes_its_harness_names(tmp_path):
    harness = "final class H { static void check() { boundcheck.jml.Heap.reaches(a, b); } }"
    assert runtime_classes(harness) == ("boundcheck.jml.Heap",)
    assert runtime_classes("final class H { }") == ()
    repro = Reproducer("p", "LMain", "", "class LMain {}", runtime=runtime_classes(harness))
    written = repro.write(tmp_path)
    heap = tmp_path / "boundcheck" / "jml" / "Heap.java"
    assert heap in written
    assert heap.read_text().startswith("package boundcheck.jml;")
