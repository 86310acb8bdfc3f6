"""Ctrl-C stops a run at once, as in any pytest run, also while Z3 is solving: Z3 takes
SIGINT for itself during a check and answers "unknown", which must not read as a solver
giving up with the run going on."""
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
CLASSES = ("Hard1", "Hard2")
SOLVING = "p.Hard1::equals-transitive "  # the first item, whose check is Z3's for its time limit


def _cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used: progress, unlike wall-clock time on a
    loaded machine."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _read_until(run: subprocess.Popen, wanted: str, out: list[str]) -> None:
    """Read the run's output into ``out`` until ``wanted`` appears (or the run ends)."""
    while wanted not in "".join(out):
        chunk = os.read(run.stdout.fileno(), 4096)
        if not chunk:
            return
        out.append(chunk.decode(errors="replace"))


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc for CPU time")
def test_ctrl_c_while_z3_solves_stops_the_run(tmp_path):
    for name in CLASSES:
        source = tmp_path / "src" / "p" / f"{name}.java"
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(textwrap.dedent(HARD.format(name=name)))
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "--boundcheck", "src", "-v", "-p", "no:cacheprovider",
         "--boundcheck-timeout", "600", "-k", "transitive or hashcode"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True)
    out: list[str] = []
    try:
        _read_until(run, SOLVING, out)
        assert SOLVING in "".join(out), "".join(out)
        # exploring this class's code takes milliseconds of CPU: past a CPU second into
        # the item, the run is inside a Z3 check
        started = _cpu_seconds(run.pid)
        while _cpu_seconds(run.pid) < started + 1.0 and run.poll() is None:
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to the whole group
        rest, _ = run.communicate(timeout=300)  # a guard against a run that never stops
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    text = "".join(out) + rest.decode(errors="replace")
    assert run.returncode == pytest.ExitCode.INTERRUPTED, text
    assert "KeyboardInterrupt" in text
    assert "p.Hard1::hashcode-consistent" not in text and "p.Hard2::" not in text
