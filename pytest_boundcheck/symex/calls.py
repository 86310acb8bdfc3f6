"""Calls: ``new``, method calls with virtual dispatch as a guarded merge over the
receiver's possible classes, and the calls models make.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import ClassInfo, JType, MethodInfo, type_name
from pytest_boundcheck.symex import lambdas as functional
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.opaque import obeys_contract, opaque_call
from pytest_boundcheck.symex.runtime_types import is_string, type_names
from pytest_boundcheck.symex.state import HarnessCall, Location, Observation, State
from pytest_boundcheck.symex.values import (
    DeadPath,
    HeapObj,
    Prim,
    Ref,
    Value,
    is_false,
    merge_values,
    mk_and,
    mk_ite,
    mk_not,
    mk_or,
)


class CallsMixin:
    """The executor's calls and object creation (``Executor``)."""

    def _init_calls(self) -> None:
        self._ruled_out_misses = 0  # calls in a row ``_ruled_out`` ruled nothing out of
        self._ruled_out_asks = (0, 0)  # calls ``_ruled_out`` was asked of, and ruled out
        self.harness_calls: list[HarnessCall] = []

    def _eval_New(self, expr: ast.New, state: State):
        outer = None
        if expr.body is not None:  # new T(...) { ... }
            cls = self.program.anonymous.get(id(expr.body))
            if expr.outer is not None or cls is None:
                self.unsupported(state, f"anonymous class new {expr.type.name}(...) {{ ... }}",
                                 expr.line)
        elif expr.outer is not None:  # outer.new Inner(...): Inner is a member of outer's class
            outer, state = self.eval(expr.outer, state)
            state = self.null_check(state, outer, expr.line)
            cls = next((t.members[expr.type.name] for t in outer.type.supertypes()
                        if expr.type.name in t.members), None) if isinstance(outer.type, ClassInfo) else None
            if cls is None or cls.enclosing_field is None:
                self.unsupported(state, f"qualified new {expr.type.name}(...) (no inner class of "
                                        "that name in the qualifying object's class)", expr.line)
        else:
            cls = self.resolve_type(expr.type)
        if not isinstance(cls, ClassInfo) or cls.origin == "external" or cls.kind not in ("class", "record"):
            self.unsupported(state, f"new {expr.type.name} (no model of this class)", expr.line)
        if cls.origin == "jdk" and jdk.is_throwable(cls):
            args, state = self._unread_args(expr.args, state)
        else:
            args, state = self.eval_args(expr.args, state)
        box = BOXES.get(cls.fqname)
        if box is not None and len(args) == 1 and isinstance(args[0], Prim):  # new Long(1)
            return self.box(semantics.convert(args[0], box.prim), expr.line, new=True), state
        ctor = self.program.select_method(cls.ctors, [a.type for a in args])
        if ctor is None:
            self.unsupported(state, f"constructor {cls.simple_name}({type_names(args)})", expr.line)
        ref, state = self.new_object(state, cls, expr.line)
        if cls.enclosing_field is not None:
            if outer is None:
                outer, state = self.enclosing(state, cls.outer, expr.line)
            state = self.set_enclosing(state, ref, outer)
        for fld in self.program.captured(cls):  # before the constructor, which may read them
            # a local, or the field holding it where a local class makes one of itself
            # (neither: a local of the class's own code has the name)
            if fld.name in state.env or self.field_in_scope(fld.name) is not None:
                value, state = self._eval_Name(ast.Name(expr.line, fld.name), state)
                state = self.write_field(state, ref, fld, value, expr.line)
        start, reached = len(self.handlers[-1]), state.guard
        _, state, site = self.invoke(ctor, ref, args, state, expr.line, expr.column)
        if self.frame.observe and ctor is self.traced:  # a JML check's constructor, shown
            shown = ", ".join(a.name if isinstance(a, ast.Name) else "..." for a in expr.args)
            self.observations.append(Observation(f"new {expr.type.name}({shown})", reached, None,
                                                 site, list(self.handlers[-1][start:])))
        return ref, state

    @staticmethod
    def set_enclosing(state: State, ref: Ref, outer: Ref) -> State:
        """``ref``'s new object, of an inner class, with ``outer`` as its enclosing instance,
        also as an object of inner superclasses of the same outer class (whose implicit
        ``super()`` passes it on)."""
        obj = ref.targets[-1]
        heap = dict(state.heap)
        c = obj.cls
        while c is not None and c.enclosing_field is not None and obj.cls.outer.is_subtype_of(c.outer):
            heap[(obj, c.enclosing_field)] = outer
            c = c.superclass
        return State(state.guard, state.env, heap)

    def eval_args(self, exprs, state: State,
                  candidates: list[MethodInfo] = ()) -> tuple[list[Value], State]:
        """Arguments left to right. A call without code among them, whose result type the
        syntax does not show, gets the parameter's type where all ``candidates`` of that
        arity agree on it."""
        out = []
        for k, e in enumerate(exprs):
            if isinstance(e, ast.MethodCall) and e.context is None:
                types = {m.params[k].type for m in candidates
                         if len(m.params) == len(exprs) and not m.varargs}
                e = self._typed_call(e, types.pop() if len(types) == 1 else None)
            v, state = self.eval(e, state)
            out.append(v)
        return out, state

    def _unread_args(self, exprs, state: State) -> tuple[list[Value], State]:
        """Arguments whose values no code reads (a JDK exception's message: its models keep
        none), left to right. The parts of a string concatenation are evaluated for what
        they do (calls, a ``toString()`` the engine cannot follow), but the text is not
        built: a long message with numbers in it made most of the work of checks whose
        constructors validate their arguments."""
        out = []
        for e in exprs:
            v, state = self._unread(e, state)
            out.append(v)
        return out, state

    def _unread(self, expr: ast.Expr, state: State) -> tuple[Value, State]:
        if not (isinstance(expr, ast.Binary) and expr.op == "+"):
            return self.eval(expr, state)
        left, state = self._unread(expr.left, state)
        right, state = self._unread(expr.right, state)
        if not (is_string(left) or is_string(right)):
            return self.binary("+", left, right, state, expr.line)
        for v in (left, right):
            if isinstance(v, Ref):  # a toString() the engine cannot follow stays reported
                state = self._text_cases(state, v, expr.line)[1]
        return self.string_literal(""), state  # any String: no one reads it

    def _eval_MethodCall(self, expr: ast.MethodCall, state: State):
        """A method call; one the harness makes is filed with the paths it finished on
        (``HarnessCall``), none if every path was cut in it."""
        if not self.frame.observe:
            return self._method_call(expr, state)
        start, reached, after = len(self.handlers[-1]), state.guard, None
        try:
            result, after = self._method_call(expr, state)
            return result, after
        finally:
            ended = [t.guard for t in self.handlers[-1][start:]]
            ended += [after.guard] if after is not None else []
            self.harness_calls.append(HarnessCall(expr.text, expr.name, reached,
                                                  mk_or(self.ctx, ended)))

    def _method_call(self, expr: ast.MethodCall, state: State):
        frame = self.frame
        start = len(self.handlers[-1])
        reached = state.guard
        receiver: Ref | None = None
        static_type: ClassInfo | None = None
        if expr.is_super:
            static_type, receiver = self._super_type(expr, state), frame.this
        elif expr.target is None:
            static_type = self._enclosing_with_method(expr.name)
            receiver = frame.this if static_type is frame.cls else None
        else:
            static_type = self.type_named(expr.target, state)
            if static_type is None:
                receiver, state = self.eval(expr.target, state)
                if isinstance(receiver, Prim) or not isinstance(receiver.type, ClassInfo):
                    self.unsupported(state, f"method call on a {type_name(receiver.type)} value", expr.line)
                static_type = receiver.type
        candidates = self.program.methods_named(static_type, expr.name)
        args, state = self.eval_args(expr.args, state, candidates)
        method = self.program.select_method(candidates, [a.type for a in args])
        if expr.target is None and receiver is None and method is not None and not method.static \
                and frame.this is not None:  # an enclosing instance's method
            receiver, state = self.enclosing(state, static_type, expr.line)
        contract_call = obeys_contract(expr.name, args)
        # super.equals / super.hashCode of a library superclass without source
        to_library = expr.is_super and (method is None or method.owner.fqname == jdk.OBJECT) \
            and contract_call and self._by_library(frame.cls, expr.name)
        on_opaque = (method is None or static_type.origin == "external") and receiver is not None \
            and not expr.is_super and contract_call \
            and all(o is None or o.opaque for o in receiver.targets)
        if to_library or on_opaque:
            state = self.null_check(state, receiver, expr.line)
            result, state = opaque_call(self, state, receiver, expr.name, args, expr.line)
            site = self.site(f"{static_type.simple_name}.{expr.name}")
        elif method is None or static_type.origin == "external":
            result, state, site = self._call_without_code(state, expr, static_type, receiver, args)
        elif method.static:
            result, state, site = self.invoke(method, None, args, state, expr.line, expr.column)
        elif receiver is None:
            self.unsupported(state, f"call of instance method {expr.name} from a static context",
                             expr.line)
        elif expr.is_super:
            if method.abstract:
                self.unsupported(state, f"super call of abstract {method.signature()}", expr.line)
            result, state, site = self.invoke(method, receiver, args, state, expr.line,
                                              expr.column)
        else:
            result, state, site = self.call_virtual(state, receiver, method, args, expr.line,
                                                    expr.column)
        if frame.observe and (method is None or not method.static or method is self.traced):
            thrown = self.handlers[-1][start:]
            self.blame_callee(receiver, thrown)
            self.observations.append(Observation(expr.text, reached, result, site, list(thrown)))
        return result, state

    def _super_type(self, expr: ast.MethodCall, state: State) -> ClassInfo:
        """Where ``super.m()`` finds ``m``: the superclass, or for ``Named.super.m()`` the
        interface ``Named`` that the class implements directly (JLS 15.12.1)."""
        if expr.super_of is None:
            return self.frame.cls.superclass
        named = self.resolve_type(expr.super_of)
        if named not in self.frame.cls.interfaces:
            self.unsupported(state, f"{expr.super_of.name}.super.{expr.name}() of an enclosing "
                                    "class's superclass", expr.line)
        return named

    def blame_callee(self, receiver: Ref | None, thrown) -> None:
        """Mark what escaped a harness call on ``receiver`` (``y.equals(x)``) with the paths on
        which the receiver is of a class outside the hierarchy under test (``own``): there
        its own class's code threw, and the violation is that class's, reported on its
        items, not on the class under test's."""
        if receiver is None or not self.own:
            return
        others = [o for o in receiver.targets if o is not None and o.cls not in self.own]
        if others:
            elsewhere = receiver.member_guard(others)
            for t in thrown:
                t.elsewhere = elsewhere

    def _enclosing_with_method(self, name: str) -> ClassInfo:
        c: ClassInfo | None = self.frame.cls
        while c is not None:
            if self.program.methods_named(c, name):
                return c
            c = c.outer
        imported = self.program.statically_imported(
            name, self.frame.cls, lambda owner: self.program.methods_named(owner, name))
        return imported or self.frame.cls

    def call_method(self, state: State, receiver: Ref, name: str, args: list[Value], line: int):
        """``receiver.name(args)`` for library models: resolve on the static type, then dispatch."""
        method = self.program.select_method(self.program.methods_named(receiver.type, name),
                                            [a.type for a in args])
        result, state, _ = self.call_virtual(state, receiver, method, args, line)
        return result, state

    def call_if(self, state: State, cond: z3.BoolRef, receiver: Ref, name: str, args: list[Value],
                line: int, otherwise: Value):
        """``receiver.name(args)`` on the paths where ``cond`` holds, ``otherwise`` elsewhere."""
        return self.when(state, cond, lambda s: self.call_method(s, receiver, name, args, line),
                         otherwise)

    def call_virtual(self, state: State, receiver: Ref, method: MethodInfo, args: list[Value],
                     line: int, column: int = 0):
        """Virtual dispatch: a guarded merge over the receiver's possible dynamic types."""
        contract_call = obeys_contract(method.name, args)
        if contract_call and self.trusting and self._trusted_in_part(receiver, args):
            return self._split_on_trust(state, receiver, method, args[0], line, column)
        unchecked = state.guard  # the path before the receiver is known not to be null
        state = self.null_check(state, receiver, line)
        keyed = []  # objects whose code for this call the check trusts instead of exploring
        if contract_call and self.trusting and all(self.keyed(p) for a in args for _, p in a.non_null()):
            keyed = [o for o in receiver.targets if o is not None and self.keyed(o)]
        groups, unknown = self._dispatch_groups(receiver, method, keyed)
        fanout = self._summarised(receiver, method, groups, unknown, contract_call)
        if fanout:
            call = f"{method.owner.simple_name}.{method.name}({type_names(args)})"
            self.summarised[call] = min(fanout, self.summarised.get(call, fanout))
            value, state = self._unknown_function(state, call, method.name, receiver, args,
                                                  method.return_type, line)
            return value, state, self.site(call)
        results = []
        opaque = keyed + [o for o in unknown if contract_call and (
            o.opaque or self._by_library(o.cls, method.name))]
        if opaque:
            results.append(self.branch(state, receiver.member_guard(opaque), lambda s: (
                *opaque_call(self, s, receiver.narrowed(opaque), method.name, args, line),
                self.site(f"{opaque[0].cls.simple_name}.{method.name}"))))
            unknown = [o for o in unknown if o not in opaque]
        closures = [o for o in unknown if functional.is_closure(o) and method.abstract]
        for obj in closures:  # a lambda's body implements its interface's abstract method
            results.append(self.branch(state, receiver.guard(obj), lambda s, o=obj:
                                       functional.invoke(self, s, o, method, args, line)))
        unknown = [o for o in unknown if o not in closures]
        if unknown:
            trouble = self.enum_trouble(unknown[0].cls)
            why = f"{trouble.what}, {trouble.where}" if trouble else "no model of this method"
            state = self.stuck_unless(state, receiver.member_guard(unknown),
                                      f"{unknown[0].cls.simple_name}.{method.name} ({why})", line)
        results += self._implementations_run(state, unchecked, receiver, groups, args, line,
                                             column)
        return self._merge_results(results, method.return_type)

    def _trusted_in_part(self, receiver: Ref, args: list[Value]) -> bool:
        """May a trusted receiver get, as the argument of its equals or compareTo, objects
        whose code the check runs beside ones it trusts? Then trusting it on every path or
        none would run its own code where the argument is trusted too, while its hashCode
        is trusted: equal objects by their code, unequal by their keys, a violation of
        nobody's code."""
        if len(args) != 1 or not any(o is not None and self.keyed(o) for o in receiver.targets):
            return False
        kinds = {self.keyed(o) for _, o in args[0].non_null()}
        return kinds == {True, False}

    def _split_on_trust(self, state: State, receiver: Ref, method: MethodInfo, arg: Ref,
                        line: int, column: int):
        """``receiver.method(arg)`` dispatched apart where ``arg`` is a trusted object (or
        null) and where it is one whose code the check runs, so that trusted objects are
        compared with each other by their keys alone, as their hashCode is."""
        run = [o for _, o in arg.non_null() if not self.keyed(o)]
        trusted = [o for o in arg.targets if o not in run]
        return self._merge_results([
            self.branch(state, guard, lambda s, a=part: self.call_virtual(
                s, receiver, method, [a], line, column))
            for guard, part in ((mk_not(arg.member_guard(run)), arg.narrowed(trusted)),
                                (arg.member_guard(run), arg.narrowed(run)))], method.return_type)

    def _dispatch_groups(self, receiver: Ref, method: MethodInfo, keyed: list[HeapObj]):
        """The receiver's objects grouped by the implementation of ``method`` they run:
        (implementation's id -> (implementation, bridged, objects), the objects whose
        implementation the engine does not know); ``keyed`` ones are in neither."""
        groups: dict[int, tuple[MethodInfo, bool, list]] = {}
        unknown = []
        for obj in receiver.targets:
            if obj is not None and obj not in keyed:
                impl, bridged = self._implementation(obj, method)
                if impl is None and method.abstract and obj.cls.is_project \
                        and obj.class_unknown and not obj.opaque:
                    impl = method  # an unknown subclass implements it
                if impl is None:
                    unknown.append(obj)
                else:
                    groups.setdefault(id(impl), (impl, bridged, []))[2].append(obj)
        return groups, unknown

    def _implementations_run(self, state: State, unchecked: z3.BoolRef, receiver: Ref,
                             groups: dict, args: list[Value], line: int, column: int) -> list:
        """Each implementation run on its objects, where the path may have them (asked
        where there are more than two implementations; ``unchecked``: the path before the
        receiver's null check)."""
        results = []
        for impl, bridged, objs in groups.values():
            this = receiver.narrowed(objs)
            guard = receiver.member_guard(objs)
            if len(groups) > 2 and (self._ruled_out(unchecked, receiver, objs)
                                    or not self.feasible(mk_and(state.guard, guard))):
                continue
            if impl.abstract:  # objects of an unknown subclass, or one that inherits it unseen
                call = f"{impl.owner.simple_name}.{impl.name}({type_names(args)})"
                results.append(self.branch(state, guard, lambda s, i=impl, t=this, c=call: (
                    *self._unknown_function(s, c, i.name, t, args, i.return_type, line),
                    self.site(c))))
                continue
            results.append(self.branch(state, guard, lambda s, i=impl, b=bridged, t=this:
                                       self._invoke_bridged(i, b, t, args, s, line, column)))
        return results

    def _ruled_out(self, guard: z3.BoolRef, receiver: Ref, objs: list[HeapObj]) -> bool:
        """Does the path guard simplify to false once the receiver is fixed to each of
        ``objs`` in turn? A cheap first answer to ``feasible``: after ``x.equals(y)``
        returned true, the guard holds ``y``'s class tests, and fixing ``y`` settles
        them without a solver (the oracle may give up on a guard that large). Asked of
        the path before its null check of the receiver, which every object passes: a
        path that never tested the receiver is left as it is, unsimplified (simplifying
        the guard of a large check is costly). Once ``config.ruled_out_misses`` calls in a
        row had nothing ruled out, or once it was asked of that many and ruled out fewer
        than one in ``config.ruled_out_ratio``, not asked again: a check where it rules out
        little would spend most of its exploring on it (docs/dev/tuning.md)."""
        asked, hits = self._ruled_out_asks
        if z3.is_bv_value(receiver.id) or self._ruled_out_misses >= self.config.ruled_out_misses \
                or (asked >= self.config.ruled_out_misses and hits * self.config.ruled_out_ratio < asked):
            return False
        width = receiver.id.size()
        for obj in objs:
            fixed = z3.substitute(guard, (receiver.id, z3.BitVecVal(obj.num, width, self.ctx)))
            if fixed.eq(guard) or not is_false(z3.simplify(fixed)):
                self._ruled_out_misses += 1
                self._ruled_out_asks = (asked + 1, hits)
                return False
        self._ruled_out_misses = 0
        self._ruled_out_asks = (asked + 1, hits + 1)
        return True

    def _implementation(self, obj: HeapObj, method: MethodInfo):
        """(method, bridged) that ``obj`` runs, or (None, False) when the engine does not
        know it: its class is unknown (without source, or an opaque ``Object``), or a JDK
        class's own version of an Object method has no model. ``getClass()`` is final in
        Object: every object runs Object's, whose model knows what it can of the class."""
        if method.name == "getClass" and not method.params and method.owner.fqname == jdk.OBJECT:
            return method, False
        dynamic = obj.cls
        impl, bridged = self.program.find_override(dynamic, method)
        unknown = dynamic.origin == "external" or impl is None or (
            obj.opaque and dynamic.fqname == jdk.OBJECT) or (
            dynamic.origin == "jdk" and impl.owner is not dynamic
            and impl.name in jdk.OBJECT_METHODS and not jdk.keeps_object_methods(dynamic)) or (
            impl.owner.is_project and self.enum_trouble(dynamic) is not None) or (
            impl.owner.fqname == jdk.OBJECT and self._by_library(dynamic, impl.name))
        return (None, False) if unknown else (impl, bridged)

    @staticmethod
    def _by_library(cls: ClassInfo, name: str) -> bool:
        """Is Object's ``name`` (equals or hashCode), as ``cls`` inherits it, really its
        library superclass's (``jdk.library_superclass``)?"""
        return name in ("equals", "hashCode") and jdk.library_superclass(cls) is not None

    def _invoke_bridged(self, impl: MethodInfo, bridged: bool, this: Ref, args, state: State, line,
                        column: int = 0):
        if bridged:
            cast = []
            for p, a in zip(impl.params, args):
                if isinstance(p.type, ClassInfo) and isinstance(a, Ref):
                    a, state = self.check_cast(state, a, p.type, line)
                cast.append(a)
            args = cast
        return self.invoke(impl, this, args, state, line, column)

    def _merge_results(self, results, return_type: JType):
        results = [r for r in results if r is not None]
        if not results:
            raise DeadPath
        state = self.merge([s for _, s, _ in results])
        if results[0][0] is None:
            value = None
        else:
            value = merge_values(self.ctx, return_type, [(s.guard, v) for v, s, _ in results])
        site = results[-1][2]
        for _, s, sv in reversed(results[:-1]):
            site = mk_ite(s.guard, sv, site)
        return value, state, site

    def site(self, where: str | Location) -> z3.ExprRef:
        self.sites.append(where)
        return z3.IntVal(len(self.sites) - 1, self.ctx)
