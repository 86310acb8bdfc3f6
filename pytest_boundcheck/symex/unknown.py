"""Calls without code. A call of a method without code or model, where the syntax shows
what it returns (``ast.MethodCall.context``), is an unknown deterministic function of its
receiver and arguments: the same inputs give the same result, an equal one if an object,
and nothing more is known. References are inputs by identity, except where the JDK's code
receives them (``_by_value``): there a string, a box or an object of a value-based class
(``jdk.VALUE_BASED``) is its value, as equals sees it, so that equal dates give equal
results. A reference result is null or a new object (two results are never one object);
the methods of a value-based class return no null. A JDK method whose documentation lists
unchecked exceptions (``jdk.RAISES``) may throw them, also as a function of its inputs;
any other such call is taken to throw nothing, and the result says so. So is an abstract method of an object of an
unknown subclass (``harness.receiver_types``), and a call on objects of too many classes
to follow into each (``_summarised``).
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import VOID, ClassInfo, JType, MethodInfo, PrimType, type_name
from pytest_boundcheck.symex import collections as collections_model
from pytest_boundcheck.symex import semantics, strings
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.opaque import ordered_comparison
from pytest_boundcheck.symex.runtime_types import type_names
from pytest_boundcheck.symex.state import FunctionUse, State
from pytest_boundcheck.symex.values import HeapObj, Prim, Ref, Value, make_ref, mk_and, mk_not, mk_or


def _by_value(static_type: ClassInfo, receiver: Ref | None) -> bool:
    """Does the JDK's own code receive the inputs of a call without code on ``static_type``
    (``receiver``: None for a static method), so that strings, boxes and value-based
    objects among them count by value? So for a method of a value-based class, of String
    or of a box class, and for a static method of java.time or java.math. Not for others,
    whose code may be the project's or a library's and tell equal objects apart (``==``)."""
    name = static_type.fqname
    return name in jdk.VALUE_BASED or name == jdk.STRING or name in BOXES \
        or receiver is None and name.startswith(("java.time.", "java.math."))


def _nullable(static_type: ClassInfo, receiver: Ref | None, name: str) -> bool:
    """May a call without code on ``static_type`` return null? Not a method of a value-based
    class or of String, nor a box's method on a box (their Javadoc says "not null"), except
    those whose Javadoc allows null (``jdk.NULLABLE_RESULTS``); a static method of a box
    class may (``Integer.getInteger``)."""
    owner = static_type.fqname
    never = owner in jdk.VALUE_BASED or owner == jdk.STRING or owner in BOXES and receiver is not None
    return not never or name in jdk.NULLABLE_RESULTS


class UnknownCallsMixin:
    """The executor's calls of methods without code (``Executor``)."""

    def _init_unknown_calls(self) -> None:
        # calls without code taken as unknown deterministic functions
        self.functions: dict[str, list[FunctionUse]] = {}
        self.summarised: dict[str, int] = {}  # of ``functions``, calls with code not followed -> classes
        self._implemented: dict[MethodInfo, int] = {}  # ``_implementations``

    def _call_without_code(self, state: State, expr: ast.MethodCall, static_type: ClassInfo,
                           receiver: Ref | None, args: list[Value]):
        """(value, state, return site) of a call whose static type has no code for the
        method (an interface without source, say): project objects among the receivers run
        their own implementation, the others are taken as an unknown function. Objects
        whose contents the engine models (collections) are no such receivers: their
        modelled methods change them."""
        call = f"{static_type.simple_name}.{expr.name}({type_names(args)})"
        known = [o for o in receiver.targets if o is not None and not o.opaque] if receiver else []
        if known and not self.program.methods_named(static_type, expr.name):
            state, known = self._erased_receiver(state, expr, receiver, known, args)
        own = self.program.select_method(self.program.methods_named(known[0].cls, expr.name),
                                         [a.type for a in args]) if known else None
        modelled = receiver is not None and any(
            o is not None and collections_model.kind_of(o.cls) is not None for o in receiver.targets)
        if static_type.origin == "project" or (own is None and known) or modelled:
            self.unsupported(state, f"call to {call} (no model of this method)", expr.line,
                             column=expr.column)
        site = self.site(f"{static_type.simple_name}.{expr.name}")
        compared = ordered_comparison(self, state, receiver, expr.name, args, expr.line)
        if compared is not None:
            return (*compared, site)
        raises = jdk.documented_exceptions(static_type, expr.name, len(args))
        kind = {"by_value": _by_value(static_type, receiver), "owner": static_type.fqname,
                "nullable": _nullable(static_type, receiver, expr.name)}
        if own is None:
            declared = jdk.value_result(static_type.fqname, expr.name, len(args), receiver is None)
            shown = ast.TypeName(declared) if declared is not None else expr.context
            result_type = self.resolve_type(shown) if shown is not None else None
            return (*self._unknown_function(state, call, expr.name, receiver, args, result_type,
                                            expr.line, raises, **kind), site)
        state = self.null_check(state, receiver, expr.line)
        opaque = [o for o in receiver.targets if o is not None and o.opaque]
        results = [self.branch(state, receiver.member_guard(known), lambda s: self.call_virtual(
            s, receiver.narrowed(known), own, args, expr.line))]
        if opaque:
            results.append(self.branch(state, receiver.member_guard(opaque), lambda s: (
                *self._unknown_function(s, call, expr.name, receiver.narrowed(opaque), args,
                                        own.return_type, expr.line, raises, **kind), site)))
        return self._merge_results(results, own.return_type)

    def _erased_receiver(self, state: State, expr: ast.MethodCall, receiver: Ref,
                         known: list, args: list[Value]):
        """A method its receiver's static type lacks: that type is a type argument erased
        (a lambda's parameter without a declared type, an element read from a collection),
        and javac casts the receiver to the type argument first. An object of a class
        without such a method is no instance of it: the cast throws ClassCastException
        there, as on the JVM for a collection holding what its type argument forbids."""
        types = [a.type for a in args]
        misfits = [o for o in known if self.program.select_method(
            self.program.methods_named(o.cls, expr.name), types) is None]
        if len(misfits) == len(known):
            return state, known
        state, _ = self.erased_cast(state, receiver, misfits, expr.line)
        return state, [o for o in known if o not in misfits]

    def _unknown_function(self, state: State, call: str, name: str, receiver: Ref | None,
                          args: list[Value], result_type: JType | None, line: int,
                          raises: tuple[str, ...] = (), by_value: bool = False,
                          nullable: bool = True, owner: str = "") -> tuple[Value, State]:
        """``call`` as an unknown deterministic function returning a ``result_type``
        (None: the code does not show it; null only if ``nullable``) or throwing one of
        ``raises``. ``by_value``: the JDK's code receives the inputs (``_by_value``);
        ``owner``: the class whose method it is, where known (``jdk.is_function``)."""
        why = None
        uses = self.functions.get(call, [])
        if not jdk.is_function(owner, name):
            why = "; by its name, not a function of its arguments"
        elif result_type is None:
            why = ", and the code does not show what it returns"
        else:
            result = self._function_result(result_type, f"{call}#{len(uses) + 1}", nullable)
            if result is None:
                why = f", and the check cannot make a {type_name(result_type)} result"
        if why is not None:
            self.unsupported(state, f"call to {call} (no model of this method{why})", line)
        if receiver is not None:
            state = self.null_check(state, receiver, line)
        throws = tuple((exc, self._throws_where(f"{call}#{len(uses) + 1}", exc, args))
                       for exc in raises)
        use = FunctionUse(receiver, ([receiver] if receiver is not None else []) + list(args),
                          result, state.guard, throws, by_value)
        for earlier in uses:
            self._tie(use, earlier)
        self.functions[call] = uses + [use]
        for exc, flag in throws:  # the first that holds is thrown
            state = self.throw(state, flag, exc, line)
        return result, state

    def _throws_where(self, label: str, exc: str, args: list[Value]) -> z3.BoolRef:
        """Where a call without code throws ``exc``, one of the exceptions its
        documentation lists: a NullPointerException exactly where an argument is null (so
        the Javadoc says of every method that lists it), another for inputs the check does
        not know."""
        if exc == "java.lang.NullPointerException":
            return mk_or(self.ctx, [a.null_guard() for a in args if isinstance(a, Ref)])
        return z3.Bool(f"{label} throws {exc}", self.ctx)

    def _tie(self, use: FunctionUse, earlier: FunctionUse) -> None:
        """Equal inputs, equal results and the same exceptions, where both calls are made (a
        result no path uses is free), so that fixing the object choices drops the calls of
        other objects, whose arguments would otherwise tie every object of the check into
        one query. Inputs equal by value (``_same_input``) give an equal result only where
        that result is a value too (``_is_value``): two calls may give two objects that
        are equal but not one, of a project class or one whose equals is identity."""
        def same_inputs(by_value: bool) -> z3.BoolRef:
            return mk_and(use.guard, earlier.guard, *[self._same_input(a, b, by_value)
                                                      for a, b in zip(use.inputs, earlier.inputs)])
        by_identity = same_inputs(False)
        by_value = same_inputs(True) if use.by_value and earlier.by_value else by_identity
        if earlier.result.type == use.result.type:  # results read as different types stay unrelated
            same = by_value if self._is_value(use.result) else by_identity
            self.constraints.append(z3.Implies(same, self._same_result(use.result, earlier.result)))
        self.constraints += [z3.Implies(by_value, flag == before)
                             for (_, flag), (_, before) in zip(use.throws, earlier.throws)]

    def _is_value(self, result: Value) -> bool:
        """Is a result of a call without code known by its value alone: a primitive, a
        string, a box, a collection (equal by contents) or an object of a value-based class?"""
        return isinstance(result, Prim) or all(
            self._valued(o) or collections_model.any_content(o.cls)
            for o in result.targets if o is not None)

    def _same_input(self, a: Value, b: Value, by_value: bool) -> z3.BoolRef:
        """Are ``a`` and ``b``, inputs of two calls of one function, the same input? Equal
        primitives; one object (or both null); ``by_value``, also two strings of one text,
        two boxes of one class and value, or two objects of one value-based class that
        equals sees as equal (their equality keys: ``OpaqueMixin.opaque_key``)."""
        if isinstance(a, Prim):
            return a.term == b.term
        pairs = [(x, y) for x in a.targets if self._valued(x) and by_value
                 for y in b.targets if self._valued(y) and y is not x and y.cls is x.cls]
        return mk_or(self.ctx, [a.id == b.id] + [
            mk_and(a.guard(x), b.guard(y), self._same_value(x, y)) for x, y in pairs])

    @staticmethod
    def _valued(obj: HeapObj | None) -> bool:
        """Is ``obj`` known to the JDK's code by its value alone: a string, a box, or an
        object of a value-based class without source?"""
        return obj is not None and (obj.is_box or obj.cls.fqname == jdk.STRING
                                    and obj.content is not None
                                    or obj.opaque and obj.cls.fqname in jdk.VALUE_BASED)

    def _same_value(self, x: HeapObj, y: HeapObj) -> z3.BoolRef:
        """Two objects of one class that ``_valued`` admits hold equal values."""
        if x.cls.fqname == jdk.STRING:
            return strings.equal(x.content, y.content)
        if x.is_box:
            return x.content == y.content
        return self.opaque_key(x, "equality") == self.opaque_key(y, "equality")

    def _function_result(self, type_: JType, label: str, nullable: bool = True) -> Value | None:
        """Any value of ``type_`` (None if the check cannot make one from nothing): of a
        project class, null or one of the objects made from field values; of a List, Set
        or Map, null or one of any contents within the bound. Null only if ``nullable``."""
        if type_ is VOID:  # what it does to its arguments is unknown
            return None
        if isinstance(type_, PrimType):
            value = semantics.variable(self.ctx, type_, label)
            self.inputs.append((value.term, type_))
            return value
        if isinstance(type_, ClassInfo) and type_.origin == "project":
            return self.choice(label, type_, self.domain(type_), nullable=nullable)
        if not isinstance(type_, ClassInfo) or type_.element is not None:
            return None
        obj = (self.any_string(label) if type_.fqname == jdk.STRING else
               self.any_box(type_, label) if type_.fqname in BOXES else
               collections_model.any_collection(self, type_, label)
               if collections_model.any_content(type_) else
               self.heap_object(type_, label, "slot", opaque=True))
        if not nullable:
            return make_ref(type_, [(z3.BoolVal(True, self.ctx), obj)])
        null = z3.Bool(f"{label} == null", self.ctx)
        return make_ref(type_, [(null, None), (mk_not(null), obj)])

    def _same_result(self, a: Value, b: Value) -> z3.BoolRef:
        """Two results of one function are equal: equal primitives; both null, or objects
        of equal contents (texts, boxed values, the same elements, or equality and order
        keys); of a project class (any of the objects made from field values), the same
        object."""
        if isinstance(a, Prim):
            return a.term == b.term
        x, y = a.targets[-1], b.targets[-1]
        if x.cls.is_project:  # one of the objects made from field values: the same one
            return a.id == b.id
        if collections_model.any_content(x.cls):
            same = collections_model.same_contents(self, x, y)
        elif x.content is not None:
            same = strings.equal(x.content, y.content) if x.cls.fqname == jdk.STRING \
                else x.content == y.content
        else:
            same = mk_and(*[self.opaque_key(x, kind) == self.opaque_key(y, kind)
                            for kind in ("equality", "order")])
        return mk_and(a.null_guard() == b.null_guard(), same)

    def _summarised(self, receiver: Ref, method: MethodInfo, groups: dict, unknown: list,
                    contract_call: bool) -> int:
        """Is the call better taken as an unknown deterministic function of its receiver
        and arguments? If so, the number of classes with their own code for it; else 0.
        So it is where the receiver is an object made from field values that may be of
        ``config.summary_fanout`` or more such classes: followed one by one, each such call
        multiplies the paths by the classes, and a chain of them (a chronology's field's
        type) by their product. On the objects the contract is checked on, whose own code
        calls the same methods, only a method of a floating-point result that their
        classes have ``config.summary_wide`` or more implementations of, and then at every call,
        so that the results agree: the same object, the same result, whichever class's
        code made the call. Other calls on them are followed: exact, they give verdicts
        that such results would leave possible violations (collections whose ``size()``
        a dozen classes or more implement)."""
        if unknown or contract_call or method.return_type is VOID \
                or jdk.NOT_FUNCTIONS.fullmatch(method.name):
            return 0
        objects = [o for _, o in receiver.non_null()]
        if objects and all(o in self.arguments for o in objects):
            floating = isinstance(method.return_type, PrimType) and method.return_type.is_floating
            wide = self._implementations(method) if floating else 0
            return wide if wide >= self.config.summary_wide else 0
        if len(groups) >= self.config.summary_fanout and all(o.kind == "slot" and o not in self.arguments
                                                 for o in objects):
            return len(groups)
        return 0

    def _implementations(self, method: MethodInfo) -> int:
        """How many implementations of ``method`` the objects the contract is checked on
        may run, over all their classes. Remembered per method: those objects are made
        before the contract's code runs."""
        if method not in self._implemented:
            self._implemented[method] = len({id(impl) for o in self.arguments
                                             if (impl := self._implementation(o, method)[0])})
        return self._implemented[method]
