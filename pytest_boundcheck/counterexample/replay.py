"""Replay: run a counterexample's reproducer on a real JVM before reporting it.

One JVM per session (``java/Replay.java``, started with Java's source launcher)
compiles the project's sources once, then compiles and runs each reproducer's main
program in a fresh class loader. This runs the project's code, so it happens only
when asked for (``--boundcheck-replay``).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.counterexample.repro import Reproducer

SERVER = Path(__file__).parent / "java" / "Replay.java"


@dataclass(frozen=True)
class Replayed:
    verdict: str  # confirmed | disagree | not-replayed
    detail: str


class Replayer:
    def __init__(self, sources: list[Path], classpath: list[Path] = (),
                 run_seconds: int = DEFAULT.replay_seconds):
        """``classpath``: the jars and class directories the sources need besides the JDK;
        ``run_seconds``: how long a reproducer may run before it is reported as not replayed."""
        self.sources = sources
        self.run_seconds = run_seconds
        self.classpath = [str(p) for p in classpath]
        self._work: Path | None = None
        self._process: subprocess.Popen | None = None
        self._unavailable: str | None = None
        self.java_version = ""
        self._count = 0

    def replay(self, repro: Reproducer, expected: str) -> Replayed:
        """Run ``repro``'s main; the violation is confirmed when it throws ``expected``
        (the simple name of the exception the engine found escaping the contract)."""
        reason = self._ready()
        if reason is not None:
            return Replayed("not-replayed", reason)
        self._count += 1
        out = self._work / f"repro{self._count}"
        sources = [p for p in repro.write(out) if not p.name.endswith("Test.java")]
        compiled = self._ask("COMPILE", str(out), self._path(self._work / "classes"),
                             *map(str, sources))
        if compiled[0] != "OK":
            return Replayed("not-replayed", f"the reproducer does not compile: {compiled[-1]}")
        answer = self._ask("RUN", self._path(out, self._work / "classes"), repro.main_class,
                           str(self.run_seconds))
        if answer[0] == "THREW" and answer[1].rpartition(".")[2] == expected:
            return Replayed("confirmed", f"confirmed on the JVM (java {self.java_version}): "
                                         f"{answer[1]}: {answer[2]}")
        if answer[0] == "TIMEOUT":
            return Replayed("not-replayed", f"the reproducer ran longer than {self.run_seconds} s")
        seen = "the contract held" if answer[0] == "RETURNED" else f"{answer[1]}: {answer[2]}"
        return Replayed("disagree", f"the engine and the JVM disagree: the engine found "
                                    f"{expected}, the JVM (java {self.java_version}) says {seen}")

    def close(self) -> None:
        if self._process is not None:
            self._process.stdin.close()
            self._process.wait(timeout=10)
            self._process = None
        if self._work is not None:
            shutil.rmtree(self._work, ignore_errors=True)

    def _ready(self) -> str | None:
        """Start the JVM and compile the project, once; the reason if that cannot be done."""
        if self._process is not None or self._unavailable is not None:
            return self._unavailable
        java = shutil.which("java")
        if java is None:
            self._unavailable = "no java on PATH"
            return self._unavailable
        self._work = Path(tempfile.mkdtemp(prefix="boundcheck-replay-"))
        self._process = subprocess.Popen([java, str(SERVER)], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, encoding="utf-8")
        ready = self._process.stdout.readline().rstrip("\n").split("\t")
        if ready[0] != "READY":
            self._unavailable = "the replay JVM did not start"
            return self._unavailable
        self.java_version = ready[1]
        compiled = self._ask("COMPILE", str(self._work / "classes"), self._path(self._work),
                             *map(str, self.sources))
        if compiled[0] != "OK":
            given = "with the --boundcheck-classpath given" if self.classpath else \
                "alone (give their dependencies with --boundcheck-classpath)"
            self._unavailable = f"the project's sources do not compile {given}: {compiled[-1]}"
        return self._unavailable

    def _path(self, *first: Path) -> str:
        """A class path: ``first``, then the project's dependencies."""
        return os.pathsep.join([*map(str, first), *self.classpath])

    def _ask(self, *request: str) -> list[str]:
        self._process.stdin.write("\t".join(request) + "\n")
        self._process.stdin.flush()
        return self._process.stdout.readline().rstrip("\n").split("\t")
