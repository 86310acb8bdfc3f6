"""One (class, contract) check end to end, without pytest, on the item's time limit.

An item (of any contract but the compareTo ones) whose other objects may be of many
classes besides the receiver's is first asked with them of the receiver's own classes
(``own_classes``), for a share of its time: a violation among those objects is one of the
item's. Where exploring their code did not end in that share, and the whole check would
have no longer to explore it and more, the whole check is not begun.

A check undecided within the bounds set (exploring or solving ran out of its share of the
time limit) is done again within smaller bounds (``Bounds.smaller``), in the rest of the
time limit; its verdict says that it holds of those smaller bounds, and why. The time limit
is the item's, all of it: an item ends within it, but for minimising and writing a
counterexample found at its end. ``verdict.check_on`` runs one check within some bounds;
the shares of the time limit are ``config.tuning``'s.

The time limit is work, not wall-clock time: seconds on the item's work clock
(``config.workclock``), so that a verdict is the same on any machine under any load. A
wall-clock safety net (``Bounds.wall_seconds``) stops an item whose work the clock does
not count; that item is skipped, saying its verdict would not be reproducible.
"""
from __future__ import annotations

import ctypes
import gc

import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT, EngineConfig
from pytest_boundcheck.config.workclock import WallLimitReached
from pytest_boundcheck.engine.result import (
    AbstractWithoutSubclass,
    CheckResult,
    Found,
    OwnClassesOnly,
    SafetyNetReached,
    SolverFailed,
    Unsupported,
    UnsupportedReached,
    WithinSmaller,
    undecided,
)
from pytest_boundcheck.engine.verdict import Schedule, check_on
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.location import Location
from pytest_boundcheck.frontend.types import ClassInfo
from pytest_boundcheck.harness.applicable import joins_universe, receiver_types
from pytest_boundcheck.harness.contracts import Contract
from pytest_boundcheck.harness.domains import own_classes, parameter_domains
from pytest_boundcheck.harness.jmlchecks import JmlCheck, jml_domains
from pytest_boundcheck.solve.solver import configure_z3


def run_check(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
              universe: list[ClassInfo], config: EngineConfig = DEFAULT) -> CheckResult:
    """One check; a solver failure (Z3 out of memory, say) skips it, saying so, and frees
    what the check held before the next one starts (Z3's memory limit is per process); so
    does reaching the wall-clock safety net, whose verdict would not be reproducible."""
    configure_z3(config)
    bounds = bounds.for_item(isinstance(contract, JmlCheck))
    try:
        detail, timings = _run_check(program, cls, contract, bounds, universe, config)
        return CheckResult(cls.fqname, contract.id, detail, timings)
    except z3.Z3Exception as e:
        message = e.value.decode() if isinstance(e.value, bytes) else str(e.value)
        failed = CheckResult(cls.fqname, contract.id, SolverFailed(message, bounds))
    except WallLimitReached as e:
        failed = CheckResult(cls.fqname, contract.id, SafetyNetReached(e.seconds, bounds))
    except (RecursionError, ctypes.ArgumentError) as e:
        # the executor stops at code nested deeper than it evaluates (``NESTING_LIMIT``);
        # any other walk over code this deep costs this item only (inside a call to Z3,
        # ctypes reports Python's RecursionError as an ArgumentError)
        if "RecursionError" not in repr(e):
            raise
        where = Location(cls.path, cls.decl.line if cls.decl else 0)
        failed = CheckResult(cls.fqname, contract.id, UnsupportedReached(
            (Unsupported("code nested too deeply to check", where),)))
    gc.collect()  # the failed check's solver terms, in reference cycles, hold Z3's memory
    return failed


def _run_check(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
               universe: list[ClassInfo], config: EngineConfig):
    if not receiver_types(program, cls):
        return AbstractWithoutSubclass(cls.simple_name), {}
    if joins_universe(program, cls, universe):
        universe = universe[:-2] + [cls] + universe[-2:]  # (String and Object stay last)
    domains = (jml_domains(program, contract, cls, universe) if isinstance(contract, JmlCheck)
               else parameter_domains(program, contract, cls, universe))
    # the safety net starts now: the first item of a run makes the project's tables of which
    # classes each equals accepts (seconds, on a large project), and an item run alone
    # would otherwise have less of it than it has in the whole run
    clock = config.work_clock(bounds.wall_seconds())
    start = clock.now()
    end = start + bounds.timeout * (1 - config.report_share)
    smaller = bounds.smaller()
    check = (program, cls, contract)
    if smaller == bounds:
        return _check_within(*check, bounds, universe, domains,
                             Schedule(clock, start, start + bounds.timeout, end, end), config)
    # planned as if it had the whole time limit, so that it finds by its cut what it would
    # find in that time: planned for less, the solver's phases are shorter and it finds
    # less, even early (docs/dev/tuning.md)
    detail, timings = _check_within(*check, bounds, universe, domains, Schedule(
        clock, start, start + bounds.timeout, start + bounds.timeout * config.explore_share,
        start + bounds.timeout * config.bounds_set_share), config)
    if not undecided(detail):
        return detail, timings
    gc.collect()  # the undecided check's terms, before the next check makes its own
    within_smaller, smaller_timings = _check_within(*check, smaller, universe, domains,
                                                    Schedule(clock, start, end, end, end), config)
    return (WithinSmaller(detail, within_smaller),
            {"bounds set": sum(timings.values()), **smaller_timings})


def _check_within(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
                  universe: list[ClassInfo], domains, schedule: Schedule, config: EngineConfig):
    """The check within ``bounds`` on its ``schedule``, with objects of the receiver's own
    classes first where the others may be of many (``own_classes``): (detail, timings)."""
    clock = schedule.clock
    start = clock.now()
    own = None if isinstance(contract, JmlCheck) else own_classes(contract, domains)
    if own is None:
        return check_on(program, cls, contract, bounds, universe, domains, schedule, config)
    first_end = start + (schedule.planned - start) * config.own_classes_share
    first_explored = min(first_end, schedule.explored)
    first, _ = check_on(program, cls, contract, bounds, universe, own, Schedule(
        clock, schedule.began, first_end, first_explored, min(first_end, schedule.cut),
        schedule.cut), config,
        may_trust=False, violations_only=True)
    if isinstance(first, Found):
        return first, _
    now = clock.now()
    spent = now - start
    if undecided(first) == "exploring" and schedule.explored - now <= first_explored - start:
        # so within the bounds set: 0.3 of the time limit to explore, then until 0.6
        others = " and ".join(d.name for d in own[1:])
        return OwnClassesOnly(first, others, cls.simple_name), {"own classes": spent}
    detail, timings = check_on(program, cls, contract, bounds, universe, domains, schedule, config)
    return detail, {"own classes": spent, **timings}
