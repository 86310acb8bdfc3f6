"""One check on given objects, end to end: harness -> symex -> solve -> counterexample.

The verdict follows from three questions to the solver, in this order:
1. can a violation happen on a path that the engine models completely?
   yes -> a violation, with a counterexample (the path never touched anything unmodelled);
2. otherwise, can a path reach something the engine does not model?
   yes -> skipped, naming the construct and its file:line;
3. otherwise -> passed; if a path could run past a bound, the pass says where; but if
   a call the harness makes is reached and no execution finishes it (returning or
   throwing: every path into it was cut), its contract was never evaluated, and it is a
   skip saying what cut those paths.
"""
from __future__ import annotations

from dataclasses import dataclass

import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import EngineConfig
from pytest_boundcheck.config.workclock import WorkClock, context_units
from pytest_boundcheck.counterexample import render as counterexample
from pytest_boundcheck.engine import wiring
from pytest_boundcheck.engine.result import (
    Assumption,
    Bound,
    CheckBounds,
    ExploringUnfinished,
    Found,
    Held,
    NoObjectMade,
    NothingChecked,
    NothingFinished,
    SolverGaveUp,
    Unsupported,
    UnsupportedReached,
)
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.types import ClassInfo
from pytest_boundcheck.harness.applicable import hierarchy
from pytest_boundcheck.harness.contracts import Contract
from pytest_boundcheck.solve import minimise
from pytest_boundcheck.solve.solver import Answer, Solver, new_context
from pytest_boundcheck.symex import collections as collections_model
from pytest_boundcheck.symex.objects import ObjectMaker, Unbuildable
from pytest_boundcheck.symex.record import Exploration, hand_on
from pytest_boundcheck.symex.state import Event, HarnessCall, OutOfTime
from pytest_boundcheck.symex.values import Ref, mk_and, mk_not, mk_or


@dataclass(frozen=True)
class Schedule:
    """When a check's phases end, in seconds of work on the item's ``clock``
    (``config.workclock``): the same on every machine, however loaded."""
    clock: WorkClock
    began: float     # when the item began: its time limit counts from then
    planned: float   # the end the check plans its phases for (splitting, the solver's budgets)
    explored: float  # by when exploring the code must end
    cut: float       # when the check ends, decided or not
    # when the re-check of whose code a violation it found breaks the contract must end:
    # ``cut``, or later for a first check whose violation ends the item (``_blamed_elsewhere``)
    blame_cut: float | None = None


@dataclass
class Explored:
    """An exploration's record, and the seconds it explored exactly before it trusted
    (``Executor.keyed``)."""
    record: Exploration
    exact: float


def check_on(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
             universe: list[ClassInfo], domains, schedule: Schedule, config: EngineConfig,
             may_trust: bool = True, violations_only: bool = False):
    """The check on the harness parameters' ``domains`` on its ``schedule``: (detail,
    timings, in seconds of work). It explores exactly for ``config.exact_share`` of the
    time planned, then trusting in the rest of the time to explore if it must and
    ``may_trust`` (else exactly all that time). Its terms are made in a context of its
    own, whose Z3 units (exploring's and splitting's simplifications, the feasibility
    questions) count on the clock. ``violations_only``: a first check, after which a
    whole one follows unless it finds a violation, so without one it ends there, a
    ``Held`` that asks nothing more (whether objects are made, which bounds are reached):
    the whole check asks that, and the time is its."""
    ctx = new_context(config)
    with schedule.clock.watching(context_units(ctx)):
        return _check_on(program, cls, contract, bounds, universe, domains, schedule, config,
                         may_trust, violations_only, ctx)


def _check_on(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
              universe: list[ClassInfo], domains, schedule: Schedule, config: EngineConfig,
              may_trust: bool, violations_only: bool, ctx: z3.Context):
    clock = schedule.clock
    start = clock.now()
    try:
        run = _explore_in_time(program, cls, contract, bounds, universe, ctx, domains, schedule,
                               config, may_trust)
    except OutOfTime as e:
        return ExploringUnfinished(schedule.explored - schedule.began, bounds.timeout, e.args[0],
                                   bounds), {"build": clock.now() - start}
    except Unbuildable as e:
        return NoObjectMade(cls.simple_name, str(e)), {"build": clock.now() - start}
    record = run.record
    built = clock.now()
    timings = {"build": built - start}
    solver = Solver(ctx, max(0.0, schedule.cut - built), record.constraints, record.selectors,
                    eager={d.name for d in domains} | record.split_early, lazy=record.lazy,
                    whole=record.whole,
                    planned=schedule.planned - built, config=config, clock=clock)
    answer = _violating(solver, record, record.goal)
    timings["solve"] = clock.now() - built
    if answer.verdict == "sat":
        blamed = _blamed_elsewhere(program, cls, contract, bounds, universe, ctx, domains,
                                   schedule, config, record)
        found = _found(run, solver, answer, contract, domains, bounds, schedule, cls.package,
                       blamed)
        timings["minimise"] = clock.now() - built - timings["solve"]
        return found, timings
    if answer.verdict == "unknown":
        return SolverGaveUp(answer.reason, timings["solve"], bounds.timeout,
                            within(bounds, record)), timings
    if violations_only:
        return Held(within(bounds, record), record.made), timings
    detail = _without_violation(run, solver, ctx, domains, bounds, schedule, config)
    timings["solve"] = clock.now() - built
    return detail, timings


def _explore_in_time(program, cls, contract, bounds, universe, ctx, domains, schedule: Schedule,
                     config: EngineConfig, may_trust: bool) -> Explored:
    """Explore exactly; where that runs out of its share and trusting is allowed, again
    trusting in the rest of the time to explore (``OutOfTime`` past that)."""
    clock = schedule.clock
    start = clock.now()
    exploring = schedule.explored - start
    exact = min(exploring, (schedule.planned - start) * config.exact_share) if may_trust \
        else exploring
    try:
        return _explore(program, cls, contract, bounds, universe, ctx, domains, exact, False,
                        config, exact, clock)
    except OutOfTime:
        if exact == exploring:  # no time left to trust in
            raise
    left = schedule.explored - clock.now()
    return _explore(program, cls, contract, bounds, universe, ctx, domains, left, True, config,
                    exact, clock)


def _explore(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
             universe: list[ClassInfo], ctx: z3.Context, domains, seconds: float, trusting: bool,
             config: EngineConfig, exact: float, clock: WorkClock) -> Explored:
    """Run the contract's harness."""
    family = hierarchy(program, cls)
    ex = wiring.executor(program, bounds, ctx, universe, frozenset(family), seconds, trusting,
                         config, clock)
    ex.project_asserts = contract.family == "jml"  # a JML check runs as ``java -ea`` does
    ex.traced = getattr(contract, "target", None)  # a JML check's path through its method
    maker = ObjectMaker(ex, bounds, family)
    refs: list[Ref] = []

    def make_args(state):
        made, state = maker.parameters(state, domains)
        refs.extend(made)
        ex.arguments.update(o for r in made if isinstance(r, Ref) for o in r.targets
                            if o is not None)
        return made, state
    thrown = ex.run(contract.method, make_args)
    return Explored(hand_on(ex, maker, refs, thrown), exact)


def _blamed_elsewhere(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
                      universe: list[ClassInfo], ctx: z3.Context, domains, schedule: Schedule,
                      config: EngineConfig, record: Exploration) -> tuple[str, ...]:
    """The project classes whose own code breaks the contracts of equals, hashCode or
    compareTo where the violation an exact check found needs it to: none, unless the check
    done again with the objects of the project classes outside the hierarchy under test
    that are no argument of the harness taken to obey those contracts (trusting,
    ``Executor.keyed``) finds no violation on any path it models completely. Such a
    violation is those classes' own (an ``equals`` without a ``hashCode``, in a field of
    the class under test), which their items report: ``C``'s code holds whenever theirs
    does. Undecided in the time left to explore and solve, no class is blamed."""
    family = hierarchy(program, cls)
    if contract.family == "jml" or record.trusted or not any(
            o.cls.is_project and o.cls.kind in ("class", "record") and o.cls not in family
            and not o.opaque for o in record.objects):
        return ()
    clock = schedule.clock
    cut = schedule.blame_cut or schedule.cut
    # half of what is left of the check's time (of a first check among the receiver's own
    # classes, the time the whole check would have had); the rest for the counterexample
    left = (cut - clock.now()) / 2
    if left <= 0:
        return ()
    try:
        trusting = _explore(program, cls, contract, bounds, universe, ctx, domains, left, True,
                            config, 0.0, clock).record
    except (OutOfTime, Unbuildable):
        return ()
    if not trusting.trusted or trusting.stuck:
        return ()
    solver = Solver(ctx, max(0.0, (cut - clock.now()) / 2), trusting.constraints,
                    trusting.selectors, eager={d.name for d in domains} | trusting.split_early,
                    lazy=trusting.lazy, whole=trusting.whole, config=config, clock=clock)
    return trusting.trusted if solver.check(trusting.goal).verdict == "unsat" else ()


def _violating(solver: Solver, record: Exploration, violation: z3.BoolRef) -> Answer:
    """Is there a violation? Where one rests on objects the program may never make, or on
    results of calls taken as unknown functions, one without them is looked for; failing
    that, one whose objects the program's code makes (a constructor that calls a method
    without a model makes them with its results) through the public API (not a member
    only the project's code calls, ``reachable.hook``), rather than objects with any
    field values; failing that, one whose objects made from field values hold no null
    field (which constructors seldom allow). Then, likewise, one without a null a caller passed
    (``Bounds.null_fields``). What the answer holds to is kept while minimising."""
    answer = solver.check(violation)
    if answer.verdict != "sat":
        return answer
    made = record.as_the_program_makes()
    computed = mk_and(made, *[mk_not(use.guard) for uses in record.functions.values() for use in uses])
    for preferred in (computed, made, mk_not(record.null_fields)):
        if z3.is_true(answer.model.eval(preferred, model_completion=True)):
            answer.case.append(preferred)
            return _without_caller_nulls(solver, record, mk_and(violation, preferred), answer)
        confirmed = solver.check(mk_and(violation, preferred))
        if confirmed.verdict == "sat":
            return _without_caller_nulls(solver, record, mk_and(violation, preferred), confirmed)
    return _without_caller_nulls(solver, record, violation, answer)


def _without_caller_nulls(solver: Solver, record: Exploration, violation: z3.BoolRef,
                          answer: Answer) -> Answer:
    """Where the violation in ``answer`` rests on a null a caller passed (the null policy),
    the same ``violation`` without one, if there is any: that is the finding then."""
    if not record.caller_null(answer.model):
        return answer
    without = solver.check(mk_and(violation, record.without_caller_nulls()))
    return without if without.verdict == "sat" else answer


def _found(run: Explored, solver: Solver, answer: Answer, contract: Contract, domains,
           bounds: Bounds, schedule: Schedule, package: str, blamed: tuple[str, ...]) -> Found:
    record = run.record
    model = minimise.small_model(solver, answer, record.inputs, record.texts)
    seconds = schedule.clock.now() - schedule.began
    found, shown = counterexample.render(record, model, contract.summary,
                                         [(d.name, r) for d, r in zip(domains, record.arguments)],
                                         package)
    unconfirmed = "; ".join(filter(None, [
        record.unconfirmed(model), _trusted(record, run.exact), _library_parts(record, shown),
        _functions(record, model)]))
    return Found(found, within(bounds, record), record.made, assumptions(record, run.exact),
                 seconds, unconfirmed, contract.advisory, null_cause=record.caller_null(model),
                 blamed_on=blamed)


def _without_violation(run: Explored, solver: Solver, ctx: z3.Context, domains, bounds: Bounds,
                       schedule: Schedule, config: EngineConfig):
    """No violation: a pass holds of the objects the check can make, so are there any?
    Asked briefly, as is which bounds were reached; undecided, the pass says so. Where
    an execution reaches something not modelled, it is a skip."""
    record = run.record
    made = Answer("unsat") if record.start is None else solver.reached(
        record.start, _reach_deadline(bounds, schedule, config))
    if made.verdict == "unsat":
        return NothingChecked(within(bounds, record), record.made)
    params = [(d.name, r) for d, r in zip(domains, record.arguments)]
    stuck = _unsupported_reached(solver, ctx, record, params)
    if stuck is not None:
        return stuck
    places, reach_undecided = _bounds_reached(
        solver, ctx, record.cuts, _reach_deadline(bounds, schedule, config))
    call, finish_undecided = _never_finished(solver, record, places,
                                             _reach_deadline(bounds, schedule, config))
    if call is not None:
        return NothingFinished(within(bounds, record), record.made, call.text,
                               tuple(b for b in places if _in_call(b, call)) or places)
    reach_undecided = "; ".join(filter(None, [reach_undecided, finish_undecided]))
    return Held(within(bounds, record), record.made, assumptions(record, run.exact),
                made.reason if made.verdict == "unknown" else "", places, reach_undecided)


def _reach_deadline(bounds: Bounds, schedule: Schedule, config: EngineConfig) -> float:
    """Until when a passing check may ask which bounds it reached: briefly, and within
    the item's time limit."""
    return min(schedule.clock.now() + bounds.timeout * config.reach_share,
               schedule.began + bounds.timeout * (1 - config.report_share))


def within(bounds: Bounds, record: Exploration) -> CheckBounds:
    """The bounds, with those of arrays, collections and strings where the check met them."""
    return CheckBounds(bounds, record.met_arrays, collections_model.met(record.objects),
                       record.string_bounds)


def assumptions(ex: Exploration, exact: float) -> tuple[Assumption, ...]:
    """What the result rests on besides the code: classes taken to obey their contracts
    (without source, or, in a trusting check, project classes whose code took too long),
    calls taken as deterministic functions, fields a constructor leaves null taken to be set
    before use (``Bounds.null_fields`` off), and non-final static fields taken as a fresh
    JVM has them (a lazy cache empty)."""
    found = []
    if ex.assumed:
        found.append(Assumption("contracts", ex.assumed, trusted_after=exact if ex.trusted else None))
    without_code = [call for call in ex.functions if call not in ex.summarised]
    raising: dict[tuple[str, ...], list[str]] = {}  # documented exceptions -> the calls
    for call in without_code:
        raising.setdefault(tuple(exc for exc, _ in ex.functions[call][0].throws), []).append(call)
    for raises, calls in raising.items():
        found.append(Assumption("functions", tuple(calls), raises=raises))
    if ex.summarised:
        found.append(Assumption("functions", tuple(ex.summarised),
                                classes=min(ex.summarised.values())))
    for made_by, fields in ex.set_before_use.items():
        found.append(Assumption("set before use", fields, made_by=made_by))
    if ex.fresh_statics:
        found.append(Assumption("statics", tuple(ex.fresh_statics), writers=tuple(dict.fromkeys(
            w for writers in ex.fresh_statics.values() for w in writers))))
    return tuple(found)


def _trusted(ex: Exploration, exact: float) -> str:
    """Why a violation a trusting check found may not occur: the code it trusted."""
    if not ex.trusted:
        return ""
    return (f"found with the equals, hashCode and compareTo of {', '.join(ex.trusted)} taken "
            f"to be any that obey their contracts (exploring them exactly took longer than "
            f"{round(exact, 1):g} s of work), and their code may rule it out")


def _library_parts(ex: Exploration, shown: frozenset) -> str:
    """Why a violation found with the library superclass's part of project objects taken as
    any state (``jdk.library_superclass``) may not occur: its constructor sets it. Only
    the objects the counterexample shows count."""
    libraries = [name for name, objects in ex.library_parts.items() if objects & shown]
    if not libraries:
        return ""
    return (f"found with the part of the objects that {', '.join(libraries)} holds "
            "taken to be any state; its constructor, whose code the check does not have, sets "
            "it and may rule the violation out")


def _functions(ex: Exploration, model: z3.ModelRef) -> str:
    """Why a violation found with calls taken as unknown deterministic functions
    (``Executor._unknown_function``) may not occur: their code, which the check does not
    have or did not follow (``Executor.summarised``), may rule it out. Only calls that
    the violating run made count."""
    def holds(term: z3.BoolRef) -> bool:
        return z3.is_true(model.eval(term, model_completion=True))
    made = [call for call, uses in ex.functions.items() if any(holds(use.guard) for use in uses)]
    thrown = {f"{call} throwing {next(e for e, flag in use.throws if holds(flag)).rpartition('.')[2]}"
              for call, uses in ex.functions.items() for use in uses
              if holds(use.guard) and any(holds(flag) for _, flag in use.throws)}
    reasons = [(f"rests on {', '.join(sorted(thrown))}, as the documentation allows for some "
                "inputs; the check does not model which inputs, and they may rule the violation "
                "out")] if thrown else []
    for calls, code in (([c for c in made if c not in ex.summarised], "which the check does not have"),
                        ([c for c in made if c in ex.summarised], "which the check did not follow")):
        if calls:
            reasons.append(f"found with the results of {', '.join(calls)} taken to be any that a "
                           f"deterministic function could give; the code of those methods, {code}, "
                           "may rule the violation out")
    return "; ".join(reasons)


def _bounds_reached(solver: Solver, ctx: z3.Context, cuts: list[Event],
                    deadline: float) -> tuple[tuple[Bound, ...], str]:
    """Every bound some execution reaches, each once with its places: one model shows the
    cuts of its own paths only, so the others are asked again until none is left or
    reachable, or ``deadline`` passes; and those the solver could not tell of, and why."""
    left: dict[tuple[str, str], list[Event]] = {}  # (what, where) -> its events
    for e in cuts:
        left.setdefault((e.what, e.where.with_column()), []).append(e)
    places: dict[str, list[str]] = {}  # what -> where, as reached
    kinds = {e.what: e.bound for e in cuts}
    called: dict[str, list[str]] = {}  # what -> the methods the harness called it was in
    undecided = ""
    while left:
        answer = solver.reached(mk_or(ctx, [e.guard for events in left.values() for e in events]),
                                deadline)
        if answer.verdict != "sat":
            if answer.verdict == "unknown":
                undecided = (f"the solver could not decide ({answer.reason}) whether this is "
                             f"reachable: {'; '.join(f'{w} at {p}' for w, p in left)}")
            break
        for key in [k for k, events in left.items() if any(
                z3.is_true(answer.model.eval(e.guard, model_completion=True)) for e in events)]:
            places.setdefault(key[0], []).append(key[1])
            called.setdefault(key[0], []).extend(e.called for e in left[key] if e.called)
            del left[key]
    return tuple(Bound(what, tuple(wheres), kinds[what], tuple(dict.fromkeys(called[what])))
                 for what, wheres in places.items()), undecided


def _never_finished(solver: Solver, record: Exploration, places: tuple[Bound, ...],
                    deadline: float) -> tuple[HarnessCall | None, str]:
    """A call of the harness that some execution reaches but none finishes within the
    bounds (each was cut inside it, at one of ``places``): its contract was never
    evaluated there, so the check is no pass. Only calls of the methods the cuts were
    in are asked about; those the solver could not tell of make the second part, why."""
    undecided = []
    for call in [c for c in record.harness_calls if any(_in_call(b, c) for b in places)]:
        answer = solver.reached(mk_and(record.start, call.finished), deadline)
        if answer.verdict == "unsat":  # no execution finishes it: does any reach it?
            answer = solver.reached(mk_and(record.start, call.reached), deadline)
            if answer.verdict == "sat":
                return call, ""
        if answer.verdict == "unknown":
            undecided.append(f"the solver could not decide ({answer.reason}) whether "
                             f"{call.text} finishes within the bounds")
    return None, "; ".join(undecided)


def _in_call(bound: Bound, call: HarnessCall) -> bool:
    """Was ``bound`` reached inside a method of ``call``'s name (one the harness called)?"""
    return any(method.endswith(f".{call.name}") for method in bound.called)


def _unsupported_reached(solver: Solver, ctx: z3.Context, record: Exploration,
                         params: list[tuple[str, Ref]]) -> UnsupportedReached | None:
    """The unsupported constructs some execution reaches, with which of the ``params``
    objects; None if none is reachable. Undecided, all of them, and why."""
    events = record.stuck
    if not events:
        return None
    answer = solver.check(mk_or(ctx, [e.guard for e in events]))
    if answer.verdict == "unsat":
        return None
    if answer.verdict == "unknown":
        return UnsupportedReached(tuple(Unsupported(e.what, e.where) for e in events),
                                  undecided=answer.reason)
    model = answer.model
    hits = [e for e in events if z3.is_true(model.eval(e.guard, model_completion=True))]
    objects = []
    for name, ref in [(name, ref) for name, ref in params if isinstance(ref, Ref)]:
        obj = record.heap.object_by_id(model.eval(ref.id, model_completion=True).as_long())
        objects.append(f"{name} a {obj.cls.simple_name}" if obj is not None else f"{name} null")
    return UnsupportedReached(tuple(Unsupported(e.what, e.where) for e in hits), tuple(objects))
