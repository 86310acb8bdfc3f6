"""JML statements in method bodies, run where they stand in a JML check
(``harness.jmlbody`` lowers each clause to a method that evaluates it).

Only a JML check runs them (``project_asserts``, as ``java -ea`` runs Java's asserts); the
contracts' checks run the project's code as the JVM does, and never see them:

- ``assert P``: an ``AssertionError`` naming the clause where P is false;
- ``assume P``: the paths where P is false end (they are no input);
- ``loop_invariant P``: at every test of its loop: when the loop is reached (after a
  ``for``'s initialiser) and after every iteration that goes round, ``continue``
  included; a violation names the iteration;
- ``decreases E``: at the start of every iteration, E >= 0 and, from the second on, E is
  smaller than at the start of the one before (kept in a hidden local of the frame);
- ``\\old(e)``: evaluated when the method begins, into locals of its frame.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.types import LONG, MethodInfo
from pytest_boundcheck.harness.jmlbody import TABLE, BodyClause, BodyStatements
from pytest_boundcheck.symex.state import State
from pytest_boundcheck.symex.values import DeadPath, Prim, is_false, mk_and, mk_not

_ERROR = "java.lang.AssertionError"


class JmlStatementsMixin:
    """The executor's JML statements (``Executor``)."""

    def jml_table(self) -> BodyStatements | None:
        """The project's JML statements, where this check runs them (None in a project
        without any, or in a contract's check)."""
        return self.program.derived.get(TABLE) if self.project_asserts else None

    def jml_around(self, where: str, stmt: ast.Stmt, state: State) -> State:
        """The clauses that run ``where`` ("before" or "after") ``stmt`` of a block."""
        found = self.jml_table()
        if found is None:
            return state
        for clause in getattr(found, where).get((self.frame.cls.path, stmt.line, stmt.column), ()):
            state = self._jml_clause(clause, state, clause.said)
        return state

    def jml_loop_test(self, loop: ast.Loop, state: State, iteration: int) -> State:
        """A loop's invariants at one of its tests: the ``iteration``-th (0 when it is
        reached)."""
        found = self.jml_table()
        if found is None:
            return state
        when = "when the loop is reached" if iteration == 0 else f"after iteration {iteration}"
        for clause in found.loops.get((self.frame.cls.path, loop.line, loop.column), ()):
            if clause.kind != "decreases":
                state = self._jml_clause(clause, state, f"{clause.said} does not hold {when}")
        return state

    def jml_iteration(self, loop: ast.Loop, state: State, iteration: int) -> State:
        """A loop's ``decreases`` clauses at the start of its ``iteration``-th iteration
        (from 1)."""
        found = self.jml_table()
        if found is None:
            return state
        for k, clause in enumerate(found.loops.get((self.frame.cls.path, loop.line,
                                                    loop.column), ())):
            if clause.kind != "decreases":
                continue
            value, state = self._jml_value(clause, state)
            state = self.throw(state, value < 0, _ERROR, clause.line,
                               f"{clause.said} is negative (or cannot be evaluated) at the "
                               f"start of iteration {iteration}")
            kept = f"#decreases{loop.line}:{loop.column}:{k}"
            if kept in state.env:
                state = self.throw(state, value >= state.env[kept].term, _ERROR, clause.line,
                                   f"{clause.said} does not decrease: at the start of "
                                   f"iteration {iteration} it is not smaller than at the "
                                   f"start of iteration {iteration - 1}")
            state.env[kept] = Prim(LONG, value)
        return state

    def jml_entry(self, method: MethodInfo, state: State) -> State:
        """``method``'s ``\\old`` values, kept in its frame's locals as it begins."""
        found = self.jml_table()
        olds = found.olds.get((method.owner.path, method.decl.line, method.decl.column), ()) \
            if found is not None else ()
        for old in olds:
            args = [self.frame.this if a == "this" else state.env[a] for a in old.args]
            value, state, _ = self.invoke(old.value, None, args, state, method.decl.line)
            evaluated, state, _ = self.invoke(old.evaluated, None, args, state, method.decl.line)
            state.env[old.local], state.env[f"{old.local}$ok"] = value, evaluated
        return state

    def _jml_clause(self, clause: BodyClause, state: State, said: str) -> State:
        """An ``assert`` (or ``loop_invariant``) throws where false, an ``assume`` ends
        the paths where false; an unsupported one ends the path here, saying why."""
        if clause.kind == "unsupported":
            self.unsupported(state, clause.said, clause.line, column=clause.column)
        holds, state = self._jml_value(clause, state)
        if clause.kind == "assume":
            guard = mk_and(state.guard, holds)
            if is_false(guard):
                raise DeadPath
            return State(guard, state.env, state.heap)
        return self.throw(state, mk_not(holds), _ERROR, clause.line, said)

    def _jml_value(self, clause: BodyClause, state: State) -> tuple[z3.ExprRef, State]:
        args = [self.frame.this if a == "this" else state.env[a] for a in clause.args]
        value, state, _ = self.invoke(clause.method, None, args, state, clause.line,
                                      clause.column)
        return value.term, state
