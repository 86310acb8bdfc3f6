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

All the queries of one check share its time limit.

Small values are asked for after a violation is found: a counterexample with
0, 1 and -1 reads better than one with 11264.
"""
from __future__ import annotations

import collections
import math
import time
from dataclasses import dataclass, field

import z3

from pytest_boundcheck.frontend.types import BOOLEAN, PrimType
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.strings import Text
from pytest_boundcheck.symex.values import bool_app, mk_or

MEMORY_LIMIT_MB = 4096
# value ranges to try, in order: (bound, signs, also MIN/MAX and their neighbours)
_LADDER = ((1, "+", False), (1, "+-", False), (1, "+-", True), (16, "+-", False),
           (256, "+-", False), (65536, "+-", False))
# resource units a query may take before it is split, or a case asked again with a model's
# pins before its lazy constraints hold for good: a fraction of a second here
SPLIT_RLIMIT = 300_000
# resource units Z3's SMT core gets on a query with a resource limit before its default
# solver is asked; on a query with a time limit only, at least that and a share of the time
CORE_RLIMIT = 200_000
# commons-math's Fraction compareto-transitive: the core decides its queries in about 1.2
# million units, 0.1 s; the default solver takes 11 s
CORE_SHARE = 0.15
UNITS_PER_SECOND = 3_000_000  # Z3's resource units per second of solving here, roughly
# what asking whether the constraints hold together (``Solver.reached``) may take: a second
CONSISTENCY_RLIMIT = 3_000_000
SPLIT_SHARE = 0.4  # of the time left, what splitting may take before the whole query gets the rest
# what the query without floating point may take: those it decides, it mostly decides in a
# third of a second here (commons-lang's and commons-math's, two checks at a time; one,
# commons-math's VectorialCovariance equals-transitive, in 0.65 s), and those it does not
# decide took up to 5 s of 10 (commons-math's statistics)
WEAKER_SECONDS = 0.6
# of the time planned, and at most, what the question with the weaker model's values pinned
# but those the arithmetic is done on may take (``_weakly``): it found commons-math's
# statistics' one-ulp violations in 0.55 to 0.8 s, which their search had not found in
# 2.7 s; where the weaker model is no real one, the time is lost (measures' Score
# compareto-antisymmetric, a pass: 6 s with 0.4 of the time planned, 2 s before)
ARITHMETIC_SHARE = 0.4
ARITHMETIC_SECONDS = 1.0
# of the time left, what a case too large to bit-blast may take, asked without its arithmetic
WITHOUT_BIT_BLASTING_SHARE = 0.5
# paths of a goal beyond which it is not looked at for results required to differ
# (``Solver._cases_by_differences``): the assertions of the contracts are a few paths;
# commons-math's field vectors have thousands of paths that throw, and looking took seconds
APART_PATHS = 256
APART_CASES = 32  # pairs of subterms beyond which a path is left whole
EAGER_SPLIT = 24  # a choice among this many objects or fewer is split at once
# a query is asked whole before it is split on a choice only until this many such tries
# were undecided at the same level of splitting: the cases of one choice (a parameter's
# hundreds of classes) tend to be alike; and only at levels 0, 1, 2, 4, 8...: a chain of
# thirty choices (joda-time's duration fields, each wrapping another) asked whole at
# every level took 6 s of undecided questions before the first case was split to the end
SPLIT_TRIES = 2
MINIMISE_QUERIES = 24
MINIMISE_UNDECIDED = 3  # undecided minimising queries in a row after which it stops
# the chars strings are asked to use, in order: pairs of ends of ranges ("az  " is 'a' to 'z', ' ')
_ALPHABETS = ("aa", "ab", "aA", "abAB", "az  ", "azAZ  ", "azAZ09  ", " ~")
# solver resource units per query: about 0.3 s here. With half, three doubles in a chain of
# one-ulp steps stayed where the solver first put them (measures' Reading: 0x1809360400000001L
# and its neighbours), undecided whether -Double.MIN_VALUE, 0.0 and Double.MIN_VALUE will do
MINIMISE_RLIMIT = 1_000_000
MINIMISE_FLOOR = 3_000_000   # resource units minimising may use however quickly a violation was found

z3.set_param("memory_max_size", MEMORY_LIMIT_MB)
# z3's Python layer checks the arguments of each call (sorts, types) before Z3 does: the
# engine makes millions of calls, and those checks took 8 % of the time of joda-time's
# checks near the median. Z3 itself still rejects an ill-sorted term (a Z3Exception).
z3.z3.Z3_DEBUG = False

# Memory Z3 takes to bit-blast one floating-point operation, in MB, measured here (a double
# division takes 250 MB and 1.5 s, two take 22 s; a double remainder does not finish in
# 100 s); other operations are small. Past the budget a query is not asked: once out of
# memory, Z3 aborts the whole process.
_BLAST_MB = {(z3.Z3_OP_FPA_DIV, 64): 250, (z3.Z3_OP_FPA_REM, 64): 1000, (z3.Z3_OP_FPA_MUL, 64): 35,
             (z3.Z3_OP_FPA_SQRT, 64): 35, (z3.Z3_OP_FPA_FMA, 64): 45,
             (z3.Z3_OP_FPA_DIV, 32): 45, (z3.Z3_OP_FPA_REM, 32): 250, (z3.Z3_OP_FPA_MUL, 32): 10,
             (z3.Z3_OP_FPA_SQRT, 32): 10, (z3.Z3_OP_FPA_FMA, 32): 15}
BLAST_BUDGET_MB = 600
_COSTLY_KINDS = frozenset(kind for kind, _ in _BLAST_MB)
_VARIABLE_KINDS = frozenset({z3.Z3_OP_UNINTERPRETED})  # a variable is an application too


@dataclass
class Answer:
    verdict: str  # sat | unsat | unknown
    model: z3.ModelRef | None = None
    reason: str = ""
    case: list[z3.BoolRef] = field(default_factory=list)  # the satisfiable case's formulas


class Solver:
    def __init__(self, ctx: z3.Context, timeout: float, constraints: list[z3.BoolRef],
                 splits: list[tuple[z3.ExprRef, list[int]]], eager: set[str],
                 lazy: list[z3.BoolRef] = (), planned: float | None = None):
        """``splits``: object choices to split on, in order, with their possible values;
        those named in ``eager`` (the harness parameters) are split at once when small.
        ``lazy``: constraints that hold too, added only once a model breaks them.
        ``timeout``: the seconds all the queries together may take; ``planned``: the
        seconds the search plans its phases for, if more (cut short, it finds what the
        longer search finds by then)."""
        self.ctx = ctx
        self.deadline = time.perf_counter() + timeout
        self.plan_end = self.deadline + max(0.0, (planned or 0.0) - timeout)
        self.constraints = constraints
        self.lazy = list(lazy)
        self.splits = splits
        self.eager = eager
        self.queries = 0
        self.spent = 0  # solver resource units the queries used: a deterministic measure of effort
        self._variables = Marks(lambda t: t if _is_variable(t) else None, _VARIABLE_KINDS)
        self._mentions: list[int] = []  # the variables of each constraint, as needed
        self._parent: dict[int, int] = {}  # bit -> a bit of its group (a union-find forest)
        self._groups: dict[int, int] = {}  # root bit -> the variables of its group
        self._covered = 0  # the variables of all the groups
        self._grouped = 0  # constraints whose variables are in ``_groups``
        self._undecided: collections.Counter[int] = collections.Counter()  # level -> tries
        self._factored: dict[int, tuple] = {}  # term id -> (term, it factored): ``_factored``
        self._implied: dict[int, tuple] = {}  # term id -> (term, what it implies): ``_implied``
        self._substitutions: dict[tuple, tuple] = {}  # (start, end) -> arrays, values: ``_depends``
        self._defined: tuple = (-1, {})  # constraints seen, definitions: ``_definitions``
        self._fixed: tuple = (None, [])  # the last choices put in, and the result: ``_with_choices``
        self.weigher = Weigher()
        # one for all the queries: they share most terms, whose stand-ins it remembers
        self.weaker = WithoutFloatingPoint()
        self._reaching = False  # asked by ``reached``: a model of the goal's part will do
        self._consistent: bool | None = None  # are the constraints alone satisfiable?

    def _ask(self, terms: list[z3.BoolRef], seconds: float | None, rlimit: int = 0,
             core_first: bool = True, planned: float | None = None
             ) -> tuple[z3.CheckSatResult, z3.Solver]:
        """Whether ``terms`` hold together, as Z3 finds within ``seconds`` (None: no time
        limit) and ``rlimit`` units, and the solver that asked, for its model. Asked first
        of Z3's SMT core alone (``_core_solver``), within ``CORE_RLIMIT`` units or
        ``CORE_SHARE`` of the time (of the ``planned`` seconds, if more), then of its
        default solver, whose preprocessing can take seconds on what the core decides at once
        (commons-lang's ``IntegerRange`` hashcode-consistent: undecided in 3.6 s, and
        unsatisfiable in 0.01 s), while it bit-blasts arithmetic the core is slow on.
        Minimising asks the default solver only (not ``core_first``): the two pick other
        values among those allowed, and the default solver's read better (``MIN_VALUE``,
        not ``MIN_VALUE + 1``)."""
        if not core_first:
            return self._asked(z3.Solver(ctx=z3.Context()), terms, seconds, rlimit)
        start = time.perf_counter()
        share_of = max(planned or 0, seconds or 0)
        core = min(rlimit, CORE_RLIMIT) if rlimit else \
            max(CORE_RLIMIT, int(CORE_SHARE * share_of * UNITS_PER_SECOND))
        result, s = self._asked(_core_solver(z3.Context()), terms, seconds, core)
        if result != z3.unknown or (rlimit and rlimit <= CORE_RLIMIT):
            return result, s
        if seconds is not None:
            seconds -= time.perf_counter() - start
            if seconds <= 0:
                return result, s
        return self._asked(z3.Solver(ctx=z3.Context()), terms, seconds, rlimit)

    def _asked(self, s: z3.Solver, terms: list[z3.BoolRef], seconds: float | None,
               rlimit: int) -> tuple[z3.CheckSatResult, z3.Solver]:
        """``_ask`` of one solver. In a context of its own: Z3 slows down with the number
        of terms its context holds, and a query that takes 1 s alone takes 5 s beside the
        million that exploring made. Equalities under disjunctions are not solved for
        (``context_solve``, which Z3 does unless told not to): that looks at the whole
        query for each one, without looking at the time limit, and took 16 s on a guava
        query of 32,000 terms given 0.6 s."""
        s.set("random_seed", 0)
        s.set("context_solve", False)
        if seconds is not None:
            s.set("timeout", max(1, int(seconds * 1000)))
        if rlimit:
            s.set("rlimit", rlimit)
        self.queries += 1
        s.add(*_translated(terms, s.ctx))
        result = s.check()
        statistics = s.statistics()  # Z3 counts the units per context: these are the query's
        if "rlimit count" in statistics.keys():
            self.spent += statistics.get_key_value("rlimit count")
        return result, s

    def _model(self, s: z3.Solver) -> z3.ModelRef:
        """The model ``s`` found, in the check's own context."""
        return s.model().translate(self.ctx)

    def check(self, goal: z3.BoolRef) -> Answer:
        """Is ``goal`` satisfiable together with the constraints? Ruled out without its
        floating-point arithmetic, it is not; else it is searched (``_search``): split by
        the next object choice it depends on, at once for a small choice of a harness
        parameter, else when the whole query is not decided within ``SPLIT_RLIMIT``.
        The first satisfiable case, in choice order, gives the model. Where it breaks
        lazy constraints, the case is asked again with them and with what they depend on
        as in the model, within ``SPLIT_RLIMIT`` (so pinned, they are constants to
        compute); if that fails, they hold for good and the query is asked again. With
        no time left (exploring took it all), only a goal that is false as it stands is
        decided."""
        if z3.is_false(goal):
            return Answer("unsat")
        if time.perf_counter() >= self.deadline:
            return Answer("unknown", reason="timeout")
        answer = self._without_floating_point(goal)
        if answer.verdict == "unknown":
            answer = self._search(goal)
        added: list[z3.BoolRef] = []  # lazy constraints, and pins, asked with the case so far
        while answer.verdict == "sat":
            broken, pins = self._broken(answer.model)
            if not broken:
                break
            case = answer.case
            added += broken + pins  # the model kept the earlier pins: they still agree
            answer = self._leaf(case[0], case[1:] + added, self.deadline, SPLIT_RLIMIT)
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
        time left and ``CONSISTENCY_RLIMIT``; undecided counts as no."""
        if self._consistent is None:
            left = self.deadline - time.perf_counter()
            self._consistent = left > 0 and self._ask(
                [*self.constraints, *self.lazy], left, CONSISTENCY_RLIMIT)[0] == z3.sat
        return self._consistent

    def _search(self, goal: z3.BoolRef) -> Answer:
        """The goal split into cases by the results it requires to differ
        (``_cases_by_differences``), each split by object choices, for a share of the time
        planned (all of it for a goal too large to bit-blast whole); if that does not decide
        it, the whole goal at once, for the rest."""
        now = time.perf_counter()
        share = 1.0 if self.weigher.too_large([goal, *self.constraints]) else SPLIT_SHARE
        cases = self._cases_by_differences(goal)
        answer = self._first(((case, []) for case in cases),
                             min(self.deadline, now + share * (self.plan_end - now)), depth=0)
        if answer.verdict != "unknown" or time.perf_counter() >= self.deadline:
            return answer
        return self._leaf(goal, [], self.deadline, plan_end=self.plan_end)

    def _cases_by_differences(self, goal: z3.BoolRef) -> list[z3.BoolRef]:
        """The goal as cases that together hold where it does: each path (disjunct) that
        requires two terms of one shape to differ (``x.hashCode() != y.hashCode()``, both
        ``31 * h(f) + h(g)``), once for each pair of their corresponding subterms that can
        make them differ, with those required to differ (``h(x.f) != h(y.f)``). Such a
        case is a small question about one field (is it equal, are its hashes?), where
        the whole asks about all fields at once and Z3 takes seconds to see that the
        same arithmetic of equal values agrees. The goal as one case if it has no path
        of this kind."""
        paths = _kids(goal) if _bool_kind(goal) == z3.Z3_OP_OR else [goal]
        if len(paths) > APART_PATHS:
            return [goal]
        cases, rest = [], []
        for path in paths:
            conjuncts = _kids(path) if _bool_kind(path) == z3.Z3_OP_AND else [path]
            pairs = [pair for c in conjuncts if (results := self._differing_results(c))
                     for pair in self._differing(*results)]
            if 1 < len(pairs) <= APART_CASES:
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
        return sides if all(_is_variable(s) and s.get_id() in definitions for s in sides) else []

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
                    and a.decl().kind() in _SHARED_OPERATIONS and a.decl().eq(b.decl()) \
                    and (not z3.is_app_of(a, z3.Z3_OP_ITE) or a.arg(0).eq(b.arg(0))):
                pending.extend(reversed(list(zip(a.children(), b.children()))))
            else:
                pairs.append((a, b))
        return pairs

    def _defined_as(self, t: z3.ExprRef) -> z3.ExprRef:
        """``t``, or the term it is a variable defined as, through chains of definitions."""
        definitions, met = self._definitions(), set()
        while _is_variable(t) and t.get_id() in definitions and t.get_id() not in met:
            met.add(t.get_id())
            t = definitions[t.get_id()]
        return t

    def _definitions(self) -> dict[int, z3.ExprRef]:
        """Variable id -> the term a constraint ``v == term`` defines it as."""
        if self._defined[0] != len(self.constraints):
            self._defined = (len(self.constraints), {
                c.arg(0).get_id(): c.arg(1) for c in reversed(self.constraints)
                if z3.is_eq(c) and _is_variable(c.arg(0))})
        return self._defined[1]

    def _without_floating_point(self, goal: z3.BoolRef) -> Answer:
        """The goal asked with each floating-point operation a free value (``_weakly``).
        Unsatisfiable so, it is: a contract that holds whatever the arithmetic gives
        (equals by ``doubleToLongBits`` of fields that mutators add to) is so decided
        without bit-blasting any of it. Satisfiable where a model of that, its inputs
        pinned (all, or all but the arithmetic's operands), is one of the goal: a violation
        that turns on the bits of fields, not on arithmetic (commons-math's
        ``FirstMoment``, equal within one ulp: found so in 0.4 s, where its search ran out
        of 2.5 s)."""
        terms = [goal, *self.constraints]
        if _without_floating_point(terms):
            return Answer("unknown")
        now = time.perf_counter()
        return self._weakly(goal, self.constraints, [], min(WEAKER_SECONDS, self.deadline - now),
                            0, min(ARITHMETIC_SECONDS, ARITHMETIC_SHARE * (self.plan_end - now)))

    def _broken(self, model: z3.ModelRef) -> tuple[list[z3.BoolRef], list[z3.BoolRef]]:
        """The lazy constraints ``model`` breaks, and equalities that pin what they depend
        on to the model's values: with those, each is a constant to compute, not a
        problem to solve."""
        broken = [c for c in self.lazy if not z3.is_true(model.eval(c, model_completion=True))]
        inputs = _constants([c.arg(1) for c in broken])
        return broken, [v == model.eval(v, model_completion=True) for v in inputs]

    def _solve(self, goal: z3.BoolRef, depth: int, fixed: list[z3.BoolRef], deadline: float) -> Answer:
        if z3.is_false(goal):
            return Answer("unsat")
        depth = self._next_split(goal, depth)
        if depth == len(self.splits):
            return self._by_paths(goal, fixed, deadline)
        var, values = self.splits[depth]
        level = len(fixed)
        if (str(var) not in self.eager or len(values) > EAGER_SPLIT) \
                and level & (level - 1) == 0 and self._undecided[level] < SPLIT_TRIES:
            answer = self._leaf(goal, fixed, deadline, SPLIT_RLIMIT)
            if answer.verdict != "unknown":
                return answer
            self._undecided[len(fixed)] += 1
        cases = ((z3.simplify(z3.substitute(goal, (var, v))), fixed + [var == v])
                 for v in (z3.BitVecVal(value, var.size(), self.ctx) for value in values))
        return self._first(cases, deadline, depth + 1)

    def _by_paths(self, goal: z3.BoolRef, fixed: list[z3.BoolRef], deadline: float) -> Answer:
        """A goal with no object choice left to split, one path at a time: a disjunction
        (the goal, or else its first disjunctive conjunct, if the whole is not decided
        within ``SPLIT_RLIMIT``) is split into its disjuncts, so that each path's
        equalities become top-level facts Z3 substitutes; left inside a disjunction, the
        same arithmetic on both sides of an equality can be a bit-level puzzle."""
        conjuncts = _conjuncts(goal)
        index = next((i for i, c in enumerate(conjuncts) if _disjuncts(c)), None)
        if index is None:
            return self._leaf(goal, fixed, deadline)
        if len(conjuncts) > 1:
            answer = self._leaf(goal, fixed, deadline, SPLIT_RLIMIT)
            if answer.verdict != "unknown":
                return answer
        rest = conjuncts[:index] + conjuncts[index + 1:]
        return self._first(((z3.simplify(z3.And(d, *rest)) if rest else d, fixed)
                            for d in _disjuncts(conjuncts[index])), deadline)

    def _leaf(self, goal: z3.BoolRef, fixed: list[z3.BoolRef], deadline: float,
              rlimit: int = 0, plan_end: float = 0.0) -> Answer:
        """The case asked whole by ``deadline``; its queries' budgets are shares of the
        time until then, or until ``plan_end`` if later."""
        left = deadline - time.perf_counter()
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
            if (left := deadline - time.perf_counter()) <= 0:
                return Answer("unknown", reason="timeout")
            budget = max(left, plan_end - time.perf_counter())
            answer = self._weakly(goal, constraints, fixed, left, rlimit or int(
                WITHOUT_BIT_BLASTING_SHARE * budget * UNITS_PER_SECOND))
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
            if (left := deadline - time.perf_counter()) <= 0:
                return Answer("unknown", reason="timeout")
            result, s = self._ask([*facts, *related], left, rlimit,
                                  planned=plan_end - time.perf_counter())
            if result != z3.sat:
                return Answer("unsat") if result == z3.unsat else Answer(
                    "unknown", reason=s.reason_unknown())
            if self._reaching and self._constraints_consistent():
                return Answer("sat", self._model(s), case=[goal] + fixed)
        if (left := deadline - time.perf_counter()) <= 0:  # simplifying can take seconds
            return Answer("unknown", reason="timeout")
        result, s = self._ask([*facts, *constraints], left, rlimit,
                              planned=plan_end - time.perf_counter())
        if result == z3.sat:
            return Answer("sat", self._model(s), case=[goal] + fixed)
        if result == z3.unsat:
            return Answer("unsat")
        return Answer("unknown", reason=s.reason_unknown())

    def _with_choices(self, fixed: list[z3.BoolRef], deadline: float) -> list[z3.BoolRef] | None:
        """The constraints with the object choices ``fixed`` put in (``_with_fixed``),
        remembered for the last choices asked: the paths of one case, searched one after
        the other, share its choices, and putting them into a commons-math statistic's
        constraints took 0.17 s a path, a third of each."""
        key = (tuple(f.sexpr() for f in fixed), len(self.constraints))
        if self._fixed[0] != key:
            constraints = _with_fixed(self.constraints, fixed, deadline)
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
        start = time.perf_counter()
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
        result, s = self._ask(weakened, deadline - time.perf_counter(), rlimit)
        if result == z3.unsat:
            return Answer("unsat")
        if result != z3.sat:
            return Answer("unknown")
        model = self._model(s)
        definitions = {str(c.arg(0)): c.arg(1) for c in [*constraints, *self.lazy]
                       if z3.is_eq(c) and _is_variable(c.arg(0))}
        inputs = [v for v in _constants(terms) if str(v) not in definitions]
        values = [v for v in inputs if not isinstance(v.sort(), z3.FPSortRef)]
        # the floating-point inputs left free if the arithmetic on them is small enough
        # to bit-blast, so that the real question may pick other values; else all
        # pinned; one real question, within SPLIT_RLIMIT
        case = [goal] + fixed
        for pinned in (values, inputs):
            asked = self._pinned(terms, model, pinned, deadline - time.perf_counter(),
                                 SPLIT_RLIMIT, case)
            if asked is not None:
                if asked.verdict == "sat":
                    return asked
                break
        if arithmetic <= 0:
            return Answer("unknown")
        # the values the arithmetic is done on left free too: the weaker model gives them
        # any that fit its stand-ins, which the real operations need not give (three longs
        # converted to adjacent floats are far apart, not adjacent)
        operands = {str(v) for v in _constants(self.weaker.operations(), definitions)}
        kept = [v for v in values if str(v) not in operands]
        if len(kept) < len(values):
            asked = self._pinned(terms, model, kept,
                                 min(arithmetic, self.deadline - time.perf_counter()), 0, case)
            if asked is not None and asked.verdict == "sat":
                return asked
        return Answer("unknown")

    def _pinned(self, terms: list[z3.BoolRef], model: z3.ModelRef, inputs: list[z3.ExprRef],
                seconds: float, rlimit: int, case: list[z3.BoolRef]) -> Answer | None:
        """``terms`` (of ``case``) asked with ``inputs`` pinned to their values in
        ``model``, within ``seconds`` (putting the values in counts) and ``rlimit`` units;
        None if there is no time or they are too large to bit-blast."""
        deadline = time.perf_counter() + seconds
        pairs = [(v, model.eval(v, model_completion=True)) for v in inputs]
        pinned = [z3.simplify(z3.substitute(t, *pairs)) for t in terms]
        if deadline <= time.perf_counter() or self.weigher.too_large(pinned):
            return None
        result, s = self._ask([*pinned, *(v == value for v, value in pairs)],
                              deadline - time.perf_counter(), rlimit)
        if result == z3.sat:
            return Answer("sat", self._model(s), case=case)
        return Answer("unsat" if result == z3.unsat else "unknown")

    def _related(self, constraints: list[z3.BoolRef], facts: list[z3.BoolRef]) -> list[z3.BoolRef]:
        """Those of ``constraints`` (which line up with ``self.constraints``) connected to
        the ``facts`` by shared variables, directly or through other constraints."""
        self._group()
        mentioned = self._variables.of(facts)
        related = 0
        for root in self._roots(mentioned):
            related |= self._groups[root]
        return [c for c, names in zip(constraints, self._mentions) if not names or names & related]

    def _group(self) -> None:
        """Merge the groups of the variables of each constraint not grouped yet, with its
        new variables."""
        while len(self._mentions) < len(self.constraints):
            self._mentions.append(self._variables.of([self.constraints[len(self._mentions)]]))
        for names in self._mentions[self._grouped:]:
            if not names:
                continue
            new = names & ~self._covered
            roots = self._roots(names)
            root = min(roots) if roots else _lowest(new)
            merged = new
            for other in roots:
                merged |= self._groups.pop(other)
                self._parent[other] = root
            while new:
                self._parent[_lowest(new)] = root
                new &= new - 1
            self._groups[root] = merged
            self._covered |= merged
        self._grouped = len(self._mentions)

    def _roots(self, names: int) -> set[int]:
        """The roots of the groups of the variables ``names``, by one variable of each."""
        roots = set()
        rest = names & self._covered
        while rest:
            root = self._root(_lowest(rest))
            roots.add(root)
            rest &= ~self._groups[root]
        return roots

    def _root(self, bit: int) -> int:
        while self._parent[bit] != bit:
            self._parent[bit] = self._parent[self._parent[bit]]
            bit = self._parent[bit]
        return bit

    def _identify(self, goal: z3.BoolRef, constraints: list[z3.BoolRef], deadline: float
                  ) -> tuple[z3.BoolRef, list[z3.BoolRef], list[z3.BoolRef]] | None:
        """The goal and the ``constraints`` (lined up with ``self.constraints``), with
        variables the goal equates at its top level (``a.lo == b.lo``, also where every
        path of a disjunction does) replaced by one of them, plus those equalities. Z3
        would do the same, unless it first replaced each variable by its definition and
        were left proving that two copies of some arithmetic agree, which can take seconds
        where this takes nothing. The goal is simplified first (``Double.compare(a, b) == 0``
        becomes such an equality only then), and what every side of a disjunction shares
        is taken out of it (``_factored``). None past the ``deadline``."""
        goal = _factored(z3.simplify(goal), self._factored, deadline)
        if goal is None:
            return None
        pairs = []
        for c in _implied(goal, self._implied).values():
            if z3.is_eq(c):
                a, b = c.children()
                if _is_variable(a) and _is_variable(b) and not a.eq(b):
                    pairs.append((b, a))
        if not pairs:
            return goal, constraints, []
        self._group()
        replaced = self._variables.of([b for b, _ in pairs])
        constraints = [z3.substitute(c, *pairs) if names & replaced else c
                       for c, names in zip(constraints, self._mentions)]
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
        substituted = z3.ExprRef(z3.Z3_substitute(self.ctx.ref(), goal.as_ast(), end - start,
                                                  sources, targets), self.ctx)
        return not substituted.eq(goal)

    def _first(self, cases, deadline: float, depth: int | None = None) -> Answer:
        """The first satisfiable of the (goal, fixed) cases; unknown if some case was
        undecided; unsat if all are. ``depth``: split them further from there."""
        unknown = None
        for goal, fixed in cases:
            if time.perf_counter() > deadline:
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

    def _within(self, rlimit: int, *formulas: z3.BoolRef) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
        """Whether the constraints and ``formulas`` hold together, as found within
        ``rlimit``, and a model if they do; unknown, not asked, where their arithmetic is
        too large to bit-blast (a case decided without it, ``_weakly``), which Z3 would
        run out of memory on."""
        if self.weigher.too_large([*self.constraints, *formulas]):
            return z3.unknown, None
        result, s = self._ask([*self.constraints, *formulas], None, rlimit, core_first=False)
        return result, (self._model(s) if result == z3.sat else None)

    def small_model(self, answer: Answer, inputs: list[tuple[z3.ExprRef, PrimType]],
                    texts: list[Text] = ()) -> z3.ModelRef:
        """A model of the satisfiable case that reads easily, as far as a few queries find.

        Fewer objects first: each parameter at its first option (null where allowed,
        else an object made already, else a new one). Then shorter strings (all as
        short as one bound allows) of plainer chars (the first of ``_ALPHABETS`` that
        works): string constraints get costly to solve once many are fixed. Then the
        other object choices (first constructor, no method calls) all at once, else one
        by one. Then smaller numbers: all at zero; else all in the first ``_LADDER``
        range that works; then each one at zero. The budget is counted in queries and
        solver resource units, not seconds, so the result is the same on every run, and
        is no more than the effort finding the violation took (or ``MINIMISE_FLOOR``).
        After ``MINIMISE_UNDECIDED`` queries in a row undecided, it stops: the case is
        too hard to ask again within a query's units (commons-math's
        ``SynchronizedSummaryStatistics``: 24 such queries, 10 s)."""
        model = answer.model
        kept = list(answer.case)
        queries = undecided = 0
        budget = self.spent + max(self.spent, MINIMISE_FLOOR)  # at most as much effort again

        def attempt(extra: z3.BoolRef) -> bool:
            nonlocal model, queries, undecided
            if queries >= MINIMISE_QUERIES or self.spent >= budget \
                    or undecided >= MINIMISE_UNDECIDED:
                return False
            queries += 1
            result, found = self._within(min(MINIMISE_RLIMIT, budget - self.spent), *kept, extra)
            broken, pins = self._broken(found) if found is not None else ([], [])
            if broken:  # computed for its inputs, the lazy constraints must hold too
                result, found = self._within(min(MINIMISE_RLIMIT, max(1, budget - self.spent)),
                                             *kept, extra, *broken, *pins)
            undecided = undecided + 1 if result == z3.unknown else 0
            if found is None or self._broken(found)[0]:
                return False
            model = found
            kept.append(extra)
            return True

        def value(v: z3.ExprRef) -> int:
            return model.eval(v, model_completion=True).as_long()

        later = []
        for var, options in self.splits:
            if value(var) == options[0]:
                continue
            if str(var) in self.eager:  # a harness parameter: one at a time
                attempt(var == options[0])
            else:
                later.append(var == options[0])
        for bound in range(max((len(t.chars) for t in texts), default=0)):
            if attempt(z3.And([t.length <= bound for t in texts])):
                break
        for alphabet in _ALPHABETS if texts else ():
            if attempt(z3.And([_spelled(t, alphabet) for t in texts])):
                break
        # the objects' own choices (constructor, arguments, calls): all at once, else each
        if later and not attempt(z3.And(later)):
            for choice in later:
                attempt(choice)
        numbers = [(v, t) for v, t in inputs if t is not BOOLEAN]
        if not numbers or attempt(z3.And([_zero(v, t) for v, t in numbers])):
            return model
        for bound, signs, extremes in _LADDER:
            if attempt(z3.And([_within(v, t, bound, signs, extremes) for v, t in numbers])):
                break
        for v, t in numbers:
            if not z3.is_true(model.eval(_zero(v, t), model_completion=True)):
                attempt(_zero(v, t))
        return model


class Weigher:
    """What bit-blasting formulas would take, from the floating-point operations in them,
    each counted once however often it is shared; remembered per subterm."""

    def __init__(self):
        self._operations = Marks(_costly, _COSTLY_KINDS, floating=True)  # labelled (name, MB)

    def too_large(self, terms: list[z3.ExprRef], budget: int = BLAST_BUDGET_MB,
                  besides: list[z3.ExprRef] = ()) -> str:
        """Why the solver must not be asked about ``terms`` (counting no operation that is
        in ``besides`` too), or "" if it may be."""
        operations = self._operations
        costly = operations.labels(operations.of(terms) & ~operations.of(besides))
        megabytes = sum(mb for _, mb in costly)
        if megabytes <= budget:
            return ""
        counts = collections.Counter(name for name, _ in costly)
        listed = ", ".join(f"{n} {name}" for name, n in sorted(counts.items()))
        return (f"{listed}: bit-blasting them would take about {megabytes / 1000:.1f} GB, "
                f"more than the solver can hold")


class TooLate(Exception):
    """A deadline passed while formulas were being weakened (``WithoutFloatingPoint``)."""


class WithoutFloatingPoint:
    """Formulas with each floating-point operation replaced by a fresh constant of its sort
    (one per operation on the same, so weakened, operands): weaker, so what one rules out
    the original rules out too, and decided without bit-blasting any arithmetic. For
    quick questions about which paths exist, which rarely turn on floating-point values.

    Choices, array reads, negation and absolute value stay, and an operation of one
    operand on a choice (``(float) n``, ``n`` the field of one of several classes) becomes
    the choice of the operation on each alternative: two calls that reach the same fields
    through differently built choices then get the same stand-ins, so a statistic
    computed twice from the same fields is one value."""

    def __init__(self):
        self._operations = Marks(_floating_operation, _FLOATING_KINDS, floating=True)
        self._stand_ins: dict[int, tuple] = {}  # operation's id -> (operation, its stand-in)
        self._deadline = math.inf

    def weakened(self, term: z3.ExprRef, deadline: float = math.inf) -> z3.ExprRef:
        """``term`` weakened; ``TooLate`` once ``deadline`` passes: a question about
        thousands of constraints weakens each one (commons-math's ``SummaryStatistics``
        equals-symmetric: 12,000, which took 6 to 11 s of its 0.6 s)."""
        if time.perf_counter() > deadline:
            raise TooLate
        self._deadline = deadline
        return self._weakened(term)

    def operations(self) -> list[z3.ExprRef]:
        """The floating-point operations weakened so far."""
        return [operation for operation, _ in self._stand_ins.values()]

    def _weakened(self, term: z3.ExprRef) -> z3.ExprRef:
        operations = self._operations
        pairs = [(t, self._stand_in(t)) for t in operations.labels(operations.of([term]))]
        return z3.substitute(term, *pairs) if pairs else term

    def _stand_in(self, operation: z3.ExprRef) -> z3.ExprRef:
        """The stand-in of one operation, once its operands are weakened."""
        key = operation.get_id()
        if key not in self._stand_ins:
            if time.perf_counter() > self._deadline:
                raise TooLate
            decl = operation.decl()
            operands = [self._weakened(a) for a in operation.children()]
            values = [i for i, a in enumerate(operands) if not z3.is_fprm(a)]
            if len(values) == 1 and z3.is_app_of(operands[values[0]], z3.Z3_OP_ITE):
                at = values[0]
                condition, *alternatives = operands[at].children()
                then, otherwise = (self._stand_in(decl(*operands[:at], a, *operands[at + 1:]))
                                   for a in alternatives)
                stand_in = z3.If(condition, then, otherwise)
            elif not decl(*operands).eq(operation):
                stand_in = self._stand_in(decl(*operands))
            else:
                stand_in = z3.FreshConst(operation.sort(), "fp")
            self._stand_ins[key] = (operation, stand_in)
        return self._stand_ins[key][1]


class Marks:
    """The marked subterms of formulas (those ``mark`` labels: variables, costly
    operations), each a bit of an int, gathered per term and remembered per subterm: the
    queries of one check share most of their subterms, and the union over a term's
    children is then an ``|`` of ints, where sets made per subterm took seconds on a
    large goal. ``floating``: only floating-point terms are marked, so that a term
    without any, as Z3's probe tells at once (the common case), has none."""

    def __init__(self, mark, kinds: frozenset[int], floating: bool = False):
        self._mark = mark
        self._kinds = kinds  # the kinds of operation ``mark`` may label: others are not asked
        self._floating = floating
        self._known: dict[int, int] = {}  # term id -> its marks, for each subterm seen
        self._held: z3.AstVector | None = None  # those subterms: Z3 reuses a freed one's id
        self._labels: list = []  # bit -> the label of its subterm

    def of(self, terms: list[z3.ExprRef]) -> int:
        if self._floating:
            new = [t for t in terms if t.get_id() not in self._known]
            if new and _without_floating_point(new):
                for t in new:
                    self._hold(t.ctx, t.as_ast())
                    self._known[t.get_id()] = 0
        marks = 0
        for t in terms:
            marks |= self._gathered(t)
        return marks

    def labels(self, marks: int) -> list:
        found = []
        while marks:
            found.append(self._labels[_lowest(marks)])
            marks &= marks - 1
        return found

    def _gathered(self, term: z3.ExprRef) -> int:
        """Walked through Z3's C API, a subterm wrapped only where ``mark`` is asked about
        it: a Python wrapper per subterm, and its sort, made most of the time of this walk,
        which took seconds of a check's solving on large formulas."""
        known, kinds = self._known, self._kinds
        ctx = term.ctx
        ref = ctx.ref()
        root = term.as_ast()
        stack = [(root, z3.Z3_get_ast_id(ref, root), None)]
        while stack:
            ast, key, ids = stack.pop()
            if key in known:
                continue
            if ids is None:
                children = []
                if z3.Z3_get_ast_kind(ref, ast) in (z3.Z3_APP_AST, z3.Z3_NUMERAL_AST):
                    children = [z3.Z3_get_app_arg(ref, ast, i)
                                for i in range(z3.Z3_get_app_num_args(ref, ast))]
                ids = [z3.Z3_get_ast_id(ref, c) for c in children]
                stack.append((ast, key, ids))
                stack.extend((c, i, None) for c, i in zip(children, ids) if i not in known)
                continue
            marks = 0
            if _operator(ref, ast) in kinds:
                label = self._mark(z3.z3._to_expr_ref(ast, ctx))
                if label is not None:
                    marks = 1 << len(self._labels)
                    self._labels.append(label)
            for i in ids:
                marks |= known[i]
            self._hold(ctx, ast)
            known[key] = marks
        return known[z3.Z3_get_ast_id(ref, root)]

    def _hold(self, ctx: z3.Context, ast) -> None:
        if self._held is None:
            self._held = z3.AstVector(ctx=ctx)
        z3.Z3_ast_vector_push(ctx.ref(), self._held.vector, ast)


# operations two terms may share below which ``Solver._differing`` looks for what differs
_SHARED_OPERATIONS = {z3.Z3_OP_BADD, z3.Z3_OP_BMUL, z3.Z3_OP_BSUB, z3.Z3_OP_BXOR, z3.Z3_OP_BOR,
                      z3.Z3_OP_BAND, z3.Z3_OP_BNOT, z3.Z3_OP_BNEG, z3.Z3_OP_CONCAT,
                      z3.Z3_OP_EXTRACT, z3.Z3_OP_SIGN_EXT, z3.Z3_OP_ZERO_EXT, z3.Z3_OP_BLSHR,
                      z3.Z3_OP_BASHR, z3.Z3_OP_BSHL, z3.Z3_OP_AND, z3.Z3_OP_OR, z3.Z3_OP_NOT,
                      z3.Z3_OP_ITE}

# floating-point valued terms a weakened formula keeps exactly: cheap to bit-blast, and
# choices and reads carry the values that a contract compares
_EXACT_FLOATING = {z3.Z3_OP_FPA_FP, z3.Z3_OP_ITE, z3.Z3_OP_SELECT, z3.Z3_OP_UNINTERPRETED,
                   z3.Z3_OP_FPA_NEG, z3.Z3_OP_FPA_ABS}
# the operations that may compute a floating-point value by arithmetic or conversion
_FLOATING_KINDS = frozenset(getattr(z3, n) for n in dir(z3) if n.startswith("Z3_OP_FPA_")) \
    - _EXACT_FLOATING


def _core_solver(ctx: z3.Context) -> z3.Solver:
    """Z3's SMT core after the preprocessing that solves equalities for variables
    (``solve-eqs``) and drops terms with an unconstrained variable: a query whose
    definitions chain through many variables (the hashes of a class hierarchy's fields)
    can then be decided at once where the core alone, or Z3's default solver, takes
    seconds (commons-math's ``FirstMoment`` hashcode-consistent: unsatisfiable in 0.01 s,
    and undecided in 30 s)."""
    return z3.Then("simplify", "propagate-values", "solve-eqs", "elim-uncnstr", "simplify",
                   "smt", ctx=ctx).solver()


def _translated(terms: list[z3.BoolRef], ctx: z3.Context) -> list[z3.BoolRef]:
    """``terms`` in ``ctx``, translated together: the terms of one query share most of their
    subterms, which one translation walks once and term by term would walk once per term."""
    if not terms:
        return []
    vector = z3.AstVector(ctx=terms[0].ctx)
    for t in terms:
        vector.push(t)
    return list(vector.translate(ctx))


def _floating_operation(t: z3.ExprRef) -> z3.ExprRef | None:
    """``t`` if it computes a floating-point value by arithmetic or conversion."""
    if z3.is_app(t) and t.num_args() > 0 and isinstance(t.sort(), z3.FPSortRef) \
            and t.decl().kind() not in _EXACT_FLOATING:
        return t
    return None


def _without_floating_point(terms: list[z3.ExprRef]) -> bool:
    """Do ``terms`` have no floating-point term at all? Asked of Z3 (a probe of the
    logic), which is much faster than looking at each term in Python."""
    goal = z3.Goal(ctx=terms[0].ctx)
    goal.add(*(t if z3.is_bool(t) else t == t for t in terms))
    return z3.Probe("is-qfaufbv", terms[0].ctx)(goal) == 1.0


def _costly(t: z3.ExprRef) -> tuple[str, int] | None:
    """``t`` as a costly operation (name, MB), if it is one."""
    if not z3.is_app(t) or not isinstance(t.sort(), z3.FPSortRef):
        return None
    kind, width = t.decl().kind(), t.sort().ebits() + t.sort().sbits()
    megabytes = _BLAST_MB.get((kind, width))
    if megabytes is None:
        return None
    name = {z3.Z3_OP_FPA_DIV: "division", z3.Z3_OP_FPA_REM: "remainder",
            z3.Z3_OP_FPA_MUL: "multiplication", z3.Z3_OP_FPA_SQRT: "square root",
            z3.Z3_OP_FPA_FMA: "fused multiply-add"}[kind]
    return f"{'double' if width == 64 else 'float'} {name}s", megabytes


def _spelled(t: Text, alphabet: str) -> z3.BoolRef:
    """Every char of the text is one of ``alphabet``'s ranges ("az" is 'a' to 'z')."""
    pairs = [alphabet[i:i + 2] for i in range(0, len(alphabet), 2)]
    return z3.And([z3.Implies(t.length > k, z3.Or([z3.And(z3.UGE(c, ord(lo)), z3.ULE(c, ord(hi)))
                                                  for lo, hi in pairs]))
                   for k, c in enumerate(t.chars)] or [z3.BoolVal(True, t.ctx)])


def _implied(t: z3.BoolRef, known: dict[int, tuple]) -> dict[int, z3.BoolRef]:
    """Conjuncts that ``t`` implies, by term id: its own, and those all disjuncts of a
    disjunction among them share (merged paths repeat what they all hold). ``known``:
    term id -> (term, result), kept across calls as in ``_factored``."""
    key = t.get_id()
    if key not in known:
        kind = _bool_kind(t)
        if kind == z3.Z3_OP_AND:
            implied = {k: c for child in _kids(t) for k, c in _implied(child, known).items()}
        elif kind == z3.Z3_OP_OR:
            parts = [_implied(d, known) for d in _kids(t)]
            implied = {k: c for k, c in parts[0].items() if all(k in p for p in parts[1:])}
        else:
            implied = {key: t}
        known[key] = (t, implied)
    return known[key][1]


def _with_fixed(terms: list[z3.BoolRef], fixed: list[z3.BoolRef],
                deadline: float) -> list[z3.BoolRef] | None:
    """``terms`` with the object choices ``fixed`` (``choice == value``) put in, simplified:
    a choice picks one branch of each call dispatched on it, and the floating-point
    arithmetic of the others goes. They line up with ``terms``; the variables of each
    are among those of its original. None past the ``deadline``: over the constraints of
    a guava check made from field values, this took 8.7 s, 13 s past the check's limit."""
    pairs = [(a, b) if z3.is_bv_value(b) else (b, a) for a, b in (f.children() for f in fixed)]
    simpler = []
    for t in terms:
        if time.perf_counter() >= deadline:
            return None
        simpler.append(z3.simplify(z3.substitute(t, *pairs)))
    return simpler


def _constants(terms: list[z3.ExprRef],
               definitions: dict[str, z3.ExprRef] | None = None) -> list[z3.ExprRef]:
    """The uninterpreted constants in ``terms``, each once; with ``definitions`` (name ->
    defining term), also those that the defined constants among them depend on."""
    seen: set[int] = set()
    found = []
    stack = list(terms)
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if _is_variable(t):
            found.append(t)
            if definitions and str(t) in definitions:
                stack.append(definitions[str(t)])
        else:
            stack.extend(t.children())
    return found


def _floating_within(v: z3.FPRef, t: PrimType, bound: int, signs: str, extremes: bool) -> z3.BoolRef:
    """Whole and half numbers in the same ranges as integers (0.5 is what an int cast
    drops), up to ``_FLOATING_BOUND``, with -0.0 and NaN; ``extremes`` adds the infinities
    and the largest and smallest magnitudes. Equalities with constants, which cost the
    solver little, unlike arithmetic on the value."""
    bound = min(bound, _FLOATING_BOUND)
    values = [k / 2 for k in range(-2 * bound if signs == "+-" else 0, 2 * bound + 1)]
    values += [-0.0, math.nan]
    if extremes:
        box = "Double" if t.name == "double" else "Float"
        values += [sign * x for x in (math.inf, *_EXTREMES[box]) for sign in (1, -1)]
    return z3.Or([v == semantics.constant(v.ctx, t, x).term for x in values])


_FLOATING_BOUND = 16
_EXTREMES = {"Double": (float.fromhex("0x1.fffffffffffffp1023"), float.fromhex("0x1p-1074")),
             "Float": (float.fromhex("0x1.fffffep127"), float.fromhex("0x1p-149"))}


def _factored(goal: z3.BoolRef, done: dict, deadline: float) -> z3.BoolRef | None:
    """``goal`` with the conjuncts that every side of an Or shares taken out of it, bottom
    up: ``Or(And(a, b, c), And(a, b, d))`` is ``And(a, b, Or(c, d))``. The paths through a
    branch of the code share the conditions from before it, and where those equate two
    variables ``_identify`` can use them only at the top. Walked through Z3's C API: on a
    goal of thousands of paths, the Python API's checks per child took seconds; and without
    recursion, as a goal may nest deeper than Python's stack.
    ``done``: term id -> (term, result), kept across calls (the term keeps its id). None
    past the ``deadline``: a goal of commons-math's sparse vectors took 10 s."""
    pending, kids_of, steps = [goal], {}, 0
    while pending:
        steps += 1
        if steps % 256 == 0 and time.perf_counter() >= deadline:
            return None
        term = pending[-1]
        key = term.get_id()
        if key in done:
            pending.pop()
            continue
        kind = _bool_kind(term)
        if kind not in (z3.Z3_OP_AND, z3.Z3_OP_OR):
            done[key] = (term, term)
            pending.pop()
            continue
        if key not in kids_of:
            kids_of[key] = _kids(term)
            pending.extend(k for k in kids_of[key] if k.get_id() not in done)
            continue
        pending.pop()
        done[key] = (term, _factor(kind, [done[k.get_id()][1] for k in kids_of.pop(key)]))
    return done[goal.get_id()][1]


def _factor(kind: int, kids: list[z3.BoolRef]) -> z3.BoolRef:
    """An And or an Or of factored ``kids``, with an Or's shared conjuncts taken out."""
    parts = [_kids(k) if _bool_kind(k) == z3.Z3_OP_AND else [k] for k in kids]
    if kind == z3.Z3_OP_AND:
        flat = {c.get_id(): c for p in parts for c in p}
        return bool_app(z3.Z3_mk_and, list(flat.values()))
    shared = set.intersection(*({c.get_id() for c in p} for p in parts))
    rests = [[c for c in p if c.get_id() not in shared] for p in parts]
    common = [c for c in parts[0] if c.get_id() in shared]
    if not common:
        return bool_app(z3.Z3_mk_or, kids)
    if any(not r for r in rests):
        return bool_app(z3.Z3_mk_and, common)
    return bool_app(z3.Z3_mk_and, [*common, bool_app(z3.Z3_mk_or, [
        bool_app(z3.Z3_mk_and, r) if len(r) > 1 else r[0] for r in rests])])


def _bool_kind(t: z3.BoolRef) -> int | None:
    """The operator of a Boolean application (``Z3_OP_AND``...), None for other terms."""
    return _operator(t.ctx.ref(), t.as_ast())


def _operator(ref, ast) -> int | None:
    """The operator of an application given through Z3's C API, None for other terms."""
    if z3.Z3_get_ast_kind(ref, ast) != z3.Z3_APP_AST:
        return None
    return z3.Z3_get_decl_kind(ref, z3.Z3_get_app_decl(ref, ast))


def _kids(t: z3.BoolRef) -> list[z3.BoolRef]:
    """The arguments of an and or an or, wrapped without the Python API's checks."""
    ctx = t.ctx
    ref, ast = ctx.ref(), t.as_ast()
    return [z3.BoolRef(z3.Z3_get_app_arg(ref, ast, i), ctx)
            for i in range(z3.Z3_get_app_num_args(ref, ast))]


def _lowest(bits: int) -> int:
    """The lowest of ``bits``, as an index."""
    return (bits & -bits).bit_length() - 1


def _is_variable(t: z3.ExprRef) -> bool:
    return z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED


def _zero(v: z3.ExprRef, t: PrimType) -> z3.BoolRef:
    return v == semantics.constant(v.ctx, t, 0).term  # for float and double: 0.0, not -0.0


def _within(v: z3.ExprRef, t: PrimType, bound: int, signs: str, extremes: bool) -> z3.BoolRef:
    """``v`` in [0, bound] (signs "+") or [-bound, bound] ("+-"), or (``extremes``) next to
    its type's smallest or largest value: overflow bugs need those, and
    ``Integer.MIN_VALUE`` reads as well as 0."""
    if t.is_floating:
        return _floating_within(v, t, bound, signs, extremes)
    if t.signed:
        lo, hi = -(1 << (t.bits - 1)), (1 << (t.bits - 1)) - 1
    else:
        lo, hi = 0, (1 << t.bits) - 1
    if bound >= hi // 2:
        return z3.BoolVal(True, v.ctx)
    low = -bound if signs == "+-" and t.signed else 0
    near_zero = z3.ULE(v, bound) if low == 0 else z3.And(v >= low, v <= bound)
    if not extremes:
        return near_zero
    return z3.Or(near_zero, *(v == e for e in (lo, lo + 1, hi - 1, hi)))


def _conjuncts(t: z3.BoolRef) -> list[z3.BoolRef]:
    """The conjuncts of ``t``, flattened through nested ands and negated ors."""
    if z3.is_and(t):
        return [c for child in t.children() for c in _conjuncts(child)]
    if z3.is_not(t):
        inner = t.arg(0)
        if z3.is_or(inner):
            return [c for child in inner.children() for c in _conjuncts(_negated(child))]
        if z3.is_not(inner):
            return _conjuncts(inner.arg(0))
    return [t]


def _disjuncts(t: z3.BoolRef) -> list[z3.BoolRef]:
    """The ways ``t`` can hold, when it is a disjunction in some form (an or, a negated
    and, a boolean if-then-else); else none."""
    if z3.is_or(t):
        return list(t.children())
    if z3.is_not(t) and z3.is_and(t.arg(0)):
        return [_negated(c) for c in t.arg(0).children()]
    negated = z3.is_not(t)
    ite = t.arg(0) if negated else t
    if z3.is_app_of(ite, z3.Z3_OP_ITE):
        c, a, b = ite.children()
        if negated:
            a, b = _negated(a), _negated(b)
        return [z3.And(c, a), z3.And(_negated(c), b)]
    return []


def _negated(t: z3.BoolRef) -> z3.BoolRef:
    return t.arg(0) if z3.is_not(t) else z3.Not(t)
