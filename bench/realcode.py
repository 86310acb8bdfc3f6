"""How far boundcheck gets on real code. Not a test: it prints what it measured.

    python bench/realcode.py SOURCE_ROOT [SOURCE_ROOT ...] [--every-class N | --every N]
                             [--max-seconds S] [--json FILE] [-- extra pytest options]

Runs ``pytest --boundcheck`` on the roots in a subprocess (with a JUnit XML report) and
prints: the number of items, passes, failures, xfails (advisory compareto-equals), skips by
reason (the 20 most common, with file names and numbers folded away so that one cause is
one line), collection errors, and the time per item (median, p95, max) with the slowest
items. The share of items that reached a verdict (pass, fail or xfail) is the figure the
project tracks: a skip is an item the engine could not decide, and a failure that is the
plugin's own internal error is counted as a crash, listed by name, not as a verdict.
Verdicts reached within smaller bounds, after the check within the bounds set ran out of
time, are counted apart as well.

For large projects, ``--every-class N`` checks every N-th class with all its items (the same
classes on every run; ``--every N``, every N-th item, is how earlier records were sampled and
is biased where a class's item count is a multiple of N) and ``--max-seconds S`` stops
cleanly after the item that ends past S seconds; the figures then say which items they
cover. ``--json FILE`` also writes the figures, with each item's
time and outcome, as a record of bench/results/ (the format its README gives).
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import record

INTERNAL_ERROR = "boundcheck internal error"
SMALLER = "smaller bounds than those set"  # in what a verdict within smaller bounds says
# The report's outcome words, and the names bench/results/ and the notebook before it use.
OUTCOME_NAMES = {"passed": "pass", "failed": "fail", "xfailed": "xfail", "skipped": "skip",
                 "error": "error", "crashed": "crashed"}
# What bench/realcode_limits.py says it sampled, after collection.
SAMPLE = re.compile(r"realcode sample: every (?P<every>\d+) (?P<unit>class|item): "
                    r"(?P<classes_kept>\d+) of (?P<classes>\d+) classes, "
                    r"(?P<items_kept>\d+) of (?P<items_collected>\d+) items")
TOP_ASSUMPTIONS = 15  # the most frequent assumptions of passes that the report lists
# Parts of a skip message that differ between occurrences of one cause.
_VARYING = [
    (re.compile(r"\(reached with [^)]*\)"), ""),
    (re.compile(r"\bat [\w$./-]+\.java:\d+"), "at FILE"),
    (re.compile(r"[\w$./-]+\.java:\d+: "), ""),
    (re.compile(r"after \d+(\.\d+)? s"), "after N s"),
    (re.compile(r"\d+(\.\d+)? s into"), "N s into"),
    (re.compile(r"; bounds:.*$"), ""),
]


def reason(message: str) -> str:
    """The cause of a skip, without the places and times that vary between items."""
    for pattern, replacement in _VARYING:
        message = pattern.sub(replacement, message)
    return " ".join(message.split())


def _split(text: str, separator: str) -> list[str]:
    """``text`` cut at each ``separator`` outside parentheses and angle brackets: a
    result's parts are joined by "; " and a part's subjects by ", ", and both also occur
    inside a parenthesised remark, a parameter list or a generic type."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(text):
        depth += (char in "(<") - (char in ")>")
        if depth == 0 and text.startswith(separator, at):
            parts.append(text[start:at])
            start = at + len(separator)
    return [*parts, text[start:]]


# An assumption as report/text.py words it, one pattern a kind, and how one subject of it
# is put in the tally (its remarks shortened to what tells causes apart).
_ASSUMPTION_KINDS = [
    (re.compile(r"assumed (?P<subjects>.+) obeys? the contracts of equals, hashCode and "
                r"compareTo(?P<remark> \(.*\))?$"),
     lambda subject, m: f"{subject} obeys the contracts of equals, hashCode and compareTo"
                        + (" (trusted: its code took too long to explore)" if m["remark"] else "")),
    (re.compile(r"assumed (?P<subjects>.+) (?:is a|are) deterministic functions? of (?:its|their) "
                r"receiver and arguments that (?P<throws>.+?)(?P<remark> \(called on objects "
                r"that may be of (?P<classes>\d+) classes.*\))?$"),
     lambda subject, m: f"{subject} is a deterministic function that "
                        + m["throws"].replace("throw no", "throws no").replace("their doc", "its doc")
                        + (f" (not followed into {m['classes']}+ classes)" if m["remark"] else "")),
    (re.compile(r"assumed the static fields (?P<subjects>.+?) start as class initialisation "
                r"sets them(?: and keep that value \((?P<writers>.+) not called\))?$"),
     lambda subject, m: f"static field {subject} starts as class initialisation sets it"
                        + (f" and keeps that value ({m['writers']} not called)"
                           if m["writers"] else "")),
]
_PLACE = re.compile(r"(\.java):\d+(:\d+)?")


def assumptions(said: str) -> list[str]:
    """The assumptions a result's text states, one per subject, without line numbers: what
    the tally of a project's passes counts."""
    found = []
    for part in _split(said, "; "):
        if not part.startswith("assumed "):
            continue
        part = _PLACE.sub(r"\1", part)
        for pattern, worded in _ASSUMPTION_KINDS:
            if match := pattern.match(part):
                found += [worded(s, match) for s in _split(match["subjects"], ", ")]
                break
        else:  # a wording this tally does not know yet: counted whole, not lost
            found.append(part)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(roots: list[str], extra: list[str]) -> tuple[Path, Path, int, float]:
    """Run pytest; (JUnit XML report, pytest's own output, exit code, seconds)."""
    folder = Path(tempfile.mkdtemp(prefix="boundcheck-realcode-"))
    report, log = folder / "report.xml", folder / "pytest.log"
    cmd = [sys.executable, "-m", "pytest", "--boundcheck", *roots, "-p", "no:cacheprovider",
           "-p", "realcode_limits", "-v", "--no-header", "-rN", f"--junitxml={report}",
           *extra, *roots]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")]))}
    start = time.perf_counter()
    with log.open("w") as out:
        code = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, env=env,
                              check=False).returncode
    return report, log, code, time.perf_counter() - start


def tally(report: Path) -> tuple[collections.Counter[str], collections.Counter[str],
                                 list[tuple[float, str]], int, int, list[str], dict[str, str]]:
    """From the JUnit report: the count of each outcome, skips by reason, (seconds, item)
    per item, collection errors, verdicts within smaller bounds, the crashed items and each
    item's outcome (the last for --json, which keeps what the report only counts)."""
    outcomes: collections.Counter[str] = collections.Counter()
    skips: collections.Counter[str] = collections.Counter()
    times: list[tuple[float, str]] = []
    errors = smaller = 0
    crashes: list[str] = []
    kinds: dict[str, str] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        if not case.get("name"):  # a collection error, or the empty case an interrupt leaves
            errors += case.find("error") is not None
            continue
        times.append((float(case.get("time", 0)), name))
        skipped = case.find("skipped")
        failure = case.find("failure")
        told = "" if failure is None else (failure.get("message") or "") + (failure.text or "")
        if INTERNAL_ERROR in told:
            kind = "crashed"
            crashes.append(name)
        elif failure is not None:
            kind = "failed"
        elif case.find("error") is not None:
            kind = "error"
        elif skipped is not None and skipped.get("type") == "pytest.xfail":
            kind = "xfailed"
        elif skipped is not None:
            kind = "skipped"
            skips[reason(skipped.get("message", ""))] += 1
        else:
            kind = "passed"
        outcomes[kind] += 1
        kinds[name] = kind
        if kind in ("passed", "failed", "xfailed"):
            said = told + ("" if skipped is None else skipped.get("message", "")) + "".join(
                p.get("value", "") for p in case.iter("property"))
            smaller += SMALLER in said
    return outcomes, skips, times, errors, smaller, crashes, kinds


def assumed_in_passes(report: Path, kinds: dict[str, str]) -> tuple[int, collections.Counter[str]]:
    """From the JUnit report: how many passed items rest on an assumption, and how many
    of them rest on each (a pass counts once for each assumption it states)."""
    rested, tallied = 0, collections.Counter()
    for case in ET.parse(report).getroot().iter("testcase"):
        if kinds.get(f"{case.get('classname')}::{case.get('name')}") != "passed":
            continue
        said = [p.get("value", "") for p in case.iter("property") if p.get("name") == "boundcheck"]
        found = set(assumptions(said[0])) if said else set()
        rested += bool(found)
        tallied.update(found)
    return rested, tallied


def sample(log: str) -> dict[str, int | str] | None:
    """What the run sampled, as the sampling plugin said it after collection (None: all)."""
    found = SAMPLE.search(log)
    if found is None:
        return None
    return {key: value if key == "unit" else int(value) for key, value in found.groupdict().items()}


def write_json(path: str, args: argparse.Namespace, wall: float, stopped: list[str],
               sampled: dict | None, counts: tuple,
               assumed: tuple[int, collections.Counter[str]]) -> None:
    """Write what the report prints, and each item's time and outcome, as a record of
    bench/results/ (names as there: pass, fail, xfail, skip; seconds)."""
    outcomes, skips, times, errors, smaller, crashes, kinds = counts
    items = sum(outcomes.values())
    verdicts = outcomes["passed"] + outcomes["failed"] + outcomes["xfailed"]
    seconds = [t for t, _ in times]
    measured = {
        "roots": args.roots, "every": args.every, "every_class": args.every_class,
        "sample": sampled, "max_seconds": args.max_seconds,
        "stopped_early": stopped[0].strip("! ") if stopped else None, "wall": round(wall),
        "items": items, "crashes": crashes, "collection_errors": errors,
        **{OUTCOME_NAMES[key]: outcomes[key] for key in OUTCOME_NAMES},
        "verdicts": verdicts,
        "verdicts_percent": round(100 * verdicts / items, 1) if items else None,
        "within_smaller_bounds": smaller, "skips_by_reason": dict(skips),
        "passes_on_assumptions": assumed[0],
        "top_assumptions": [[text, n] for text, n in assumed[1].most_common(TOP_ASSUMPTIONS)],
        "median": round(statistics.median(seconds), 2) if seconds else None,
        "p95": round(percentile(seconds, 0.95), 2) if seconds else None,
        "max": round(max(seconds), 2) if seconds else None,
        "item_times": {name: {"seconds": t, "outcome": OUTCOME_NAMES[kinds[name]]}
                       for t, name in times},
    }
    record.write(path, measured)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="+", help="Java source roots")
    sampling = parser.add_mutually_exclusive_group()
    sampling.add_argument("--every-class", type=int, default=1, metavar="N",
                          help="check every N-th class only, with all its items")
    sampling.add_argument("--every", type=int, default=1, metavar="N",
                          help="check every N-th item only (as earlier records; biased where "
                               "classes have a multiple of N items)")
    parser.add_argument("--max-seconds", type=float, default=None, metavar="S",
                        help="stop cleanly after the item that ends past S seconds")
    parser.add_argument("--json", metavar="FILE", default=None,
                        help="also write the figures as JSON to FILE (see bench/results/)")
    args, extra = parser.parse_known_args()
    limits = [f"--realcode-every={args.every}", f"--realcode-every-class={args.every_class}"]
    if args.max_seconds is not None:
        limits.append(f"--realcode-max-seconds={args.max_seconds}")
    report, log, code, wall = run(args.roots, limits + [e for e in extra if e != "--"])
    if not report.exists():  # pytest itself died: say where, from its own output
        lines = log.read_text(errors="replace").splitlines()
        started = [line for line in lines if "::" in line]
        print(f"pytest ended with exit code {code} and wrote no report ({wall:.0f} s); "
              f"its output is in {log}")
        print(f"last item it reached: {started[-1] if started else 'none'}")
        sys.exit(1)
    outcomes, skips, times, errors, smaller, crashes, kinds = tally(report)
    items = sum(outcomes.values())
    verdicts = outcomes["passed"] + outcomes["failed"] + outcomes["xfailed"]
    print(f"roots: {' '.join(args.roots)}")
    output = log.read_text(errors="replace")
    sampled = sample(output)
    if sampled:
        print(f"sample: one {sampled['unit']} in {sampled['every']}: "
              f"{sampled['classes_kept']} of {sampled['classes']} classes, "
              f"{sampled['items_kept']} of {sampled['items_collected']} items")
    stopped = [line for line in output.splitlines()
               if "--realcode-max-seconds" in line and "reached" in line]
    if stopped:
        print(f"stopped early ({stopped[0].strip('! ')}): the figures cover the items run")
    print(f"items: {items}  ({wall:.0f} s wall for the whole run); "
          f"JUnit report and pytest output in {report.parent}")
    for key in ("passed", "failed", "xfailed", "skipped", "error", "crashed"):
        print(f"  {key:8} {outcomes[key]}")
    for name in crashes:
        print(f"  crashed: {name}")
    if items:
        print(f"verdicts (pass, fail, xfail): {verdicts}/{items} = {100 * verdicts / items:.1f}%"
              f", of which {smaller} within smaller bounds")
    print(f"collection errors: {errors}")
    assumed = assumed_in_passes(report, kinds)
    print(f"passes resting on an assumption: {assumed[0]}/{outcomes['passed']}; "
          f"the most frequent (top {TOP_ASSUMPTIONS}):")
    for text, count in assumed[1].most_common(TOP_ASSUMPTIONS):
        print(f"  {count:5}  {text[:160]}")
    print("skips by reason (top 20):")
    for text, count in skips.most_common(20):
        print(f"  {count:5}  {text[:160]}")
    if times:
        seconds = [t for t, _ in times]
        print(f"time per item: median {statistics.median(seconds):.2f} s, "
              f"p95 {percentile(seconds, 0.95):.2f} s, max {max(seconds):.2f} s")
        print("slowest items:")
        for t, name in sorted(times, reverse=True)[:5]:
            print(f"  {t:7.2f} s  {name}")
    if args.json:
        write_json(args.json, args, wall, stopped, sampled,
                   (outcomes, skips, times, errors, smaller, crashes, kinds), assumed)


if __name__ == "__main__":
    main()
