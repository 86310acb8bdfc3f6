"""The canonical order of the pre-state heap (``symex.symmetry``) loses no heap up to
renaming: on generated heap shapes and specifications the verdicts with and without it
agree, and a bug that needs a list of N nodes is found at scope N (and only there: the
scope reaches JML items, and every slot can be linked from ``this``). It cuts the heaps
the solver sees: a list of three nodes has one numbering left of its six."""
from __future__ import annotations

import dataclasses
import random

import pytest
import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.engine import verdict
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.engine.result import Verdict
from pytest_boundcheck.harness.jmlchecks import jml_domains
from pytest_boundcheck.solve.solver import new_context

WITHOUT = dataclasses.replace(DEFAULT, symmetry_breaking=False)

CHAIN = """\
package chain;

public class Chain {
    static class Node {
        int value;
        /*@ nullable @*/ Node next;
    }

    private /*@ nullable @*/ Node head;

    //@ public invariant acyclic();

    private /*@ pure @*/ boolean acyclic() {
        Node slow = head;
        Node fast = head;
        while (fast != null && fast.next != null) {
            slow = slow.next;
            fast = fast.next.next;
            if (slow == fast) {
                return false;
            }
        }
        return true;
    }

    /*@ ensures \\result.length == 3; @*/
    public int[] firstValues() {
        int[] out = new int[3];
        int i = 0;
        for (Node n = head; n != null; n = n.next) {
            out[i] = n.value;  // the bug: a fourth node overflows the buffer
            i++;
        }
        return out;
    }
}
"""


def jml_result(root, cls_name: str, item: str, bounds: Bounds, config=DEFAULT):
    project = Project([root])
    cls = project.program.classes[cls_name]
    check = next(c for c in project.jml_for(cls) if c.id == item)
    return project.check(cls, check, bounds, config)


@pytest.fixture
def chain(tmp_path):
    (tmp_path / "chain").mkdir()
    (tmp_path / "chain" / "Chain.java").write_text(CHAIN)
    return tmp_path


def test_a_bug_that_needs_four_nodes_is_found_at_scope_four_only(chain):
    held = jml_result(chain, "chain.Chain", "firstValues()", Bounds(objects=3, unroll=8))
    assert held.verdict is Verdict.PASS
    found = jml_result(chain, "chain.Chain", "firstValues()", Bounds(objects=4, unroll=8))
    assert found.verdict is Verdict.VIOLATION
    assert found.counterexample.exception == "ArrayIndexOutOfBoundsException"


def test_the_canonical_order_leaves_one_numbering_of_a_list(chain):
    """The heaps of the violation at scope 3 with the buffer cut to two: a list of exactly
    three nodes from ``head``, numbered in 3! ways without the order and one with it."""
    root = chain / "chain" / "Chain.java"
    root.write_text(CHAIN.replace("new int[3]", "new int[2]").replace("== 3", "== 2"))
    counts = []
    for config in (WITHOUT, DEFAULT):
        project = Project([chain])
        cls = project.program.classes["chain.Chain"]
        check = next(c for c in project.jml_for(cls) if c.id == "firstValues()")
        ctx = new_context(config)
        bounds = Bounds(objects=3, unroll=8, objects_mode="fields")
        run = verdict._explore(project.program, cls, check, bounds, project.universe, ctx,
                               jml_domains(project.program, check, cls, project.universe),
                               60, False, config, 60, config.work_clock(600))
        record = run.record
        choices = [var for var, _ in record.selectors]
        solver = z3.Solver(ctx=ctx)
        solver.add(*record.constraints, record.goal)
        count = 0
        while solver.check() == z3.sat and count < 50:
            model = solver.model()
            count += 1
            solver.add(z3.Or([v != model.eval(v, model_completion=True) for v in choices]))
        counts.append(count)
    assert counts == [6, 1]


# ---------------------------------------------------------------- generated heaps

def _path(rng: random.Random, roots: list[str]) -> str:
    """A null-safe path from a root: ``a(b(x))``, ``tagged(a(x))``."""
    text = rng.choice(roots)
    for _ in range(rng.randint(0, 3)):
        step = rng.choice(["a", "b"])
        text = f"{step}({text})"
    return text


def _atom(rng: random.Random, roots: list[str]) -> str:
    left = _path(rng, roots)
    kind = rng.choice(["==", "!=", "null", "nonnull", "tag", "distinct"])
    if kind == "distinct":  # as many distinct nodes as the scope has, or one more
        paths = [left] + [_path(rng, roots) for _ in range(rng.randint(2, 3))]
        return " && ".join([f"{p} != null" for p in paths] + [
            f"{p} != {q}" for i, p in enumerate(paths) for q in paths[i + 1:]])
    if kind == "null":
        return f"{left} == null"
    if kind == "nonnull":
        return f"{left} != null"
    if kind == "tag":  # the other class: a Tag shared, or held by a node
        return f"tag({left}) {rng.choice(['==', '!='])} tag({_path(rng, roots)})"
    return f"{left} {kind} {_path(rng, roots)}"


NODE = """\
package gen;

class Node {
    /*@ nullable @*/ Node a;
    /*@ nullable @*/ Node b;
    /*@ nullable @*/ Tag tag;
}
"""

TAG = """\
package gen;

class Tag {
    /*@ nullable @*/ Node owner;
}
"""


def _graph(rng: random.Random) -> str:
    """A class with a root node, parameters of both classes (one nullable or not), an
    invariant and a method that throws where a random condition on the heap holds."""
    nullable = rng.random() < 0.5
    params = ["root", "x", "y", "t.owner"]
    condition = " && ".join(_atom(rng, params) for _ in range(rng.randint(2, 4)))
    invariant = _atom(rng, ["root"])
    return f"""\
package gen;

public class Graph {{
    private /*@ nullable @*/ Node root;

    //@ public invariant {invariant};

    private static /*@ pure nullable @*/ Node a(/*@ nullable @*/ Node n) {{ return n == null ? null : n.a; }}
    private static /*@ pure nullable @*/ Node b(/*@ nullable @*/ Node n) {{ return n == null ? null : n.b; }}
    private static /*@ pure nullable @*/ Tag tag(/*@ nullable @*/ Node n) {{ return n == null ? null : n.tag; }}

    /*@ ensures true; @*/
    public void probe(/*@ {'nullable' if nullable else 'non_null'} @*/ Node x, Tag t, Node y) {{
        if ({condition}) {{
            throw new IllegalStateException();
        }}
    }}
}}
"""


def test_verdicts_agree_with_and_without_the_canonical_order(tmp_path):
    """Twelve generated classes, each checked with and without the order: each verdict
    the same both ways, and among them violations and passes."""
    seen = set()
    for seed in range(12):
        root = tmp_path / str(seed)
        (root / "gen").mkdir(parents=True)
        (root / "gen" / "Graph.java").write_text(_graph(random.Random(seed)))
        (root / "gen" / "Node.java").write_text(NODE)
        (root / "gen" / "Tag.java").write_text(TAG)
        bounds = Bounds(objects=3, unroll=4, objects_mode="fields")
        results = [jml_result(root, "gen.Graph", "probe(Node,Tag,Node)", bounds, config)
                   for config in (WITHOUT, DEFAULT)]
        verdicts = [r.verdict for r in results]
        assert verdicts[0] is verdicts[1], (root / "gen" / "Graph.java").read_text()
        seen.add(verdicts[0])
    assert {Verdict.PASS, Verdict.VIOLATION} <= seen  # (a requires may leave nothing to check)
