"""The planted bugs and the correct variants of ``sample_projects/structures``, on a real JVM,
independently of boundcheck.

The Java under ``tests/jvm/structures_check`` is compiled with the sample's sources by one
``javac`` and run by one ``java -ea``. Its checks read the structures' fields by
reflection and are written in Java from the sample's JML: for every correct variant, a
seeded run of random operations, after each of which the class invariants hold and the
results are those of a ``java.util`` model (the methods' ``ensures``); for every broken
variant, the small state and the call that break the property its README names.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from test_numeric_jvm import needs_jvm  # tests/jvm/ is on sys.path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "sample_projects" / "structures", Path(__file__).resolve().parent / "structures_check"]
SEED = 20261129

CORRECT = ["LList", "CList", "AList", "TreeSet", "AVLTree", "BinomialHeap", "BinaryHeap",
           "RBTree", "ElemList", "BagToSet"]
PLANTED = {
    "LList.remove": "size == number of nodes",
    "CList.remove": "next.previous == n && previous.next == n",
    "AList.remove": "cacheSize <= maximumCacheSize",
    "TreeSet.add": "parent pointers",
    "AVLTree.insert": "height == 1 + max of the children's",
    "BinomialHeap.insert": "a child's parent is its node",
    "BinaryHeap.insert": "elems[heap[i].val].heapIndex == i and keys match",
    "BinaryHeap.decreaseKey": "elems[heap[i].val].heapIndex == i and keys match",
    "BinaryHeap.deleteMin": "normal_behavior (NullPointerException)",
    "RBTree.insert": "equal black counts to the root",
    "ElemList.swapTail": "ensures m acyclic",
    "BagToSet.bagToSet": "ensures no two equal points",
    "BagToSet.testHarness": "assert",
}


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> list[str]:
    """The lines the checks print, from one compilation and one run."""
    classes = tmp_path_factory.mktemp("structures_jvm")
    sources = [str(p) for root in SOURCES for p in sorted(root.rglob("*.java"))]
    subprocess.run(["javac", "-d", str(classes), *sources], check=True, capture_output=True)
    run = subprocess.run(["java", "-ea", "-cp", str(classes), "structures.check.Main", str(SEED)],
                         check=False, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()


@needs_jvm
def test_every_correct_variant_keeps_its_invariants_and_results_over_random_operations(printed):
    held = [line for line in printed if line.startswith("correct ")]
    assert held == [f"correct {name}: 400 operations, invariants and results held" for name in CORRECT]


@needs_jvm
def test_every_planted_bug_breaks_the_property_its_readme_names(printed):
    found = {line.split(": ")[0].removeprefix("broken "): line.split(": ", 1)[1]
             for line in printed if line.startswith("broken ")}
    assert found == {method: f"{prop} violated" for method, prop in PLANTED.items()}


def test_every_broken_method_of_the_sample_has_its_bug_shown():
    """The planted bugs listed here are the broken variants' failing items, one by one."""
    listed = (ROOT / "sample_projects" / "structures" / "expected-outcomes.txt").read_text()
    failing = {line.split("::")[1].removeprefix("structures.broken.") + "." + line.split("::")[2].split("(")[0]
               for line in listed.splitlines()
               if line.strip().endswith("failed") and "structures.broken." in line and "::equals" not in line
               and "::hashcode" not in line}
    assert failing == set(PLANTED)
