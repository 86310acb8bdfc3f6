"""Benchmark of pytest-boundcheck on the bundled samples. Not a test: it prints what it measured.

Run from the repository root:  python bench/run.py [--repeat N] [--json FILE]

1. engine: per (class, contract) item, the time to build the formula (symbolic
   execution), to solve it and to minimise a counterexample, through the engine API;
2. pytest: per item, the call duration pytest reports with --durations;
3. startup: plugin import plus collection of both samples, end to end, next to
   the bare interpreter+pytest startup;
4. objects: building them by constructors versus with any field values, per item;
   the time minimising takes next to the time finding a violation; replaying the
   counterexamples on a JVM (one JVM for the run, then each reproducer);
5. targets, each with PASS or MISS next to the measured value.

With --json FILE it also writes those figures as a record of bench/results/.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import record  # bench/record.py: the --json record, shared with realcode.py
import z3
from tabulate import tabulate

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ["sample_projects/points", "sample_projects/orders", "sample_projects/accounts"]
FAST_ITEMS = [
    "sample_projects/points/shapes/Point2D.java::shapes.Point2D::hashcode-consistent",
    "sample_projects/points/shapes/Point2D.java::shapes.Point2D::equals-symmetric",
    "sample_projects/orders/orders/Priority.java::orders.Priority::compareto-antisymmetric",
]
FAST_LIMIT = 0.3      # seconds per listed item, pytest call duration
ITEM_LIMIT = 5.0      # seconds, any sample item
COLLECT_LIMIT = 1.0   # seconds, plugin import + collection of both samples
STARTUP_RUNS = 5
# --boundcheck takes one or more paths, so it swallows the sample paths; they are given again
# as pytest's own paths, else pytest would also collect its testpaths (tests/).
SAMPLE_ARGS = ["--boundcheck", *SAMPLES, "-p", "no:cacheprovider", "-q"]
DURATION_LINE = re.compile(r"^(\d+(?:\.\d+)?)s\s+(setup|call|teardown)\s+(\S+)\s*$")


def median(values):
    """The median of the values, or None when there are none."""
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(seconds):
    """Seconds as text with milliseconds, blank when unknown."""
    return "" if seconds is None else f"{seconds:.3f}"


def header() -> dict[str, str]:
    """Print the machine, Python, z3 and pytest versions; return the versions for --json."""
    import pytest
    versions = {"python": f"{platform.python_implementation()} {platform.python_version()} "
                          f"({sys.executable})",
                "z3": z3.get_version_string(), "pytest": pytest.__version__}
    print("boundcheck benchmark")
    print(f"  machine : {record.machine()}")
    print(f"  python  : {versions['python']}")
    print(f"  z3      : {versions['z3']}")
    print(f"  pytest  : {versions['pytest']}")
    print()
    return versions


class QueryCounter:
    """Counts z3 Solver.check calls (every solver query, minimisation included) while active."""

    def __init__(self):
        self.count = 0
        self._original = z3.Solver.check

    def __enter__(self):
        original = self._original

        def counted(solver, *args):
            self.count += 1
            return original(solver, *args)

        z3.Solver.check = counted
        return self

    def __exit__(self, *exc):
        z3.Solver.check = self._original


def node_id(cls, contract) -> str:
    """The pytest node id of one (class, contract) item."""
    path = Path(cls.path).resolve().relative_to(ROOT).as_posix()
    return f"{path}::{cls.fqname}::{contract.id}"


def engine_timings(repeat: int, mode: str = "constructors") -> tuple[dict[str, dict], float]:
    """Check every sample item ``repeat`` times through the engine API, with objects made
    the ``mode`` way; per item the status, the median build/solve/minimise/total seconds
    and the z3 queries of one run. Also returns the seconds to load the project
    (discover, parse, class table)."""
    from pytest_boundcheck.config.bounds import Bounds
    from pytest_boundcheck.engine.project import Project

    start = time.perf_counter()
    project = Project([ROOT / s for s in SAMPLES])  # one project for both, as pytest does
    load = time.perf_counter() - start
    items = [(cls, contract) for cls in project.program.project
             for contract in project.contracts_for(cls)]
    runs: dict[str, list] = {node_id(c, k): [] for c, k in items}
    for _ in range(repeat):
        for cls, contract in items:
            with QueryCounter() as queries:
                outcome = project.check(cls, contract, Bounds(objects_mode=mode))
            runs[node_id(cls, contract)].append((outcome, queries.count))
    results = {}
    for item, done in runs.items():
        outcomes = [o for o, _ in done]
        results[item] = {
            "status": "/".join(sorted({o.status for o in outcomes})),
            "build": median(o.timings.get("build") for o in outcomes),
            "solve": median(o.timings.get("solve") for o in outcomes),
            "minimise": median(o.timings.get("minimise") for o in outcomes),
            "total": median(o.seconds for o in outcomes),
            "queries": done[-1][1],
        }
    return results, load


def short(item: str) -> str:
    """An item id without its file path: class::contract."""
    return item.split("::", 1)[1]


def print_engine(results: dict[str, dict], load: float, repeat: int) -> None:
    """Print the engine-level table, sorted by total time, with the column medians."""
    print(f"== 1. engine: per item, median of {repeat} run(s), seconds ==")
    print(f"project load (discover, parse, class table, contracts): {load:.3f} s")
    columns = ["build", "solve", "minimise", "total"]
    rows = [[short(item), r["status"], *(fmt(r[c]) for c in columns), r["queries"]]
            for item, r in sorted(results.items(), key=lambda kv: -kv[1]["total"])]
    rows.append(["median", "", *(fmt(median(r[c] for r in results.values())) for c in columns),
                 median(r["queries"] for r in results.values())])
    print(tabulate(rows, headers=["item", "status", "build", "solve", "minimise (failures)",
                                  "total", "z3 queries"],
                   disable_numparse=True, colalign=("left", "left", "right", "right", "right",
                                                   "right", "right")))
    total = sum(r["total"] for r in results.values())
    print(f"{len(results)} items; sum of totals {total:.3f} s")
    print()


def minimising_shares(by_constructors: dict[str, dict]) -> list[float]:
    """Per failure, the time minimising took as a share of the time to find the violation."""
    return [r["minimise"] / (r["build"] + r["solve"]) for r in by_constructors.values()
            if r["minimise"] is not None]


def print_objects(by_constructors: dict[str, dict], by_fields: dict[str, dict]) -> None:
    """Building objects by constructors versus with any field values, and minimising."""
    print("== 4. objects: constructors versus fields; minimising; replay ==")
    rows = [[short(item), c["status"], f["status"], fmt(c["build"]), fmt(f["build"]),
             fmt(c["total"]), fmt(f["total"])]
            for item, c in sorted(by_constructors.items(), key=lambda kv: -kv[1]["total"])
            for f in [by_fields[item]]][:12]
    rows.append(["median (all items)", "", "",
                 *(fmt(median(r[col] for r in results.values()))
                   for col, results in (("build", by_constructors), ("build", by_fields),
                                        ("total", by_constructors), ("total", by_fields)))])
    print(tabulate(rows, headers=["item (slowest 12 by constructors)", "constructors", "fields",
                                  "build ctors", "build fields", "total ctors", "total fields"],
                   disable_numparse=True))
    shares = minimising_shares(by_constructors)
    if shares:
        print(f"minimising, as a share of the time to find the violation (failures, constructors): "
              f"median {median(shares):.2f}, largest {max(shares):.2f}")


def replay_timings() -> dict:
    """Replay every failing sample item's counterexample: one JVM start and project
    compilation for the run, then each reproducer. Returns what it printed, for --json."""
    import shutil as sh

    from pytest_boundcheck.config.bounds import Bounds
    from pytest_boundcheck.counterexample.replay import Replayer
    from pytest_boundcheck.counterexample.repro import reproducer
    from pytest_boundcheck.engine.project import Project

    if sh.which("java") is None:
        print("replay: no java on PATH, not measured")
        return {"measured": False, "why": "no java on PATH"}
    project = Project([ROOT / s for s in SAMPLES])
    failures = []
    for cls in project.program.project:
        for contract in project.contracts_for(cls):
            outcome = project.check(cls, contract, Bounds())
            if outcome.status == "failed":
                failures.append((reproducer(cls, contract, outcome.counterexample),
                                 outcome.counterexample.exception))
    replayer = Replayer([f for f in project.files if f not in project.errors])
    times, verdicts = [], []
    try:
        for repro, expected in failures:
            start = time.perf_counter()
            verdicts.append(replayer.replay(repro, expected).verdict)
            times.append(time.perf_counter() - start)
    finally:
        replayer.close()
    if times:
        print(f"replay of {len(times)} counterexamples: first (JVM start, project compiled) "
              f"{times[0]:.2f} s, each after that median {fmt(median(times[1:]))} s, "
              f"largest {max(times[1:], default=0):.3f} s; verdicts: "
              + ", ".join(f"{verdicts.count(v)} {v}" for v in sorted(set(verdicts))))
    print()
    return {"counterexamples": len(times), "first": times[0] if times else None,
            "each_after_median": median(times[1:]), "largest_after": max(times[1:], default=0),
            "verdicts": {v: verdicts.count(v) for v in sorted(set(verdicts))}}


def pytest_durations() -> tuple[dict[str, float], float, str]:
    """Run pytest on both samples with --durations; per item its call duration, the
    wall time of the run and pytest's last summary line."""
    cmd = [sys.executable, "-m", "pytest", *SAMPLE_ARGS, "--durations=0", "--durations-min=0",
           *SAMPLES]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    calls = {}
    for line in proc.stdout.splitlines():
        match = DURATION_LINE.match(line.strip())
        if match and match.group(2) == "call" and match.group(3).startswith("sample_projects/"):
            calls[match.group(3)] = float(match.group(1))
    lines = [l for l in proc.stdout.splitlines() if l.strip()]
    summary = lines[-1] if lines else f"(no output; stderr: {proc.stderr.strip()[:300]})"
    return calls, wall, summary


def print_pytest(calls: dict[str, float], wall: float, summary: str,
                 engine: dict[str, dict]) -> None:
    """Print the slowest pytest calls (with the engine total next to them) and the medians."""
    print("== 2. pytest: call durations, seconds ==")
    print("command: python -m pytest " + " ".join(
        [*SAMPLE_ARGS, "--durations=0", "--durations-min=0", *SAMPLES]))
    print(f"result: {summary.strip('= ')}; wall {wall:.2f} s")
    slowest = sorted(calls.items(), key=lambda kv: -kv[1])[:10]
    rows = [[short(item), f"{t:.2f}", fmt(engine.get(item, {}).get("total"))]
            for item, t in slowest]
    print(tabulate(rows, headers=["slowest 10 items", "pytest call", "engine total (median)"],
                   disable_numparse=True, colalign=("left", "right", "right")))
    if calls:
        print(f"{len(calls)} items; median call {median(calls.values()):.3f} s; "
              f"sum of calls {sum(calls.values()):.2f} s")
    missing = sorted(set(engine) - set(calls))
    if missing:
        print(f"items the engine checked but pytest did not time: {len(missing)}: "
              + ", ".join(short(m) for m in missing[:5]))
    print()


def wall_time(args: list[str], runs: int) -> tuple[float, list[float], int]:
    """Run ``python -m pytest ARGS`` ``runs`` times; the median wall seconds, all of them,
    and the last exit code."""
    times, code = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT,
                              capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        code = proc.returncode
    return statistics.median(times), times, code


def startup() -> tuple[float, float, dict]:
    """Print and return the median wall time of collecting both samples and of the
    bare ``pytest --version`` startup, and (for --json) every run's time."""
    print(f"== 3. startup: wall time of a subprocess, median of {STARTUP_RUNS} ==")
    collect, collect_all, code = wall_time([*SAMPLE_ARGS, "--collect-only", *SAMPLES],
                                           STARTUP_RUNS)
    base, base_all, _ = wall_time(["--version"], STARTUP_RUNS)
    rows = [
        ["pytest --boundcheck <samples> --collect-only <samples>", f"{collect:.3f}",
         " ".join(f"{t:.2f}" for t in collect_all)],
        ["pytest --version (baseline)", f"{base:.3f}", " ".join(f"{t:.2f}" for t in base_all)],
        ["difference: plugin import + collection", f"{collect - base:.3f}", ""],
    ]
    print(tabulate(rows, headers=["command", "median", "runs"], disable_numparse=True,
                   colalign=("left", "right", "left")))
    if code != 0:
        print(f"(collect-only exit code {code})")
    print()
    return collect, base, {"collect_only": collect, "collect_only_runs": collect_all,
                           "collect_only_exit_code": code, "version_baseline": base,
                           "version_runs": base_all,
                           "plugin_import_and_collection": collect - base}


def targets(calls: dict[str, float], engine: dict[str, dict], collect: float,
            base: float) -> list[dict]:
    """Print each target with the measured value and PASS or MISS; return them for --json."""
    print("== 5. targets ==")
    rows, checked = [], []

    def target(what: str, value: float | None, limit: float, digits: int = 3) -> None:
        verdict = "MISS" if value is None or value >= limit else "PASS"
        shown = "not measured" if value is None else f"{value:.{digits}f} s"
        rows.append([what, f"< {limit:g} s", shown, verdict])
        checked.append({"target": what, "limit": limit, "measured": value, "verdict": verdict})

    # pytest prints durations to 0.01 s, so its values are shown with two decimals

    for item in FAST_ITEMS:
        target(f"pytest call {short(item)}", calls.get(item), FAST_LIMIT, 2)
    slowest = max(calls, key=calls.get) if calls else None
    target(f"slowest pytest call ({short(slowest) if slowest else '-'})",
           calls.get(slowest) if slowest else None, ITEM_LIMIT, 2)
    slowest = max(engine, key=lambda i: engine[i]["total"]) if engine else None
    target(f"slowest engine total ({short(slowest) if slowest else '-'})",
           engine[slowest]["total"] if slowest else None, ITEM_LIMIT)
    target("plugin import + collection, wall", collect, COLLECT_LIMIT)
    print(tabulate(rows, headers=["target", "limit", "measured", ""], disable_numparse=True))
    print(f"(the collection wall time includes {base:.3f} s of interpreter+pytest startup; "
          f"without it: {collect - base:.3f} s)")
    return checked


def column_medians(results: dict[str, dict]) -> dict[str, float | None]:
    """The median of each engine column, as the engine table's last row prints them."""
    return {c: median(r[c] for r in results.values())
            for c in ("build", "solve", "minimise", "total", "queries")}


def write_json(path: str, versions: dict, repeat: int, engine: tuple, pytest_run: tuple,
               start: dict, fields: dict, replay: dict, checked: list, took: float) -> None:
    """Write what the report printed, per item and in sum, as a record of bench/results/."""
    results, load = engine
    calls, wall, summary = pytest_run
    shares = minimising_shares(results)
    record.write(path, {
        "versions": versions,
        "engine": {"repeat": repeat, "project_load": load, "items": results,
                   "median": column_medians(results),
                   "sum_of_totals": sum(r["total"] for r in results.values())},
        "pytest": {"command": "python -m pytest " + " ".join(
                       [*SAMPLE_ARGS, "--durations=0", "--durations-min=0", *SAMPLES]),
                   "result": summary.strip("= "), "wall": wall, "calls": calls,
                   "median_call": median(calls.values()), "sum_of_calls": sum(calls.values()),
                   "not_timed": sorted(set(results) - set(calls))},
        "startup": start,
        "objects": {"fields": fields, "median_fields": column_medians(fields),
                    "minimising_share_median": median(shares),
                    "minimising_share_largest": max(shares, default=None)},
        "replay": replay, "targets": checked, "benchmark_seconds": took})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3,
                        help="engine-level runs per item; the median is reported (default 3)")
    parser.add_argument("--json", metavar="FILE", default=None, type=os.path.abspath,
                        help="also write the figures as JSON to FILE (see bench/results/)")
    args = parser.parse_args()  # FILE made absolute first: main changes to the root
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    os.chdir(ROOT)
    began = time.perf_counter()
    versions = header()
    engine, load = engine_timings(args.repeat)
    print_engine(engine, load, args.repeat)
    calls, wall, summary = pytest_durations()
    print_pytest(calls, wall, summary, engine)
    collect, base, start = startup()
    fields, _ = engine_timings(1, "fields")
    print_objects(engine, fields)
    replay = replay_timings()
    checked = targets(calls, engine, collect, base)
    took = time.perf_counter() - began
    print(f"\nbenchmark took {took:.1f} s")
    if args.json:
        write_json(args.json, versions, args.repeat, (engine, load), (calls, wall, summary),
                   start, fields, replay, checked, took)


if __name__ == "__main__":
    main()
