"""Formulas without their floating-point arithmetic, and what bit-blasting that arithmetic
would cost: Z3 bit-blasts each floating-point operation before its limits apply, and a
double division takes 250 MB."""
from __future__ import annotations

import collections
import math

import z3

from pytest_boundcheck.config.workclock import WorkClock
from pytest_boundcheck.solve.terms import Marks

# Memory Z3 takes to bit-blast one floating-point operation, in MB, measured here (a double
# division takes 250 MB and 1.5 s, two take 22 s; a double remainder does not finish in
# 100 s); other operations are small. Past the budget a query is not asked: once out of
# memory, Z3 aborts the whole process.
_BLAST_MB = {(z3.Z3_OP_FPA_DIV, 64): 250, (z3.Z3_OP_FPA_REM, 64): 1000, (z3.Z3_OP_FPA_MUL, 64): 35,
             (z3.Z3_OP_FPA_SQRT, 64): 35, (z3.Z3_OP_FPA_FMA, 64): 45,
             (z3.Z3_OP_FPA_DIV, 32): 45, (z3.Z3_OP_FPA_REM, 32): 250, (z3.Z3_OP_FPA_MUL, 32): 10,
             (z3.Z3_OP_FPA_SQRT, 32): 10, (z3.Z3_OP_FPA_FMA, 32): 15}


_COSTLY_KINDS = frozenset(kind for kind, _ in _BLAST_MB)


class Weigher:
    """What bit-blasting formulas would take, from the floating-point operations in them,
    each counted once however often it is shared; remembered per subterm."""

    def __init__(self, budget: int):
        """``budget``: the MB the solver may take for bit-blasting one question."""
        self._operations = Marks(_costly, _COSTLY_KINDS, floating=True)  # labelled (name, MB)
        self.budget = budget

    def too_large(self, terms: list[z3.ExprRef], besides: list[z3.ExprRef] = (),
                  budget: int | None = None) -> str:
        """Why the solver must not be asked about ``terms`` (counting no operation that is
        in ``besides`` too) within ``budget`` MB (the weigher's, if None), or "" if it may be."""
        budget = self.budget if budget is None else budget
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

    def __init__(self, clock: WorkClock | None = None):
        """``clock``: the work clock that deadlines are on, counting a step per stand-in
        made (None: no deadline is ever given)."""
        self._clock = clock
        self._operations = Marks(_floating_operation, _FLOATING_KINDS, floating=True)
        self._stand_ins: dict[int, tuple] = {}  # operation's id -> (operation, its stand-in)
        self._deadline = math.inf

    def weakened(self, term: z3.ExprRef, deadline: float = math.inf) -> z3.ExprRef:
        """``term`` weakened; ``TooLate`` once ``deadline`` passes: a question about
        thousands of constraints weakens each one, which can take many times its time."""
        if self._past(deadline):
            raise TooLate
        self._deadline = deadline
        return self._weakened(term)

    def _past(self, deadline: float) -> bool:
        if deadline == math.inf:
            return False
        if self._clock.now() > deadline:
            return True
        self._clock.step()
        return False

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
            if self._past(self._deadline):
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


# floating-point valued terms a weakened formula keeps exactly: cheap to bit-blast, and
# choices and reads carry the values that a contract compares
_EXACT_FLOATING = {z3.Z3_OP_FPA_FP, z3.Z3_OP_ITE, z3.Z3_OP_SELECT, z3.Z3_OP_UNINTERPRETED,
                   z3.Z3_OP_FPA_NEG, z3.Z3_OP_FPA_ABS}


# the operations that may compute a floating-point value by arithmetic or conversion
_FLOATING_KINDS = frozenset(getattr(z3, n) for n in dir(z3) if n.startswith("Z3_OP_FPA_")) \
    - _EXACT_FLOATING


def _floating_operation(t: z3.ExprRef) -> z3.ExprRef | None:
    """``t`` if it computes a floating-point value by arithmetic or conversion."""
    if z3.is_app(t) and t.num_args() > 0 and isinstance(t.sort(), z3.FPSortRef) \
            and t.decl().kind() not in _EXACT_FLOATING:
        return t
    return None


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
