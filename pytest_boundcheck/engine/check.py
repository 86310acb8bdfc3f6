"""One (class, contract) check end to end, without pytest: harness -> symex -> solve -> counterexample.

The verdict follows from three questions to the solver, in this order:
1. can a violation happen on a path that the engine models completely?
   yes -> failed, with a counterexample (the path never touched anything unmodelled);
2. otherwise, can a path reach something the engine does not model?
   yes -> skipped, naming the construct and its file:line;
3. otherwise -> passed; if a path could run past a bound, the pass says where.

An item (of any contract but the compareTo ones) whose other objects may be of many
classes besides the receiver's is first asked with them of the receiver's own classes
(``own_classes``), for a share of its time: a violation among those objects is one of the
item's. Where exploring their code did not end in that share, and the whole check would
have no longer to explore it and more, the whole check is not begun.

A check undecided within the bounds set (exploring or solving ran out of its share of the
time limit) is done again within smaller bounds (``Bounds.smaller``), in the rest of the
time limit; its verdict says that it holds of those smaller bounds, and why. The time limit
is the item's, all of it: an item ends within it, but for minimising and writing a
counterexample found at its end.
"""
from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field

import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.counterexample import render as counterexample
from pytest_boundcheck.counterexample.render import Counterexample
from pytest_boundcheck.engine import wiring
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.types import ClassInfo
from pytest_boundcheck.harness.contracts import (
    Contract,
    hierarchy,
    joins_universe,
    own_classes,
    parameter_domains,
    receiver_types,
)
from pytest_boundcheck.solve.solver import Answer, Solver
from pytest_boundcheck.symex import collections as collections_model
from pytest_boundcheck.symex.executor import Executor
from pytest_boundcheck.symex.objects import ObjectMaker, Unbuildable
from pytest_boundcheck.symex.state import Event, OutOfTime
from pytest_boundcheck.symex.values import Ref, mk_and, mk_not, mk_or

# of the time limit, for exploring every call's code; past it, a check starts again trusting
# the contracts of the project classes outside the hierarchy under test (Executor.keyed)
EXACT_SHARE = 0.8
# of the time a check within some bounds has, what a first check with the other objects of
# the receiver's own classes may take (``harness.own_classes``); a violation it finds is the
# item's result, else the whole check runs in the time left. With half, joda-time lost five
# compareTo violations that the whole check finds in 4 to 5 s, and a hashCode one; the
# violations a first check finds in commons-math take it 1 to 4 s
OWN_CLASSES_SHARE = 0.3
# of the time limit, what the check within the bounds set may take where a check within
# smaller bounds could follow it; that one gets the rest but ``REPORT_SHARE``. Given the
# whole limit, and the smaller one a quarter more, an item undecided in both took 13 s: of
# guava's, commons-math's and joda-time's items, 16, 38 and 15 did, where 12, 11 and 10
# at 10 s or more were all that a p95 under 10 s allows
BOUNDS_SET_SHARE = 0.75
# of the time limit, by when the check within the bounds set must have explored the code
# where a check within smaller bounds could follow it: one still exploring then leaves too
# little time to solve, and the smaller bounds get it. Of the 775 items of four real
# projects that the bounds set decided, none was still exploring 5 s into its limit
EXPLORE_SHARE = 0.6
# of the time limit, kept at its end for writing the result
REPORT_SHARE = 0.04
# of the time limit, at most, for telling which bounds a passing check's executions reach:
# the verdict is made by then, and the pass says which bounds it could not tell of
REACH_SHARE = 0.1


@dataclass(frozen=True)
class Schedule:
    """When a check's phases end, on ``time.perf_counter``'s clock."""
    began: float     # when the item began: its time limit counts from then
    planned: float   # the end the check plans its phases for (splitting, the solver's budgets)
    explored: float  # by when exploring the code must end
    cut: float       # when the check ends, decided or not


@dataclass
class Outcome:
    status: str   # passed | failed | skipped
    message: str  # passed: what held; failed: the counterexample; skipped: why
    advisory: bool = False
    unconfirmed: str = ""  # failed: why the objects that show it might not occur in the program
    timings: dict[str, float] = field(default_factory=dict)
    counterexample: Counterexample | None = None
    undecided: str = ""  # skipped as "exploring" or "solving" did not finish in time

    @property
    def seconds(self) -> float:
        return sum(self.timings.values())


def run_check(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
              universe: list[ClassInfo]) -> Outcome:
    """One check; a solver failure (Z3 out of memory, say) skips it, saying so, and frees
    what the check held before the next one starts (Z3's memory limit is per process)."""
    try:
        return _run_check(program, cls, contract, bounds, universe)
    except z3.Z3Exception as e:
        message = e.value.decode() if isinstance(e.value, bytes) else str(e.value)
        failed = Outcome("skipped", f"the solver failed ({message}); bounds: {bounds.describe()}")
    gc.collect()  # the failed check's solver terms, in reference cycles, hold Z3's memory
    return failed


def _run_check(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
               universe: list[ClassInfo]) -> Outcome:
    if not receiver_types(program, cls):
        return Outcome("skipped", f"{cls.simple_name} is abstract and has no concrete project "
                                  "subclass: there is no object to check")
    if joins_universe(program, cls, universe):
        universe = universe[:-2] + [cls] + universe[-2:]  # (String and Object stay last)
    domains = parameter_domains(program, contract, cls, universe)
    # the time limit starts now: the first item of a run makes the project's tables of which
    # classes each equals accepts (guava's take 2 to 7 s), and an item run alone would
    # otherwise be checked in less time than it is in the whole run
    start = time.perf_counter()
    end = _end(bounds, start)
    smaller = bounds.smaller()
    if smaller == bounds:
        return _check_within(program, cls, contract, bounds, universe, domains,
                             Schedule(start, start + bounds.timeout, end, end))
    # planned as if it had the whole time limit, so that it finds by its cut what it would
    # find in that time: planned for less, the solver's phases are shorter and it finds
    # less, even early (joda-time lost 9 violations found in 4 to 7.5 s)
    outcome = _check_within(program, cls, contract, bounds, universe, domains, Schedule(
        start, start + bounds.timeout, start + bounds.timeout * EXPLORE_SHARE,
        start + bounds.timeout * BOUNDS_SET_SHARE))
    if not outcome.undecided:
        return outcome
    gc.collect()  # the undecided check's terms, before the next check makes its own
    return _within_smaller(outcome, _check_within(program, cls, contract, smaller, universe,
                                                  domains, Schedule(start, end, end, end)))


def _end(bounds: Bounds, began: float) -> float:
    """When the item that ``began`` must have its verdict, leaving time to report it."""
    return began + bounds.timeout * (1 - REPORT_SHARE)


def _reach_deadline(bounds: Bounds, began: float) -> float:
    """Until when a passing check may ask which bounds it reached: briefly, and within
    the item's time limit."""
    return min(time.perf_counter() + bounds.timeout * REACH_SHARE, _end(bounds, began))


def _check_within(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
                  universe: list[ClassInfo], domains, schedule: Schedule) -> Outcome:
    """The check within ``bounds`` on its ``schedule``, with objects of the receiver's own
    classes first where the others may be of many (``own_classes``)."""
    start = time.perf_counter()
    own = own_classes(contract, domains)
    if own is None:
        return _check_on(program, cls, contract, bounds, universe, domains, schedule)
    first_end = start + (schedule.planned - start) * OWN_CLASSES_SHARE
    first_explored = min(first_end, schedule.explored)
    first = _check_on(program, cls, contract, bounds, universe, own, Schedule(
        schedule.began, first_end, first_explored, min(first_end, schedule.cut)), may_trust=False)
    if first.status == "failed":
        return first
    now = time.perf_counter()
    spent = now - start
    if first.undecided == "exploring" and schedule.explored - now <= first_explored - start:
        # so within the bounds set: 0.3 of the time limit to explore, then until 0.6
        others = " and ".join(d.name for d in own[1:])
        return Outcome("skipped", f"{first.message}; that with {others} of {cls.simple_name}'s "
                                  f"own classes only: the check with all their classes would "
                                  f"explore more in no longer, and was not begun",
                       undecided="exploring", timings={"own classes": spent})
    outcome = _check_on(program, cls, contract, bounds, universe, domains, schedule)
    outcome.timings = {"own classes": spent, **outcome.timings}
    return outcome


def _within_smaller(undecided: Outcome, smaller: Outcome) -> Outcome:
    """The item's result after the check within the bounds set was ``undecided`` and the
    check within smaller bounds gave ``smaller``: its verdict, saying that the bounds are
    smaller and why; undecided again, both reasons."""
    timings = {"bounds set": undecided.seconds, **smaller.timings}
    why = f"smaller bounds than those set, whose check was undecided: {undecided.message}"
    if smaller.status == "passed":
        return Outcome("passed", f"{smaller.message}; {why}", timings=timings)
    if smaller.status == "failed":
        return Outcome("failed", f"{smaller.message}\nfound within {why}", smaller.advisory,
                       smaller.unconfirmed, timings, smaller.counterexample)
    return Outcome("skipped", f"{undecided.message}; then within smaller bounds: {smaller.message}",
                   undecided=smaller.undecided, timings=timings)


def _check_on(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
              universe: list[ClassInfo], domains, schedule: Schedule,
              may_trust: bool = True) -> Outcome:
    """The check on the harness parameters' ``domains`` on its ``schedule``: exploring
    exactly for ``EXACT_SHARE`` of the time planned, then trusting in the rest of the time
    to explore if it must and ``may_trust`` (else exactly all that time)."""
    start = time.perf_counter()
    began, cut = schedule.began, schedule.cut
    exploring = schedule.explored - start
    exact = min(exploring, (schedule.planned - start) * EXACT_SHARE) if may_trust else exploring
    ctx = z3.Context()
    try:
        try:
            ex, maker, refs, thrown = _explore(program, cls, contract, bounds, universe, ctx,
                                               domains, exact, False)
        except OutOfTime:
            if exact == exploring:  # no time left to trust in
                raise
            left = schedule.explored - time.perf_counter()
            ex, maker, refs, thrown = _explore(program, cls, contract, bounds, universe, ctx,
                                               domains, left, True)
    except OutOfTime as e:
        return Outcome("skipped", f"exploring the code had not ended "
                                  f"{schedule.explored - began:.1f} s into the time limit of "
                                  f"{bounds.timeout:g} s per item (at {e}); "
                                  f"bounds: {bounds.describe()}", undecided="exploring",
                       timings={"build": time.perf_counter() - start})
    except Unbuildable as e:
        return Outcome("skipped", f"unsupported: no {cls.simple_name} can be made: {e}",
                       timings={"build": time.perf_counter() - start})
    ex.constraints.extend(ex.alphabet_constraints())
    built = time.perf_counter()
    timings = {"build": built - start}

    solver = Solver(ctx, max(0.0, cut - built), ex.constraints, list(ex.selectors.values()),
                    eager={d.name for d in domains} | ex.split_early, lazy=ex.lazy,
                    planned=schedule.planned - built)
    violation = mk_or(ctx, [t.guard for t in thrown])
    answer = solver.check(violation)
    if answer.verdict == "sat":
        # without objects the program may never make, or results of calls taken as unknown
        # functions: looked for where the violation used them, else kept while minimising
        confirming = mk_and(maker.as_the_program_makes(),
                            *[mk_not(use.guard) for uses in ex.functions.values() for use in uses])
        if maker.unconfirmed(answer.model) or _functions(ex, answer.model):
            confirmed = solver.check(mk_and(violation, confirming))
            answer = confirmed if confirmed.verdict == "sat" else answer
        else:
            answer.case.append(confirming)
    timings["solve"] = time.perf_counter() - built
    if answer.verdict == "sat":
        model = solver.small_model(answer, ex.inputs, ex.texts)
        done = time.perf_counter()
        timings["minimise"] = done - built - timings["solve"]
        footer = f"bounds: {_bounds(bounds, ex)}; {maker.describe()}{_assumed(ex, exact)}; {done - began:.2f} s"
        found = counterexample.render(ex, maker, model, contract.summary,
                                      [(d.name, r) for d, r in zip(domains, refs)], thrown, footer,
                                      cls.package)
        unconfirmed = "; ".join(filter(None, [maker.unconfirmed(model), _trusted(ex, exact),
                                              _library_parts(ex, found.objects),
                                              _functions(ex, model)]))
        return Outcome("failed", found.text, contract.advisory, unconfirmed, timings, found)
    if answer.verdict == "unknown":
        return Outcome("skipped", f"the solver gave up ({answer.reason}) after "
                                  f"{timings['solve']:.1f} s, within the time limit of "
                                  f"{bounds.timeout:g} s per item; bounds: {_bounds(bounds, ex)}",
                       undecided="solving", timings=timings)
    # a pass holds of the objects the check can make: are there any? Asked briefly, as is
    # which bounds were reached; undecided, the pass says so
    made = Answer("unsat") if ex.start is None else solver.reached(
        ex.start.guard, _reach_deadline(bounds, began))
    if made.verdict == "unsat":
        timings["solve"] = time.perf_counter() - built
        return Outcome("skipped", f"nothing was checked: every way of making the check's "
                                  f"objects is ruled out; bounds: {_bounds(bounds, ex)}; "
                                  f"{maker.describe()}", timings=timings)
    params = [(d.name, r) for d, r in zip(domains, refs)]
    stuck, undecided = _unsupported_reached(solver, ctx, ex.stuck, ex, params)
    timings["solve"] = time.perf_counter() - built
    if stuck is not None:
        return Outcome("skipped", stuck, undecided=undecided, timings=timings)
    held = f"no violation within {_bounds(bounds, ex)}; {maker.describe()}{_assumed(ex, exact)}"
    if made.verdict == "unknown":
        held += (f"; the solver could not decide ({made.reason}) whether any of the check's "
                 f"objects can be made")
    reached = _bounds_reached(solver, ctx, ex.cuts, _reach_deadline(bounds, began))
    if reached:
        held += f"; bounded at {reached}"
    timings["solve"] = time.perf_counter() - built
    return Outcome("passed", held, timings=timings)


def _explore(program: Program, cls: ClassInfo, contract: Contract, bounds: Bounds,
             universe: list[ClassInfo], ctx: z3.Context, domains, seconds: float, trusting: bool):
    """Run the contract's harness: (executor, object maker, the arguments, what escaped)."""
    family = hierarchy(program, cls)
    ex = wiring.executor(program, bounds, ctx, universe, frozenset(family), seconds, trusting)
    maker = ObjectMaker(ex, bounds, family)
    refs: list[Ref] = []

    def make_args(state):
        made, state = maker.parameters(state, domains)
        refs.extend(made)
        ex.arguments.update(o for r in made for o in r.targets if o is not None)
        return made, state
    thrown = ex.run(contract.method, make_args)
    return ex, maker, refs, thrown


def _assumed(ex: Executor, exact: float) -> str:
    """What the result rests on besides the code: classes taken to obey their contracts
    (without source, or, in a trusting check, project classes whose code took too long),
    and non-final static fields taken as a fresh JVM has them (a lazy cache empty)."""
    text = ""
    if ex.assumed:
        text += f"; assumed {', '.join(ex.assumed)} obey{'s' if len(ex.assumed) == 1 else ''} " \
                "the contracts of equals, hashCode and compareTo"
    if ex.trusted():
        text += (f" (of the project classes among them, exploring the code exactly took longer "
                 f"than {round(exact, 1):g} s; their own items check it)")
    without_code = [call for call in ex.functions if call not in ex.summarised]
    if without_code:
        text += f"; assumed {_deterministic(without_code)}"
    if ex.summarised:
        text += (f"; assumed {_deterministic(list(ex.summarised))} (called on objects that may "
                 f"be of {min(ex.summarised.values())} classes or more with their own code for "
                 "it, not followed into each class's code)")
    if ex.fresh_statics:
        text += f"; assumed the static fields {', '.join(ex.fresh_statics)} start as class " \
                "initialisation sets them"
    return text


def _deterministic(calls: list[str]) -> str:
    one = len(calls) == 1
    return (f"{', '.join(calls)} {'is a' if one else 'are'} deterministic function"
            f"{'' if one else 's'} of {'its' if one else 'their'} receiver and arguments")


def _trusted(ex: Executor, exact: float) -> str:
    """Why a violation a trusting check found may not occur: the code it trusted."""
    if not ex.trusted():
        return ""
    return (f"found with the equals, hashCode and compareTo of {', '.join(ex.trusted())} taken "
            f"to be any that obey their contracts (exploring them exactly took longer than "
            f"{round(exact, 1):g} s), and their code may rule it out")


def _library_parts(ex: Executor, shown: frozenset) -> str:
    """Why a violation found with the library superclass's part of project objects taken as
    any state (``jdk.library_superclass``) may not occur: its constructor sets it. Only
    the objects the counterexample shows count."""
    libraries = [name for name, objects in ex.library_parts.items() if objects & shown]
    if not libraries:
        return ""
    return (f"found with the part of the objects that {', '.join(libraries)} holds "
            "taken to be any state; its constructor, whose code the check does not have, sets "
            "it and may rule the violation out")


def _functions(ex: Executor, model: z3.ModelRef) -> str:
    """Why a violation found with calls taken as unknown deterministic functions
    (``Executor._unknown_function``) may not occur: their code, which the check does not
    have or did not follow (``Executor.summarised``), may rule it out. Only calls that
    the violating run made count."""
    made = [call for call, uses in ex.functions.items()
            if any(z3.is_true(model.eval(use.guard, model_completion=True)) for use in uses)]
    reasons = []
    for calls, code in (([c for c in made if c not in ex.summarised], "which the check does not have"),
                        ([c for c in made if c in ex.summarised], "which the check did not follow")):
        if calls:
            reasons.append(f"found with the results of {', '.join(calls)} taken to be any that a "
                           f"deterministic function could give; the code of those methods, {code}, "
                           "may rule the violation out")
    return "; ".join(reasons)


def _bounds(bounds: Bounds, ex: Executor) -> str:
    """The bounds, with those of arrays, collections and strings where the check met them."""
    strings = ex.string_bounds()
    described = bounds.describe(ex.met_arrays, collections_model.met(ex.objects))
    return f"{described}, {strings}" if strings else described


def _bounds_reached(solver: Solver, ctx: z3.Context, cuts: list[Event], deadline: float) -> str:
    """Every bound some execution reaches, each once with its places: one model shows the
    cuts of its own paths only, so the others are asked again until none is left or
    reachable, or ``deadline`` passes."""
    left: dict[tuple[str, str], list[Event]] = {}  # (what, where) -> its events
    for e in cuts:
        left.setdefault((e.what, str(e.where)), []).append(e)
    places: dict[str, list[str]] = {}  # what -> where, as reached
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
            del left[key]
    return "; ".join([f"{what} at {', '.join(wheres)}" for what, wheres in places.items()]
                     + ([undecided] if undecided else []))


def _unsupported_reached(solver: Solver, ctx: z3.Context, events: list[Event], ex: Executor,
                         params: list[tuple[str, Ref]]) -> tuple[str | None, str]:
    """Describe the unsupported constructs some execution reaches, with which of the
    ``params`` objects, or None if none is reachable; and "solving" if the solver left
    that undecided."""
    if not events:
        return None, ""
    answer = solver.check(mk_or(ctx, [e.guard for e in events]))
    if answer.verdict == "unsat":
        return None, ""
    if answer.verdict == "unknown":
        reached = "; ".join(dict.fromkeys(f"unsupported: {e.what} at {e.where}" for e in events))
        return (f"the solver could not decide ({answer.reason}) whether this is reachable: "
                f"{reached}"), "solving"
    model = answer.model
    hits = [e for e in events if z3.is_true(model.eval(e.guard, model_completion=True))]
    objects = []
    for name, ref in params:
        obj = ex.object_by_id(model.eval(ref.id, model_completion=True).as_long())
        objects.append(f"{name} a {obj.cls.simple_name}" if obj is not None else f"{name} null")
    text = "; ".join(dict.fromkeys(f"unsupported: {e.what} at {e.where}" for e in hits))
    return (f"{text} (reached with {', '.join(objects)})" if objects else text), ""
