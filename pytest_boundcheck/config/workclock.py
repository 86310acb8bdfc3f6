"""The clock a check's budget runs on: work done, counted the same on every machine.

A verdict that rests on wall-clock time changes with the machine and its load: a
violation found on an idle machine is a skip beside other processes. So every budget
that decides a verdict (the item's ``Bounds.timeout``, its phases' shares, each solver
query's limit) is counted on a ``WorkClock``, which advances only by work: the resource
units Z3 reports for each query (deterministic for one Z3 build, which is why the
project pins z3-solver), and a fixed number of units for each statement the executor
explores and each step of the engine's own work on formulas. Z3 counts units per context,
and not only in queries: simplifying, evaluating a model and a tactic's preprocessing
count too. So the clock also takes every increase of the units of the contexts it
``watch``es (the check's own, where exploring and path splitting simplify terms), read at
every ``SYNC_EVERY``-th reading of the clock (a count, so the same on every run). Its readings are in
*reference seconds*: units divided by ``EngineConfig.units_per_second``, the rate of
this kind of machine, so that budgets keep the sizes their measurements chose.

Wall-clock time is kept only as a safety net (``Bounds.wall_limit``): once it passes,
the clock raises ``WallLimitReached`` at its next reading, and the item is skipped
saying so, because that verdict would not be reproducible.
"""
from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable

import z3

SYNC_EVERY = 32  # readings of the clock between two readings of the watched contexts' units


class WallLimitReached(Exception):
    """The item's wall-clock safety net ran out before its work budget did."""

    def __init__(self, seconds: float):
        super().__init__(f"wall-clock safety net of {seconds:g} s reached")
        self.seconds = seconds


class WorkClock:
    """One item's work, in units; ``now()`` in reference seconds. ``step_units``: what
    one step of the engine's own work counts (a statement or expression explored, a
    constraint rewritten), for the work Z3 does not count."""

    def __init__(self, units_per_second: int, step_units: int, wall_limit: float = math.inf):
        self.units_per_second, self.step_units = units_per_second, step_units
        self.units = 0
        self.wall_limit = wall_limit
        self._wall_end = time.monotonic() + wall_limit
        self._watched: list[list] = []  # [read the units counted so far, units taken]
        self._readings = 0

    def watch(self, counted: Callable[[], int]) -> None:
        """Take every increase of ``counted`` (a running count of units, such as a Z3
        context's, ``context_units``) as work done, from now on."""
        self._watched.append([counted, counted()])

    @contextlib.contextmanager
    def watching(self, counted: Callable[[], int]):
        """``watch`` ``counted`` while in the block, and take its last increase at its end
        (the count's context may then go)."""
        self.watch(counted)
        try:
            yield
        finally:
            self.sync()
            self._watched = [w for w in self._watched if w[0] is not counted]

    def sync(self) -> None:
        """Take what the watched counts rose by since the last look."""
        for watched in self._watched:
            counted = watched[0]()
            self.units += counted - watched[1]
            watched[1] = counted

    def now(self) -> float:
        """The work done so far, in reference seconds (the watched counts looked at every
        ``SYNC_EVERY`` readings); ``WallLimitReached`` once the safety net has run out."""
        self._readings += 1
        if self._readings % SYNC_EVERY == 0:
            self.sync()
        self.check_wall()
        return self.units / self.units_per_second

    def spend(self, units: int) -> None:
        """Count ``units`` of work done (then look at the safety net, as ``now`` does)."""
        self.units += units
        self.check_wall()

    def step(self, steps: int = 1) -> None:
        """Count ``steps`` steps of the engine's own work."""
        self.spend(steps * self.step_units)

    def units_in(self, seconds: float) -> int:
        """Reference seconds as units (at least 1: Z3 takes 0 for no limit)."""
        return max(1, int(seconds * self.units_per_second))

    def wall_left_ms(self) -> int:
        """Milliseconds left of the safety net, for a Z3 query's ``timeout`` (at least 1):
        the query then ends by the net at the latest, and ``spend`` raises after it."""
        if self.wall_limit == math.inf:
            return 0
        return max(1, int((self._wall_end - time.monotonic()) * 1000))

    def check_wall(self) -> None:
        if time.monotonic() > self._wall_end:
            raise WallLimitReached(self.wall_limit)


def context_units(ctx: z3.Context) -> Callable[[], int]:
    """The running count of Z3's resource units in ``ctx``, for ``WorkClock.watch``. Z3
    keeps it per context, and any solver of the context reports it among its statistics:
    one that never asks anything reads it, through Z3's C API (the Python layer's
    ``statistics()`` builds a dictionary of every figure, several times slower)."""
    solver = z3.Solver(ctx=ctx)
    ref = ctx.ref()

    def counted() -> int:
        stats = z3.Z3_solver_get_statistics(ref, solver.solver)
        z3.Z3_stats_inc_ref(ref, stats)
        try:
            for i in range(z3.Z3_stats_size(ref, stats)):
                if z3.Z3_stats_get_key(ref, stats, i) == "rlimit count":
                    return z3.Z3_stats_get_uint_value(ref, stats, i)
            return 0
        finally:
            z3.Z3_stats_dec_ref(ref, stats)

    return counted
