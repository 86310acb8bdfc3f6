"""Statements: blocks, locals, if, loops (unrolled), labels, break and continue, return,
throw, assert, try/catch/finally, synchronized.
"""
from __future__ import annotations

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.types import ClassInfo, JType
from pytest_boundcheck.symex.runtime_types import instance_of
from pytest_boundcheck.symex.state import Dropped, Event, Jump, State
from pytest_boundcheck.symex.values import (
    DeadPath,
    HeapObj,
    Prim,
    Ref,
    merge_values,
    mk_and,
    mk_not,
    ref_to,
)

_INFERRED = ast.TypeName("var")  # the type of a local declared with ``var``


class StatementsMixin:
    """The executor's statements (``Executor``)."""

    def _exec_Block(self, stmt: ast.Block, state: State) -> State:
        outer = set(state.env)
        if self.jml_table() is None:
            for s in stmt.stmts:
                state = self.exec_stmt(s, state)
        else:
            state = self._jml_block(stmt.stmts, state)
        for name in [n for n in state.env if n not in outer]:
            del state.env[name]
        return state

    def _jml_block(self, stmts: tuple[ast.Stmt, ...], state: State) -> State:
        """A block's statements with the JML statements that stand among them: before the
        first local of a declaration of several (they share its position), after the
        last."""
        for k, s in enumerate(stmts):
            if k == 0 or (stmts[k - 1].line, stmts[k - 1].column) != (s.line, s.column):
                state = self.jml_around("before", s, state)
            state = self.exec_stmt(s, state)
            if k + 1 == len(stmts) or (stmts[k + 1].line, stmts[k + 1].column) != (s.line, s.column):
                state = self.jml_around("after", s, state)
        return state

    def _exec_LocalVar(self, stmt: ast.LocalVar, state: State) -> State:
        if stmt.init is None:
            value = self.default_value(self.resolve_type(stmt.type))
        elif stmt.type == _INFERRED:  # ``var x = ...``: the initialiser's own type
            value, state = self.eval(stmt.init, state)
        else:
            value, state = self.eval_to(stmt.init, self.resolve_type(stmt.type), state, stmt.line)
        state.env[stmt.name] = value
        if stmt.final and stmt.init is not None and self.is_constant(stmt.init, state):
            self.frame.constants.add(stmt.name)
        else:
            self.frame.constants.discard(stmt.name)
        return state

    def _exec_ExprStmt(self, stmt: ast.ExprStmt, state: State) -> State:
        return self.eval(stmt.expr, state)[1]

    def _exec_If(self, stmt: ast.If, state: State) -> State:
        """An ``else if`` chain nests as deep as it is long: its links run in a loop, and
        the paths out of each branch join once, at the end."""
        endings: list[State | None] = []
        link: ast.Stmt | None = stmt
        c, state = self.eval_cond(stmt.cond, state)
        while True:
            endings.append(self.branch(state, c, lambda s, then=link.then: self.exec_stmt(then, s)))
            link, otherwise = link.other, self.branch(state, mk_not(c), lambda s: s)
            if otherwise is None or not isinstance(link, ast.If):
                break
            try:
                c, state = self.eval_cond(link.cond, otherwise)
            except DeadPath:
                otherwise = None
                break
        if otherwise is not None:
            endings.append(self.branch(otherwise, self.true, lambda s: self.exec_stmt(link, s))
                           if link is not None else otherwise)
        return self._joined(self.merge(endings))

    def _exec_Loop(self, stmt: ast.Loop, state: State, unroll: int | None = None) -> State:
        """A loop unrolled up to the bound (``unroll``, where the caller knows the loop's
        own end: a harness's loop over a whole array)."""
        unroll = self.bounds.unroll if unroll is None else unroll
        outer = set(state.env)
        for s in stmt.init:
            state = self.exec_stmt(s, state)
        jump = Jump(stmt.label, True)
        self.frame.jumps.append(jump)
        exits: list[State | None] = []
        try:
            current = state
            for i in range(unroll + 1):
                before = current.guard
                current = self.branch(current, self.true,
                                      lambda s, i=i: self._loop_test(stmt, s, i, exits))
                if current is None or (i > 0 and not current.guard.eq(before)
                                       and not self.feasible(current.guard, "loop")):
                    break
                if i == unroll:
                    self.cut_at(current.guard, f"loop needs more than {unroll} "
                                               "unrolls", stmt.line, stmt.column, "unroll")
                    break
                current = self.branch(current, self.true, lambda s: self._loop_body(stmt, s, jump))
                if current is None:
                    break
        finally:
            self.frame.jumps.pop()
        out = self._joined(self.merge(exits + jump.breaks))
        for name in [n for n in out.env if n not in outer]:
            del out.env[name]
        return out

    def _loop_test(self, stmt: ast.Loop, state: State, iteration: int, exits: list) -> State:
        """The ``iteration``-th evaluation of the loop condition (from 0): files the exit,
        goes on where it holds; the loop's JML invariants are checked before it, its
        ``decreases`` clauses where it holds."""
        state = self.jml_loop_test(stmt, state, iteration)
        if stmt.cond is not None and (iteration > 0 or stmt.test_first):
            c, state = self.eval_cond(stmt.cond, state)
            exits.append(self.branch(state, mk_not(c), lambda s: s))
            state = self._joined(self.branch(state, c, lambda s: s))
        return self.jml_iteration(stmt, state, iteration + 1)

    def _loop_body(self, stmt: ast.Loop, state: State, jump: Jump) -> State:
        end = self.branch(state, self.true, lambda s: self.exec_stmt(stmt.body, s))
        state = self.merge([end] + jump.continues)
        jump.continues.clear()
        state = self._joined(state)
        for u in stmt.update:
            state = self.eval(u, state)[1]
        return state

    def _exec_Labeled(self, stmt: ast.Labeled, state: State) -> State:
        jump = Jump(stmt.label, False)
        self.frame.jumps.append(jump)
        try:
            end = self.branch(state, self.true, lambda s: self.exec_stmt(stmt.stmt, s))
        finally:
            self.frame.jumps.pop()
        return self._joined(self.merge([end] + jump.breaks))

    def _jump_target(self, label: str | None, for_continue: bool, line: int, state: State) -> Jump:
        for jump in reversed(self.frame.jumps):
            unlabeled = jump.is_loop or (jump.switch == "statement" and not for_continue)
            if (label is None and unlabeled) or (label is not None and jump.label == label):
                if for_continue and not jump.is_loop:
                    break
                return jump
        self.unsupported(state, "break or continue out of a switch", line)

    def _exec_Break(self, stmt: ast.Break, state: State) -> State:
        self._jump_target(stmt.label, False, stmt.line, state).breaks.append(state)
        raise DeadPath

    def _exec_Continue(self, stmt: ast.Continue, state: State) -> State:
        self._jump_target(stmt.label, True, stmt.line, state).continues.append(state)
        raise DeadPath

    def _exec_Return(self, stmt: ast.Return, state: State) -> State:
        value = None
        if stmt.value is not None:
            value, state = self.eval(stmt.value, state)
            value, state = self.assign_convert(state, value, self.frame.method.return_type,
                                               stmt.line)
        self.frame.returns.append((state, value, (stmt.line, stmt.column)))
        raise DeadPath

    def _exec_Throw(self, stmt: ast.Throw, state: State) -> State:
        if isinstance(self.handlers[-1], Dropped):  # the exception is never read: not made
            throwable = self.program.classes["java.lang.Throwable"]
            self.raise_(state, ref_to(throwable, None, self.ctx), stmt.line)
            raise DeadPath
        exc, state = self.eval(stmt.value, state)
        state = self.null_check(state, exc, stmt.line)
        self.raise_(state, exc.narrowed(o for o in exc.targets if o is not None), stmt.line,
                    column=stmt.column)
        raise DeadPath

    def _exec_Assert(self, stmt: ast.Assert, state: State) -> State:
        if self.frame.cls.origin != "contract" and not self.project_asserts:
            return state  # the JVM runs project code with assertions disabled by default
        c, state = self.eval_cond(stmt.cond, state)
        message = stmt.message.value if isinstance(stmt.message, ast.Literal) else None
        return self.throw(state, mk_not(c), "java.lang.AssertionError", stmt.line, message)

    def _exec_Try(self, stmt: ast.Try, state: State) -> State:
        if stmt.final is None:
            return self._try_catch(stmt, state)
        frame = self.frame
        returns = len(frame.returns)
        marks = [(j, len(j.breaks), len(j.continues), len(j.yields)) for j in frame.jumps]
        self.handlers.append([])
        try:
            normal = self.branch(state, self.true, lambda s: self._try_catch(stmt, s))
        finally:
            thrown = self.handlers.pop()
        # every abrupt completion of the try and catch blocks runs the finally block, then
        # goes on as it was going, unless the finally block completes abruptly itself
        pending = [(s, lambda s2, v=v, at=at: frame.returns.append((s2, v, at)))
                   for s, v, at in frame.returns[returns:]]
        del frame.returns[returns:]
        for jump, *counts in marks:
            for filed, mark in zip((jump.breaks, jump.continues, jump.yields), counts):
                pending += [(_state_of(e), lambda s2, e=e, f=filed: f.append(_resumed(e, s2)))
                            for e in filed[mark:]]
                del filed[mark:]
        pending += [(t.state.under(t.guard), lambda s2, t=t: self.handlers[-1].append(
                     t.moved(s2, t.exc))) for t in thrown]
        for entry, resume in pending:
            self.branch(entry, self.true, lambda s, r=resume: r(self.exec_stmt(stmt.final, s)))
        return self.exec_stmt(stmt.final, self._joined(normal))

    def _try_catch(self, stmt: ast.Try, state: State) -> State:
        self.handlers.append([])
        try:
            normal = self.branch(state, self.true, lambda s: self.exec_stmt(stmt.body, s))
        finally:
            thrown = self.handlers.pop()
        catch_types = [[self.resolve_type(t) for t in c.types] for c in stmt.catches]
        caught: list[list[tuple[State, Ref]]] = [[] for _ in stmt.catches]
        for t in thrown:
            for g, obj in t.exc.non_null():
                sub = t.state.under(mk_and(t.guard, g))
                index = self._catching(obj, catch_types)
                if index == -1:
                    self.stuck.append(Event(sub.guard, f"whether a {obj.cls.simple_name} is caught "
                                                       "(a class the engine knows nothing of)",
                                            self.here(stmt.line)))
                    continue
                one = ref_to(t.exc.type, obj, self.ctx)
                if index is None:
                    self.handlers[-1].append(t.moved(sub, one))
                else:
                    caught[index].append((sub, one))
        outs = [normal]
        for clause, entries in zip(stmt.catches, caught):
            if not entries:
                continue
            entry = self.merge([s for s, _ in entries])
            exc = merge_values(self.ctx, entries[0][1].type, [(s.guard, r) for s, r in entries])
            entry.env[clause.name] = exc
            outs.append(self.branch(entry, self.true, lambda s, c=clause: self.exec_stmt(c.body, s)))
        return self._joined(self.merge(outs))

    @staticmethod
    def _catching(obj: HeapObj, catch_types: list[list[JType]]) -> int | None:
        """The index of the first catch clause that catches ``obj``; None if none does,
        -1 if the class table cannot tell (a class the engine knows nothing of)."""
        for i, types in enumerate(catch_types):
            decided = [instance_of(obj, t) if isinstance(t, ClassInfo) else False for t in types]
            if True in decided:
                return i
            if None in decided:
                return -1
        return None

    def _exec_Synchronized(self, stmt: ast.Synchronized, state: State) -> State:
        """One thread runs the check: the lock only has to be a non-null object."""
        lock, state = self.eval(stmt.lock, state)
        if isinstance(lock, Prim):
            self.unsupported(state, "synchronized on a primitive", stmt.line)
        return self.exec_stmt(stmt.body, self.null_check(state, lock, stmt.line))

    def _exec_CtorCall(self, stmt: ast.CtorCall, state: State) -> State:
        self.unsupported(state, "constructor call outside a constructor's first statement", stmt.line)

    def _exec_LocalClass(self, stmt: ast.LocalClass, state: State) -> State:
        return state

    def _exec_UnsupportedStmt(self, stmt: ast.UnsupportedStmt, state: State) -> State:
        self.unsupported(state, stmt.what, stmt.line, column=stmt.column)


def _state_of(entry) -> State:
    """The state of a filed jump: a State, or a (state, value, yield) of a switch expression."""
    return entry[0] if isinstance(entry, tuple) else entry


def _resumed(entry, state: State):
    """A filed jump, taken again from ``state`` once a finally block has run."""
    return (state, *entry[1:]) if isinstance(entry, tuple) else state
