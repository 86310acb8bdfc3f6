"""Solve stage: Z3 queries for one check, deterministic, time- and memory-capped.

A query with floating-point arithmetic is first asked with that arithmetic left
out (what the weaker question rules out, the real one rules out too). A query
that Z3 does not decide quickly is split by the objects it may be about (first
the harness parameters, then reference fields), each case simplified and sent
to a fresh solver. Fixing the objects turns "x.equals(y)" into plain equalities
between field variables, which Z3's preprocessing substitutes away; left as one
disjunction over object choices, the same formulas can be bit-level equivalence
puzzles that take seconds. Splitting multiplies the work by the cases, though:
three objects of a mutable number class (4 constructors, 9 mutators each) make
hundreds, where Z3 decides the whole query in a second. So splitting gets a
share of the time, and a query it does not decide is then asked whole.

Before that, a path that requires two results of one shape to differ (the hash codes
of equal objects, each combining its fields' hashes) becomes one case per pair of parts
that can make them differ: one field's hashes at a time, not all at once.

A case with more floating-point arithmetic than Z3 can bit-blast is asked with that
arithmetic left out too, and may so be ruled out, or found satisfiable where a model of
the weaker question, its inputs pinned, is one of the real question.

All the queries of one check share its time limit. The budgets are ``config.tuning``'s.
"""
from __future__ import annotations

import collections
import math
from dataclasses import dataclass, field

import z3

from pytest_boundcheck.config.tuning import DEFAULT, EngineConfig
from pytest_boundcheck.config.workclock import WorkClock
from pytest_boundcheck.solve.terms import (
    SHARED_OPERATIONS,
    VARIABLE_KINDS,
    Marks,
    VariableGroups,
    bool_kind,
    conjuncts,
    constants,
    disjuncts,
    factored,
    implied,
    is_variable,
    kids,
    translated,
    with_fixed,
    without_floating_point,
)
from pytest_boundcheck.solve.weaken import TooLate, Weigher, WithoutFloatingPoint
from pytest_boundcheck.symex.values import checked, mk_or


def configure_z3(config: EngineConfig = DEFAULT) -> None:
    """Z3's process-wide settings, set by the engine when a check starts: its memory cap
    (past it Z3 aborts the process), and its Python layer's checks of each call's
    arguments off (the engine makes millions of calls, and those checks cost a noticeable
    share of a large check's time; Z3 itself still rejects an ill-sorted term, as a
    Z3Exception)."""
    z3.set_param("memory_max_size", config.memory_limit_mb)
    z3.z3.Z3_DEBUG = False


CONTEXT_BYTES = 24 << 20  # what Z3 allocates to make a context (17 MB here), and some room


def new_context(config: EngineConfig = DEFAULT) -> z3.Context:
    """A fresh Z3 context. Where Z3's memory cap (``config.memory_limit_mb``) leaves no room
    to make one, Z3 makes none, and its Python layer would crash the whole process using
    the null it returns: so this raises Z3's out-of-memory error first, which skips the
    item, saying so (``engine.check.run_check``), as the error raised where Z3 runs out of
    memory building terms or solving does."""
    if z3.Z3_get_estimated_alloc_size() + CONTEXT_BYTES > config.memory_limit_mb << 20:
        raise z3.Z3Exception(f"out of memory: Z3's memory limit of {config.memory_limit_mb} MB "
                             "leaves no room for another solver context")
    return z3.Context()


@dataclass
class Answer:
    verdict: str  # sat | unsat | unknown
    model: z3.ModelRef | None = None
    reason: str = ""
    case: list[z3.BoolRef] = field(default_factory=list)  # the satisfiable case's formulas


class Solver:
    def __init__(self, ctx: z3.Context, timeout: float, constraints: list[z3.BoolRef],
                 splits: list[tuple[z3.ExprRef, list[int]]], eager: set[str],
                 lazy: list[z3.BoolRef] = (), planned: float | None = None,
                 config: EngineConfig = DEFAULT, clock: WorkClock | None = None,
                 whole: frozenset[str] = frozenset()):
        """``splits``: object choices to split on, in order, with their possible values;
        those named in ``eager`` (the harness parameters) are split at once when small, in
        ``whole`` never (they are ``choices`` still, for minimising).
        ``lazy``: constraints that hold too, added only once a model breaks them.
        ``timeout``: the seconds all the queries together may take; ``planned``: the
        seconds the search plans its phases for, if more (cut short, it finds what the
        longer search finds by then). Seconds of work, on the item's ``clock`` (a fresh
        one if None): every query's limit is in Z3's resource units, never in time."""
        self.ctx, self.config = ctx, config
        self.clock = clock or config.work_clock(watched=ctx)
        self.deadline = self.clock.now() + timeout
        self.plan_end = self.deadline + max(0.0, (planned or 0.0) - timeout)
        self.constraints = constraints
        self.lazy = list(lazy)
        self.choices, self.whole = splits, whole
        self.splits = [s for s in splits if str(s[0]) not in whole]
        self.eager = eager
        self.queries = 0
        self.spent = 0  # solver resource units the queries used: a deterministic measure of effort
        self._variables = Marks(lambda t: t if is_variable(t) else None, VARIABLE_KINDS)
        self._groups = VariableGroups(self._variables)  # of the constraints' variables
        self._undecided: collections.Counter[int] = collections.Counter()  # level -> tries
        self._factored: dict[int, tuple] = {}  # term id -> (term, it factored): ``factored``
        self._implied: dict[int, tuple] = {}  # term id -> (term, what it implies): ``implied``
        self._substitutions: dict[tuple, tuple] = {}  # (start, end) -> arrays, values: ``_depends``
        self._paths_deep = 0  # disjunctions split within one another: ``_by_paths``
        self._defined: tuple = (-1, {})  # constraints seen, definitions: ``_definitions``
        self._fixed: tuple = (None, [])  # the last choices put in, and the result: ``_with_choices``
        self.weigher = Weigher(self.config.blast_budget_mb)
        # one for all the queries: they share most terms, whose stand-ins it remembers
        self.weaker = WithoutFloatingPoint(self.clock)
        self._reaching = False  # asked by ``reached``: a model of the goal's part will do
        self._consistent: bool | None = None  # are the constraints alone satisfiable?

    def _ask(self, terms: list[z3.BoolRef], seconds: float | None, rlimit: int = 0,
             core_first: bool = True, planned: float | None = None
             ) -> tuple[z3.CheckSatResult, z3.Solver]:
        """Whether ``terms`` hold together, as Z3 finds within ``seconds`` (None: no time
        limit) and ``rlimit`` units, and the solver that asked, for its model. Asked first
        of Z3's SMT core alone (``_core_solver``), within ``config.core_rlimit`` units or
        ``config.core_share`` of the time (of the ``planned`` seconds, if more), then of its
        default solver, whose preprocessing can take seconds on what the core decides at once,
        while it bit-blasts arithmetic the core is slow on (docs/dev/tuning.md).
        Minimising asks the default solver only (not ``core_first``): the two pick other
        values among those allowed, and the default solver's read better (``MIN_VALUE``,
        not ``MIN_VALUE + 1``)."""
        if not core_first:
            return self._asked(z3.Solver(ctx=new_context(self.config)), terms, seconds, rlimit)
        start = self.clock.now()
        share_of = max(planned or 0, seconds or 0)
        core = min(rlimit, self.config.core_rlimit) if rlimit else \
            max(self.config.core_rlimit, int(self.config.core_share * share_of * self.config.units_per_second))
        result, s = self._asked(_core_solver(new_context(self.config)), terms, seconds, core)
        if result != z3.unknown or (rlimit and rlimit <= self.config.core_rlimit):
            return result, s
        if seconds is not None:
            seconds -= self.clock.now() - start
            if seconds <= 0:
                return result, s
        return self._asked(z3.Solver(ctx=new_context(self.config)), terms, seconds, rlimit)

    def _asked(self, s: z3.Solver, terms: list[z3.BoolRef], seconds: float | None,
               rlimit: int) -> tuple[z3.CheckSatResult, z3.Solver]:
        """``_ask`` of one solver. In a context of its own: Z3 slows down with the number
        of terms its context holds, and a query that takes 1 s alone takes 5 s beside the
        million that exploring made. Equalities under disjunctions are not solved for
        (``context_solve``, which Z3 does unless told not to): that looks at the whole
        query for each one, without looking at the time limit, which on a query of tens of
        thousands of terms runs far past it."""
        s.set("random_seed", 0)
        s.set("context_solve", False)
        if seconds is not None:  # seconds of work, so units: the same answer on any machine
            within = self.clock.units_in(seconds)
            rlimit = min(rlimit, within) if rlimit else within
        if rlimit:
            s.set("rlimit", rlimit)
        if wall_ms := self.clock.wall_left_ms():  # the safety net, not a budget: see ``spend``
            s.set("timeout", wall_ms)
        self.queries += 1
        asked = translated(terms, s.ctx)
        s.add(*asked)
        result = checked(s)
        statistics = s.statistics()  # Z3 counts the units per context: these are the query's
        if "rlimit count" in statistics.keys():
            units = statistics.get_key_value("rlimit count")
            self.spent += units
            self.clock.spend(units)
        # and what Z3 does not count, making the context and putting the terms in, by the
        # terms' number (the context is fresh: its term ids count the terms translated,
        # the same on every run)
        self.clock.spend(self.config.query_units + self.config.node_units * max(
            (t.get_id() for t in asked), default=0))
        return result, s

    def _model(self, s: z3.Solver) -> z3.ModelRef:
        """The model ``s`` found, in the check's own context."""
        return s.model().translate(self.ctx)

    def check(self, goal: z3.BoolRef) -> Answer:
        """Is ``goal`` satisfiable together with the constraints? Ruled out without its
        floating-point arithmetic, it is not; else it is searched (``_search``): split by
        the next object choice it depends on, at once for a small choice of a harness
        parameter, else when the whole query is not decided within ``config.split_rlimit``.
        The first satisfiable case, in choice order, gives the model. Where it breaks
        lazy constraints, the case is asked again with them and with what they depend on
        as in the model, within ``config.split_rlimit`` (so pinned, they are constants to
        compute); if that fails, they hold for good and the query is asked again. With
        no time left (exploring took it all), only a goal that is false as it stands is
        decided."""
        if z3.is_false(goal):
            return Answer("unsat")
        if self.clock.now() >= self.deadline:
            return Answer("unknown", reason="timeout")
        answer = self._without_floating_point(goal)
        if answer.verdict == "unknown":
            answer = self._search(goal)
        added: list[z3.BoolRef] = []  # lazy constraints, and pins, asked with the case so far
        while answer.verdict == "sat":
            broken, pins = self.broken(answer.model)
            if not broken:
                break
            case = answer.case
            added += broken + pins  # the model kept the earlier pins: they still agree
            answer = self._leaf(case[0], case[1:] + added, self.deadline, self.config.split_rlimit)
            if answer.verdict == "sat":
                answer.case = case
                continue
            defined = [c for c in self.lazy if any(c.eq(a) for a in added)]
            self.constraints.extend(defined)
            self.lazy = [c for c in self.lazy if not any(c.eq(d) for d in defined)]
            added = []
            answer = self._search(goal)
        return answer

    def reached(self, goal: z3.BoolRef, deadline: float = math.inf) -> Answer:
        """``check`` for whether some execution reaches ``goal`` (a bound), by ``deadline``
        if that is sooner than the check's: its model need only give the goal's variables
        values, so where a case's constraints fall apart into those that share variables
        with it and the others, the case is satisfiable once the first part is (the
        others share nothing with it, and hold together where all the constraints do,
        ``_constraints_consistent``), and the whole is not asked again: a bound met on
        many paths takes a small question per path."""
        self._reaching, whole, plan_end = True, self.deadline, self.plan_end
        self.deadline = self.plan_end = min(deadline, whole)
        try:
            return self.check(goal)
        finally:
            self._reaching, self.deadline, self.plan_end = False, whole, plan_end

    def _constraints_consistent(self) -> bool:
        """Do the constraints alone, lazy ones too, hold together? Asked once, within the
        time left and ``config.consistency_rlimit``; undecided counts as no."""
        if self._consistent is None:
            left = self.deadline - self.clock.now()
            self._consistent = left > 0 and self._ask(
                [*self.constraints, *self.lazy], left, self.config.consistency_rlimit)[0] == z3.sat
        return self._consistent

    def _search(self, goal: z3.BoolRef) -> Answer:
        """The goal split into cases by the results it requires to differ
        (``_cases_by_differences``), each split by object choices, for a share of the time
        planned (all of it for a goal too large to bit-blast whole); if that does not decide
        it, the whole goal at once, for the rest; the reverse over a heap left ``whole``
        (its paths walk objects alike: whole, it is decided at once)."""
        now = self.clock.now()
        share = 1.0 if self.weigher.too_large([goal, *self.constraints]) else self.config.split_share
        cases = ((case, []) for case in self._cases_by_differences(goal))
        phases = [lambda end: self._first(cases, end, depth=0),
                  lambda end: self._leaf(goal, [], end, plan_end=self.plan_end)]
        first, then = phases[::-1] if self.whole and share < 1.0 else phases
        answer = first(min(self.deadline, now + share * (self.plan_end - now)))
        if answer.verdict != "unknown" or self.clock.now() >= self.deadline:
            return answer
        return then(self.deadline)

    def _cases_by_differences(self, goal: z3.BoolRef) -> list[z3.BoolRef]:
        """The goal as cases that together hold where it does: each path (disjunct) that
        requires two terms of one shape to differ (``x.hashCode() != y.hashCode()``, both
        ``31 * h(f) + h(g)``), once for each pair of their corresponding subterms that can
        make them differ, with those required to differ (``h(x.f) != h(y.f)``). Such a
        case is a small question about one field (is it equal, are its hashes?), where
        the whole asks about all fields at once and Z3 takes seconds to see that the
        same arithmetic of equal values agrees. The goal as one case if it has no path
        of this kind."""
        paths = kids(goal) if bool_kind(goal) == z3.Z3_OP_OR else [goal]
        if len(paths) > self.config.apart_paths:
            return [goal]
        cases, rest = [], []
        for path in paths:
            parts = kids(path) if bool_kind(path) == z3.Z3_OP_AND else [path]
            pairs = [pair for c in parts if (results := self._differing_results(c))
                     for pair in self._differing(*results)]
            if 1 < len(pairs) <= self.config.apart_cases:
                cases += [z3.And(path, a != b) for a, b in pairs]
            else:
                rest.append(path)
        if not cases:
            return [goal]
        return ([mk_or(self.ctx, rest)] if rest else []) + cases

    def _differing_results(self, t: z3.BoolRef) -> list[z3.ExprRef]:
        """The two results the code computed (variables the constraints define, as calls'
        results are) that ``t`` requires to differ, if it does; else none. Other
        disequalities in a path are conditions of its branches."""
        if z3.is_not(t) and z3.is_eq(t.arg(0)):
            sides = t.arg(0).children()
        elif z3.is_distinct(t) and t.num_args() == 2:
            sides = t.children()
        else:
            return []
        definitions = self._definitions()
        return sides if all(is_variable(s) and s.get_id() in definitions for s in sides) else []

    def _differing(self, a: z3.ExprRef, b: z3.ExprRef) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
        """The pairs of subterms where ``a`` and ``b``, with the variables the constraints
        define replaced by their definitions, differ below the operations they share
        (sums, products, bitwise and Boolean operations; if-then-else with one condition):
        ``a`` and ``b`` differ only if some pair does."""
        pairs, pending, seen = [], [(a, b)], set()
        while pending:
            a, b = (self._defined_as(t) for t in pending.pop())
            if a.eq(b) or (a.get_id(), b.get_id()) in seen:
                continue
            seen.add((a.get_id(), b.get_id()))
            if z3.is_app(a) and z3.is_app(b) and a.num_args() == b.num_args() > 0 \
                    and a.decl().kind() in SHARED_OPERATIONS and a.decl().eq(b.decl()) \
                    and (not z3.is_app_of(a, z3.Z3_OP_ITE) or a.arg(0).eq(b.arg(0))):
                pending.extend(reversed(list(zip(a.children(), b.children()))))
            else:
                pairs.append((a, b))
        return pairs

    def _defined_as(self, t: z3.ExprRef) -> z3.ExprRef:
        """``t``, or the term it is a variable defined as, through chains of definitions."""
        definitions, met = self._definitions(), set()
        while is_variable(t) and t.get_id() in definitions and t.get_id() not in met:
            met.add(t.get_id())
            t = definitions[t.get_id()]
        return t

    def _definitions(self) -> dict[int, z3.ExprRef]:
        """Variable id -> the term a constraint ``v == term`` defines it as."""
        if self._defined[0] != len(self.constraints):
            self._defined = (len(self.constraints), {
                c.arg(0).get_id(): c.arg(1) for c in reversed(self.constraints)
                if z3.is_eq(c) and is_variable(c.arg(0))})
        return self._defined[1]

    def _without_floating_point(self, goal: z3.BoolRef) -> Answer:
        """The goal asked with each floating-point operation a free value (``_weakly``).
        Unsatisfiable so, it is: a contract that holds whatever the arithmetic gives
        (equals by ``doubleToLongBits`` of fields that mutators add to) is so decided
        without bit-blasting any of it. Satisfiable where a model of that, its inputs
        pinned (all, or all but the arithmetic's operands), is one of the goal: a violation
        that turns on the bits of fields, not on arithmetic (statistics equal within one
        ulp), is found so where its search runs out of time."""
        terms = [goal, *self.constraints]
        if without_floating_point(terms):
            return Answer("unknown")
        now = self.clock.now()
        return self._weakly(goal, self.constraints, [], min(self.config.weaker_seconds, self.deadline - now),
                            0, min(self.config.arithmetic_seconds, self.config.arithmetic_share * (self.plan_end - now)))

    def broken(self, model: z3.ModelRef) -> tuple[list[z3.BoolRef], list[z3.BoolRef]]:
        """The lazy constraints ``model`` breaks, and equalities that pin what they depend
        on to the model's values: with those, each is a constant to compute, not a
        problem to solve."""
        broken = [c for c in self.lazy if not z3.is_true(model.eval(c, model_completion=True))]
        inputs = constants([c.arg(1) for c in broken])
        return broken, [v == model.eval(v, model_completion=True) for v in inputs]

    def _solve(self, goal: z3.BoolRef, depth: int, fixed: list[z3.BoolRef], deadline: float) -> Answer:
        if z3.is_false(goal):
            return Answer("unsat")
        depth = self._next_split(goal, depth)
        if depth == len(self.splits):
            return self._by_paths(goal, fixed, deadline)
        var, values = self.splits[depth]
        level = len(fixed)
        if (str(var) not in self.eager or len(values) > self.config.eager_split) \
                and level & (level - 1) == 0 and self._undecided[level] < self.config.split_tries:
            answer = self._leaf(goal, fixed, deadline, self.config.split_rlimit)
            if answer.verdict != "unknown":
                return answer
            self._undecided[len(fixed)] += 1
        cases = ((_chosen(self.clock, goal, var, v), fixed + [var == v])
                 for v in (z3.BitVecVal(value, var.size(), self.ctx) for value in values))
        return self._first(cases, deadline, depth + 1)

    def _by_paths(self, goal: z3.BoolRef, fixed: list[z3.BoolRef], deadline: float) -> Answer:
        """A goal with no object choice left to split, one path at a time: a disjunction
        (the goal, or else its first disjunctive conjunct, if the whole is not decided
        within ``config.split_rlimit``) is split into its disjuncts, so that each path's
        equalities become top-level facts Z3 substitutes; left inside a disjunction, the
        same arithmetic on both sides of an equality can be a bit-level puzzle. Splits nest
        at most ``PATH_SPLITS`` deep (a chain of ``&&`` over hundreds of fields makes as
        many disjunctions), and a goal deeper is asked whole: splitting recurses."""
        parts = conjuncts(goal)
        index = next((i for i, c in enumerate(parts) if disjuncts(c)), None)
        if index is None or self._paths_deep >= PATH_SPLITS:
            return self._leaf(goal, fixed, deadline)
        if len(parts) > 1:
            answer = self._leaf(goal, fixed, deadline, self.config.split_rlimit)
            if answer.verdict != "unknown":
                return answer
        rest = parts[:index] + parts[index + 1:]
        self._paths_deep += 1
        try:
            return self._first(((z3.simplify(z3.And(d, *rest)) if rest else d, fixed)
                                for d in disjuncts(parts[index])), deadline)
        finally:
            self._paths_deep -= 1

    def _leaf(self, goal: z3.BoolRef, fixed: list[z3.BoolRef], deadline: float,
              rlimit: int = 0, plan_end: float = 0.0) -> Answer:
        """The case asked whole by ``deadline``; its queries' budgets are shares of the
        time until then, or until ``plan_end`` if later."""
        left = deadline - self.clock.now()
        if left <= 0:
            return Answer("unknown", reason="timeout")
        constraints = self.constraints
        too_large = self.weigher.too_large([goal] + constraints)  # as _identify leaves them
        if too_large and fixed:  # what is left once the object choices are put in
            constraints = self._with_choices(fixed, deadline)
            if constraints is None:
                return Answer("unknown", reason="timeout")
            too_large = self.weigher.too_large([goal] + constraints)
        if too_large:
            if (left := deadline - self.clock.now()) <= 0:
                return Answer("unknown", reason="timeout")
            budget = max(left, plan_end - self.clock.now())
            answer = self._weakly(goal, constraints, fixed, left, rlimit or int(
                self.config.without_bit_blasting_share * budget * self.config.units_per_second))
            return answer if answer.verdict != "unknown" else Answer("unknown", reason=too_large)
        identified = self._identify(goal, constraints, deadline)
        if identified is None:
            return Answer("unknown", reason="timeout")
        simpler, constraints, equalities = identified
        facts = [simpler, *equalities, *fixed]
        related = self._related(constraints, facts)
        if len(related) < len(constraints):
            # the other constraints share no variable with the goal, even through other
            # constraints: without them the question is smaller and, if unsatisfiable,
            # so is the whole; a model is looked for with all of them
            if (left := deadline - self.clock.now()) <= 0:
                return Answer("unknown", reason="timeout")
            result, s = self._ask([*facts, *related], left, rlimit,
                                  planned=plan_end - self.clock.now())
            if result != z3.sat:
                return Answer("unsat") if result == z3.unsat else Answer(
                    "unknown", reason=s.reason_unknown())
            if self._reaching and self._constraints_consistent():
                return Answer("sat", self._model(s), case=[goal] + fixed)
            completed = self._completed(s, facts, related, constraints, deadline, [goal] + fixed)
            if completed is not None:
                return completed
        if (left := deadline - self.clock.now()) <= 0:  # simplifying can take seconds
            return Answer("unknown", reason="timeout")
        result, s = self._ask([*facts, *constraints], left, rlimit,
                              planned=plan_end - self.clock.now())
        if result == z3.sat:
            return Answer("sat", self._model(s), case=[goal] + fixed)
        if result == z3.unsat:
            return Answer("unsat")
        return Answer("unknown", reason=s.reason_unknown())

    def _completed(self, s: z3.Solver, facts: list[z3.BoolRef], related: list[z3.BoolRef],
                   constraints: list[z3.BoolRef], deadline: float,
                   case: list[z3.BoolRef]) -> Answer | None:
        """The whole case asked with the variables of its part connected to the goal
        (``facts`` and ``related``) pinned to the values of that part's model in ``s``,
        within ``config.split_rlimit``: the other constraints share no variable with it,
        so what is left is their own question, which alone is mostly easy, where the
        whole, asked at once, can be past the time limit. A model found so is one of the
        whole case (nothing is assumed: the pins are asked with it); None if none was
        (unsatisfiable pinned, as a function shared by both parts may make it, or
        undecided), and the whole case is asked as it is."""
        pinned = self._pinned([*facts, *constraints], self._model(s),
                              constants([*facts, *related]), deadline - self.clock.now(),
                              self.config.split_rlimit, case)
        return pinned if pinned is not None and pinned.verdict == "sat" else None

    def _with_choices(self, fixed: list[z3.BoolRef], deadline: float) -> list[z3.BoolRef] | None:
        """The constraints with the object choices ``fixed`` put in (``with_fixed``),
        remembered for the last choices asked: the paths of one case, searched one after
        the other, share its choices, and putting them into a large check's constraints
        again for each path would take a good share of each."""
        key = (tuple(f.sexpr() for f in fixed), len(self.constraints))
        if self._fixed[0] != key:
            constraints = with_fixed(self.constraints, fixed, deadline, self.clock)
            if constraints is None:
                return None
            self._fixed = (key, constraints)
        return self._fixed[1]

    def _weakly(self, goal: z3.BoolRef, constraints: list[z3.BoolRef], fixed: list[z3.BoolRef],
                left: float, rlimit: int, arithmetic: float = 0.0) -> Answer:
        """The goal (a case of it, with the object choices ``fixed``) decided without
        bit-blasting its floating-point arithmetic, within ``left`` seconds and ``rlimit``
        units: unsatisfiable if it is even with each operation a free value
        (``WithoutFloatingPoint``); satisfiable if the inputs of a model of that weaker
        question (all variables but those a constraint defines), pinned, give a model of
        the real one, where the arithmetic is then small or on constants: a violation
        that does not turn on floating-point values (a null field that a method
        dereferences) is so found. Failing that, given ``arithmetic`` seconds, the real
        question with only the values outside the arithmetic pinned, the arithmetic's
        operands solved for. Otherwise unknown."""
        start = self.clock.now()
        deadline = start + left
        terms = [goal, *constraints]
        if fixed:  # a case: what its goal equates goes first, and unrelated constraints go
            identified = self._identify(goal, constraints, deadline)
            if identified is None:
                return Answer("unknown")
            simpler, constraints, equalities = identified
            facts = [simpler, *equalities, *fixed]
            terms = [*facts, *self._related(constraints, facts)]
        try:
            weakened = [self.weaker.weakened(t, deadline) for t in terms]
        except TooLate:
            return Answer("unknown")
        result, s = self._ask(weakened, deadline - self.clock.now(), rlimit)
        if result == z3.unsat:
            return Answer("unsat")
        if result != z3.sat:
            return Answer("unknown")
        model = self._model(s)
        definitions = {str(c.arg(0)): c.arg(1) for c in [*constraints, *self.lazy]
                       if z3.is_eq(c) and is_variable(c.arg(0))}
        inputs = [v for v in constants(terms) if str(v) not in definitions]
        values = [v for v in inputs if not isinstance(v.sort(), z3.FPSortRef)]
        # the floating-point inputs left free if the arithmetic on them is small enough
        # to bit-blast, so that the real question may pick other values; else all
        # pinned; one real question, within self.config.split_rlimit
        case = [goal] + fixed
        for pinned in (values, inputs):
            asked = self._pinned(terms, model, pinned, deadline - self.clock.now(),
                                 self.config.split_rlimit, case)
            if asked is not None:
                if asked.verdict == "sat":
                    return asked
                break
        if arithmetic <= 0:
            return Answer("unknown")
        # the values the arithmetic is done on left free too: the weaker model gives them
        # any that fit its stand-ins, which the real operations need not give (three longs
        # converted to adjacent floats are far apart, not adjacent)
        operands = {str(v) for v in constants(self.weaker.operations(), definitions)}
        kept = [v for v in values if str(v) not in operands]
        if len(kept) < len(values):
            asked = self._pinned(terms, model, kept,
                                 min(arithmetic, self.deadline - self.clock.now()), 0, case)
            if asked is not None and asked.verdict == "sat":
                return asked
        return Answer("unknown")

    def _pinned(self, terms: list[z3.BoolRef], model: z3.ModelRef, inputs: list[z3.ExprRef],
                seconds: float, rlimit: int, case: list[z3.BoolRef]) -> Answer | None:
        """``terms`` (of ``case``) asked with ``inputs`` pinned to their values in
        ``model``, within ``seconds`` (putting the values in counts) and ``rlimit`` units;
        None if there is no time or they are too large to bit-blast."""
        deadline = self.clock.now() + seconds
        pairs = [(v, model.eval(v, model_completion=True)) for v in inputs]
        pinned = [z3.simplify(z3.substitute(t, *pairs)) for t in terms]
        if deadline <= self.clock.now() or self.weigher.too_large(pinned):
            return None
        result, s = self._ask([*pinned, *(v == value for v, value in pairs)],
                              deadline - self.clock.now(), rlimit)
        if result == z3.sat:
            return Answer("sat", self._model(s), case=case)
        return Answer("unsat" if result == z3.unsat else "unknown")

    def _related(self, constraints: list[z3.BoolRef], facts: list[z3.BoolRef]) -> list[z3.BoolRef]:
        """Those of ``constraints`` (which line up with ``self.constraints``) connected to
        the ``facts`` by shared variables, directly or through other constraints."""
        mentions = self._groups.of(self.constraints)
        related = self._groups.connected(self._variables.of(facts))
        return [c for c, names in zip(constraints, mentions) if not names or names & related]

    def _identify(self, goal: z3.BoolRef, constraints: list[z3.BoolRef], deadline: float
                  ) -> tuple[z3.BoolRef, list[z3.BoolRef], list[z3.BoolRef]] | None:
        """The goal and the ``constraints`` (lined up with ``self.constraints``), with
        variables the goal equates at its top level (``a.lo == b.lo``, also where every
        path of a disjunction does) replaced by one of them, plus those equalities. Z3
        would do the same, unless it first replaced each variable by its definition and
        were left proving that two copies of some arithmetic agree, which can take seconds
        where this takes nothing. The goal is simplified first (``Double.compare(a, b) == 0``
        becomes such an equality only then), and what every side of a disjunction shares
        is taken out of it (``factored``). None past the ``deadline``."""
        goal = factored(z3.simplify(goal), self._factored, deadline, self.clock)
        if goal is None:
            return None
        pairs = []
        for c in implied(goal, self._implied).values():
            if z3.is_eq(c):
                a, b = c.children()
                if is_variable(a) and is_variable(b) and not a.eq(b):
                    pairs.append((b, a))
        if not pairs:
            return goal, constraints, []
        replaced = self._variables.of([b for b, _ in pairs])
        constraints = [z3.substitute(c, *pairs) if names & replaced else c
                       for c, names in zip(constraints, self._groups.of(self.constraints))]
        return z3.simplify(z3.substitute(goal, *pairs)), constraints, [a == b for b, a in pairs]

    def _next_split(self, goal: z3.BoolRef, depth: int) -> int:
        """The index of the next choice from ``depth`` on that ``goal`` depends on: found
        by substituting values for a range of choices at once and halving the range,
        which Z3 does in a few passes over the goal where listing its variables in
        Python would take seconds on a large one."""
        end = len(self.splits)
        if depth == end or not self._depends(goal, depth, end):
            return end
        while end - depth > 1:  # the goal depends on some choice in [depth, end)
            middle = (depth + end) // 2
            if self._depends(goal, depth, middle):
                end = middle
            else:
                depth = middle
        return depth

    def _depends(self, goal: z3.BoolRef, start: int, end: int) -> bool:
        """Does ``goal`` mention any of the choices ``splits[start:end]``? Substituted
        through Z3's C API, with the arrays of each range made once: a search asks of
        the same few ranges thousands of times, and the Python API checks each pair."""
        if (start, end) not in self._substitutions:
            values = [z3.BitVecVal(values[0], var.size(), self.ctx)
                      for var, values in self.splits[start:end]]
            sources, targets = (z3.Ast * (end - start))(), (z3.Ast * (end - start))()
            for i, ((var, _), value) in enumerate(zip(self.splits[start:end], values)):
                sources[i], targets[i] = var.as_ast(), value.as_ast()
            # the values too: the arrays hold their terms' raw pointers, which live only
            # as long as a Python reference does
            self._substitutions[start, end] = (sources, targets, values)
        sources, targets, _ = self._substitutions[start, end]
        self.clock.step()  # a walk of the goal that Z3 does not count
        substituted = z3.ExprRef(z3.Z3_substitute(self.ctx.ref(), goal.as_ast(), end - start,
                                                  sources, targets), self.ctx)
        return not substituted.eq(goal)

    def _first(self, cases, deadline: float, depth: int | None = None) -> Answer:
        """The first satisfiable of the (goal, fixed) cases; unknown if some case was
        undecided; unsat if all are. ``depth``: split them further from there."""
        unknown = None
        for goal, fixed in cases:
            if self.clock.now() > deadline:
                return Answer("unknown", reason="timeout")
            if depth is None:
                answer = self._by_paths(goal, fixed, deadline)
            else:
                answer = self._solve(goal, depth, fixed, deadline)
            if answer.verdict == "sat":
                return answer
            if answer.verdict == "unknown":
                unknown = answer
        return unknown or Answer("unsat")

    def ask_within(self, rlimit: int, *formulas: z3.BoolRef) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
        """Whether the constraints and ``formulas`` hold together, as found within
        ``rlimit``, and a model if they do; unknown, not asked, where their arithmetic is
        too large to bit-blast (a case decided without it, ``_weakly``), which Z3 would
        run out of memory on."""
        if self.weigher.too_large([*self.constraints, *formulas]):
            return z3.unknown, None
        result, s = self._ask([*self.constraints, *formulas], None, rlimit, core_first=False)
        return result, (self._model(s) if result == z3.sat else None)



PATH_SPLITS = 64


def _chosen(clock: WorkClock, goal: z3.BoolRef, var: z3.ExprRef, value: z3.ExprRef) -> z3.BoolRef:
    """``goal`` with the choice ``var`` made ``value``, simplified. Z3 counts the
    simplification's units in the check's context (which the ``clock`` watches), not the
    substitution's, which walks the same terms: so that counts as much again (a choice
    among hundreds of objects substitutes into the whole goal hundreds of times)."""
    clock.sync()
    before = clock.units
    chosen = z3.simplify(z3.substitute(goal, (var, value)))
    clock.sync()
    clock.spend(clock.units - before)
    return chosen


def _core_solver(ctx: z3.Context) -> z3.Solver:
    """Z3's SMT core after the preprocessing that solves equalities for variables
    (``solve-eqs``) and drops terms with an unconstrained variable: a query whose
    definitions chain through many variables (the hashes of a class hierarchy's fields)
    can then be decided at once where the core alone, or Z3's default solver, takes
    seconds or more (docs/dev/tuning.md)."""
    return z3.Then("simplify", "propagate-values", "solve-eqs", "elim-uncnstr", "simplify",
                   "smt", ctx=ctx).solver()
