"""Minimising a counterexample: a model of the satisfiable case that reads easily, as far
as a few queries find. Small values are asked for after a violation is found: a
counterexample with 0, 1 and -1 reads better than one with 11264.

Fewer objects first: each parameter at its first option (null where allowed, else an
object made already, else a new one). Then shorter strings (all as short as one bound
allows) of plainer chars (the first of ``_ALPHABETS`` that works): string constraints get
costly to solve once many are fixed, and the first query on them the solver cannot
decide ends that phase. Then the other object choices (first constructor, no method
calls) all at once, else one by one; where all at once was undecided, each with the
other choices held at their values: left free, each is as hard a question as finding
the violation was, and the queries' units ran out before a needless call was dropped.
Then smaller numbers: all at zero; else all in the first ``_LADDER`` range that works;
then each one at zero. The budget is counted in queries and solver resource units, not
seconds, so the result is the same on every run, and is no more than the effort finding
the violation took (or
``config.minimise_floor``). After ``config.minimise_undecided`` queries in a row
undecided, it stops: the case is too hard to ask again within a query's units.
"""
from __future__ import annotations

import math

import z3

from pytest_boundcheck.frontend.types import BOOLEAN, PrimType
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.strings import Text


class _Attempts:
    """The queries of one minimisation: the model so far and the formulas it keeps."""

    def __init__(self, solver, answer):
        self.solver, self.config = solver, solver.config
        self.model = answer.model
        self.kept = list(answer.case)
        self.queries = self.undecided = 0
        # at most as much effort again as finding the violation took
        self.budget = solver.spent + max(solver.spent, self.config.minimise_floor)

    def attempt(self, extra: z3.BoolRef) -> bool:
        """Keep ``extra`` if the case still holds with it, within the budget."""
        solver, config = self.solver, self.config
        if self.queries >= config.minimise_queries or solver.spent >= self.budget \
                or self.undecided >= config.minimise_undecided:
            return False
        self.queries += 1
        result, found = solver.ask_within(min(config.minimise_rlimit, self.budget - solver.spent),
                                          *self.kept, extra)
        broken, pins = solver.broken(found) if found is not None else ([], [])
        if broken:  # computed for its inputs, the lazy constraints must hold too
            result, found = solver.ask_within(
                min(config.minimise_rlimit, max(1, self.budget - solver.spent)),
                *self.kept, extra, *broken, *pins)
        self.undecided = self.undecided + 1 if result == z3.unknown else 0
        if found is None or solver.broken(found)[0]:
            return False
        self.model = found
        self.kept.append(extra)
        return True

    def value(self, v: z3.ExprRef) -> int:
        return self.model.eval(v, model_completion=True).as_long()


def small_model(solver, answer, inputs: list[tuple[z3.ExprRef, PrimType]],
                texts: list[Text] = ()) -> z3.ModelRef:
    """A model of ``answer``'s satisfiable case that reads easily (see the module)."""
    tries = _Attempts(solver, answer)
    later = []
    for var, options in solver.choices:
        if tries.value(var) == options[0]:
            continue
        if str(var) in solver.eager:  # a harness parameter: one at a time
            tries.attempt(var == options[0])
        else:
            later.append((var, options[0]))
    _shorter_strings(tries, texts)
    # the objects' own choices (constructor, arguments, calls): all at once, else each; where
    # the solver could not decide them all at once, each with the other choices held as they
    # are, a far smaller question than one whose other choices are free
    if later and not tries.attempt(z3.And([var == first for var, first in later])):
        hard = tries.undecided > 0
        for var, first in later:
            held = [other == tries.value(other) for other, _ in solver.choices
                    if hard and not other.eq(var)]
            tries.attempt(z3.And(var == first, *held))
    _smaller_numbers(tries, [(v, t) for v, t in inputs if t is not BOOLEAN])
    return tries.model


def _shorter_strings(tries: _Attempts, texts: list[Text]) -> None:
    """Shorter strings, then plainer chars; a question the solver cannot decide ends the
    phase: the strings are costly to ask of, and the choices after them matter more."""
    for bound in range(max((len(t.chars) for t in texts), default=0)):
        if tries.attempt(z3.And([t.length <= bound for t in texts])) or tries.undecided:
            break
    for alphabet in _ALPHABETS if texts and not tries.undecided else ():
        if tries.attempt(z3.And([_spelled(t, alphabet) for t in texts])) or tries.undecided:
            break


def _smaller_numbers(tries: _Attempts, numbers) -> None:
    if not numbers or tries.attempt(z3.And([_zero(v, t) for v, t in numbers])):
        return
    for bound, signs, extremes in _LADDER:
        if tries.attempt(z3.And([_in_range(v, t, bound, signs, extremes) for v, t in numbers])):
            break
    for v, t in numbers:
        if not z3.is_true(tries.model.eval(_zero(v, t), model_completion=True)):
            tries.attempt(_zero(v, t))


# value ranges to try, in order: (bound, signs, also MIN/MAX and their neighbours)
_LADDER = ((1, "+", False), (1, "+-", False), (1, "+-", True), (16, "+-", False),
           (256, "+-", False), (65536, "+-", False))


# the chars strings are asked to use, in order: pairs of ends of ranges ("az  " is 'a' to 'z', ' ')
_ALPHABETS = ("aa", "ab", "aA", "abAB", "az  ", "azAZ  ", "azAZ09  ", " ~")


def _spelled(t: Text, alphabet: str) -> z3.BoolRef:
    """Every char of the text is one of ``alphabet``'s ranges ("az" is 'a' to 'z')."""
    pairs = [alphabet[i:i + 2] for i in range(0, len(alphabet), 2)]
    return z3.And([z3.Implies(t.length > k, z3.Or([z3.And(z3.UGE(c, ord(lo)), z3.ULE(c, ord(hi)))
                                                  for lo, hi in pairs]))
                   for k, c in enumerate(t.chars)] or [z3.BoolVal(True, t.ctx)])


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


def _zero(v: z3.ExprRef, t: PrimType) -> z3.BoolRef:
    return v == semantics.constant(v.ctx, t, 0).term  # for float and double: 0.0, not -0.0


def _in_range(v: z3.ExprRef, t: PrimType, bound: int, signs: str, extremes: bool) -> z3.BoolRef:
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
