"""Wall time against work time per item: does the work clock count the work an item does?
Not a test: it prints what it measured.

    python bench/walltime.py ROOT [ROOT...] --items Class::contract ... [--json FILE]
    python bench/walltime.py ROOT --every 10 --limit 20 [--profile DIR]

Every budget that decides a verdict runs on the item's work clock
(``config/workclock.py``), so an item's wall time stays near its work seconds only if the
clock counts everything expensive the item does. This runs each chosen item through the
``Project`` API (no pytest), one at a time, and records its wall seconds, its CPU seconds,
the work seconds its clock read at the end, and the ratio of CPU to work seconds (CPU,
because the machine is shared: wall time also counts the other processes' turns). An item
far above 1 spends time the clock does not see; with ``--profile DIR`` each item's
cProfile is written there, to find where. The first item is checked once, unmeasured,
before: the tables the first check of a run makes for the whole project are no item's.
"""
from __future__ import annotations

import argparse
import cProfile
import statistics
import sys
import time
from pathlib import Path

import record  # bench/record.py: the --json record
import z3

from pytest_boundcheck.config import tuning
from pytest_boundcheck.config.bounds import JML_TIMEOUT, Bounds
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.solve import solver as solve
from pytest_boundcheck.solve.terms import translated


class _QueryWatch:
    """Each solver query's Z3 units, terms (as translated into a fresh context: what
    ``EngineConfig.node_units`` is charged by) and CPU seconds, to calibrate what the clock
    charges a query beyond Z3's own count (``--queries``)."""

    def __init__(self):
        self.queries = []
        self._asked = solve.Solver._asked

    def __enter__(self):
        watch = self

        def asked(solver, s, terms, seconds, rlimit):
            nodes = max((t.get_id() for t in translated(terms, z3.Context())), default=0)
            spent, cpu = solver.spent, time.process_time()
            answer = watch._asked(solver, s, terms, seconds, rlimit)
            watch.queries.append({"units": solver.spent - spent, "terms": nodes,
                                  "cpu": time.process_time() - cpu})
            return answer

        solve.Solver._asked = asked
        return self

    def __exit__(self, *exc):
        solve.Solver._asked = self._asked


class _ClockWatch:
    """Remembers the work clocks an item's check makes (one per check; the null policy may
    run an earlier contract of the class first), to read their work at the end."""

    def __init__(self):
        self.clocks = []
        self.steps = 0
        self._made = tuning.EngineConfig.work_clock

    def __enter__(self):
        watch = self

        def work_clock(config, *args, **kwargs):
            clock = watch._made(config, *args, **kwargs)
            watch.clocks.append(clock)
            watch.count_steps(clock)
            return clock

        tuning.EngineConfig.work_clock = work_clock
        return self

    def __exit__(self, *exc):
        tuning.EngineConfig.work_clock = self._made

    def count_steps(self, clock) -> None:
        """Count the clock's steps apart (all its other units are Z3's, or charged for Z3's
        work), to tell which kind of work the clock undercounts."""
        step = clock.step

        def counted(steps: int = 1) -> None:
            self.steps += steps
            step(steps)

        clock.step = counted

    def work_seconds(self) -> float:
        return sum(clock.units / clock.units_per_second for clock in self.clocks)

    def step_seconds(self) -> float:
        if not self.clocks:
            return 0.0
        return self.steps * self.clocks[0].step_units / self.clocks[0].units_per_second


def _items(project: Project, wanted: list[str], every: int, limit: int):
    """(name, class, contract) in collection order, contract items and then JML items (named
    by their method: ``TreeSet::add(int)``): those named ``Class::contract`` (simple or
    qualified class name), else every ``every``-th, at most ``limit``."""
    found = []
    for cls in project.program.project:
        for contract in project.contracts_for(cls) + project.jml_for(cls):
            name = f"{cls.fqname}::{contract.id}"
            simple = f"{cls.simple_name}::{contract.id}"
            if wanted and name not in wanted and simple not in wanted:
                continue
            found.append((name, cls, contract))
    if not wanted:
        found = found[::every]
    return found[:limit] if limit else found


def _measure(project: Project, cls, contract, profile_to: Path | None, bounds: Bounds) -> dict:
    profiler = cProfile.Profile() if profile_to else None
    with _ClockWatch() as watch:
        wall, cpu = time.perf_counter(), time.process_time()
        if profiler:
            profiler.enable()
        result = project.check(cls, contract, bounds)
        if profiler:
            profiler.disable()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if profiler:
        profiler.dump_stats(str(profile_to / f"{cls.simple_name}-{contract.id}.prof"))
    work = watch.work_seconds()
    return {"outcome": type(result.detail).__name__, "wall": wall, "cpu": cpu, "work": work,
            "steps": watch.steps, "step_work": watch.step_seconds(),
            "cpu_per_work": cpu / work if work else None}


def _per_term(queries: list[dict], units_per_second: int) -> dict:
    """The least-squares line of what each query took beyond Z3's count (its CPU seconds
    in units, less the units Z3 counted) against its terms, and how many times their
    seconds of work the queries took with Z3's count alone and with ``node_units``."""
    xs = [q["terms"] for q in queries]
    ys = [q["cpu"] * units_per_second - q["units"] for q in queries]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    cpu_units = sum(q["cpu"] for q in queries) * units_per_second
    charged = sum(q["units"] + tuning.DEFAULT.node_units * q["terms"] for q in queries)
    return {"count": len(queries), "units_per_term": slope, "intercept": my - slope * mx,
            "cpu_per_work_z3_units_only": cpu_units / sum(q["units"] for q in queries),
            "cpu_per_work_with_node_units": cpu_units / charged}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("roots", nargs="+", type=Path)
    parser.add_argument("--items", nargs="*", default=[], help="Class::contract names")
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--profile", type=Path, help="a directory for each item's cProfile")
    parser.add_argument("--queries", action="store_true",
                        help="record each solver query's units, terms and CPU seconds")
    parser.add_argument("--objects", type=int, default=Bounds.objects,
                        help="objects per class, as boundcheck_max_objects sets it")
    parser.add_argument("--jml-timeout", type=float, default=JML_TIMEOUT,
                        help="a JML item's work budget, as the plugin sets it")
    parser.add_argument("--json")
    parser.add_argument("--note", default="")
    args = parser.parse_args()
    bounds = Bounds(objects=args.objects, jml_timeout=args.jml_timeout)
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    project = Project(args.roots)
    items = _items(project, args.items, args.every, args.limit)
    if items:  # the project-wide tables the first check of a run makes, not on any item
        project.check(items[0][1], items[0][2], Bounds(timeout=0.01))
    figures = {}
    for name, cls, contract in items:
        if args.queries:
            with _QueryWatch() as queries:
                figures[name] = _measure(project, cls, contract, args.profile, bounds)
            figures[name]["queries"] = queries.queries
        else:
            figures[name] = _measure(project, cls, contract, args.profile, bounds)
        f = figures[name]
        ratio = f"{f['cpu_per_work']:.2f}" if f["cpu_per_work"] else "-"
        print(f"{name}: {f['outcome']}, wall {f['wall']:.2f} s, cpu {f['cpu']:.2f} s, "
              f"work {f['work']:.2f} s ({f['step_work']:.2f} s in {f['steps']} steps), "
              f"cpu/work {ratio}", flush=True)
    ratios = [f["cpu_per_work"] for f in figures.values() if f["cpu_per_work"]]
    summary = {"items": len(figures),
               "cpu_per_work_median": statistics.median(ratios) if ratios else None,
               "cpu_per_work_max": max(ratios) if ratios else None,
               "wall_max": max((f["wall"] for f in figures.values()), default=None)}
    queries = [q for f in figures.values() for q in f.get("queries", ())]
    if len(queries) > 1:
        summary["queries"] = _per_term(queries, tuning.DEFAULT.units_per_second)
    print(summary)
    if args.json:
        record.write(args.json, {"items": figures, "summary": summary, "note": args.note})


if __name__ == "__main__":
    sys.exit(main())
