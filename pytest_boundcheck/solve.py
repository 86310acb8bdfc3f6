"""Solve stage: Z3 queries for one check, deterministic, time- and memory-capped.

A query that Z3 does not decide quickly is split by the objects it may be about
(first the harness parameters, then reference fields), each case simplified
and sent to a fresh solver. Fixing the objects turns "x.equals(y)" into plain
equalities between field variables, which Z3's preprocessing substitutes
away; left as one disjunction over object choices, the same formulas can be
bit-level equivalence puzzles that take seconds.

Small values are asked for after a violation is found: a counterexample with
0, 1 and -1 reads better than one with 11264.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from .jtypes import BOOLEAN, PrimType

MEMORY_LIMIT_MB = 4096
# value ranges to try, in order: (bound, signs, also MIN/MAX and their neighbours)
_LADDER = ((1, "+", False), (1, "+-", False), (1, "+-", True), (16, "+-", False),
           (256, "+-", False), (65536, "+-", False))
SPLIT_RLIMIT = 300_000  # resource units a query may take before it is split: about 0.1 s here
EAGER_SPLIT = 24  # a choice among this many objects or fewer is split at once
_PROBES = 64  # up to this many choices left, find the next one a goal depends on by probing
MINIMISE_QUERIES = 24
MINIMISE_RLIMIT = 500_000  # solver resource units per query: about 0.2 s here
MINIMISE_FLOOR = 1_500_000   # resource units minimising may use however quickly a violation was found

z3.set_param("memory_max_size", MEMORY_LIMIT_MB)


@dataclass
class Answer:
    verdict: str  # sat | unsat | unknown
    model: z3.ModelRef | None = None
    reason: str = ""
    case: list[z3.BoolRef] = field(default_factory=list)  # the satisfiable case's formulas


class Solver:
    def __init__(self, ctx: z3.Context, timeout: float, constraints: list[z3.BoolRef],
                 splits: list[tuple[z3.ExprRef, list[int]]], eager: set[str]):
        """``splits``: object choices to split on, in order, with their possible values;
        those named in ``eager`` (the harness parameters) are split at once when small."""
        self.ctx, self.timeout = ctx, timeout
        self.constraints = constraints
        self.splits = splits
        self.eager = eager
        self.queries = 0
        self.spent = 0  # solver resource units the queries used: a deterministic measure of effort
        self._mentions: list[frozenset[str]] = []  # the variables of each constraint, as needed
        self._known: dict[int, frozenset[str]] = {}  # term id -> its variables
        self._units = self._units_so_far(z3.Solver(ctx=ctx))

    @staticmethod
    def _units_so_far(solver: z3.Solver) -> int:
        """The context's resource units so far (Z3 counts them per context)."""
        solver.check()
        return solver.statistics().get_key_value("rlimit count")

    def _count(self, solver: z3.Solver) -> None:
        """Add what ``solver``'s last check used to ``spent``."""
        units = solver.statistics().get_key_value("rlimit count")
        self.spent += units - self._units
        self._units = units

    def _fresh(self, seconds: float, rlimit: int = 0) -> z3.Solver:
        s = z3.Solver(ctx=self.ctx)
        s.set("random_seed", 0)
        s.set("timeout", max(1, int(seconds * 1000)))
        if rlimit:
            s.set("rlimit", rlimit)
        self.queries += 1
        return s

    def check(self, goal: z3.BoolRef) -> Answer:
        """Is ``goal`` satisfiable together with the constraints? A query is split by the
        next object choice it depends on: at once for a small choice of a harness
        parameter, else when the whole query is not decided within ``SPLIT_RLIMIT``.
        The first satisfiable case, in choice order, gives the model."""
        return self._solve(goal, 0, [], time.perf_counter() + self.timeout)

    def _solve(self, goal: z3.BoolRef, depth: int, fixed: list[z3.BoolRef], deadline: float) -> Answer:
        if z3.is_false(goal):
            return Answer("unsat")
        depth = self._next_split(goal, depth)
        last = depth == len(self.splits)
        if last and z3.is_or(goal):  # one path at a time: its equalities become top-level
            return self._first([(d, fixed) for d in goal.children()], deadline)
        if last:
            return self._leaf(goal, fixed, deadline)
        var, values = self.splits[depth]
        if str(var) not in self.eager or len(values) > EAGER_SPLIT:
            answer = self._leaf(goal, fixed, deadline, SPLIT_RLIMIT)
            if answer.verdict != "unknown":
                return answer
        cases = ((z3.simplify(z3.substitute(goal, (var, v))), fixed + [var == v])
                 for v in (z3.BitVecVal(value, var.size(), self.ctx) for value in values))
        return self._first(cases, deadline, depth + 1)

    def _leaf(self, goal: z3.BoolRef, fixed: list[z3.BoolRef], deadline: float,
              rlimit: int = 0) -> Answer:
        left = deadline - time.perf_counter()
        if left <= 0:
            return Answer("unknown", reason="timeout")
        s = self._fresh(left, rlimit)
        s.add(*self._identify(goal), *fixed)
        result = s.check()
        self._count(s)
        if result == z3.sat:
            return Answer("sat", s.model(), case=[goal] + fixed)
        if result == z3.unsat:
            return Answer("unsat")
        return Answer("unknown", reason=s.reason_unknown())

    def _identify(self, goal: z3.BoolRef) -> list[z3.BoolRef]:
        """The goal and the constraints, with variables the goal equates at its top level
        (``a.lo == b.lo``) replaced by one of them, plus those equalities. Z3 would do the
        same, unless it first replaced each variable by its definition and were left
        proving that two copies of some arithmetic agree, which can take seconds where
        this takes nothing."""
        goal = _factored(goal, {})
        conjuncts = list(goal.children()) if z3.is_and(goal) else [goal]
        pairs = []
        for c in conjuncts:
            if z3.is_eq(c):
                a, b = c.children()
                if _is_variable(a) and _is_variable(b) and not a.eq(b):
                    pairs.append((b, a))
        if not pairs:
            return [goal] + self.constraints
        while len(self._mentions) < len(self.constraints):
            self._mentions.append(self._variables(self.constraints[len(self._mentions)]))
        replaced = {str(b) for b, _ in pairs}
        constraints = [z3.substitute(c, *pairs) if names & replaced else c
                       for c, names in zip(self.constraints, self._mentions)]
        return [z3.simplify(z3.substitute(goal, *pairs))] + constraints + [a == b for b, a in pairs]

    def _next_split(self, goal: z3.BoolRef, depth: int) -> int:
        """The index of the next choice from ``depth`` on that ``goal`` depends on. A few
        choices are probed with a substitution each, which Z3 does fast; many, by
        listing the goal's variables once, which Python does slowly."""
        if len(self.splits) - depth > _PROBES:
            present = self._variables(goal)
            while depth < len(self.splits) and str(self.splits[depth][0]) not in present:
                depth += 1
            return depth
        while depth < len(self.splits):
            var, values = self.splits[depth]
            if not z3.substitute(goal, (var, z3.BitVecVal(values[0], var.size(), self.ctx))).eq(goal):
                return depth
            depth += 1
        return depth

    def _variables(self, term: z3.ExprRef) -> frozenset[str]:
        """The names of the uninterpreted constants in ``term``, remembered per subterm:
        the queries of one check share most of their subterms."""
        known = self._known
        stack = [(term, False)]
        while stack:
            t, children_known = stack.pop()
            key = t.get_id()
            if key in known:
                continue
            if children_known:
                known[key] = frozenset().union(*(known[c.get_id()] for c in t.children()))
            elif _is_variable(t):
                known[key] = frozenset((str(t),))
            else:
                stack.append((t, True))
                stack.extend((c, False) for c in t.children())
        return known[term.get_id()]

    def _first(self, cases, deadline: float, depth: int | None = None) -> Answer:
        """The first satisfiable of the (goal, fixed) cases; unknown if some case was
        undecided; unsat if all are. ``depth``: split them further from there."""
        unknown = None
        for goal, fixed in cases:
            if time.perf_counter() > deadline:
                return Answer("unknown", reason="timeout")
            if depth is None:
                answer = self._leaf(goal, fixed, deadline)
            else:
                answer = self._solve(goal, depth, fixed, deadline)
            if answer.verdict == "sat":
                return answer
            if answer.verdict == "unknown":
                unknown = answer
        return unknown or Answer("unsat")

    def small_model(self, answer: Answer, inputs: list[tuple[z3.ExprRef, PrimType]]) -> z3.ModelRef:
        """A model of the satisfiable case that reads easily, as far as a few queries find.

        Fewer objects first: each parameter at its first option (null where allowed,
        else an object made already, else a new one); the other object choices (first
        constructor, no method calls) all at once, else one by one. Then smaller
        numbers: all at zero; else all in the first ``_LADDER`` range that works; then
        each one at zero. The budget is counted in queries and solver resource units,
        not seconds, so the result is the same on every run, and is no more than the
        effort finding the violation took (or ``MINIMISE_FLOOR``)."""
        model = answer.model
        kept = list(answer.case)
        queries = 0
        budget = self.spent + max(self.spent, MINIMISE_FLOOR)  # at most as much effort again

        def attempt(extra: z3.BoolRef) -> bool:
            nonlocal model, queries
            if queries >= MINIMISE_QUERIES or self.spent >= budget:
                return False
            queries += 1
            s = z3.Solver(ctx=self.ctx)
            s.set("random_seed", 0)
            s.set("rlimit", min(MINIMISE_RLIMIT, budget - self.spent))
            s.add(*self.constraints, *kept, extra)
            result = s.check()
            self._count(s)
            if result != z3.sat:
                return False
            model = s.model()
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
        # the objects' own choices (constructor, arguments, calls): all at once, else each
        if later and not attempt(z3.And(later)):
            for choice in later:
                attempt(choice)
        numbers = [(v, t) for v, t in inputs if t is not BOOLEAN]
        if not numbers or attempt(z3.And([v == 0 for v, _ in numbers])):
            return model
        for bound, signs, extremes in _LADDER:
            if attempt(z3.And([_within(v, t, bound, signs, extremes) for v, t in numbers])):
                break
        for v, _ in numbers:
            if value(v) != 0:
                attempt(v == 0)
        return model


def _factored(goal: z3.BoolRef, done: dict) -> z3.BoolRef:
    """``goal`` with the conjuncts that every side of an Or shares taken out of it, bottom
    up: ``Or(And(a, b, c), And(a, b, d))`` is ``And(a, b, Or(c, d))``. The paths through a
    branch of the code share the conditions from before it, and where those equate two
    variables ``_identify`` can use them only at the top."""
    key = goal.get_id()
    if key in done:
        return done[key]
    if z3.is_and(goal) or z3.is_or(goal):
        kids = [_factored(c, done) for c in goal.children()]
        parts = [k.children() if z3.is_and(k) else [k] for k in kids]
    if z3.is_and(goal):
        flat = {c.get_id(): c for p in parts for c in p}
        result = z3.And(list(flat.values()))
    elif z3.is_or(goal):
        shared = set.intersection(*({c.get_id() for c in p} for p in parts))
        rests = [[c for c in p if c.get_id() not in shared] for p in parts]
        common = [c for c in parts[0] if c.get_id() in shared]
        if not common:
            result = z3.Or(kids)
        elif any(not r for r in rests):
            result = z3.And(common)
        else:
            result = z3.And(*common, z3.Or([z3.And(r) if len(r) > 1 else r[0] for r in rests]))
    else:
        result = goal
    done[key] = result
    return result


def _is_variable(t: z3.ExprRef) -> bool:
    return z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED


def _within(v: z3.BitVecRef, t: PrimType, bound: int, signs: str, extremes: bool) -> z3.BoolRef:
    """``v`` in [0, bound] (signs "+") or [-bound, bound] ("+-"), or (``extremes``) next to
    its type's smallest or largest value: overflow bugs need those, and
    ``Integer.MIN_VALUE`` reads as well as 0."""
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
