"""Does the time per item depend on the size of code the item does not touch? Not a test:
it prints what it measured.

    python bench/scale.py [--sizes 10 1000 10000] [--json FILE]

For each size N it generates a project of N small classes (``generate``): three classes
with ``equals``, ``hashCode`` and ``compareTo`` (``Target`` and two it may meet as ``y``),
and N - 3 unrelated ones, a hundred to a file, with fields, constructors, casts,
``instanceof`` and calls among themselves, as generated code has. It then runs, in
subprocesses, ``pytest --boundcheck`` collecting only (the collection time: discovery,
parsing, the class table and the items), and the same run checking the nine items of
``Target`` alone (their times from the JUnit report). Per-item time that grows with N is
time spent on code the items never reach.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import record  # bench/record.py: the --json record

CHECKED = 3  # Target, Peer and Rank: the classes with equals, hashCode and compareTo
PER_FILE = 100

TARGET = """\
package gen;

public class Target implements Comparable<Target> {
    private final int major;
    private final int minor;
    private final String label;

    public Target(int major, int minor, String label) {
        this.major = major;
        this.minor = minor;
        this.label = label == null ? "" : label;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Target)) {
            return false;
        }
        Target t = (Target) o;
        return major == t.major && minor == t.minor && label.equals(t.label);
    }

    @Override
    public int hashCode() {
        return (31 * major + minor) * 31 + label.hashCode();
    }

    @Override
    public int compareTo(Target t) {
        int c = Integer.compare(major, t.major);
        return c != 0 ? c : Integer.compare(minor, t.minor);
    }
}
"""
PEERS = """\
package gen;

class Peer extends Target {
    Peer(int major) {
        super(major, 0, "peer");
    }
}

final class Rank implements Comparable<Rank> {
    private final long value;

    Rank(long value) {
        this.value = value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rank r && r.value == value;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value);
    }

    @Override
    public int compareTo(Rank r) {
        return Long.compare(value, r.value);
    }
}
"""
UNRELATED = """\
final class Unrelated{i} {{
    private final int count;
    private final String name;
    private Unrelated{j} next;

    Unrelated{i}(int count, String name) {{
        this.count = count;
        this.name = name;
    }}

    int weight(Object other) {{
        if (other instanceof Unrelated{j}) {{
            return ((Unrelated{j}) other).size() + count;
        }}
        return name == null ? count : name.length() * count;
    }}

    int size() {{
        return next == null ? 1 : 1 + count;
    }}
}}
"""


def generate(classes: int, root: Path) -> None:
    """A project of ``classes`` classes under ``root``, package ``gen``."""
    package = root / "gen"
    package.mkdir(parents=True)
    (package / "Target.java").write_text(TARGET)
    (package / "Peers.java").write_text(PEERS)
    unrelated = max(0, classes - CHECKED)
    for start in range(0, unrelated, PER_FILE):
        bodies = [UNRELATED.format(i=i, j=(i + 1) % unrelated)
                  for i in range(start, min(start + PER_FILE, unrelated))]
        (package / f"Unrelated{start}.java").write_text("package gen;\n\n" + "\n".join(bodies))


def pytest_run(root: Path, extra: list[str]) -> tuple[float, Path]:
    """Run pytest with the plugin on ``root``: (wall seconds, JUnit report)."""
    report = root.parent / "report.xml"
    cmd = [sys.executable, "-m", "pytest", "--boundcheck", str(root), "-p", "no:cacheprovider",
           "-q", f"--junitxml={report}", *extra, str(root)]
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=root.parent, capture_output=True, text=True, check=False)
    if "--collect-only" not in extra and not report.exists():
        sys.exit(f"pytest wrote no report (exit {done.returncode}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return time.perf_counter() - start, report


def outcome(case: ET.Element) -> str:
    """An item's outcome as its JUnit test case records it."""
    skipped = case.find("skipped")
    if skipped is not None:
        return "xfailed" if skipped.get("type") == "pytest.xfail" else "skipped"
    return "failed" if case.find("failure") is not None else "passed"


def measure(classes: int) -> dict:
    """Collection time and the times of Target's items for a project of ``classes``."""
    with tempfile.TemporaryDirectory(prefix="boundcheck-scale-") as folder:
        root = Path(folder) / "src"
        generate(classes, root)
        collection, _ = pytest_run(root, ["--collect-only"])
        wall, report = pytest_run(root, ["-k", "Target.java and Target"])
        items = {case.get("name"): (float(case.get("time", 0)), outcome(case))
                 for case in ET.parse(report).getroot().iter("testcase")}
    seconds = [t for t, _ in items.values()]
    return {"classes": classes, "collection_wall": collection, "check_wall": wall,
            "items": len(items), "median": statistics.median(seconds) if seconds else None,
            "max": max(seconds, default=None), "sum_of_item_times": sum(seconds),
            "outcomes": {name: outcome for name, (_, outcome) in sorted(items.items())}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 1000, 10000],
                        metavar="N", help="numbers of classes (default: 10 1000 10000)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    runs = []
    print(f"{'classes':>8} {'collect s':>10} {'items':>6} {'median s':>9} {'max s':>7} "
          f"{'sum s':>7} {'run s':>7}")
    for n in args.sizes:
        run = measure(n)
        runs.append(run)
        print(f"{n:>8} {run['collection_wall']:>10.2f} {run['items']:>6} {run['median'] or 0:>9.3f} "
              f"{run['max'] or 0:>7.3f} {run['sum_of_item_times']:>7.2f} {run['check_wall']:>7.2f}",
              flush=True)
    if args.json:
        record.write(args.json, {"sizes": runs})


if __name__ == "__main__":
    main()
