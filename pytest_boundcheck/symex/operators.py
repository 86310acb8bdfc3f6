"""Operators, conditionals, casts and instanceof.
"""
from __future__ import annotations

from dataclasses import replace

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import BOOLEAN, ClassInfo, JType, PrimType
from pytest_boundcheck.symex import semantics, strings
from pytest_boundcheck.symex.runtime_types import instance_of, is_string
from pytest_boundcheck.symex.state import State
from pytest_boundcheck.symex.values import (
    DeadPath,
    Prim,
    Ref,
    Value,
    merge_values,
    mk_and,
    mk_not,
    mk_or,
    ref_eq,
)

_SHORT_CIRCUIT = ("&&", "||")


class OperatorsMixin:
    """The executor's operators, casts and instanceof (``Executor``)."""

    def _eval_Binary(self, expr: ast.Binary, state: State):
        """A chain ``a + b + ... + z`` nests as deep as it is long (generated SQL, a big
        ``toString``): its left spine is evaluated in a loop, innermost operation first."""
        if expr.op in _SHORT_CIRCUIT:
            return self.short_circuit(expr, state)
        spine = [expr]
        while isinstance(spine[-1].left, ast.Binary) and spine[-1].left.op not in _SHORT_CIRCUIT:
            spine.append(spine[-1].left)
        innermost = spine.pop()
        value, state = self._first_operation(innermost, state)
        constant = self.is_constant(innermost, state)
        for link in reversed(spine):
            if link.op != "+":  # a text the chain made so far is compared, say
                value = self._interned(value, constant)
            operand = self._compared_with(link.right, value) if link.op in semantics.COMPARISONS \
                else link.right
            right, state = self.eval(operand, state)
            value, state = self.binary(link.op, value, right, state, link.line)
            constant = constant and self.is_constant(link.right, state)
        return self._interned(value, constant), state

    def _first_operation(self, expr: ast.Binary, state: State):
        """``expr``'s value, its left operand being no operation of a chain."""
        if expr.op in semantics.COMPARISONS and isinstance(expr.left, ast.MethodCall) \
                and isinstance(expr.right, ast.Name) and expr.right.name in state.env:
            # a local's type is the call's: no call changes a local, so it may be read first
            right, state = self.eval(expr.right, state)
            left, state = self.eval(self._compared_with(expr.left, right), state)
        else:
            left, state = self.eval(expr.left, state)
            operand = self._compared_with(expr.right, left) if expr.op in semantics.COMPARISONS \
                else expr.right
            right, state = self.eval(operand, state)
        return self.binary(expr.op, left, right, state, expr.line)

    def _interned(self, value: Value, constant: bool) -> Value:
        """A string a constant expression makes is interned (JLS 15.29): the literal's."""
        if is_string(value) and constant:
            text = strings.concrete(self.text_of(value))
            if text is not None:
                return self.string_literal(text)
        return value

    def _compared_with(self, operand: ast.Expr, other: Value) -> ast.Expr:
        """A call without code compared with a primitive returns that primitive's type."""
        return self._typed_call(operand, other.type if isinstance(other, Prim) else None)

    @staticmethod
    def _typed_call(expr: ast.Expr, type_: JType | None) -> ast.Expr:
        """``expr`` or, if it is a call whose result type the syntax does not show, the call
        with the type ``type_`` that its surroundings give it: what a call without code
        returns (``_call_without_code``)."""
        if not isinstance(expr, ast.MethodCall) or expr.context is not None:
            return expr
        if isinstance(type_, PrimType):
            return replace(expr, context=ast.TypeName(type_.name))
        if isinstance(type_, ClassInfo) and type_.element is None:
            return replace(expr, context=ast.TypeName(type_.fqname))
        return expr

    def binary(self, op: str, left: Value, right: Value, state: State, line: int):
        if isinstance(left, Ref) and isinstance(right, Ref) and op in ("==", "!="):
            same = ref_eq(self.ctx, left, right)  # identity, also of two boxes and strings
            return Prim(BOOLEAN, same if op == "==" else mk_not(same)), state
        if op == "+" and (is_string(left) or is_string(right)):
            return self.concatenation(state, left, right, line)
        left, state = self.unboxed(state, left, line)
        right, state = self.unboxed(state, right, line)
        if op in semantics.COMPARISONS:
            return semantics.compare(op, left, right), state
        zero = semantics.division_by_zero(op, left, right)
        if zero is not None:
            state = self.throw(state, zero, "java.lang.ArithmeticException", line, "/ by zero")
        return semantics.arithmetic(op, left, right), state

    def short_circuit(self, expr: ast.Binary, state: State):
        """``a && b && ... && z`` (or ``||``) nests as deep as it is long (a generated
        ``equals`` over many fields): its left spine is evaluated in a loop."""
        spine = [expr]
        while isinstance(spine[-1].left, ast.Binary) and spine[-1].left.op in _SHORT_CIRCUIT:
            spine.append(spine[-1].left)
        left, state = self.eval_cond(spine[-1].left, state)
        for link in reversed(spine):
            left, state = self._short_circuit_link(link, left, state)
        return Prim(BOOLEAN, left), state

    def _short_circuit_link(self, expr: ast.Binary, left: z3.BoolRef, state: State):
        """``left && expr.right`` (or ``||``), ``left`` being evaluated already."""
        go_on = left if expr.op == "&&" else mk_not(left)
        result = self.branch(state, go_on, lambda s: self.eval_cond(expr.right, s))
        stop = self.branch(state, mk_not(go_on), lambda s: s)
        if result is None:
            return z3.BoolVal(expr.op == "||", self.ctx), self._joined(stop)
        r, s = result
        value = mk_and(left, r) if expr.op == "&&" else mk_or(self.ctx, [left, r])
        joined = self._joined(self.merge([s, stop]))
        if joined is not None and expr.op == "&&":
            # a pattern the right side binds is in scope where the whole is true, which is
            # where the right side ran: ``a && o instanceof T t && t.x == x``
            joined.env.update((name, v) for name, v in s.env.items() if name not in state.env)
        return value, joined

    def _eval_Unary(self, expr: ast.Unary, state: State):
        v, state = self.eval(expr.operand, state)
        v, state = self.unboxed(state, v, expr.line)
        return semantics.unary(expr.op, v), state

    def _eval_Conditional(self, expr: ast.Conditional, state: State):
        c, state = self.eval_cond(expr.cond, state)
        a = self.branch(state, c, lambda s: self.eval(expr.then, s))
        b = self.branch(state, mk_not(c), lambda s: self.eval(expr.other, s))
        if a is None and b is None:
            raise DeadPath
        # the type follows both arms (JLS 15.25), also an arm no path takes
        types = [arm[0].type if arm is not None else self.type_aside(e, state)
                 for arm, e in ((a, expr.then), (b, expr.other))]
        arms = [x for x in (a, b) if x is not None]
        unboxed = [jdk.unboxed_type(t) for t in types]
        if types[0] is not types[1] and None not in unboxed or all(isinstance(t, PrimType) for t in types):
            # numeric or boolean: a box arm is unboxed (JLS 15.25)
            t = semantics.choice_type([(unboxed[0], self.constant_int(expr.then, state)),
                                       (unboxed[1], self.constant_int(expr.other, state))])
            def numeric(s, v):
                v, s = self.unboxed(s, v, expr.line)
                return semantics.convert(v, t), s
            arms = [self.branch(s, self.true, lambda s2, v=v: numeric(s2, v)) for v, s in arms]
            arms = [x for x in arms if x is not None]
            if not arms:
                raise DeadPath
            types = [t, t]
        else:  # a reference: a primitive arm is boxed
            arms = [(self.box(v, expr.line) if isinstance(v, Prim) else v, s) for v, s in arms]
            types = [self.program.classes[jdk.box_class(t)] if isinstance(t, PrimType) else t
                     for t in types]
        merged = self.merge([s for _, s in arms])
        static = next((t for t in types if isinstance(t, ClassInfo)), arms[0][0].type)
        value = merge_values(self.ctx, static, [(s.guard, v) for v, s in arms])
        return value, merged

    def _eval_Cast(self, expr: ast.Cast, state: State):
        v, state = self.eval(expr.expr, state)
        t = self.resolve_type(expr.type)
        if isinstance(t, PrimType):
            if isinstance(v, Ref) and jdk.unboxed_type(v.type) is None:  # (int) o: via Integer
                v, state = self.check_cast(state, v, self.program.classes[jdk.box_class(t)], expr.line)
            v, state = self.unboxed(state, v, expr.line)
            return semantics.convert(v, t), state
        if isinstance(v, Prim):
            v, state = self.assign_convert(state, v, t, expr.line)
        return self.check_cast(state, v, t, expr.line, expr.inserted)

    def check_cast(self, state: State, v: Ref, t: ClassInfo, line: int,
                   inserted: bool = False) -> tuple[Ref, State]:
        """A reference cast: ClassCastException for objects that are not a ``t``. A cast
        the compiler ``inserted`` for a type argument (``for (String s : names)``) cannot
        fail in well-typed code: objects of other classes there are ones the check made
        without knowing the type argument, and their paths are cut (and said)."""
        state, known = self.decide_instances(state, v, t, line)
        ok = [o for o in known if o is None or instance_of(o, t)]
        bad = [o for o in known if o is not None and not instance_of(o, t)]
        v = v.narrowed(known)
        if bad and inserted:
            state = self.bounded_unless(state, mk_not(v.member_guard(bad)),
                                        f"elements of other classes than {t.simple_name} (the "
                                        "check does not know type arguments)", line)
        elif bad:
            state = self.throw(state, v.member_guard(bad), "java.lang.ClassCastException", line)
        return v.narrowed(ok).typed(t), state

    def decide_instances(self, state: State, v: Ref, t: ClassInfo, line: int):
        """(state, targets) without the objects of which the class table cannot tell
        whether they are a ``t``: their paths are stuck."""
        unknown = [o for o in v.targets if o is not None and instance_of(o, t) is None]
        if unknown:
            why = ("its exact class is unknown" if unknown[0].class_unknown
                   else "a class the engine knows nothing of")
            state = self.stuck_unless(state, v.member_guard(unknown),
                                      f"whether a {unknown[0].cls.simple_name} is a {t.simple_name}"
                                      f" ({why})", line)
        return state, [o for o in v.targets if o not in unknown]

    def _eval_InstanceOf(self, expr: ast.InstanceOf, state: State):
        v, state = self.eval(expr.expr, state)
        t = self.resolve_type(expr.type)
        if isinstance(v, Prim) or not isinstance(t, ClassInfo):
            self.unsupported(state, "instanceof on a primitive", expr.line)
        state, known = self.decide_instances(state, v, t, expr.line)
        v = v.narrowed(known)
        matching = [o for o in known if o is not None and instance_of(o, t)]
        if expr.binding is not None:
            state.env[expr.binding] = v.narrowed(matching).typed(t)
        return Prim(BOOLEAN, v.member_guard(matching)), state
