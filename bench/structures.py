"""JML items of data structures at growing scopes, beside the papers' published times. Not
a test: it prints what it measured.

    python bench/structures.py [ROOT] [--scopes 5 10 15 20] [--unroll N] [--cap S]
                               [--classes LList CList] [--items contains insert]
                               [--without-symmetry] [--json FILE]

ROOT (default ``bench/sortedlist``) is a source root; every JML item of its classes is
checked through the engine (``Project.check``, no pytest) at each scope: that many objects
per class made from field values (the pre-state is any heap of them in which the
invariants hold), arrays of up to scope + 1 elements (an array-based structure of ``scope``
elements, as InspectJ's binary heap, with its one-based array's unused slot 0; the default
of 3 would keep a heap at 2 elements whatever the scope) and, unless ``--unroll`` says
otherwise, as many loop unrolls: walking a
list of N nodes takes N iterations, and more only make the solver prove that a walk
longer than the heap must go round a cycle (TACO's Table 2 has 10 unrolls at every scope). Per item and scope it prints
the work seconds (``config.workclock``: the same on any machine) to build the formula
(exploring the code) and to solve it, and in all (an item undecided within the bounds set is
checked again within smaller ones, in the rest of its time limit: its build and solve are the
smaller check's, its total both), the CPU and wall-clock seconds, the outcome, and
the published time of the same method and scope (``bench/papers.json``: TACO's
tight-bounds column, JForge, InspectJ, Jalloy) with our CPU time over it (on a machine
other work shares, wall time measures that work too). An item whose work reaches
``--cap`` (its time limit, in work seconds) at one scope is not run at larger ones. With
``--json`` the record is written again after each item, so a run stopped early keeps it.
``--classes`` keeps the classes whose simple or qualified name is given (``--classes LList``
keeps both ``correct.LList`` and ``broken.LList``; ``--classes structures.correct.LList``
the correct one alone); ``--items`` keeps the methods named. ``--without-symmetry`` turns the canonical order of the pre-state heap off
(``EngineConfig.symmetry_breaking``), to measure what it buys.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path

import record  # bench/record.py: the --json record

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.report.text import message

HERE = Path(__file__).resolve().parent
PAPERS = json.loads((HERE / "papers.json").read_text())


def published(cls: str, method: str, scope: int) -> list[dict]:
    """The papers' rows for the structure ``cls`` (simple name) and ``method`` at ``scope``.
    A method is named for its structure first: our TreeSet's ``contains`` is TACO's TreeSet
    ``find``, while LList's ``contains`` is TACO's ``contains``."""
    structure = PAPERS["structures"].get(cls)
    names = PAPERS["methods"]
    name = names.get(f"{structure}.{method}", names.get(method, method))
    return [row for row in PAPERS["figures"]
            if row["structure"] == structure and row["method"] == name and row["scope"] == scope]


def reference(rows: list[dict]) -> dict | None:
    """The row to compare with: TACO's tight bounds, else the first system that reports one."""
    for row in rows:
        if row["system"] == "TACO" and row["variant"] == "tight bounds":
            return row
    return rows[0] if rows else None


def outcome(result) -> str:
    """The verdict, and where it is not a pass within the bounds set, its first line."""
    text = message(result).splitlines()[0]
    if result.verdict.name == "PASS" and "bounds set" not in result.timings:
        return "pass"
    return f"{result.verdict.name.lower()} ({text[:70]})"


def measure(root: Path, scopes: list[int], unroll: int | None, cap: float, classes: list[str],
            items: list[str], symmetry: bool, measured=lambda rows: None) -> list[dict]:
    """Every item at every scope; ``measured(rows)`` is called after each, so that a run
    stopped before its end (an item at scope 10 may take an hour) keeps what it measured."""
    project = Project([root])
    config = dataclasses.replace(DEFAULT, symmetry_breaking=symmetry)
    rows = []
    for cls in project.program.project:
        if classes and cls.simple_name not in classes and cls.fqname not in classes:
            continue
        for check in project.jml_for(cls):
            method = check.id.partition("(")[0]
            if items and method not in items:
                continue
            for scope in scopes:
                bounds = Bounds(objects=scope, unroll=unroll or scope, timeout=cap,
                                max_length=scope + 1, objects_mode="fields")
                wall, cpu = time.perf_counter(), time.process_time()
                result = project.check(cls, check, bounds, config)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                work = sum(result.timings.values())
                paper = reference(published(cls.simple_name, method, scope))
                rows.append({
                    "item": f"{cls.fqname}::{check.id}", "scope": scope, "unroll": bounds.unroll,
                    "build": result.timings.get("build"), "solve": result.timings.get("solve"),
                    "work": work, "wall": wall, "cpu": cpu, "outcome": outcome(result),
                    "published": paper, "ratio": cpu / paper["seconds"]
                    if paper and paper["seconds"] else None})
                _print(rows[-1])
                measured(rows)
                if work >= cap * 0.95 or result.verdict.name == "UNDECIDED":
                    break  # a larger scope would only take longer
    return rows


def _print(row: dict) -> None:
    paper = row["published"]
    said = (f"{paper['system']} {paper['seconds'] if paper['seconds'] is not None else paper['limit']} s"
            if paper else "-")
    ratio = f"{row['ratio']:.2f}" if row["ratio"] is not None else "-"
    build = f"{row['build']:.2f}" if row["build"] is not None else "-"
    solve = f"{row['solve']:.2f}" if row["solve"] is not None else "-"
    print(f"{row['item']:<45} {row['scope']:>5} {row['unroll']:>6} {build:>7} {solve:>7} "
          f"{row['work']:>7.2f} {row['cpu']:>7.2f} {row['wall']:>7.2f} {said:>14} {ratio:>6}  {row['outcome']}",
          flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=str(HERE / "sortedlist"))
    parser.add_argument("--scopes", type=int, nargs="+", default=[5, 10, 15, 20])
    parser.add_argument("--unroll", type=int, default=None)
    parser.add_argument("--cap", type=float, default=120.0,
                        help="an item's time limit, in work seconds (default 120)")
    parser.add_argument("--classes", nargs="*", default=[],
                        help="class names, simple or qualified, to run (default all)")
    parser.add_argument("--items", nargs="*", default=[], help="method names to run (default all)")
    parser.add_argument("--without-symmetry", action="store_true")
    parser.add_argument("--json", default=None)
    parser.add_argument("--note", default="", help="the JSON record's note")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f}; symmetry breaking "
          f"{'off' if args.without_symmetry else 'on'}")
    print(f"{'item':<45} {'scope':>5} {'unroll':>6} {'build':>7} {'solve':>7} {'work':>7} "
          f"{'cpu s':>7} {'wall s':>7} {'published':>14} {'ratio':>6}  outcome")

    def write(rows: list[dict]) -> None:
        if args.json:
            record.write(args.json, {"items": rows, "symmetry_breaking": not args.without_symmetry,
                                     "load_average": os.getloadavg()[0], "note": args.note})

    write(measure(Path(args.root), args.scopes, args.unroll, args.cap, args.classes, args.items,
                  not args.without_symmetry, write))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
