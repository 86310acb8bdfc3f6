"""Ctrl-C stops a run at once, as in any pytest run, also while Z3 is solving: Z3 takes
SIGINT for itself during a check and answers "unknown", which must not read as a solver
giving up with the run going on. With xdist's workers too: the terminal sends SIGINT to
the controller and to every worker, and a worker that went on to its next item would
keep the run alive."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

# The number is prime: proving that no two factors under 2^32 make it takes Z3 far longer
# than the item's time limit, so each item below spends its time inside a Z3 check.
HARD = """\
    package p;
    public final class {name} {{
        private final long a;
        private final long b;
        public {name}(long a, long b) {{ this.a = a; this.b = b; }}
        private boolean factors() {{
            return a > 1 && b > 1 && a < 4294967296L && b < 4294967296L
                && a * b == 9223372036854775783L;
        }}
        @Override public boolean equals(Object o) {{
            if (!(o instanceof {name})) return false;
            {name} other = ({name}) o;
            return a == other.a || factors() && other.factors();
        }}
        @Override public int hashCode() {{ return (int) (a ^ (a >>> 32)); }}
    }}
    """
CLASSES = ("Hard1", "Hard2", "Hard3", "Hard4")

# Each process that runs an item (the run itself, or an xdist worker) writes its pid and the
# item's node id when the item starts: which items started, and which process to watch.
STARTED_LOG = """\
import os

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item):
    with open("started.txt", "a") as log:
        log.write(f"{os.getpid()} {item.nodeid}\\n")
"""


def _cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used: progress, unlike wall-clock time on a
    loaded machine."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _started(project: Path) -> list[tuple[int, str]]:
    """(pid, node id) of every item started so far."""
    log = project / "started.txt"
    lines = log.read_text().splitlines() if log.exists() else []
    return [(int(pid), nodeid) for pid, _, nodeid in (line.partition(" ") for line in lines)]


def _wait_until_solving(run: subprocess.Popen, project: Path, items: int) -> list[str]:
    """Wait until ``items`` items have started and each has had a CPU second (exploring
    these classes takes milliseconds of CPU: past a second into an item, its process is
    inside a Z3 check); the node ids of the items started then."""
    while len(_started(project)) < items and run.poll() is None:
        time.sleep(0.05)
    started = _started(project)
    assert len(started) == items, (started, run.poll())
    begun = {pid: _cpu_seconds(pid) for pid, _ in started}
    while any(_cpu_seconds(pid) < cpu + 1.0 for pid, cpu in begun.items()) and run.poll() is None:
        time.sleep(0.05)
    return [nodeid for _, nodeid in started]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc for CPU time")
@pytest.mark.parametrize("workers", [0, 2], ids=["serial", "xdist"])
def test_ctrl_c_while_z3_solves_stops_the_run(tmp_path, workers):
    for name in CLASSES:
        source = tmp_path / "src" / "p" / f"{name}.java"
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(textwrap.dedent(HARD.format(name=name)))
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # the root, whose conftest.py loads
    (tmp_path / "conftest.py").write_text(STARTED_LOG)
    xdist = ["-n", str(workers), "-p", "xdist"] if workers else []
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "--boundcheck", "src", "-v", "-p", "no:cacheprovider",
         "--boundcheck-timeout", "600", "-k", "transitive", *xdist],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True)
    try:
        solving = _wait_until_solving(run, tmp_path, max(workers, 1))
        os.killpg(run.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to the whole group
        out, _ = run.communicate(timeout=300)  # a guard against a run that never stops
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    text = out.decode(errors="replace")
    assert run.returncode == pytest.ExitCode.INTERRUPTED, text
    # Serially, stopped from the item: pytest's Ctrl-C message formats the arguments of every
    # frame below the one it names, and printing the solver's terms there took minutes.
    # (Under xdist the controller, waiting for its workers, is where the message points.)
    where = "pytest_boundcheck/plugin.py:" if not workers else "KeyboardInterrupt"
    assert where in text.partition("KeyboardInterrupt !!!")[2], text
    assert [nodeid for _, nodeid in _started(tmp_path)] == solving, "items started after Ctrl-C"
    later = [f"p.{name}::" for name in CLASSES if not any(f"p.{name}::" in i for i in solving)]
    assert later and not any(item in text for item in later), text
