"""The objects a check starts from: made by the classes' own code, or with any field values.

Constructors (the default): an object of a project class is what one of its
constructors or static factories that outside code can call (``reachable``)
returns for some arguments, after up to ``bounds.calls`` calls of such void
methods (setters and the like) when it belongs to the hierarchy under test. Constructor bodies run for real: ``this``
and ``super`` chains, field initialisers, validation. A path on which building
throws builds no object; a path that reaches code the engine does not model
builds none either, and the check says it was bounded there (or, if the class
under test cannot be made at all, it is skipped saying why). Arguments of
reference types are built the same way, to ``config.max_nesting`` levels.

Fields: any values of the declared field types, as EqualsVerifier does. A class
that no accessible constructor or factory builds (an abstract class, private
constructors only) is made this way in either mode, and the result says so.

Each harness parameter is null (where allowed), one of the objects made for an
earlier parameter, or a new object of one of its classes: one solver choice,
so that the solver can split the check by it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import (
    ENCLOSING_FIELD,
    VOID,
    ClassInfo,
    FieldInfo,
    MethodInfo,
    Param,
    PrimType,
)
from pytest_boundcheck.harness.domains import ParamDomain
from pytest_boundcheck.symex import collections as collections_model
from pytest_boundcheck.symex import reachable
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.executor import Executor
from pytest_boundcheck.symex.state import Dropped, Event, Location, OutOfSteps, State
from pytest_boundcheck.symex.values import (
    ID_BITS,
    DeadPath,
    HeapObj,
    Prim,
    Ref,
    Value,
    is_false,
    mk_and,
    mk_ite,
    mk_not,
    mk_or,
    ref_to,
)


@dataclass(frozen=True)
class MadeFromFields:
    """Classes whose objects were made from any field values, and why."""
    why: str
    classes: tuple[str, ...]


@dataclass(frozen=True)
class ObjectsMade:
    """How a check's objects were made: ``mode`` ("constructors" or "fields"), up to
    ``calls`` method calls after construction, and the classes made from field values."""
    mode: str
    calls: int
    from_fields: tuple[MadeFromFields, ...] = ()


class Unbuildable(Exception):
    """No object a harness parameter may be can be made by code the engine follows."""


@dataclass
class Call:
    """A constructor, factory or method call that made an object, when ``guard`` holds."""
    guard: z3.BoolRef
    method: MethodInfo
    args: list[Value]
    enclosing: Ref | None = None  # an inner class's enclosing instance


@dataclass
class Recipe:
    built_by: Call
    then: list[Call] = field(default_factory=list)


class ObjectMaker:
    def __init__(self, ex: Executor, bounds: Bounds, family: list[ClassInfo]):
        self.ex, self.bounds = ex, bounds
        self.family = family  # classes whose objects also get method calls after construction
        self.recipes: dict[HeapObj, Recipe] = {}
        self.by_fields: dict[ClassInfo, str] = {}  # classes code cannot make, and why
        # (guard, why): the paths on which an object was made in a way the program's own
        # code may never make it (from field values, or through a member only the
        # project's code calls, with values of its own, ``reachable.hook``)
        self.unconfirmed_uses: list[tuple[z3.BoolRef, str]] = []
        self._plain_noted: set[HeapObj] = set()  # collections passed whose elements are noted
        # (guard, what): the paths on which a caller passed null to a constructor, factory
        # or method of a class without nullness annotations (``Bounds.null_fields``)
        self.caller_nulls: list[tuple[z3.BoolRef, str]] = []
        # (guard, builder, field): where a reference field that a constructor or factory
        # left null is null still, under the same policy (``_left_nulls``)
        self.left_nulls: list[tuple[z3.BoolRef, str, str]] = []
        # with ``Bounds.null_fields`` off: a builder (``new Method()``) -> the fields it leaves
        # null, which the check took to be set before the objects are used
        self.assumed_set: dict[str, dict[str, None]] = {}
        # an object -> its builder and the fields it left null (``_note_left_null``)
        self._left_null: dict[HeapObj, tuple[MethodInfo, list[FieldInfo]]] = {}
        self._null_tested_by_class: dict[ClassInfo, frozenset[str]] = {}
        self._count = 0
        self._made_by_fields: dict[ClassInfo, int] = {}  # class -> objects made so on a path
        # (choice, parameter type, its occurrence among the parameters, non-null) -> the
        # argument value the alternatives of that choice share (``_arguments``)
        self._shared: dict[tuple, Value] = {}

    def made(self) -> ObjectsMade:
        """How this check's objects were made, for its result to say."""
        if self.bounds.objects_mode == "fields":
            return ObjectsMade("fields", self.bounds.calls)
        reasons: dict[str, list[str]] = {}
        for cls, why in self.by_fields.items():
            reasons.setdefault(why, []).append(cls.simple_name)
        return ObjectsMade("constructors", self.bounds.calls,
                           tuple(MadeFromFields(why, tuple(names)) for why, names in reasons.items()))

    # ---------------------------------------------------------- parameters
    def parameters(self, state: State, domains: list[ParamDomain]) -> tuple[list[Ref], State]:
        refs: list[Ref] = []
        for i, d in enumerate(domains):
            if isinstance(d.static, PrimType):  # a JML harness's number: any value
                value = semantics.variable(self.ex.ctx, d.static, d.name)
                self.ex.inputs.append((value.term, d.static))
                refs.append(value)
                continue
            if self.bounds.objects_mode == "fields":
                refs.append(self.ex.choice(d.name, d.static, list(d.types), d.nullable,
                                           per_type=i + 1))
                continue
            aliases = [r for r in refs if isinstance(r, Ref)
                       and any(o is not None and o.cls in d.types for o in r.targets)]
            options = ([None] if d.nullable else []) + aliases + list(d.types)
            cuts = len(self.ex.cuts)
            try:
                ref, state = self._choose(state, d.name, d.static, options,
                                          lambda s, t, guard: self.build(s, t, 0))
            except DeadPath:  # no constructor of any class it may have completes
                reasons = dict.fromkeys(e.what for e in self.ex.cuts[cuts:])
                raise Unbuildable("; ".join(reasons) or f"{d.name} cannot be made") from None
            refs.append(ref)
        return refs, state

    def _choose(self, state: State, name: str, static: ClassInfo, options: list, make):
        """A reference to one of ``options``: None (null), an existing Ref, or something to
        make an object from with ``make(state, option, guard)``; one choice variable picks."""
        ex = self.ex
        var = z3.BitVec(name, ID_BITS, ex.ctx)
        if len(options) > 1:
            ex.constraints.append(z3.ULT(var, len(options)))
            ex.selectors[name] = (var, list(range(len(options))))
        results = []
        # only one option is made on any path: each may reuse the objects from field
        # values that the others made, and what comes after takes new ones
        before, most = self._made_by_fields, dict(self._made_by_fields)
        for k, option in enumerate(options):
            guard = var == k if len(options) > 1 else ex.true
            self._made_by_fields = dict(before)

            def made(s, option=option, guard=guard):
                if option is None:
                    return ref_to(static, None, ex.ctx), s
                if isinstance(option, Ref):
                    return option, s
                return make(s, option, guard)
            outcome = ex.branch(state, guard, made)
            if outcome is not None:
                results.append((guard, outcome))
            # only the counts this option changed (a set difference, not a loop over every
            # class: a choice among hundreds of classes, each counted, took seconds)
            for cls, count in self._made_by_fields.items() - before.items():
                most[cls] = max(most.get(cls, 0), count)
        self._made_by_fields = most
        if not results:
            raise DeadPath
        id_ = results[-1][1][0].id
        for guard, (ref, _) in reversed(results[:-1]):
            id_ = mk_ite(guard, ref.id, id_)
        targets = {(0 if o is None else o.num): o for _, (r, _) in results for o in r.targets}
        merged = ex.merge([s for _, (_, s) in results])
        return Ref(static, id_, tuple(targets[n] for n in sorted(targets))), merged

    # ------------------------------------------------------------ building
    def build(self, state: State, cls: ClassInfo, depth: int) -> tuple[Ref, State]:
        """A new object of ``cls`` as the program can make it."""
        ex = self.ex
        if cls.kind == "enum":
            return ex.choice(f"{cls.simple_name}#{self._next()}", cls, [cls], nullable=False), state
        if cls.fqname == jdk.STRING or not cls.has_source:
            return ref_to(cls, self._object_without_source(cls), ex.ctx), state
        if cls.is_abstract:
            return self._by_fields(state, cls, f"of an unknown subclass that keeps its code: "
                                               f"{cls.simple_name} is abstract and the project "
                                               "has no concrete one")
        builders = reachable.builders(ex.program, cls)
        if not builders:
            return self._by_fields(state, cls, "no accessible constructor")
        if ex.steps > ex.config.making_steps:
            return self._by_fields(state, cls, f"the check's objects took more than "
                                               f"{ex.config.making_steps} statements to make already")
        cuts, names = len(ex.cuts), ex.names_defined()
        try:
            return self._by_builders(state, cls, builders, depth)
        except DeadPath:
            reasons = list(dict.fromkeys(e.what for e in ex.cuts[cuts:]))
            if not reasons:
                raise
            more = f" (and {len(reasons) - 1} more)" if len(reasons) > 1 else ""
            why = f"no constructor or factory completes: {reasons[0]}{more}"
        # any field values cover every object the builders could have made
        del ex.cuts[cuts:]
        ex.forget_names(names)
        return self._by_fields(state, cls, why)

    def _by_builders(self, state: State, cls: ClassInfo, builders: list[MethodInfo],
                     depth: int) -> tuple[Ref, State]:
        """An object of one of the ``builders``, each within its own budget of statements:
        a costly constructor beside a plain one costs only its own objects, which are then
        made from field values, while those of the plain one stay as the program makes
        them (a violation among them is confirmed). The calls after construction have a
        budget of their own."""
        name = f"{cls.simple_name}#{self._next()}"
        then: list[Call] = []

        def by_builder(s: State, builder: MethodInfo, guard: z3.BoolRef) -> tuple[Ref, State]:
            return self._within_budget(
                s, cls, f"making one with {builder.signature()} takes more than "
                        f"{self.ex.config.build_steps} statements",
                lambda s: self._call_builder(s, cls, builder, guard, depth, name, then),
                leave_out=builder if builder.owner is not cls else None)
        ref, state = self._choose(state, name, cls, builders, by_builder)
        if cls in self.family:
            ref, state = self._within_budget(
                state, cls, f"calling its methods after making one takes more than "
                            f"{self.ex.config.build_steps} statements",
                lambda s: (ref, self._then(cls, ref, s, depth, name, then)))
        return ref, self._left_nulls(state, ref)

    def _note_left_null(self, state: State, cls: ClassInfo, builder: MethodInfo, ref: Ref) -> None:
        """The reference fields of the objects ``builder`` made that it leaves null on every
        path (assigns none, or null), in a class under the null policy: a real state, which
        ``_left_nulls`` weighs once the calls after it are made."""
        if not self._null_policy(cls):
            return
        for obj in ref.targets:
            if obj is None:
                continue
            left = [f for f in obj.cls.instance_fields()
                    if f.owner.is_project and f.name != ENCLOSING_FIELD
                    and isinstance(value := state.heap.get((obj, f)), Ref)
                    and value.targets == (None,)
                    and f.name not in self._null_tested(f.owner)]
            if left:
                self._left_null[obj] = (builder, left)

    def _null_tested(self, cls: ClassInfo) -> frozenset[str]:
        """``reachable.null_tested_fields``, once per class and check."""
        if cls not in self._null_tested_by_class:
            self._null_tested_by_class[cls] = reachable.null_tested_fields(cls)
        return self._null_tested_by_class[cls]

    def _left_nulls(self, state: State, ref: Ref) -> State:
        """Where a field its builder left null (``_note_left_null``) is null still after the
        calls that followed, as EqualsVerifier's ``Warning.NULL_FIELDS`` sees any null field:
        under ``Bounds.null_fields`` "once" a cause to report once per class, like a null a
        caller passed; "off", no such object is made, and the result says that the check
        took those fields to be set (by a setter) before the object is used."""
        dropped = []
        for obj in ref.targets:
            builder, fields = self._left_null.pop(obj, (None, ()))
            for f in fields:
                value = state.heap.get((obj, f))
                if not isinstance(value, Ref) or None not in value.targets:
                    continue  # the calls after the builder set it
                null = mk_and(ref.guard(obj), value.guard(None))
                made_by = reachable.member_text(builder)
                if self.bounds.null_fields == "off":
                    dropped.append(null)
                    self.assumed_set.setdefault(made_by, {})[f.name] = None
                else:
                    self.left_nulls.append((mk_and(state.guard, null), made_by, f.name))
        if not dropped:
            return state
        kept = mk_and(state.guard, mk_not(mk_or(self.ex.ctx, dropped)))
        if is_false(kept):
            raise DeadPath
        return State(kept, state.env, state.heap)

    def _within_budget(self, state: State, cls: ClassInfo, why: str, make,
                       leave_out: MethodInfo | None = None) -> tuple[Ref, State]:
        """``make(state)`` within ``config.build_steps`` more statements; past them, an object
        of ``cls`` with any field values, which covers every object ``make`` could have
        made (``why`` says so in the result). Where the budget of an object this one is
        made for runs out first, that object's budget decides. A factory of another class
        (``leave_out``) makes no object past them, said as a bound: ``cls``'s own builders
        make its objects, and any field values in their stead would turn what they make
        into possible violations."""
        ex = self.ex
        cuts, names = len(ex.cuts), ex.names_defined()
        limit = min(ex.step_limit, ex.steps + ex.config.build_steps)
        ex.step_limit, outer_limit = limit, ex.step_limit
        try:
            return make(state)
        except OutOfSteps:
            if limit == outer_limit:
                raise
        finally:
            ex.step_limit = outer_limit
        del ex.cuts[cuts:]
        ex.forget_names(names)
        if leave_out is not None:
            ex.cuts.append(Event(state.guard, f"objects that {leave_out.signature()} would make "
                                              f"are left out ({why})",
                                 Location(leave_out.owner.path, leave_out.decl.line)))
            raise DeadPath
        return self._by_fields(state, cls, why)

    def _by_fields(self, state: State, cls: ClassInfo, why: str) -> tuple[Ref, State]:
        """An object with any field values, for a class whose objects code cannot make."""
        self.by_fields.setdefault(cls, why)
        self.unconfirmed_uses.append(
            (state.guard, f"{cls.simple_name} objects were made with any field values ({why})"))
        made = self._made_by_fields[cls] = self._made_by_fields.get(cls, 0) + 1
        return ref_to(cls, self.ex.slot_object(cls, made), self.ex.ctx), state

    def _call_builder(self, state: State, cls: ClassInfo, builder: MethodInfo, guard: z3.BoolRef,
                      depth: int, name: str, then: list[Call]) -> tuple[Ref, State]:
        ex = self.ex
        line = builder.decl.line if builder.decl else 0
        made: list = []
        self._note_hook(state, builder)

        def run(s):
            args, s = self._arguments(s, builder, depth, name)
            outer = None
            if builder.name == "<init>":
                ref, s = ex.new_object(s, cls, line)
                if cls.enclosing_field is not None:  # an inner class: outer.new Inner(...)
                    outer, s = self._argument(s, Param(cls.outer, "", never_null=True), depth,
                                              f"{name}.{ENCLOSING_FIELD}")
                    s = ex.set_enclosing(s, ref, outer)
                s = ex.invoke(builder, ref, args, s, line)[1]
            else:  # a factory's null is no object: those paths make none
                ref, s, _ = ex.invoke(builder, None, args, s, line)
                objects = [o for o in ref.targets if o is not None]
                if not objects:
                    raise DeadPath
                s = s.under(mk_and(s.guard, mk_not(ref.null_guard())))
                ref = ref.narrowed(objects)
            made.append((ref, args, outer))
            return s
        marks, before = (len(ex.constraints), ex.names_defined()), state
        state = self._quietly(state, run, builder)
        ref, args, outer = made[0]
        too_large = ex.aids.too_large(
            ex.constraints[marks[0]:] + [state.guard] + _terms(state.heap.values()),
            [before.guard] + _terms(before.heap.values()))
        if too_large:  # its arithmetic alone would exhaust the solver: leave it out, say so
            ex.forget_names(marks[1])
            ex.cuts.append(Event(guard, f"objects that {builder.signature()} would make are "
                                        f"left out ({too_large})", Location(cls.path, line)))
            raise DeadPath
        self._note_left_null(state, cls, builder, ref)
        call = Call(guard, builder, args, outer)
        for obj in ref.targets:
            if obj is not None:
                self.recipes[obj] = Recipe(call, then)
        return ref.typed(cls), state

    def _arguments(self, state: State, method: MethodInfo, depth: int, choice: str):
        """The arguments of ``method``, one of the alternatives of ``choice`` (an object's
        builders, or the methods of one call on it). Only one alternative runs, so they
        share their inputs where making them touches no state (numbers, and null or
        objects of classes without source): a field that each builder sets from its
        first ``String`` is then one term, not a choice among copies that the solver has
        to split."""
        args, seen = [], {}
        policy = self._null_policy(method.owner)
        for p in method.params:
            if policy and not isinstance(p.type, PrimType) and not p.never_null \
                    and self.bounds.null_fields == "off":
                p = Param(p.type, p.name, p.is_type_var, never_null=True)
            occurrence = seen[p.type] = seen.get(p.type, -1) + 1
            key = (choice, p.type, occurrence, p.never_null)
            value = self._shared.get(key)
            if value is None:
                value, state = self._argument(state, p, depth, f"{choice}.{method.name}.{p.name}")
                if isinstance(p.type, PrimType) or all(
                        o is None or not o.cls.has_source for o in value.targets):
                    self._shared[key] = value
            if policy and isinstance(value, Ref) and None in value.targets:
                self.caller_nulls.append((
                    mk_and(state.guard, value.guard(None)),
                    f"null passed to {reachable.member_text(method)} as {p.name}"))
            if isinstance(value, Ref):
                self._note_plain_elements(state, method, p, value)
            args.append(value)
        return args, state

    def _note_plain_elements(self, state: State, method: MethodInfo, p: Param,
                             value: Ref) -> None:
        """A collection a caller passes holds what its type argument says, which the
        engine does not read (it erases generics): the elements it is given range as an
        Object field's do. One that holds a plain ``new Object()`` has an element of no
        type but ``Object``, which a ``List<String>`` never holds and a raw ``List``
        documented to hold strings should not: a violation that needs one (a cast of the
        element throwing ClassCastException) is a possible one, saying so."""
        collections = [o for o in value.targets if o is not None and o.kind == "slot"
                       and collections_model.any_content(o.cls) and o not in self._plain_noted]
        for obj in collections:
            self._plain_noted.add(obj)
            self.unconfirmed_uses.append((
                mk_and(state.guard, value.member_guard([obj]),
                       collections_model.holds_plain_object(self.ex, obj)),
                (f"needs a plain Object in the {p.type.simple_name} passed to "
                 f"{reachable.member_text(method)} as {p.name}, whose elements the check took "
                 "to be of any class (it does not read type arguments): a caller whose "
                 "elements are of the type the code expects never passes one")))

    def _note_hook(self, state: State, method: MethodInfo) -> None:
        """Where ``method`` is an internal hook (``reachable.hook``), a violation on the
        paths of ``state`` that it made or changed objects on is a possible one, saying so."""
        why = reachable.hook(self.ex.program, method)
        if why:
            self.unconfirmed_uses.append((state.guard, why))

    def _null_policy(self, cls: ClassInfo) -> bool:
        """Are the nulls a caller may pass to the methods of ``cls``, or that its builders
        leave, under the null policy: is it a project class whose code says nothing of
        nullness?"""
        return cls.is_project and not self.ex.program.speaks_of_nullness(cls)

    def _argument(self, state: State, p: Param, depth: int, name: str) -> tuple[Value, State]:
        """Any value a caller may pass for ``p`` to a builder of an object ``depth`` levels
        deep: a number, null (unless ``p`` is declared non-null), or an object of a class
        the parameter may hold, built in turn (made from field values past ``config.max_nesting``
        or among more than ``config.wide_argument`` classes)."""
        if isinstance(p.type, PrimType):
            value = semantics.variable(self.ex.ctx, p.type, name)
            self.ex.inputs.append((value.term, p.type))
            return value, state
        if depth + 1 > self.ex.config.max_nesting and not p.never_null:
            return ref_to(p.type, None, self.ex.ctx), state
        classes = self.ex.domain(p.type)
        why = None  # to make its objects from field values, not by their constructors
        if len(classes) > self.ex.config.wide_argument:
            why = f"one of the {len(classes)} classes a {p.type.simple_name} argument may have"
        elif depth + 1 > self.ex.config.max_nesting:
            why = f"an argument declared non-null, nested more than {self.ex.config.max_nesting} deep"
        return self._choose(state, name, p.type, ([] if p.never_null else [None]) + classes,
                            lambda s, t, guard: self._by_fields(s, t, why)
                            if why and t.is_project and t.kind != "enum" else self.build(s, t, depth + 1))

    def _then(self, cls: ClassInfo, ref: Ref, state: State, depth: int, name: str,
              calls: list[Call]) -> State:
        """Up to ``bounds.calls`` calls of the object's void methods, each chosen freely."""
        ex = self.ex
        methods = _mutators(ex, cls)
        for step in range(self.bounds.calls if methods else 0):
            var_name = f"{name}.call{step + 1}"
            var = z3.BitVec(var_name, ID_BITS, ex.ctx)
            ex.constraints.append(z3.ULE(var, len(methods)))
            ex.selectors[var_name] = (var, list(range(len(methods) + 1)))
            outcomes = [ex.branch(state, var == 0, lambda s: s)]
            endings = ex.endings()
            for k, method in enumerate(methods, start=1):
                def call(s, method=method, k=k, var=var, var_name=var_name):
                    line = method.decl.line if method.decl else 0

                    def run(s2):
                        self._note_hook(s2, method)
                        args, s2 = self._arguments(s2, method, depth, var_name)
                        calls.append(Call(var == k, method, args))
                        return ex.invoke(method, ref, args, s2, line)[1]
                    return self._quietly(s, run, method)
                outcomes.append(ex.branch(state, var == k, call))
            before, state = state.guard, ex.merge(outcomes)
            if state is None:
                raise DeadPath
            state = ex.rejoined(before, state, endings)
        return self._named_fields(state, ref, name) if methods else state

    def _named_fields(self, state: State, ref: Ref, name: str) -> State:
        """The object's numeric fields after the calls, each named by a variable: what
        equals and hashCode compare are then variables, not the choices of calls that set
        them."""
        obj = ref.targets[-1]
        heap = dict(state.heap)
        for fld in obj.cls.instance_fields():
            if (obj, fld) in heap:
                heap[(obj, fld)] = self.ex.named(heap[(obj, fld)], f"{name}.{fld.name}")
        return State(state.guard, state.env, heap)

    def _quietly(self, state: State, run, method: MethodInfo) -> State:
        """Run code that builds an object: a path that throws builds nothing; a path that
        reaches code the engine does not model builds nothing either, and is a bound."""
        ex = self.ex
        ex.handlers.append(Dropped())
        stuck_before = len(ex.stuck)
        try:
            return run(state)
        finally:
            ex.dropped += len(ex.handlers.pop())
            for event in ex.stuck[stuck_before:]:
                ex.cuts.append(Event(event.guard, f"objects that {method.signature()} would make "
                                                  f"are left out ({event.what} at {event.where})",
                                     event.where))
            del ex.stuck[stuck_before:]

    def _object_without_source(self, cls: ClassInfo) -> HeapObj:
        """Any object of a class whose Java code the engine does not run: a string, box,
        array or collection with any contents, else an object known by its contracts."""
        ex = self.ex
        n = self._next()
        if cls.fqname == jdk.STRING:
            return ex.any_string(f"String@{n}")
        if cls.fqname in BOXES:
            return ex.any_box(cls, f"{cls.simple_name}@{n}")
        if cls.element is not None:
            return ex.any_array(cls, f"{cls.simple_name}@{n}")
        if collections_model.any_content(cls):
            return collections_model.any_collection(ex, cls, f"{cls.simple_name}@{n}")
        return ex.heap_object(cls, f"{cls.simple_name}#{n}", "slot",
                              opaque=cls.fqname != jdk.OBJECT)

    def _next(self) -> int:
        self._count += 1
        return self._count


def _terms(values) -> list[z3.ExprRef]:
    """The terms of the primitive values among ``values``."""
    return [v.term for v in values if isinstance(v, Prim)]


def _mutators(ex: Executor, cls: ClassInfo) -> list[MethodInfo]:
    """The void instance methods outside code can call (``reachable``) that an object of
    ``cls`` runs (overrides resolved),
    and a ``hashCode()`` that fills a cache: code may call it before a setter changes the
    fields the cached value came from."""
    found: list[MethodInfo] = []
    for t in cls.supertypes():
        if not t.is_project:
            continue
        for m in t.methods:
            impl, _ = ex.program.find_override(cls, m)
            if (impl is not None and impl not in found and not impl.static and not impl.private
                    and not impl.abstract and reachable.reachable(ex.program, impl)
                    and (impl.return_type is VOID or _fills_cache(ex, cls, impl))):
                found.append(impl)
    return found


def _fills_cache(ex: Executor, cls: ClassInfo, method: MethodInfo) -> bool:
    assigned = ex.program.assigned_fields(method)
    return any(f.name in assigned and ex.program.is_cache(f) for f in cls.instance_fields())
