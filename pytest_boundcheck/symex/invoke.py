"""Running one method inline: binding its arguments, its body or model, a constructor's
prologue, and the bounds on nesting.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import NULL, VOID, MethodInfo, PrimType
from pytest_boundcheck.symex.runtime_types import type_names
from pytest_boundcheck.symex.semantics import NotModelled
from pytest_boundcheck.symex.state import Frame, Location, State
from pytest_boundcheck.symex.values import DeadPath, Ref, Value, merge_values, mk_ite


class InvokeMixin:
    """The executor's inlining of one method (``Executor``)."""

    def invoke(self, method: MethodInfo, this: Ref | None, args: list[Value], state: State,
               line: int, column: int = 0) -> tuple[Value | None, State, z3.ExprRef]:
        """Run one method body (or library model) inline, called at ``line`` (and
        ``column``, where known); returns (value, state, return site)."""
        try:
            args, state = self._bind_args(method, args, state, line)
        except NotModelled as e:
            self.unsupported(state, str(e), line)
        model = self.models.of(method)
        if model is not None:
            value, after = model(self.model_context, state, this, args, line)
            return value, after, self.site(f"{method.owner.simple_name}.{method.name}")
        if method.decl is None:
            self.unsupported(state, f"{method.signature()} (no model of this JDK method)", line)
        if method.decl.body is None:
            self.unsupported(state, f"{method.signature()} has no body", line)
        if len(self.frames) > self.bounds.inline_depth:
            self._cut_too_deep(method, state, line, column)
        if self._delegates_too_deep(method, this):
            self.cut(state, f"calls of {method.name}() through objects made from field values "
                            f"nested more than {self.bounds.delegation_depth} deep", line, column,
                     "delegation-depth")
        frame = Frame(method, method.owner, None if this is None else this.typed(method.owner))
        entry = State(state.guard, {p.name: a for p, a in zip(method.params, args)}, state.heap)
        escaped = len(self.handlers[-1])
        endings = self.endings()
        self.frames.append(frame)
        try:
            body = method.decl.body
            if method.name == "<init>":
                entry = self._constructor_prologue(method, entry)
                body = ast.Block(body.line, tuple(s for s in body.stmts if not isinstance(s, ast.CtorCall)))
            entry = self.jml_entry(method, entry)
            end = self.exec_stmt(body, entry)
            frame.returns.append((end, None, (method.decl.line, method.decl.column)))
        except DeadPath:
            pass
        finally:
            self.frames.pop()
            for t in self.handlers[-1][escaped:]:  # exceptions leave with the caller's locals
                t.state = State(t.state.guard, dict(state.env), t.state.heap)
        if not frame.returns:
            raise DeadPath
        out = self.rejoined(state.guard, self.merge([s for s, _, _ in frame.returns], env_from=state),
                            endings)
        value = None
        if method.return_type is not VOID and method.name != "<init>":
            value = self.named(merge_values(
                self.ctx, method.return_type,
                [(s.guard, v) for s, v, _ in frame.returns if v is not None]), method.name)
        site = self.site(Location(method.owner.path, *frame.returns[-1][2]))
        for s, _, at in reversed(frame.returns[:-1]):
            site = mk_ite(s.guard, self.site(Location(method.owner.path, *at)), site)
        return value, State(out.guard, state.env, out.heap), site

    def _cut_too_deep(self, method: MethodInfo, state: State, line: int, column: int):
        """Cut a call nested past the inline depth; where ``method``, or another method
        it was called from, is running more than once (it calls itself, directly or
        through others), as a recursion of that method."""
        running = [f.method for f in self.frames[1:] if f.method is not None]
        again = [m for m in running if running.count(m) > 1]
        recurring = method if method in running else again[0] if again else None
        if recurring is not None:
            self.cut(state, f"recursion of {recurring.owner.simple_name}.{recurring.name} deeper "
                            f"than {self.bounds.inline_depth} calls", line, column, "recursion")
        self.cut(state, f"calls nested deeper than {self.bounds.inline_depth} "
                        f"(at {method.signature()})", line, column, "inline-depth")

    def _delegates_too_deep(self, method: MethodInfo, this: Ref | None) -> bool:
        """Would calling ``method`` on ``this``, an object made from field values, nest
        more than ``bounds.delegation_depth`` calls of that method? Such objects form any
        graph, cycles included (a decorator wrapping one that wraps it), so a method that
        delegates to a field's object would otherwise unfold once per implementation at
        every level down to the inline depth. Objects built by constructors nest only as
        deep as their arguments (``objects.MAX_NESTING``)."""
        if this is None or not all(o is not None and o.kind == "slot" for o in this.targets):
            return False
        nested = sum(1 for f in self.frames if f.method is not None and f.method.name == method.name
                     and len(f.method.params) == len(method.params))
        return nested >= self.bounds.delegation_depth

    def _bind_args(self, method: MethodInfo, args: list[Value], state: State, line: int):
        """Method invocation conversion. Library models receive variable arguments one by
        one, converted to the element type, and references with their own static types."""
        modelled = self.models.of(method) is not None
        if method.varargs and not modelled:
            args, state = self._packed_varargs(method, args, state, line)
        bound = []
        for i, a in enumerate(args):
            p = method.params[min(i, len(method.params) - 1)]
            if not modelled or not isinstance(a, Ref) or isinstance(p.type, PrimType):
                a, state = self.assign_convert(state, a, p.type, line)
            bound.append(a)
        return bound, state

    def _packed_varargs(self, method: MethodInfo, args: list[Value], state: State, line: int):
        """The variable arguments as one array, unless the call passes an array (or null)."""
        fixed, array_type = len(method.params) - 1, method.params[-1].type
        if len(args) == len(method.params) and isinstance(args[-1], Ref) and (
                args[-1].type is NULL or args[-1].type.is_subtype_of(array_type)):
            return args, state
        rest = ast.ArrayInit(line, tuple(ast.Name(line, f"#vararg{k}") for k in range(len(args) - fixed)))
        scope = state.under(state.guard)
        scope.env.update({f"#vararg{k}": a for k, a in enumerate(args[fixed:])})
        packed, after = self.array_init(scope, array_type, rest)
        return args[:fixed] + [packed], State(after.guard, state.env, after.heap)

    def _constructor_prologue(self, ctor: MethodInfo, state: State) -> State:
        """``this(...)``/``super(...)``, then (unless ``this(...)``) field initialisers and
        instance initialiser blocks, as JLS 12.5 orders them."""
        cls, this = ctor.owner, self.frame.this
        first = ctor.decl.body.stmts[0] if ctor.decl.body.stmts else None
        call = first if isinstance(first, ast.CtorCall) else ast.CtorCall(ctor.decl.line, "super", ())
        args, state = self.eval_args(call.args, state)
        target = cls if call.kind == "this" else cls.superclass
        library = target is not None and call.kind == "super" and not target.is_project \
            and not target.ctors
        # a library class that keeps Object's equals and hashCode, or a JDK class whose
        # no-argument constructor (AbstractMap()) sets nothing a check reads
        sets_nothing = library and (target.origin == "external" or not args)
        if library and target is jdk.library_superclass(cls):
            self.library_parts.setdefault(target.fqname, set()).update(  # its part: any state,
                o for o in this.targets if o is not None)  # compared by key
        elif target is not None and not sets_nothing:
            chosen = self.program.select_method(target.ctors, [a.type for a in args])
            if chosen is None:
                self.unsupported(state, f"constructor {target.simple_name}({type_names(args)})", call.line)
            _, state, _ = self.invoke(chosen, this, args, state, call.line)
        if call.kind == "this":
            return state
        for fld in cls.fields.values():
            if not fld.static and fld.init is not None:
                value, state = self.eval_to(fld.init, fld.type, state, fld.line)
                state = self.write_field(state, this, fld, value, fld.line)
        for init in cls.decl.initializers:
            if not init.static:
                state = self.exec_stmt(init.body, state)
        return state
