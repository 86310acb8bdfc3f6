"""The engine's budgets and time shares: one frozen object, apart from the user's bounds.

Bounds (``config.bounds``) say what a check covers (loop unrolls, objects, lengths) and
the user sets them. These knobs say how the engine spends its effort on a check; users
do not set them, and a verdict within the same bounds does not depend on them but
through what the engine can decide in its time. Each field says what it trades off; the
measurements that chose its value are in ``docs/dev/tuning.md``. Tests make variants with
``dataclasses.replace`` instead of patching modules.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields

import z3

from pytest_boundcheck.config.workclock import WorkClock, context_units

_SHARES = ("exact_share", "own_classes_share", "bounds_set_share", "explore_share",
           "report_share", "reach_share", "core_share", "split_share", "arithmetic_share",
           "without_bit_blasting_share")


@dataclass(frozen=True)
class EngineConfig:
    # ----------------------------------------------------------- exploring (symex)
    # solver units for one question of whether a path can be taken: more decides more
    # paths (fewer explored needlessly) but each question may cost up to this
    feasibility_rlimit: int = 100_000
    # undecided feasibility questions in a row after which one asker (a call's dispatch,
    # a loop) stops asking: fewer wastes less on a formula the oracle cannot decide
    oracle_misses: int = 4
    # classes with their own code for a call on an object made from field values at
    # which the call is taken as an unknown deterministic function, not followed into each:
    # lower is faster on wide hierarchies, but verdicts rest on more assumptions
    summary_fanout: int = 6
    # implementations, among all the classes of the objects a contract is checked on, of
    # a floating-point method at which its calls on them are functions (as above)
    summary_wide: int = 12
    # calls in a row whose classes simplifying the path ruled none out, after which a
    # check stops simplifying; and once asked of that many, it goes on only while it rules
    # out one call in ``ruled_out_ratio``: simplifying is cheap where it helps, costly where not
    ruled_out_misses: int = 200
    ruled_out_ratio: int = 10
    # object fields that the states of a check's paths may hold copies of, joined paths'
    # and exceptions' together: a size measure of the check (fields times objects times
    # branches) that caps its memory the same on every machine; past it, the paths end as
    # at a construct the engine does not model (a skip, never a crash of the process)
    held_fields: int = 4_000_000
    # ------------------------------------------------------------- making objects
    # number the objects made from field values in a canonical order (``symex.symmetry``),
    # so that the solver explores one heap of each class of renamings, not all N! of them.
    # It loses no heap (docs/dev/symmetry.md), so a verdict changes only where the check
    # now decides within its budget what it did not; off only to test that
    symmetry_breaking: bool = True
    # levels of objects built as constructor arguments; deeper reference arguments are null
    max_nesting: int = 2
    # project classes a constructor argument may have beyond which its objects are made
    # from field values (building each class's objects by constructors grows too fast)
    wide_argument: int = 4
    # statements that making one object may take, and all of a check's objects together;
    # past them, objects are made from field values (a superset: a pass still holds, a
    # violation is a possible one)
    build_steps: int = 1_500
    making_steps: int = 6_000
    # ------------------------------------------------------ a check's time (engine)
    # shares of the item's time limit. ``exact_share``: exploring every call's code, after
    # which a check starts again trusting the contracts of project classes outside the
    # hierarchy under test. ``own_classes_share``: a first check with the other objects of
    # the receiver's own classes. ``bounds_set_share``: the check within the bounds set,
    # where one within smaller bounds could follow. ``explore_share``: by when that check
    # must have explored the code. ``report_share``: kept at the end for writing the
    # result. ``reach_share``: at most, telling which bounds a passing check reached.
    exact_share: float = 0.8
    own_classes_share: float = 0.3
    bounds_set_share: float = 0.75
    explore_share: float = 0.6
    report_share: float = 0.04
    reach_share: float = 0.1
    # ------------------------------------------------------------- solving (solve)
    # Z3's memory, per process (past it Z3 aborts the process, so queries whose
    # floating-point arithmetic would take more are not asked: ``blast_budget_mb``)
    memory_limit_mb: int = 4_096
    blast_budget_mb: int = 600
    # solver units a query may take before it is split by object choices, or a case asked
    # again with a model's values pinned
    split_rlimit: int = 300_000
    # units Z3's SMT core gets first on a query with a unit limit; on one with a time
    # limit, at least that and ``core_share`` of the time (the core decides at once what
    # the default solver's preprocessing takes seconds on, and the reverse)
    core_rlimit: int = 200_000
    core_share: float = 0.15
    # Z3's resource units per second of solving on this kind of machine, roughly: the rate
    # of the work clock (``config.workclock``), which turns every time share into units, and
    # a check's work budget (``Bounds.timeout``, in seconds of work) into units
    units_per_second: int = 4_500_000
    # units one step of the engine's own work counts on the item's work clock (a statement
    # or expression explored, a constraint rewritten): about its time at ``units_per_second``
    # (an explored statement takes some 30 microseconds)
    step_units: int = 150
    # units a solver query counts besides those Z3 reports for it: making its context
    # (``query_units``), and translating its terms into it and asserting them
    # (``node_units`` a term of the translation), which Z3 does not count, but which take
    # longer than its count says on the many small queries of path splitting
    query_units: int = 10_000
    node_units: int = 60
    # units for asking whether the constraints alone hold together
    consistency_rlimit: int = 3_000_000
    # of the time left, what splitting a query may take before it is asked whole
    split_share: float = 0.4
    # seconds the query without floating point may take (a weaker question, decided fast
    # when it is decided at all)
    weaker_seconds: float = 0.6
    # of the time planned, and at most in seconds, what the question with the weaker
    # model's values pinned but the arithmetic's operands may take
    arithmetic_share: float = 0.4
    arithmetic_seconds: float = 1.0
    # of the time left, what a case too large to bit-blast may take without its arithmetic
    without_bit_blasting_share: float = 0.5
    # paths of a goal beyond which it is not looked at for results required to differ,
    # and pairs of subterms beyond which a path is left whole
    apart_paths: int = 256
    apart_cases: int = 32
    # a choice among this many objects or fewer is split at once (harness parameters)
    eager_split: int = 24
    # undecided whole-query tries at one level of splitting after which the level's other
    # cases are split without asking whole first
    split_tries: int = 2
    # --------------------------------------------------- minimising a counterexample
    # queries, undecided queries in a row, units per query, and units in all however
    # quickly the violation was found: the same counterexample on every run, read better
    # with more, found later
    minimise_queries: int = 24
    minimise_undecided: int = 3
    minimise_rlimit: int = 1_000_000
    minimise_floor: int = 3_000_000
    # ----------------------------------------------------------------- replay
    # seconds a reproducer may run on the JVM before it is reported as not replayed
    replay_seconds: int = 20

    def work_clock(self, wall_limit: float = math.inf, watched: z3.Context | None = None) -> WorkClock:
        """A fresh work clock at this configuration's rates (``config.workclock``), that
        counts the Z3 units of the context ``watched`` too, if any: those of the check's
        context, which its exploration and solver share, the one that makes it watches."""
        clock = WorkClock(self.units_per_second, self.step_units, wall_limit)
        if watched is not None:
            clock.watch(context_units(watched))
        return clock

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _SHARES:
                if not 0 <= value <= 1:
                    raise ValueError(f"{f.name} is a share of a time: {value} is not within 0 and 1")
            elif not isinstance(value, bool) and value <= 0:  # a switch may be off
                raise ValueError(f"{f.name} must be more than 0, not {value}")


DEFAULT = EngineConfig()
