"""Symex stage: bounded symbolic execution of Java with state merging.

Every value is a solver term, a join point merges states into if-then-else
terms, a call is inlined with virtual dispatch as a guarded merge over the
possible dynamic types, a loop is unrolled ``bounds.unroll`` times. Nothing
forks: a statement returns the one state in which it completes normally and
files its abrupt completions (return, break, continue, throw) where they are
caught.

A path that reaches a construct the engine does not model is *stuck*: its
condition is filed in ``stuck`` and the path ends. A path that would need more
loop unrolls or deeper inlining than the bounds allow is *cut* (``cuts``).
Neither counts as a violation; the check decides afterwards, with the solver,
whether such a path is reachable at all.

The executor is one object whose operations live in one module per family
(statements, switch, expressions, operators, calls, invoke, heap, strings, arrays,
statics, paths, calls without code, objects without source); this module holds its core:
what a check starts with, and the dispatch tables from syntax to those operations.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT, EngineConfig
from pytest_boundcheck.config.workclock import WorkClock
from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.types import ClassInfo, FieldInfo, JType, MethodInfo, PrimType
from pytest_boundcheck.symex import strings
from pytest_boundcheck.symex.arrays import ArraysMixin
from pytest_boundcheck.symex.calls import CallsMixin
from pytest_boundcheck.symex.constants import ConstantsMixin
from pytest_boundcheck.symex.expressions import ExpressionsMixin
from pytest_boundcheck.symex.heap import HeapMixin
from pytest_boundcheck.symex.invariants import assume_invariants
from pytest_boundcheck.symex.invoke import InvokeMixin
from pytest_boundcheck.symex.jmlstatements import JmlStatementsMixin
from pytest_boundcheck.symex.model_api import ModelContext, ModelTable
from pytest_boundcheck.symex.opaque import OpaqueMixin
from pytest_boundcheck.symex.operators import OperatorsMixin
from pytest_boundcheck.symex.paths import PathsMixin
from pytest_boundcheck.symex.semantics import NotModelled
from pytest_boundcheck.symex.state import (
    Frame,
    Location,
    Observation,
    OutOfSteps,
    OutOfTime,
    State,
    Thrown,
)
from pytest_boundcheck.symex.statements import StatementsMixin
from pytest_boundcheck.symex.statics import StaticsMixin
from pytest_boundcheck.symex.switch import SwitchMixin
from pytest_boundcheck.symex.text import StringsMixin
from pytest_boundcheck.symex.unknown import UnknownCallsMixin
from pytest_boundcheck.symex.values import DeadPath, HeapObj, Value


@dataclass(frozen=True)
class SolverAids:
    """What exploring asks of the solver stage, handed in by the engine: ``weakened``, a
    term with its floating-point arithmetic left out, for the questions of
    ``Executor.feasible`` (which Z3 would otherwise bit-blast); ``too_large(terms,
    besides)``, why the arithmetic that making one object added (``terms``, but those
    ``besides``) would take the solver too much memory to bit-blast, or "" (``ObjectMaker``)."""
    weakened: Callable[[z3.BoolRef], z3.BoolRef] = lambda term: term
    too_large: Callable[[list, list], str] = lambda terms, besides: ""


class Executor(StatementsMixin, SwitchMixin, ExpressionsMixin, OperatorsMixin, ConstantsMixin,
               CallsMixin, InvokeMixin, UnknownCallsMixin, OpaqueMixin, HeapMixin, StringsMixin,
               ArraysMixin, StaticsMixin, PathsMixin, JmlStatementsMixin):
    def __init__(self, program: Program, bounds: Bounds, ctx: z3.Context,
                 universe: list[ClassInfo], own: frozenset[ClassInfo] = frozenset(),
                 seconds: float | None = None, trusting: bool = False,
                 models: ModelTable = ModelTable(), aids: SolverAids = SolverAids(),
                 config: EngineConfig = DEFAULT, clock: WorkClock | None = None):
        """``own``: the project classes whose code the check is about (see ``_stuck``);
        ``seconds``: the work exploring may take, on the item's ``clock`` (a fresh one if
        None), which each statement and expression, and each feasibility question's units,
        advance (the check's work budget if None);
        ``trusting``: take other project classes' objects to obey the contracts of
        equals, hashCode and compareTo, as classes without source are (``keyed``);
        ``models``: the JDK and library methods' models; ``aids``: the solver stage's;
        ``config``: the engine's budgets."""
        self.program, self.bounds, self.ctx, self.own = program, bounds, ctx, own
        self.models, self.aids, self.config = models, aids, config
        self.model_context = ModelContext(self)
        self.clock = clock or config.work_clock(watched=ctx)
        self.deadline = self.clock.now() + (bounds.timeout if seconds is None else seconds)
        self.trusting = trusting
        # run the project code's ``assert`` statements (``java -ea``), as a JML check does;
        # the contracts' checks run it as the JVM does by default, without them
        self.project_asserts = False
        self.arguments: set[HeapObj] = set()  # the objects the contract is checked on
        self.steps = 0  # statements and expressions evaluated: effort, the same on every run
        self.line = 0  # of the statement being run, in the current method's file
        self.nesting = 0  # expressions and statements being evaluated within one another
        self.fields_read: set[FieldInfo] = set()  # what a counterexample's table shows
        self.held_fields = 0  # object fields in the states paths made: ``config.held_fields``
        self.step_limit = math.inf
        self.universe = universe  # concrete types an initial object may have
        self.true = z3.BoolVal(True, ctx)
        self.frames: list[Frame] = []
        self.start: State | None = None  # the state once the harness's arguments are made
        # what the solver stage is handed: the formula's parts, the choices to split on
        # (name -> (id variable, ids)) and those to split at once, the calls the harness
        # made and the places calls returned from
        self.constraints: list[z3.BoolRef] = []
        self.lazy: list[z3.BoolRef] = []  # definitions the solver adds only where a model needs them
        self.inputs: list[tuple[z3.ExprRef, PrimType]] = []
        self.selectors: dict[str, tuple[z3.ExprRef, list[int]]] = {}
        self.split_early: set[str] = set()
        self.observations: list[Observation] = []
        self.sites: list[str | Location] = []
        # the method whose statements a counterexample lists as the path it took (a JML
        # check's method), and each statement of it run: ((line, column), the paths that
        # ran it)
        self.traced: MethodInfo | None = None
        self.trace: list[tuple[tuple[int, int], z3.BoolRef]] = []
        for init in (self._init_heap, self._init_strings, self._init_statics, self._init_paths,
                     self._init_opaque, self._init_unknown_calls, self._init_calls):
            init()

    def run(self, method: MethodInfo, make_args) -> list[Thrown]:
        """Execute a harness method on the arguments ``make_args(state)`` returns (with the
        state after making them); returns the exceptions that escape the harness."""
        frame = Frame(method, method.owner, None)
        self.frames.append(frame)
        try:
            with strings.metered(self.term_work):
                args, state = make_args(State(self.true, {}, {}))  # may raise what make_args raises
                self.start = state
                frame.observe = True
                state.env = {p.name: a for p, a in zip(method.params, args)}
                try:
                    self.exec_stmt(method.decl.body, state)
                except DeadPath:
                    pass
                assume_invariants(self)  # of the objects made from field values
        except DeadPath:
            pass
        finally:
            self.frames.pop()
        return self.handlers[0]

    def term_work(self, terms: int) -> None:
        """Count the terms an operation is about to build (a text operation, a model's
        reachability), a step each (building one takes about a statement's time), and stop
        exploring once the work budget is spent, within one long operation too: one
        ``replace`` over a long text builds millions."""
        self.clock.step(terms)
        if self.clock.now() > self.deadline:
            raise OutOfTime(self.here(self.line))

    def value_at_start(self, obj: HeapObj, fld: FieldInfo) -> Value:
        """A field's value when the harness began: as construction left it, or the
        initial (any) value of an object made the fields way."""
        if self.start is not None and (obj, fld) in self.start.heap:
            return self.start.heap[(obj, fld)]
        return self.initial_value(obj, fld) if obj.kind == "slot" else self.default_value(fld.type)

    def step(self) -> None:
        """Count one statement or expression evaluated against ``step_limit``, and on the
        work clock."""
        self.steps += 1
        self.clock.step()
        if self.steps > self.step_limit:
            raise OutOfSteps

    def exec_stmt(self, stmt: ast.Stmt, state: State) -> State:
        self.step()
        self.line = stmt.line
        if self.clock.now() > self.deadline:
            raise OutOfTime(self.here(stmt.line, stmt.column))
        if self.traced is not None and len(self.frames) == 2 and self.frame.method is self.traced \
                and self.start is not None and not isinstance(stmt, ast.Block):
            self.trace.append(((stmt.line, stmt.column), state.guard))
        self.nest(state, stmt)
        try:
            return _STATEMENTS[type(stmt)](self, stmt, state)
        finally:
            self.nesting -= 1

    def eval(self, expr: ast.Expr, state: State) -> tuple[Value, State]:
        self.step()
        self.nest(state, expr)
        try:
            return _EXPRESSIONS[type(expr)](self, expr, state)
        except NotModelled as e:
            self.unsupported(state, str(e), expr.line, column=expr.column)
        finally:
            self.nesting -= 1

    def nest(self, state: State, node: ast.Expr | ast.Stmt) -> None:
        """Enter ``node``: code nested deeper than ``NESTING_LIMIT`` (counted across the
        calls inlined) is a construct the engine does not model, so that evaluating it,
        which recurses, stays within Python's stack whatever the code's shape; so is a
        check past its size cap (``config.held_fields``), so that its memory stays
        within bounds the same on every machine."""
        if self.nesting >= NESTING_LIMIT:
            self.unsupported(state, f"code nested more than {NESTING_LIMIT} deep "
                             "(expressions and statements within one another, across calls)",
                             node.line, column=node.column)
        if self.held_fields > self.config.held_fields:
            self.unsupported(state, f"a check larger than the engine holds (its paths' "
                             f"states hold more than {self.config.held_fields:,} object fields)",
                             node.line, column=node.column)
        self.nesting += 1

    def resolve_type(self, tn: ast.TypeName) -> JType:
        method = self.frame.method
        return self.program.resolve_type(tn, self.frame.cls, method.type_vars if method else None)


def _table(prefix: str, kinds) -> dict[type, Callable]:
    """Syntax node class -> the executor's operation for it (``_exec_If``, ``_eval_Name``...)."""
    return {kind: getattr(Executor, f"{prefix}{kind.__name__}") for kind in kinds}


_STATEMENTS = _table("_exec_", (
    ast.Block, ast.LocalVar, ast.ExprStmt, ast.If, ast.Loop, ast.ForEach, ast.Return, ast.Break,
    ast.Continue, ast.Throw, ast.Try, ast.Switch, ast.Yield, ast.Synchronized, ast.Assert,
    ast.Labeled, ast.CtorCall, ast.LocalClass, ast.UnsupportedStmt))
_EXPRESSIONS = _table("_eval_", (
    ast.Literal, ast.Name, ast.This, ast.FieldAccess, ast.MethodCall, ast.New, ast.Assign,
    ast.Binary, ast.Unary, ast.Update, ast.Cast, ast.InstanceOf, ast.Conditional,
    ast.ClassLiteral, ast.ArrayAccess, ast.ArrayInit, ast.NewArray, ast.SwitchExpr, ast.Lambda,
    ast.MethodRef, ast.UnsupportedExpr))


NESTING_LIMIT = 150
