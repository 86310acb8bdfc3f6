"""Switch statements and expressions. The cases are tried as an if-else chain (a case's
entry is the paths no earlier case matched, where one of its labels does), and what
leaves them is joined back from the last case to the first: each join meets the two
sides of one test of the chain.
"""
from __future__ import annotations

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import LONG, ClassInfo, JType, PrimType, type_name
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.runtime_types import instance_of
from pytest_boundcheck.symex.state import Jump, State
from pytest_boundcheck.symex.values import (
    DeadPath,
    Prim,
    Ref,
    Value,
    merge_values,
    mk_not,
    mk_or,
    ref_eq,
)


class SwitchMixin:
    """The executor's switch statements and expressions (``Executor``)."""


    def _exec_Switch(self, stmt: ast.Switch, state: State) -> State:
        outer = set(state.env)
        exits = self._run_switch(stmt, state, Jump(None, False, "statement"))
        out = self._joined_pair(self._fold(exits, None))[0]
        for name in [n for n in out.env if n not in outer]:
            del out.env[name]
        return out

    def _eval_SwitchExpr(self, expr: ast.SwitchExpr, state: State):
        exits = self._run_switch(expr.switch, state, Jump(None, False, "expression"))
        yields = [e for pieces in exits for e in pieces]
        if not yields:
            raise DeadPath
        reached = {id(y) for _, _, y in yields}
        typed = [(v.type, y, s) for s, v, y in yields] + [
            (self.type_aside(y.value, state), y, state)
            for y in _yields(expr.switch.cases) if id(y) not in reached]
        typed = [(t, y, s) for t, y, s in typed if t is not None]
        if all(isinstance(t, PrimType) for t, _, _ in typed):
            t = semantics.choice_type([(t, self.constant_int(y.value, s)) for t, y, s in typed])
            exits = [[(s, semantics.convert(v, t), y) for s, v, y in e] for e in exits]
        elif any(isinstance(t, PrimType) for t, _, _ in typed):
            self.unsupported(state, "switch expression mixing primitives and objects (boxing)",
                             expr.line)
        else:
            t = next(t for t, _, _ in typed if isinstance(t, ClassInfo))
        out, value, _ = self._joined_pair(self._fold(exits, t))
        for name in [n for n in out.env if n not in state.env]:
            del out.env[name]
        return value, out

    def _exec_Yield(self, stmt: ast.Yield, state: State) -> State:
        value, state = self.eval(stmt.value, state)
        jump = next(j for j in reversed(self.frame.jumps) if j.switch == "expression")
        jump.yields.append((state, value, stmt))
        raise DeadPath

    def _run_switch(self, switch: ast.Switch, state: State, jump: Jump) -> list[list]:
        """Run the cases where they match, with ``jump`` the target of their breaks or
        yields. Returns the (state, value, yield) triples that leave the switch: a list
        per case, in order, and last the default's (with the paths no case matches and
        the fall out of the last case)."""
        sel, state = self._selector(switch, state)
        entries, rest = [], state  # rest: the paths no case has matched yet
        for case in switch.cases:
            conds, bindings = [], {}
            for label in case.labels:
                if rest is not None:
                    cond, rest = self._label_matches(sel, label, rest, bindings)
                    conds.append(cond)
            cond = mk_or(self.ctx, conds)
            entries.append(rest and self.branch(rest, cond, lambda s, b=bindings: State(
                s.guard, {**s.env, **b}, s.heap)))
            rest = rest and self.branch(rest, mk_not(cond), lambda s: s)
        exits: list[list] = [[] for _ in range(len(switch.cases) + 1)]
        if not any(c.default for c in switch.cases):
            if jump.switch == "statement":
                exits[-1].append((rest, None, None))
            elif rest is not None:  # an enum constant or class added since compilation (15.28.2)
                self.branch(rest, self.true, lambda s: self.throw(
                    s, self.true, "java.lang.IncompatibleClassChangeError", switch.line))
        fall = None
        self.frame.jumps.append(jump)
        try:
            for i, (case, entry) in enumerate(zip(switch.cases, entries)):
                if case.default:
                    entry, i = self.merge([entry, rest]), len(switch.cases)
                if not case.arrow:
                    entry = self.merge([entry, fall])
                body = ast.Block(case.line, case.body)
                end = entry and self.branch(entry, self.true, lambda s, b=body: self.exec_stmt(b, s))
                fall = None if case.arrow else end
                exits[i] += [(s, None, None) for s in jump.breaks] + jump.yields
                if case.arrow and jump.switch == "statement":
                    exits[i].append((end, None, None))
                jump.breaks.clear()
                jump.yields.clear()
        finally:
            self.frame.jumps.pop()
        if jump.switch == "statement":
            exits[-1].append((fall, None, None))
        return exits

    def _selector(self, switch: ast.Switch, state: State) -> tuple[Value, State]:
        """The selector's value; without ``case null`` a null selector throws
        NullPointerException."""
        sel, state = self.eval(switch.selector, state)
        labels = [label for case in switch.cases for label in case.labels]
        if isinstance(sel, Prim):
            if not sel.type.is_integral or sel.type is LONG:
                self.unsupported(state, f"switch on a {sel.type}", switch.line)
        elif not (sel.type.kind == "enum" and sel.type.is_project or sel.type.fqname == jdk.STRING
                  or any(isinstance(label, ast.TypePattern) for label in labels)):
            self.unsupported(state, f"switch on an object of type {type_name(sel.type)}", switch.line)
        elif not any(isinstance(label, ast.Literal) and label.kind == "null" for label in labels):
            state = self.null_check(state, sel, switch.line)
            sel = sel.narrowed(o for o in sel.targets if o is not None)
        return sel, state

    def _fold(self, exits: list[list], type_: JType | None):
        """Join the exits of a switch's cases from the last to the first: (state, value),
        or None if nothing leaves it."""
        acc = None
        for pieces in reversed(exits):
            acc = self._join([self._join(pieces, type_), acc], type_)
        return acc

    def _join(self, pieces, type_: JType | None):
        pieces = [p for p in pieces if p is not None and p[0] is not None]
        if not pieces:
            return None
        state = self.merge([p[0] for p in pieces])
        if type_ is None:
            return state, None, None
        return state, merge_values(self.ctx, type_, [(p[0].guard, p[1]) for p in pieces]), None

    @staticmethod
    def _joined_pair(pair):
        if pair is None:
            raise DeadPath
        return pair

    def _label_matches(self, sel: Value, label: ast.Expr, state: State, bindings: dict):
        """(condition that ``sel`` matches ``label``, state); a pattern adds its binding."""
        if isinstance(label, ast.Literal) and label.kind == "null":
            return sel.null_guard(), state
        if isinstance(label, ast.TypePattern):
            t = self.resolve_type(label.type)
            if not isinstance(t, ClassInfo):
                self.unsupported(state, "type pattern of a primitive type", label.line)
            state, known = self.decide_instances(state, sel, t, label.line)
            matching = [o for o in known if o is not None and instance_of(o, t)]
            bindings[label.binding] = sel.narrowed(matching).typed(t)
            return sel.member_guard(matching), state
        if isinstance(sel, Ref) and sel.type.kind == "enum":
            if not isinstance(label, ast.Name) or label.name not in sel.type.fields:
                self.unsupported(state, "enum switch label that is not a constant's name", label.line)
            constant = self.static_value(sel.type.fields[label.name], state, label.line)
            return ref_eq(self.ctx, sel, constant), state
        value, state = self.eval(label, state)
        if isinstance(sel, Ref):
            same, state = self.call_method(state, sel, "equals", [value], label.line)
            return same.term, state
        return semantics.compare("==", sel, value).term, state


def _yields(cases) -> list[ast.Yield]:
    """The yield statements of a switch expression's cases (not of nested switch expressions)."""
    nodes = list(ast.walk([c.body for c in cases]))
    nested = {id(y) for n in nodes if isinstance(n, ast.SwitchExpr)
              for y in ast.walk(n) if isinstance(y, ast.Yield)}
    return [n for n in nodes if isinstance(n, ast.Yield) and id(n) not in nested]
