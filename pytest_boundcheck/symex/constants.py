"""Constant expressions (JLS 15.29), and evaluating an expression aside for its type or
value only.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.types import INT, JType
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.state import State
from pytest_boundcheck.symex.values import DeadPath, Prim, Value


class ConstantsMixin:
    """The executor's constant expressions (``Executor``)."""

    def value_aside(self, expr: ast.Expr, state: State) -> Value | None:
        """Evaluate an expression for its type or constant value only: whatever it
        throws, gets stuck on or observes is dropped. None if no path gets through."""
        records = (self.handlers[-1], self.stuck, self.cuts, self.observations, self.harness_calls,
                   self.trace)
        marks = [len(events) for events in records]
        try:
            return self.eval(expr, state.under(state.guard))[0]
        except DeadPath:
            return None
        finally:
            for events, mark in zip(records, marks):
                del events[mark:]

    def type_aside(self, expr: ast.Expr, state: State) -> JType | None:
        value = self.value_aside(expr, state)
        return None if value is None else value.type

    def constant_int(self, expr: ast.Expr, state: State) -> int | None:
        """The value of ``expr`` if it is a constant expression of type int (JLS 15.29)."""
        if not self.is_constant(expr, state):
            return None
        value = self.value_aside(expr, state)
        if not isinstance(value, Prim) or value.type is not INT:
            return None
        term = z3.simplify(value.term)
        return semantics.signed_value(INT, term.as_long()) if z3.is_bv_value(term) else None

    def is_constant(self, expr: ast.Expr, state: State) -> bool:
        """Is ``expr`` a constant expression (JLS 15.29): literals, operators, casts and
        names of constant variables? (A worklist: a chain of operators nests as deep as
        it is long.)"""
        pending = [expr]
        while pending:
            e = pending.pop()
            if isinstance(e, (ast.Unary, ast.Binary, ast.Cast, ast.Conditional)):
                pending.extend(_operands(e))
            elif not self._constant_leaf(e, state):
                return False
        return True

    def _constant_leaf(self, expr: ast.Expr, state: State) -> bool:
        if isinstance(expr, ast.Literal):
            return expr.kind != "null"
        if isinstance(expr, ast.Name):
            if expr.name in state.env:
                return expr.name in self.frame.constants
            fld = self.field_in_scope(expr.name)
            return fld is not None and self.is_constant_field(fld)
        if isinstance(expr, ast.FieldAccess):
            owner = None if expr.is_super else self.type_named(expr.target, state)
            fld = owner.lookup_field(expr.name) if owner is not None else None
            return fld is not None and self.is_constant_field(fld)
        return False


def _operands(expr: ast.Unary | ast.Binary | ast.Cast | ast.Conditional) -> tuple[ast.Expr, ...]:
    if isinstance(expr, ast.Unary):
        return (expr.operand,)
    if isinstance(expr, ast.Binary):
        return (expr.left, expr.right)
    if isinstance(expr, ast.Cast):
        return (expr.expr,)
    return (expr.cond, expr.then, expr.other)
