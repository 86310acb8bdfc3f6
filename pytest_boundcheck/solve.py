"""Solve stage: Z3 queries for one check, deterministic, time- and memory-capped.

A query is split by the objects the harness parameters point to (one case
per combination, pruned as soon as a prefix simplifies to false), and every
case goes to a fresh solver. Fixing the objects turns "x.equals(y)" into plain
equalities between field variables, which Z3's preprocessing substitutes
away; left as one big disjunction over object choices, the same formulas
become bit-level equivalence puzzles that take seconds.

Small values are asked for after a violation is found: a counterexample with
0, 1 and -1 reads better than one with 11264.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from .jtypes import BOOLEAN, PrimType

MEMORY_LIMIT_MB = 4096
_LADDER = (1, 16, 256, 65536)
MINIMISE_QUERIES = 12
MINIMISE_RLIMIT = 500_000  # solver resource units per query: about 0.2 s here

z3.set_param("memory_max_size", MEMORY_LIMIT_MB)


@dataclass
class Answer:
    verdict: str  # sat | unsat | unknown
    model: z3.ModelRef | None = None
    reason: str = ""
    case: list[z3.BoolRef] = field(default_factory=list)  # the satisfiable case's formulas


class Solver:
    def __init__(self, ctx: z3.Context, timeout: float, constraints: list[z3.BoolRef],
                 splits: list[tuple[z3.ExprRef, int]]):
        """``splits``: choice variables to enumerate, in order, with their number of values."""
        self.ctx, self.timeout = ctx, timeout
        self.constraints = constraints
        self.splits = splits
        self.queries = 0

    def _fresh(self, seconds: float) -> z3.Solver:
        s = z3.Solver(ctx=self.ctx)
        s.set("random_seed", 0)
        s.set("timeout", max(1, int(seconds * 1000)))
        self.queries += 1
        return s

    def check(self, goal: z3.BoolRef) -> Answer:
        """Is ``goal`` satisfiable together with the constraints? The first case
        (in choice order) that is satisfiable gives the model."""
        deadline = time.perf_counter() + self.timeout
        unknown = ""
        for case in self._cases(goal, 0, []):
            left = deadline - time.perf_counter()
            if left <= 0:
                return Answer("unknown", reason="timeout")
            s = self._fresh(left)
            s.add(*self.constraints, *case)
            result = s.check()
            if result == z3.sat:
                return Answer("sat", s.model(), case=case)
            if result == z3.unknown:
                unknown = s.reason_unknown()
        return Answer("unknown", reason=unknown) if unknown else Answer("unsat")

    def _cases(self, goal: z3.BoolRef, depth: int, fixed: list[z3.BoolRef]):
        if z3.is_false(goal):
            return
        if depth == len(self.splits):
            yield [goal] + fixed
            return
        var, count = self.splits[depth]
        for value in range(count):
            v = z3.BitVecVal(value, var.size(), self.ctx)
            substituted = z3.substitute(goal, (var, v))
            if substituted.eq(goal):  # the choice does not matter here
                yield from self._cases(goal, depth + 1, fixed)
                return
            yield from self._cases(z3.simplify(substituted), depth + 1, fixed + [var == v])

    def small_model(self, answer: Answer, inputs: list[tuple[z3.ExprRef, PrimType]]) -> z3.ModelRef:
        """A model of the satisfiable case with inputs as close to zero as a few
        queries find: all at zero; else all in ever wider ranges around zero (then
        also next to MIN/MAX); then each one at zero. The budget is counted in
        queries and solver resource units, not seconds, so the result is the same
        on every run."""
        model = answer.model
        numbers = [(v, t) for v, t in inputs if t is not BOOLEAN]
        if not numbers:
            return model
        kept = list(answer.case)
        queries = 0

        def attempt(extra: z3.BoolRef) -> bool:
            nonlocal model, queries
            if queries >= MINIMISE_QUERIES:
                return False
            queries += 1
            s = z3.Solver(ctx=self.ctx)
            s.set("random_seed", 0)
            s.set("rlimit", MINIMISE_RLIMIT)
            s.add(*self.constraints, *kept, extra)
            if s.check() != z3.sat:
                return False
            model = s.model()
            kept.append(extra)
            return True

        if attempt(z3.And([v == 0 for v, _ in numbers])):
            return model
        if not any(attempt(z3.And([_within(v, t, bound, False) for v, t in numbers]))
                   for bound in _LADDER):
            attempt(z3.And([_within(v, t, 1, True) for v, t in numbers]))
        for v, _ in numbers:
            if model.eval(v, model_completion=True).as_long() != 0:
                attempt(v == 0)
        return model


def _within(v: z3.BitVecRef, t: PrimType, bound: int, extremes: bool) -> z3.BoolRef:
    """``v`` within ``bound`` of zero, or (``extremes``) next to its type's smallest or
    largest value: overflow bugs need those, and ``Integer.MIN_VALUE`` reads as well as 0."""
    if t.signed:
        lo, hi = -(1 << (t.bits - 1)), (1 << (t.bits - 1)) - 1
    else:
        lo, hi = 0, (1 << t.bits) - 1
    if bound >= hi // 2:
        return z3.BoolVal(True, v.ctx)
    near_zero = z3.ULE(v, bound) if not t.signed else z3.And(v >= -bound, v <= bound)
    if not extremes:
        return near_zero
    return z3.Or(near_zero, *(v == e for e in (lo, lo + 1, hi - 1, hi)))
