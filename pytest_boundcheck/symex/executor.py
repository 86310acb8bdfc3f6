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
"""
from __future__ import annotations

import collections
import math
import time
from dataclasses import dataclass, field, replace
from typing import Callable

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.symex import collections as collections_model
from pytest_boundcheck.symex import lambdas as functional
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex import strings
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.model_api import ModelContext, ModelTable
from pytest_boundcheck.symex.opaque import obeys_contract, opaque_call
from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.frontend.types import (
    BOOLEAN,
    CHAR,
    DOUBLE,
    FLOAT,
    INT,
    LONG,
    NULL,
    VOID,
    ClassInfo,
    FieldInfo,
    MODEL_MADE,
    JType,
    MethodInfo,
    PrimType,
    type_name,
)
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.symex.semantics import NotModelled
from pytest_boundcheck.symex.values import (
    ID_BITS,
    DeadPath,
    HeapObj,
    Prim,
    Ref,
    Value,
    is_false,
    is_true,
    make_ref,
    merge_values,
    mk_and,
    mk_ite,
    mk_join,
    mk_not,
    mk_or,
    ref_eq,
    ref_to,
)

FEASIBILITY_RLIMIT = 100_000  # solver resource units for one path-feasibility question
ORACLE_MISSES = 4  # after this many undecided questions in a row, an asker stops asking
SUMMARY_FANOUT = 6  # classes with their own code for a call on an object made from field values
# and, for a call of a floating-point result on the objects the contract is checked on,
# implementations among all their classes: followed into each, the solver has every
# class's arithmetic to settle (commons-math's statistics, whose equals compares the
# getResult() of 17 classes, were undecided in their time limit)
SUMMARY_WIDE = 12
# calls in a row whose classes simplifying the path ruled none out, after which a check
# stops simplifying (``Executor._ruled_out``)
RULED_OUT_MISSES = 200
# and once asked of that many, it is asked only while it rules out one call in this many:
# commons-math's GeometricMean equals-transitive ruled out 52 of 1,166, in 3 of its 5 s of
# exploring; without it, exploring took 1.7 s, to the same verdict
RULED_OUT_RATIO = 10


class OutOfTime(Exception):
    """Symbolic execution ran past the time it had; the argument: the place it had reached."""


class OutOfSteps(Exception):
    """Code ran past the statements it was allowed (``Executor.step_limit``)."""


@dataclass
class State:
    guard: z3.BoolRef
    env: dict[str, Value]
    heap: dict[tuple[HeapObj, FieldInfo], Value]

    def under(self, guard: z3.BoolRef) -> "State":
        return State(guard, dict(self.env), dict(self.heap))


@dataclass(frozen=True)
class Location:
    path: str | None
    line: int

    def __str__(self) -> str:
        name = (self.path or "?").replace("\\", "/").rpartition("/")[2]
        return f"{name}:{self.line}"


@dataclass
class Thrown:
    guard: z3.BoolRef
    state: State
    exc: Ref
    where: Location
    message: str | None = None


class Dropped(list):
    """The handler of what code that builds an object throws: a path that throws builds
    no object, so its exception is counted (``Executor.endings``) and never read."""


@dataclass
class Event:
    """A stuck or cut path: its condition, what stopped it and where."""
    guard: z3.BoolRef
    what: str
    where: Location


@dataclass
class Observation:
    """A call the harness made, to show with its result in a counterexample."""
    text: str
    reached: z3.BoolRef
    result: Value | None
    site: z3.ExprRef
    thrown: list[Thrown]


@dataclass
class FunctionUse:
    """One call of a method without code, taken as an unknown deterministic function."""
    receiver: Ref | None
    inputs: list[z3.ExprRef]  # the receiver's id and the arguments
    result: Value
    guard: z3.BoolRef  # the paths that made it


@dataclass
class _Jump:
    label: str | None
    is_loop: bool
    switch: str | None = None  # "statement" or "expression" for the body of a switch
    breaks: list[State] = field(default_factory=list)
    continues: list[State] = field(default_factory=list)
    yields: list[tuple[State, Value, ast.Yield]] = field(default_factory=list)


@dataclass
class Frame:
    method: MethodInfo | None
    cls: ClassInfo
    this: Ref | None
    returns: list[tuple[State, Value | None, int]] = field(default_factory=list)
    jumps: list[_Jump] = field(default_factory=list)
    constants: set[str] = field(default_factory=set)  # final locals with constant initialisers
    observe: bool = False

    @property
    def path(self) -> str | None:
        return self.cls.path


@dataclass(frozen=True)
class SolverAids:
    """What exploring asks of the solver stage, handed in by the engine: ``weakened``, a
    term with its floating-point arithmetic left out, for the questions of
    ``Executor.feasible`` (which Z3 would otherwise bit-blast); ``too_large(terms,
    besides)``, why the arithmetic that making one object added (``terms``, but those
    ``besides``) would take the solver too much memory to bit-blast, or "" (``ObjectMaker``)."""
    weakened: Callable[[z3.BoolRef], z3.BoolRef] = lambda term: term
    too_large: Callable[[list, list], str] = lambda terms, besides: ""


class Executor:
    def __init__(self, program: Program, bounds: Bounds, ctx: z3.Context,
                 universe: list[ClassInfo], own: frozenset[ClassInfo] = frozenset(),
                 seconds: float | None = None, trusting: bool = False,
                 models: ModelTable = ModelTable(), aids: SolverAids = SolverAids()):
        """``own``: the project classes whose code the check is about (see ``_stuck``);
        ``seconds``: the time exploring may take (the check's time limit if None);
        ``trusting``: take other project classes' objects to obey the contracts of
        equals, hashCode and compareTo, as classes without source are (``keyed``);
        ``models``: the JDK and library methods' models; ``aids``: the solver stage's."""
        self.program, self.bounds, self.ctx, self.own = program, bounds, ctx, own
        self.models, self.aids = models, aids
        self.model_context = ModelContext(self)
        self.deadline = time.perf_counter() + (bounds.timeout if seconds is None else seconds)
        self.trusting = trusting
        self.arguments: set[HeapObj] = set()  # the objects the contract is checked on
        self.steps = 0  # statements and expressions evaluated: effort, the same on every run
        self.step_limit = math.inf
        self.universe = universe  # concrete types an initial object may have
        self._domains: dict[ClassInfo, list[ClassInfo]] = {}  # declared type -> domain()
        self.true = z3.BoolVal(True, ctx)
        self.handlers: list[list[Thrown]] = [[]]
        self.dropped = 0  # paths that threw while building an object (they build none)
        self.stuck: list[Event] = []
        self.cuts: list[Event] = []
        self.observations: list[Observation] = []
        self.constraints: list[z3.BoolRef] = []
        self.inputs: list[tuple[z3.ExprRef, PrimType]] = []
        self.initial: dict[tuple[HeapObj, FieldInfo], Value] = {}
        self.objects: list[HeapObj] = []  # by id - 1
        self.slots: dict[str, list[HeapObj]] = {}
        self.selectors: dict[str, tuple[z3.ExprRef, list[int]]] = {}  # name -> (id variable, ids)
        self.split_early: set[str] = set()  # selectors the solver should split at once
        self.sites: list[str | Location] = []
        self.frames: list[Frame] = []
        self.start: State | None = None  # the state once the harness's arguments are made
        self._identity: dict[HeapObj, z3.ExprRef] = {}
        self._class_objs: dict[str, HeapObj] = {}
        self._literals: dict[str, HeapObj] = {}
        self._statics: dict[str, Value] = {}
        self._static_objects: dict[str, tuple | None] = {}  # (value, trouble) of such initialisers
        self._enums: dict[str, list[HeapObj]] = {}  # enum -> its constants
        # fields that class initialisation gave the objects it made: enum constants, objects
        # of static final fields
        self._initialised: dict[tuple[HeapObj, FieldInfo], Value] = {}
        self._enum_trouble: dict[str, Event | None] = {}  # what stops making an enum's constants
        self._class_states: dict[str, HeapObj] = {}  # class -> its non-final static fields' holder
        self.fresh_statics: dict[str, None] = {}  # such fields read before the check wrote them
        self._names: dict[int, Prim] = {}  # term id -> the variable that names it
        # names made so far, forgotten ones too: a name is never given twice, since the
        # feasibility oracle keeps the definitions of forgotten ones
        self._named = 0
        self._pseudo_fields: dict[tuple[str, str], FieldInfo] = {}
        self._loops = 0  # enhanced for loops run, to name their hidden locals
        self._definitions: list[tuple[z3.ExprRef, z3.ExprRef]] = []
        self._oracle: z3.Solver | None = None
        self._oracle_known = 0
        # per asker (a call's dispatch, a loop's next iteration): its questions in a row
        # the oracle could not answer
        self._oracle_misses: collections.Counter[str] = collections.Counter()
        self._ruled_out_misses = 0  # calls in a row ``_ruled_out`` ruled nothing out of
        self._ruled_out_asks = (0, 0)  # calls ``_ruled_out`` was asked of, and ruled out
        self._opaque: dict[tuple, z3.ExprRef] = {}
        self._opaque_hash = z3.Function("hashCode", z3.BitVecSort(32, ctx), z3.BitVecSort(32, ctx))
        self.assumed: dict[str, None] = {}  # classes assumed to obey their contracts, in order
        # library superclasses whose part of project objects the check took as any state,
        # with those objects
        self.library_parts: dict[str, set[HeapObj]] = {}
        # calls without code taken as unknown deterministic functions
        self.functions: dict[str, list[FunctionUse]] = {}
        self.summarised: dict[str, int] = {}  # of ``functions``, calls with code not followed -> classes
        self._implemented: dict[MethodInfo, int] = {}  # ``_implementations``
        self.lazy: list[z3.BoolRef] = []  # definitions the solver adds only where a model needs them
        self._hashes: list[tuple[strings.Text, z3.BitVecRef]] = []
        self.texts: list[strings.Text] = []  # the contents of the strings a check starts from
        self.texts_read = False  # some code looked into them
        self.alphabet: str | None = None  # what their chars are restricted to, if anything

    # ===================================================== objects & heap
    def domain(self, declared: ClassInfo) -> list[ClassInfo]:
        """The classes of the objects a reference field of type ``declared`` may hold.

        A field of a project type holds any project object of that type, or, where no
        project class implements it, an opaque object of an unknown class. A field of
        a JDK type (``Object``, an erased type variable, ``Comparable``...) holds a
        ``String`` or a plain ``Object`` where the type allows them: a generic
        container's contracts come from its own code, and letting its elements be
        every class of the project would multiply the code to explore by the number
        of classes at every level of nesting. Any other type's objects are opaque:
        the engine can compare them by identity, and reports anything more as
        unsupported. Remembered per type, and shared (no caller changes it): a check
        asks about the same few types hundreds of times, and each answer scans the
        whole universe."""
        if declared not in self._domains:
            self._domains[declared] = self._domain(declared)
        return self._domains[declared]

    def _domain(self, declared: ClassInfo) -> list[ClassInfo]:
        if declared.origin == "project":
            return [c for c in self.universe if c.is_subtype_of(declared)] or [declared]
        if declared.origin == "jdk":
            representatives = [c for c in self.universe[-2:] if c.is_subtype_of(declared)]
            if representatives:
                return representatives
        return [declared]

    def heap_object(self, cls: ClassInfo, label: str, kind: str, **extra) -> HeapObj:
        obj = HeapObj(len(self.objects) + 1, cls, label, kind, **extra)
        self.objects.append(obj)
        return obj

    def object_by_id(self, num: int) -> HeapObj | None:
        return self.objects[num - 1] if num else None

    def slot_object(self, cls: ClassInfo, n: int) -> HeapObj:
        """The ``n``-th object of a project class ``cls`` with any field values: one of its
        slot objects while they last (others' fields may refer to those), then a new one."""
        slots = self.slot_objects(cls)
        while len(slots) < n:
            slots.append(self._any_object(cls, len(slots) + 1))
        return slots[n - 1]

    def slot_objects(self, cls: ClassInfo) -> list[HeapObj]:
        if cls.kind == "enum" and cls.is_project:
            return self.enum_constants(cls)
        if cls.fqname not in self.slots:
            self.slots[cls.fqname] = [self._any_object(cls, i)
                                      for i in range(1, self.bounds.objects + 1)]
        return self.slots[cls.fqname]

    def _any_object(self, cls: ClassInfo, i: int) -> HeapObj:
        """The ``i``-th object of ``cls`` with any contents (a slot)."""
        label = f"{cls.simple_name}#{i}"
        if cls.fqname == jdk.STRING:
            return self.any_string(f"String#{i}")
        if cls.fqname in BOXES:
            return self.any_box(cls, label)
        if cls.element is not None:
            return self.any_array(cls, label)
        if collections_model.any_content(cls):
            return collections_model.any_collection(self, cls, label)
        # a library model's object is of exactly its class (``domain`` gives no other), and
        # its methods run the model's code
        return self.heap_object(cls, label, "slot",
                                opaque=cls not in self.universe and cls.origin != "library")

    def any_string(self, label: str) -> HeapObj:
        """A string with any contents within the length bound."""
        num = len(self.objects) + 1
        text, constraints = strings.variable(self.ctx, f"{label}@{num}", self.bounds.string_length)
        self.constraints.extend(constraints)
        self.texts.append(text)
        return self.heap_object(self.program.classes[jdk.STRING], label, "slot", content=text)

    def any_box(self, cls: ClassInfo, label: str) -> HeapObj:
        """A box of any value, as ``valueOf`` makes it: two such boxes of one value are one
        object inside the cache range and two outside it. Small values read better, so
        its value is an input."""
        box = BOXES[cls.fqname]
        value = semantics.variable(self.ctx, box.prim, f"{label}.value")
        self.inputs.append((value.term, box.prim))
        return self.heap_object(cls, label, "slot", content=value.term, shared=box.shared(value))

    def box(self, p: Prim, line: int, new: bool = False) -> Ref:
        """Boxing conversion (JLS 5.1.7), as ``valueOf`` does it: a value in the class's
        cache range gives the one cached box of that value, any other a new box. ``new``:
        as the (deprecated) constructors do it, ``new Integer(i)``, always a new box."""
        name = jdk.box_class(p.type)
        cls = self.program.classes[name]
        obj = self.heap_object(cls, f"{cls.simple_name}.{'new' if new else 'valueOf'}@{line}",
                               "box", content=p.term,
                               shared=z3.BoolVal(False, self.ctx) if new else BOXES[name].shared(p))
        return ref_to(cls, obj, self.ctx)

    def unbox(self, state: State, ref: Ref, line: int, to: PrimType | None = None) -> tuple[Prim, State]:
        """Unboxing conversion: NullPointerException on null, else the box's value
        (converted to ``to`` when given, as ``Number.intValue()`` and the like do)."""
        state = self.null_check(state, ref, line)
        others = [o for o in ref.targets if o is not None and not o.is_box]
        if others:
            state = self.stuck_unless(state, ref.member_guard(others),
                                      f"the value of a {others[0].cls.simple_name}", line)
        pairs = []
        for g, o in ref.non_null():
            if o.is_box:
                value = Prim(BOXES[o.cls.fqname].prim, o.content)
                pairs.append((g, value if to is None else semantics.convert(value, to)))
        if not pairs:
            raise DeadPath
        return merge_values(self.ctx, pairs[0][1].type, pairs), state

    # ------------------------------------------------------------ arrays
    # An array is an object whose ``content`` is its length (at most ``bounds.max_length``)
    # and whose elements are pseudo-fields ``[0]``, ``[1]``...: the heap, its merging and
    # the initial values of objects made the fields way serve them as they serve fields.

    @property
    def met_arrays(self) -> bool:
        return any(o.cls.element is not None for o in self.objects)

    def element_field(self, cls: ClassInfo, k: int) -> FieldInfo:
        return self.pseudo_field(cls, f"[{k}]", cls.element)

    def pseudo_field(self, cls: ClassInfo, name: str, type_: JType) -> FieldInfo:
        """A field no Java code names, holding contents the engine represents (an array's
        elements, a collection's size): one per class and name in a check."""
        key = (cls.fqname, name)
        if key not in self._pseudo_fields:
            self._pseudo_fields[key] = FieldInfo(name, type_, cls, static=False, final=False)
        return self._pseudo_fields[key]

    def any_array(self, cls: ClassInfo, label: str) -> HeapObj:
        """An array of any length within the bound and (read lazily) any elements. The
        length is a choice the solver may split on, like an object choice: with it fixed,
        loops over the elements unroll to constants."""
        length = z3.BitVec(f"{label}.length", ID_BITS, self.ctx)
        self.constraints.append(z3.ULE(length, self.bounds.max_length))
        self.selectors[str(length)] = (length, list(range(self.bounds.max_length + 1)))
        self.split_early.add(str(length))
        return self.heap_object(cls, label, "slot", content=length)

    def array_init(self, state: State, cls: ClassInfo, init: ast.ArrayInit) -> tuple[Ref, State]:
        """``{a, b, ...}`` as an array of ``cls``, its elements evaluated left to right."""
        values = []
        for e in init.elements:
            value, state = self.eval_to(e, cls.element, state, e.line)
            values.append(value)
        if len(values) > self.bounds.max_length:
            self.cut(state, f"an array of {len(values)} elements (--boundcheck-max-length is "
                            f"{self.bounds.max_length})", init.line)
        length = semantics.constant(self.ctx, INT, len(values))
        values += [self.default_value(cls.element)] * (self.bounds.max_length - len(values))
        return self.allocate(state, cls, length, values, init.line)

    def new_array(self, state: State, cls: ClassInfo, lengths: list[Prim], line: int,
                  values: list[Value] | None = None) -> tuple[Ref, State]:
        """``new T[n][m]...``: NegativeArraySizeException if any length is negative (JLS
        15.10.2); lengths past the bound end the path as a bound. ``values``: the elements
        of a one-dimensional array, else the defaults."""
        zero, bound = (semantics.constant(self.ctx, INT, k) for k in (0, self.bounds.max_length))
        state = self.throw(state, mk_or(self.ctx, [semantics.compare("<", n, zero).term
                                                   for n in lengths]),
                           "java.lang.NegativeArraySizeException", line)
        state = self.bounded_unless(state, mk_and(*[semantics.compare("<=", n, bound).term
                                                    for n in lengths]),
                                    f"arrays longer than --boundcheck-max-length "
                                    f"({self.bounds.max_length})", line)
        if values is not None:
            return self.allocate(state, cls, lengths[0], values, line)
        return self._filled(state, cls, lengths, line)

    def _filled(self, state: State, cls: ClassInfo, lengths: list[Prim], line: int):
        values = []
        for _ in range(self.bounds.max_length):
            if len(lengths) > 1:
                inner, state = self._filled(state, cls.element, lengths[1:], line)
                values.append(inner)
            else:
                values.append(self.default_value(cls.element))
        return self.allocate(state, cls, lengths[0], values, line)

    def allocate(self, state: State, cls: ClassInfo, length: Prim, values: list[Value], line: int):
        obj = self.heap_object(cls, f"new {cls.simple_name}@{line}", "new", content=length.term)
        heap = dict(state.heap)
        for k, value in enumerate(values):
            heap[(obj, self.element_field(cls, k))] = value
        return ref_to(cls, obj, self.ctx), State(state.guard, state.env, heap)

    def array_contents(self, state: State, ref: Ref) -> tuple[Prim, list[Value]]:
        """The length and the ``max_length`` element slots of an array reference where it is
        not null (length 0 and no slots if it is always null)."""
        cases = ref.non_null()
        if not cases:
            return semantics.constant(self.ctx, INT, 0), []
        length = merge_values(self.ctx, INT, [(g, Prim(INT, o.content)) for g, o in cases])
        return length, [merge_values(self.ctx, ref.type.element,
                                     [(g, self.read(state, o, self.element_field(o.cls, k)))
                                      for g, o in cases])
                        for k in range(self.bounds.max_length)]

    def array_length(self, state: State, ref: Ref, line: int) -> tuple[Prim, State]:
        state = self.null_check(state, ref, line)
        pairs = [(g, Prim(INT, o.content)) for g, o in ref.non_null()]
        if not pairs:
            raise DeadPath
        return merge_values(self.ctx, INT, pairs), state

    def _index_check(self, state: State, ref: Ref, index: Value, line: int) -> tuple[Prim, State]:
        """The index as an int, where it is within the array (else
        ArrayIndexOutOfBoundsException; NullPointerException for a null array)."""
        index, state = self.unboxed(state, index, line)
        index = semantics.unary_promote(index)
        length, state = self.array_length(state, ref, line)
        out = z3.Or(index.term < 0, index.term >= length.term)
        return index, self.throw(state, out, "java.lang.ArrayIndexOutOfBoundsException", line)

    def array_read(self, state: State, ref: Ref, index: Value, line: int) -> tuple[Value, State]:
        i, state = self._index_check(state, ref, index, line)
        pairs = [(mk_and(g, i.term == k), self.read(state, o, self.element_field(o.cls, k)))
                 for g, o in ref.non_null() for k in range(self.bounds.max_length)]
        return merge_values(self.ctx, ref.type.element, pairs), state

    def array_write(self, state: State, ref: Ref, index: Value, value: Value, line: int) -> State:
        i, state = self._index_check(state, ref, index, line)
        value, state = self.assign_convert(state, value, ref.type.element, line)
        if isinstance(value, Ref):  # covariance: a String[] seen as an Object[] takes Strings only
            pairs = [(mk_and(g, h), _instance_of(v, o.cls.element))
                     for g, o in ref.non_null() for h, v in value.non_null()]
            state = self.stuck_unless(state, mk_or(self.ctx, [c for c, ok in pairs if ok is None]),
                                      "storing an object of unknown class into an array", line)
            state = self.throw(state, mk_or(self.ctx, [c for c, ok in pairs if ok is False]),
                               "java.lang.ArrayStoreException", line)
        heap = dict(state.heap)
        for g, o in ref.non_null():
            for k in range(self.bounds.max_length):
                fld = self.element_field(o.cls, k)
                heap[(o, fld)] = merge_values(self.ctx, fld.type, [(mk_and(g, i.term == k), value),
                                                                   (self.true, self.read(state, o, fld))])
        return State(state.guard, state.env, heap)

    def choice(self, name: str, static: ClassInfo, types: list[ClassInfo], nullable: bool,
               per_type: int | None = None) -> Ref:
        """A reference to null (if nullable) or one initial object of the given types."""
        options: list[HeapObj | None] = [None] if nullable else []
        for t in types:
            objs = self.slot_objects(t)
            options.extend(objs if t.kind == "enum" else objs[:per_type])
        if len(options) == 1:
            return ref_to(static, options[0], self.ctx)
        var = z3.BitVec(name, ID_BITS, self.ctx)
        nums = [0 if o is None else o.num for o in options]
        self.constraints.append(z3.Or([var == n for n in nums]))
        self.selectors[name] = (var, nums)
        return Ref(static, var, tuple(options))

    def initial_value(self, obj: HeapObj, fld: FieldInfo) -> Value:
        key = (obj, fld)
        if key not in self.initial:
            name = f"{obj.label}.{fld.name}@{obj.num}"
            t = fld.type
            if self.is_constant_field(fld):
                value = self.constant_value(fld)
            elif fld.transient or self.program.is_cache(fld):  # as a new object has it
                value = self.default_value(t)
            elif isinstance(t, PrimType):
                value = semantics.variable(self.ctx, t, name)
                self.inputs.append((value.term, t))
            else:
                value = self.choice(name, t, self.domain(t), nullable=not fld.never_null)
            self.initial[key] = value
        return self.initial[key]

    def read(self, state: State, obj: HeapObj, fld: FieldInfo) -> Value:
        key = (obj, fld)
        if key in state.heap:
            return state.heap[key]
        return self.unwritten(state, obj, fld)

    def unwritten(self, state: State, obj: HeapObj, fld: FieldInfo) -> Value:
        """A field no path of the check has written: as the check's start, or class
        initialisation, left it."""
        key = (obj, fld)
        if obj.kind == "enum" and (self.enum_trouble(obj.cls) is not None or key not in self._initialised):
            self._enum_unsupported(state, obj.cls)
        if key in self._initialised:
            return self._initialised[key]
        if obj.kind == "statics":
            self.fresh_statics.setdefault(fld.key)
            return self.constant_value(fld) if fld.init is not None else self.default_value(fld.type)
        if obj.kind != "slot":
            raise AssertionError(f"field {fld.key} of {obj} read before it was set")
        return self.initial_value(obj, fld)

    def has_unwritten(self, obj: HeapObj, fld: FieldInfo) -> bool:
        """Does ``unwritten`` know the field (the object exists on every path)?"""
        return obj.kind in ("slot", "enum", "statics") or (obj, fld) in self._initialised

    def class_state(self, cls: ClassInfo) -> Ref:
        """The object holding a project class's non-final static fields in this check."""
        if cls.fqname not in self._class_states:
            self._class_states[cls.fqname] = self.heap_object(cls, f"{cls.simple_name} (static)",
                                                              "statics")
        return ref_to(cls, self._class_states[cls.fqname], self.ctx)

    def _check_static(self, state: State, fld: FieldInfo, line: int) -> None:
        """A non-final static field the engine can hold: a project class's, initialised
        by a constant or not at all (a lazy cache: ``if (cache == null) cache = ...``)."""
        if not fld.owner.is_project or (fld.init is not None and not self.constant_initialiser(fld)):
            self.unsupported(state, f"non-final static field {fld.owner.simple_name}.{fld.name}"
                                    f"{' initialised by a non-constant expression' if fld.owner.is_project else ''}",
                             line)

    # -- enums
    def enum_constants(self, cls: ClassInfo) -> list[HeapObj]:
        """The constants of a project enum, once per check."""
        if cls.fqname not in self._enums:
            self._enums[cls.fqname] = [
                self.heap_object(cls, f"{cls.simple_name}.{c.name}", "enum", opaque=c.has_body)
                for c in cls.decl.constants]
        return self._enums[cls.fqname]

    def enum_trouble(self, cls: ClassInfo) -> Event | None:
        """What stops making the constants of a project enum, if anything. They are made
        the first time their fields or methods are needed, by running their constructors
        in declaration order as the enum's static initialiser does: a large enum of
        message keys, used only by identity, is then never made. None for other classes."""
        if cls.kind != "enum" or not cls.is_project:
            return None
        if cls.fqname not in self._enum_trouble:
            self._enum_trouble[cls.fqname] = None  # while they are made
            self._enum_trouble[cls.fqname] = self._make_constants(cls, self.enum_constants(cls))
        return self._enum_trouble[cls.fqname]

    def _make_constants(self, cls: ClassInfo, objs: list[HeapObj]) -> Event | None:
        """Run the constants' constructors; what stops that, if anything."""
        with_body = next((c for c in cls.decl.constants if c.has_body), None)
        if with_body is not None:
            return Event(self.true, f"enum constant {cls.simple_name}.{with_body.name} with a "
                                    "class body", Location(cls.path, with_body.line))

        def run(state):
            for c, obj in zip(cls.decl.constants, objs):
                args, state = self.eval_args(c.args, state)
                ctor = self.program.select_method(cls.ctors, [a.type for a in args])
                if ctor is None:
                    self.unsupported(state, f"constructor {cls.simple_name}({_types(args)})", c.line)
                state.heap.update({(obj, f): self.default_value(f.type) for f in cls.instance_fields()})
                state = self.invoke(ctor, ref_to(cls, obj, self.ctx), args, state, c.line)[1]
            return None, state
        return self._class_init(cls, f"making the constants of {cls.simple_name}", cls.decl.line,
                                run)[1]

    def _class_init(self, cls: ClassInfo, what: str, line: int, run) -> tuple[Value | None, Event | None]:
        """``run(state)`` (a value and a state) as class initialisation runs it, once per
        check: it must complete on one path and throw nothing; the fields it gives the
        objects it makes stay theirs (``_initialised``). (value, None), or (None, what
        stops it)."""
        marks = len(self.stuck), len(self.cuts)
        self.handlers.append([])
        calls, self.frames = self.frames, [Frame(None, cls, None)]  # a call stack of its own
        state: State | None = State(self.true, {}, {})
        value = None
        try:
            value, state = run(state)
        except DeadPath:
            state = None
        finally:
            self.frames = calls
            thrown = [t for t in self.handlers.pop() if not is_false(t.guard)]
        events = self.stuck[marks[0]:] + self.cuts[marks[1]:]
        del self.stuck[marks[0]:], self.cuts[marks[1]:]
        if events:
            return None, Event(self.true, f"{what}: {events[0].what}", events[0].where)
        if state is None or thrown or not is_true(state.guard):
            return None, Event(self.true, f"{what} may throw", Location(cls.path, line))
        self._initialised.update(state.heap)
        return value, None

    def _enum_unsupported(self, state: State, cls: ClassInfo):
        trouble = self._enum_trouble.get(cls.fqname) or Event(
            self.true, f"a constant of {cls.simple_name} used while the constants are made",
            Location(cls.path, cls.decl.line))
        self.unsupported(state, trouble.what, trouble.where.line, trouble.where.path or "?")

    def enum_constant(self, fld: FieldInfo) -> Ref | None:
        """The constant a static field of an enum names, if it names one."""
        cls = fld.owner
        names = [c.name for c in cls.decl.constants] if cls.kind == "enum" and cls.is_project else []
        if fld.name not in names:
            return None
        return ref_to(cls, self.enum_constants(cls)[names.index(fld.name)], self.ctx)

    def ordinal(self, obj: HeapObj) -> int:
        return self._enums[obj.cls.fqname].index(obj)

    def constant_name(self, obj: HeapObj) -> str:
        return obj.cls.decl.constants[self.ordinal(obj)].name

    def identity_hash(self, obj: HeapObj) -> z3.ExprRef:
        if obj not in self._identity:
            h = z3.BitVec(f"{obj.label}.identityHashCode@{obj.num}", 32, self.ctx)
            self.inputs.append((h, INT))
            if obj.is_box:  # a cached box is one object wherever it was boxed
                cached = z3.Function(f"{obj.cls.simple_name}.cache.identityHashCode",
                                     obj.content.sort(), z3.BitVecSort(32, self.ctx))
                h = mk_ite(obj.shared, cached(obj.content), h)
            self._identity[obj] = h
        return self._identity[obj]

    # Objects of classes without source or model (opaque objects) obey the contracts of
    # equals, hashCode and compareTo, and nothing more is known: equal objects share an
    # equality key, hashCode is an unknown function of it, and compareTo's sign follows
    # an order key (a total preorder, which equals need not agree with).
    def opaque_key(self, obj: HeapObj, kind: str) -> z3.ExprRef:
        """The object's ``equality`` or ``order`` key; the check now rests on its class
        obeying its contracts."""
        library = None if self.keyed(obj) else jdk.library_superclass(obj.cls)
        self.assumed.setdefault((library or obj.cls).fqname)
        if library is not None:
            self.library_parts.setdefault(library.fqname, set()).add(obj)
        if kind == "equality" and obj.cls.fqname in jdk.ORDER_CONSISTENT_WITH_EQUALS:
            kind = "order"
        if (obj, kind) not in self._opaque:
            self._opaque[(obj, kind)] = z3.BitVec(f"{obj.label}.{kind}@{obj.num}", 32, self.ctx)
        return self._opaque[(obj, kind)]

    def keyed(self, obj: HeapObj) -> bool:
        """Does the check know ``obj``'s equals, hashCode and compareTo by their contracts
        alone (through its keys)? So it knows those of a class without source; a trusting
        check also those of project objects outside the hierarchy under test that are not
        the contract's own arguments: their classes' own items check their code."""
        return obj.opaque or (self.trusting and obj.cls.kind in ("class", "record")
                              and obj.cls.is_project and obj.cls not in self.own
                              and obj not in self.arguments)

    def trusted(self) -> list[str]:
        """The project classes a trusting check took to obey their contracts."""
        return [name for name in self.assumed
                if self.trusting and self.program.classes[name].is_project]

    def opaque_keys(self, obj: HeapObj) -> dict[str, z3.ExprRef]:
        """The keys the check gave the object: kind -> key."""
        return {kind: self._opaque[(obj, kind)] for kind in ("equality", "order")
                if (obj, kind) in self._opaque}

    def opaque_hash(self, obj: HeapObj) -> z3.ExprRef:
        if (obj, "hash") not in self._opaque:
            self._opaque[(obj, "hash")] = self._opaque_hash(self.opaque_key(obj, "equality"))
            self.inputs.append((self._opaque[(obj, "hash")], INT))  # small ones read better
        return self._opaque[(obj, "hash")]

    def opaque_comparison(self, a: HeapObj, b: HeapObj) -> z3.ExprRef:
        """``a.compareTo(b)``: any int of the sign the order keys give, the same on
        every call."""
        if (a, b) not in self._opaque:
            ka, kb = self.opaque_key(a, "order"), self.opaque_key(b, "order")
            result = z3.BitVec(f"{a.label}@{a.num}.compareTo({b.label}@{b.num})", 32, self.ctx)
            self.constraints.append(z3.If(ka < kb, result < 0,
                                          z3.If(ka == kb, result == 0, result > 0)))
            self._opaque[(a, b)] = result
        return self._opaque[(a, b)]

    # A call of a method without code or model, where the syntax shows what it returns
    # (``ast.MethodCall.context``), is an unknown deterministic function of its receiver and
    # arguments (references by identity): the same inputs give the same result, an equal
    # one if an object, and nothing more is known. A reference result is null or a new
    # object (two results are never one object). So is an abstract method of an object of
    # an unknown subclass (``harness.receiver_types``).
    def _call_without_code(self, state: State, expr: ast.MethodCall, static_type: ClassInfo,
                           receiver: Ref | None, args: list[Value]):
        """(value, state, return site) of a call whose static type has no code for the
        method (an interface without source, say): project objects among the receivers run
        their own implementation, the others are taken as an unknown function. Objects
        whose contents the engine models (collections) are no such receivers: their
        modelled methods change them."""
        call = f"{static_type.simple_name}.{expr.name}({_types(args)})"
        known = [o for o in receiver.targets if o is not None and not o.opaque] if receiver else []
        own = self.program.select_method(self.program.methods_named(known[0].cls, expr.name),
                                         [a.type for a in args]) if known else None
        modelled = receiver is not None and any(
            o is not None and collections_model.kind_of(o.cls) is not None for o in receiver.targets)
        if static_type.origin == "project" or (own is None and known) or modelled:
            self.unsupported(state, f"call to {call} (no model of this method)", expr.line)
        site = self.site(f"{static_type.simple_name}.{expr.name}")
        if own is None:
            result_type = self.resolve_type(expr.context) if expr.context is not None else None
            return (*self._unknown_function(state, call, expr.name, receiver, args, result_type,
                                            expr.line), site)
        state = self.null_check(state, receiver, expr.line)
        opaque = [o for o in receiver.targets if o is not None and o.opaque]
        results = [self.branch(state, receiver.member_guard(known), lambda s: self.call_virtual(
            s, receiver.narrowed(known), own, args, expr.line))]
        if opaque:
            results.append(self.branch(state, receiver.member_guard(opaque), lambda s: (
                *self._unknown_function(s, call, expr.name, receiver.narrowed(opaque), args,
                                        own.return_type, expr.line), site)))
        return self._merge_results(results, own.return_type)

    def _unknown_function(self, state: State, call: str, name: str, receiver: Ref | None,
                          args: list[Value], result_type: JType | None,
                          line: int) -> tuple[Value, State]:
        """``call`` as an unknown deterministic function returning a ``result_type``
        (None: the code does not show it)."""
        why = None
        uses = self.functions.get(call, [])
        if jdk.NOT_FUNCTIONS.fullmatch(name):
            why = "; by its name, not a function of its arguments"
        elif result_type is None:
            why = ", and the code does not show what it returns"
        else:
            result = self._function_result(result_type, f"{call}#{len(uses) + 1}")
            if result is None:
                why = f", and the check cannot make a {type_name(result_type)} result"
        if why is not None:
            self.unsupported(state, f"call to {call} (no model of this method{why})", line)
        if receiver is not None:
            state = self.null_check(state, receiver, line)
        inputs = [receiver.id] if receiver is not None else []
        inputs += [a.term if isinstance(a, Prim) else a.id for a in args]
        # equal inputs, equal results: where both calls are made (a result no path uses is
        # free), so that fixing the object choices drops the calls of other objects, whose
        # arguments would otherwise tie every object of the check into one query
        for earlier in uses:
            if earlier.result.type == result.type:  # results read as different types stay unrelated
                self.constraints.append(z3.Implies(
                    mk_and(state.guard, earlier.guard,
                           *[a == b for a, b in zip(inputs, earlier.inputs)]),
                    self._same_result(result, earlier.result)))
        self.functions[call] = uses + [FunctionUse(receiver, inputs, result, state.guard)]
        return result, state

    def _function_result(self, type_: JType, label: str) -> Value | None:
        """Any value of ``type_`` (None if the check cannot make one from nothing): of a
        project class, null or one of the objects made from field values; of a List, Set
        or Map, null or one of any contents within the bound."""
        if type_ is VOID:  # what it does to its arguments is unknown
            return None
        if isinstance(type_, PrimType):
            value = semantics.variable(self.ctx, type_, label)
            self.inputs.append((value.term, type_))
            return value
        if isinstance(type_, ClassInfo) and type_.origin == "project":
            return self.choice(label, type_, self.domain(type_), nullable=True)
        if not isinstance(type_, ClassInfo) or type_.element is not None:
            return None
        obj = (self.any_string(label) if type_.fqname == jdk.STRING else
               self.any_box(type_, label) if type_.fqname in BOXES else
               collections_model.any_collection(self, type_, label)
               if collections_model.any_content(type_) else
               self.heap_object(type_, label, "slot", opaque=True))
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

    def class_object(self, cls: ClassInfo) -> HeapObj:
        if cls.fqname not in self._class_objs:
            self._class_objs[cls.fqname] = self.heap_object(
                self.program.classes["java.lang.Class"], f"{cls.simple_name}.class", "class", meta=cls)
        return self._class_objs[cls.fqname]

    def string_literal(self, text: str) -> Ref:
        """The one interned String of a literal (or a constant expression's) text."""
        if text not in self._literals:
            self._literals[text] = self.heap_object(self.program.classes[jdk.STRING], repr(text),
                                                    "literal", content=strings.constant(self.ctx, text))
        return ref_to(self.program.classes[jdk.STRING], self._literals[text], self.ctx)

    def literal_texts(self) -> set[str]:
        return set(self._literals)

    def new_string(self, text: strings.Text, line: int) -> Ref:
        """A String made at run time: a new object, whatever its text."""
        obj = self.heap_object(self.program.classes[jdk.STRING], f"new String@{line}", "new",
                               content=text)
        return ref_to(self.program.classes[jdk.STRING], obj, self.ctx)

    def text(self, obj: HeapObj) -> strings.Text:
        """A String object's content; reading a check's input strings makes the string
        bounds part of what the result says."""
        if obj.kind == "slot":
            self.texts_read = True
        return obj.content

    def text_of(self, ref: Ref) -> strings.Text:
        """The content of the String a non-null reference denotes (on a path where it is
        not null: where it can only be null, there is no such path)."""
        cases = [(g, self.text(o)) for g, o in ref.non_null()]
        if not cases:
            raise DeadPath
        return strings.merge(cases)

    def string_hash(self, text: strings.Text) -> z3.BitVecRef:
        """String.hashCode, encoded lazily: a variable, equal for equal texts, whose
        polynomial definition the solver adds only when a model gets it wrong. Proving
        that equal strings hash alike then needs no arithmetic."""
        h = z3.BitVec(f"String.hashCode#{len(self._hashes)}", 32, self.ctx)
        for other, other_hash in self._hashes:
            self.constraints.append(z3.Implies(strings.equal(text, other), h == other_hash))
        self._hashes.append((text, h))
        definition = strings.hash_code(text)
        self.lazy.append(h == definition)
        self._definitions.append((h, definition))
        return h

    def latin1_only(self, state: State, texts: list[strings.Text], what: str, line: int) -> State:
        """Case mapping is modelled on Latin-1 (and the upper cases of its letters): a path
        that reaches ``what`` with other chars is stuck, and the check's input strings
        and chars are restricted to Latin-1 (``alphabet_constraints``; the result says so)."""
        self.alphabet = "Latin-1"
        outside = mk_not(mk_and(self.true, *[strings.case_modelled(t) for t in texts]))
        return self.stuck_unless(state, outside, f"{what} of chars outside Latin-1", line)

    def alphabet_constraints(self) -> list[z3.BoolRef]:
        """Once the code reached case mapping: the check's input strings and chars hold
        Latin-1 chars only."""
        if self.alphabet is None:
            return []
        return ([strings.latin1(t) for t in self.texts]
                + [z3.ULE(v, strings.LATIN1) for v, t in self.inputs if t is CHAR])

    def string_bounds(self) -> str:
        """What the check assumed of its input strings and chars, where it mattered."""
        parts = [f"strings: length <= {self.bounds.string_length}"] if self.texts_read else []
        if self.alphabet:
            parts.append(f"chars in {self.alphabet}")
        return ", ".join(parts)

    def default_value(self, t: JType) -> Value:
        if isinstance(t, PrimType):
            return semantics.constant(self.ctx, t, 0)
        return ref_to(t, None, self.ctx)

    def new_object(self, state: State, cls: ClassInfo, line: int) -> tuple[Ref, State]:
        obj = self.heap_object(cls, f"new {cls.simple_name}@{line}", "new")
        heap = dict(state.heap)
        for f in cls.instance_fields():
            heap[(obj, f)] = self.default_value(f.type)
        return ref_to(cls, obj, self.ctx), State(state.guard, state.env, heap)

    # ===================================================== paths & events
    @property
    def frame(self) -> Frame:
        return self.frames[-1]

    def here(self, line: int) -> Location:
        return Location(self.frame.path, line)

    def unsupported(self, state: State, what: str, line: int, path: str | None = None):
        """This path reaches something the engine does not model (at ``line`` of the
        current method's file, or of ``path``): it ends here."""
        where = Location(path, line) if path is not None else self.here(line)
        self._stuck(Event(state.guard, what, where))
        raise DeadPath

    def stuck_unless(self, state: State, cond: z3.BoolRef, what: str, line: int) -> State:
        """The paths where ``cond`` holds reach something the engine does not model and
        end here; the others go on."""
        return self._end_where(self.stuck, state, cond, what, line)

    def bounded_unless(self, state: State, cond: z3.BoolRef, what: str, line: int) -> State:
        """The paths where ``cond`` does not hold run past what the engine represents:
        they are cut here (the result says it was bounded); the others go on."""
        return self._end_where(self.cuts, state, mk_not(cond), what, line)

    def _end_where(self, events: list[Event], state: State, cond: z3.BoolRef, what: str,
                   line: int) -> State:
        g = mk_and(state.guard, cond)
        if not is_false(g):
            event = Event(g, what, self.here(line))
            if events is self.stuck:
                self._stuck(event)
            else:
                events.append(event)
        rest = mk_and(state.guard, mk_not(cond))
        if is_false(rest):
            raise DeadPath
        return State(rest, state.env, state.heap)

    def _stuck(self, event: Event) -> None:
        """Record a path that reached something not modelled. Inside a method the harness
        called on an object of a project class outside the hierarchy under test (in
        ``y.equals(x)``, y of an unrelated class), the check is about that class's code,
        not the one under test: its objects are left out there, and the result says so."""
        called = self.frames[1].method if self.start is not None and len(self.frames) > 1 else None
        owner = called.owner if called is not None else None
        if self.own and owner is not None and owner.is_project and owner not in self.own:
            self.cuts.append(Event(event.guard, f"{owner.simple_name} objects left out: their "
                                                f"{called.name} reaches {event.what}", event.where))
        else:
            self.stuck.append(event)

    def cut(self, state: State, what: str, line: int):
        self.cuts.append(Event(state.guard, what, self.here(line)))
        raise DeadPath

    def throw(self, state: State, cond: z3.BoolRef, exc_class: str, line: int,
              message: str | None = None) -> State:
        """Throw a new ``exc_class`` where ``cond`` holds; go on where it does not."""
        g = mk_and(state.guard, cond)
        if not is_false(g):
            cls = self.program.classes[exc_class]
            obj = self.heap_object(cls, f"new {cls.simple_name}", "new")
            self.raise_(state.under(g), ref_to(cls, obj, self.ctx), line, message)
        rest = mk_and(state.guard, mk_not(cond))
        if is_false(rest):
            raise DeadPath
        return State(rest, state.env, state.heap)

    def raise_(self, state: State, exc: Ref, line: int, message: str | None = None) -> None:
        self.handlers[-1].append(Thrown(state.guard, state, exc, self.here(line), message))

    def branch(self, state: State, cond: z3.BoolRef, run):
        """Run ``run(state')`` on the paths where ``cond`` holds; None if none get through."""
        g = mk_and(state.guard, cond)
        if is_false(g):
            return None
        try:
            return run(State(g, dict(state.env), state.heap))
        except DeadPath:
            return None

    def merge(self, states: list[State | None], env_from: State | None = None) -> State | None:
        states = [s for s in states if s is not None]
        if not states:
            return None
        if len(states) == 1 and env_from is None:
            return states[0]
        guard = mk_join(self.ctx, [s.guard for s in states])
        if env_from is not None:
            env = env_from.env
        else:
            env = {}
            for name, v in states[0].env.items():
                vals = [s.env.get(name) for s in states]
                if any(x is None or _kind(x) != _kind(v) for x in vals):
                    continue
                env[name] = v if all(x is v for x in vals) else merge_values(
                    self.ctx, v.type, [(s.guard, x) for s, x in zip(states, vals)])
        heap = dict(states[0].heap) if len(states) == 1 else self._merge_heaps(states)
        return State(guard, env, heap)

    def endings(self) -> tuple[int, int, int, int]:
        """How many paths have ended other than by completing: thrown (here, or while
        building objects), stuck, cut."""
        return len(self.handlers[-1]), self.dropped, len(self.stuck), len(self.cuts)

    def rejoined(self, before: z3.BoolRef, state: State, endings: tuple) -> State:
        """``state``, with the guard ``before`` if no path has ended otherwise since
        ``endings`` (every execution that had ``before`` got here): one short guard
        instead of the disjunction of the ways here, inside which the equalities of each
        way would be hidden from the solver stage. Counted, not asked of a solver:
        bit-blasting every constraint so far to ask it can exhaust Z3's memory."""
        return state if self.endings() != endings else State(before, state.env, state.heap)

    def _merge_heaps(self, states: list[State]) -> dict:
        keys: dict = {}
        for s in states:
            for k in s.heap:
                keys[k] = None
        heap = {}
        for key in keys:
            vals = [s.heap.get(key) for s in states]
            first = next(v for v in vals if v is not None)
            if all(v is first for v in vals):
                heap[key] = first
                continue
            obj, fld = key
            if self.has_unwritten(obj, fld):
                vals = [v if v is not None else self.unwritten(s, obj, fld) for s, v in zip(states, vals)]
            pairs = [(s.guard, v) for s, v in zip(states, vals) if v is not None]
            heap[key] = merge_values(self.ctx, first.type, pairs)
        return heap

    def feasible(self, guard: z3.BoolRef, asker: str = "call") -> bool:
        """Can some execution take this path? Asked before inlining one of many possible
        implementations of a call: in ``x.equals(y) && y.equals(z)`` only the classes
        ``x`` can equal need their ``equals`` explored; and before another iteration of a
        loop, whose bound the path's own guard may not show (``i < rows`` where a
        constraint made ``rows`` an array's length). Unknown within the resource limit
        counts as feasible; an ``asker`` whose questions go unanswered stops asking
        without silencing the others. Floating-point operations are replaced by any value
        of their sort (weaker facts, so still never infeasible wrongly): Z3 would
        bit-blast them before the limit applies, and may run out of memory doing so."""
        if is_false(guard):
            return False
        if self._oracle is None:
            self._oracle = z3.Solver(ctx=self.ctx)
            self._oracle.set("random_seed", 0)
            self._oracle.set("rlimit", FEASIBILITY_RLIMIT)
        while self._oracle_known < len(self.constraints):
            self._oracle.add(self.aids.weakened(self.constraints[self._oracle_known]))
            self._oracle_known += 1
        if self._oracle_misses[asker] >= ORACLE_MISSES:
            return True
        self._oracle.push()
        self._oracle.add(self.aids.weakened(guard))
        result = self._oracle.check()
        self._oracle.pop()
        self._oracle_misses[asker] = self._oracle_misses[asker] + 1 if result == z3.unknown else 0
        return result != z3.unsat

    # ===================================================== harness entry
    def run(self, method: MethodInfo, make_args) -> list[Thrown]:
        """Execute a harness method on the arguments ``make_args(state)`` returns (with the
        state after making them); returns the exceptions that escape the harness."""
        frame = Frame(method, method.owner, None)
        self.frames.append(frame)
        try:
            args, state = make_args(State(self.true, {}, {}))  # may raise what make_args raises
            self.start = state
            frame.observe = True
            state.env = {p.name: a for p, a in zip(method.params, args)}
            self.exec_stmt(method.decl.body, state)
        except DeadPath:
            pass
        finally:
            self.frames.pop()
        return self.handlers[0]

    def value_at_start(self, obj: HeapObj, fld: FieldInfo) -> Value:
        """A field's value when the harness began: as construction left it, or the
        initial (any) value of an object made the fields way."""
        if self.start is not None and (obj, fld) in self.start.heap:
            return self.start.heap[(obj, fld)]
        return self.initial_value(obj, fld) if obj.kind == "slot" else self.default_value(fld.type)

    # ========================================================= statements
    def step(self) -> None:
        """Count one statement or expression evaluated against ``step_limit``."""
        self.steps += 1
        if self.steps > self.step_limit:
            raise OutOfSteps

    def exec_stmt(self, stmt: ast.Stmt, state: State) -> State:
        self.step()
        if time.perf_counter() > self.deadline:
            raise OutOfTime(self.here(stmt.line))
        return getattr(self, "_exec_" + type(stmt).__name__)(stmt, state)

    def _exec_Block(self, stmt: ast.Block, state: State) -> State:
        outer = set(state.env)
        for s in stmt.stmts:
            state = self.exec_stmt(s, state)
        for name in [n for n in state.env if n not in outer]:
            del state.env[name]
        return state

    def _exec_LocalVar(self, stmt: ast.LocalVar, state: State) -> State:
        t = self.resolve_type(stmt.type)
        if stmt.init is None:
            value = self.default_value(t)
        else:
            value, state = self.eval_to(stmt.init, t, state, stmt.line)
        state.env[stmt.name] = value
        if stmt.final and stmt.init is not None and self.is_constant(stmt.init, state):
            self.frame.constants.add(stmt.name)
        else:
            self.frame.constants.discard(stmt.name)
        return state

    def _exec_ExprStmt(self, stmt: ast.ExprStmt, state: State) -> State:
        return self.eval(stmt.expr, state)[1]

    def _exec_If(self, stmt: ast.If, state: State) -> State:
        c, state = self.eval_cond(stmt.cond, state)
        then = self.branch(state, c, lambda s: self.exec_stmt(stmt.then, s))
        other = self.branch(state, mk_not(c),
                            (lambda s: self.exec_stmt(stmt.other, s)) if stmt.other else (lambda s: s))
        return self._joined(self.merge([then, other]))

    def _exec_Loop(self, stmt: ast.Loop, state: State) -> State:
        outer = set(state.env)
        for s in stmt.init:
            state = self.exec_stmt(s, state)
        jump = _Jump(stmt.label, True)
        self.frame.jumps.append(jump)
        exits: list[State | None] = []
        try:
            current = state
            for i in range(self.bounds.unroll + 1):
                before = current.guard
                current = self.branch(current, self.true,
                                      lambda s, first=i == 0: self._loop_test(stmt, s, first, exits))
                if current is None or (i > 0 and not current.guard.eq(before)
                                       and not self.feasible(current.guard, "loop")):
                    break
                if i == self.bounds.unroll:
                    self.cuts.append(Event(current.guard, f"loop needs more than "
                                           f"{self.bounds.unroll} unrolls", self.here(stmt.line)))
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

    def _loop_test(self, stmt: ast.Loop, state: State, first: bool, exits: list) -> State:
        """One evaluation of the loop condition: files the exit, goes on where it holds."""
        if stmt.cond is None or (first and not stmt.test_first):
            return state
        c, state = self.eval_cond(stmt.cond, state)
        exits.append(self.branch(state, mk_not(c), lambda s: s))
        return self._joined(self.branch(state, c, lambda s: s))

    def _loop_body(self, stmt: ast.Loop, state: State, jump: _Jump) -> State:
        end = self.branch(state, self.true, lambda s: self.exec_stmt(stmt.body, s))
        state = self.merge([end] + jump.continues)
        jump.continues.clear()
        state = self._joined(state)
        for u in stmt.update:
            state = self.eval(u, state)[1]
        return state

    def _exec_Labeled(self, stmt: ast.Labeled, state: State) -> State:
        jump = _Jump(stmt.label, False)
        self.frame.jumps.append(jump)
        try:
            end = self.branch(state, self.true, lambda s: self.exec_stmt(stmt.stmt, s))
        finally:
            self.frame.jumps.pop()
        return self._joined(self.merge([end] + jump.breaks))

    def _jump_target(self, label: str | None, for_continue: bool, line: int, state: State) -> _Jump:
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
        self.frame.returns.append((state, value, stmt.line))
        raise DeadPath

    def _exec_Throw(self, stmt: ast.Throw, state: State) -> State:
        if isinstance(self.handlers[-1], Dropped):  # the exception is never read: not made
            throwable = self.program.classes["java.lang.Throwable"]
            self.raise_(state, ref_to(throwable, None, self.ctx), stmt.line)
            raise DeadPath
        exc, state = self.eval(stmt.value, state)
        state = self.null_check(state, exc, stmt.line)
        self.raise_(state, exc.narrowed(o for o in exc.targets if o is not None), stmt.line)
        raise DeadPath

    def _exec_Assert(self, stmt: ast.Assert, state: State) -> State:
        if self.frame.cls.origin != "contract":
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
        pending = [(s, lambda s2, v=v, ln=ln: frame.returns.append((s2, v, ln)))
                   for s, v, ln in frame.returns[returns:]]
        del frame.returns[returns:]
        for jump, *counts in marks:
            for filed, mark in zip((jump.breaks, jump.continues, jump.yields), counts):
                pending += [(_state_of(e), lambda s2, e=e, f=filed: f.append(_resumed(e, s2)))
                            for e in filed[mark:]]
                del filed[mark:]
        pending += [(t.state.under(t.guard), lambda s2, t=t: self.handlers[-1].append(
                     Thrown(s2.guard, s2, t.exc, t.where, t.message))) for t in thrown]
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
                    self.handlers[-1].append(Thrown(sub.guard, sub, one, t.where, t.message))
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
            decided = [_instance_of(obj, t) if isinstance(t, ClassInfo) else False for t in types]
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

    # -- switch
    # The cases are tried as an if-else chain (a case's entry is the paths no earlier case
    # matched, where one of its labels does), and what leaves them is joined back from the
    # last case to the first: each join meets the two sides of one test of the chain.

    def _exec_Switch(self, stmt: ast.Switch, state: State) -> State:
        outer = set(state.env)
        exits = self._run_switch(stmt, state, _Jump(None, False, "statement"))
        out = self._joined_pair(self._fold(exits, None))[0]
        for name in [n for n in out.env if n not in outer]:
            del out.env[name]
        return out

    def _eval_SwitchExpr(self, expr: ast.SwitchExpr, state: State):
        exits = self._run_switch(expr.switch, state, _Jump(None, False, "expression"))
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

    def _run_switch(self, switch: ast.Switch, state: State, jump: _Jump) -> list[list]:
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
            matching = [o for o in known if o is not None and _instance_of(o, t)]
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

    def _exec_CtorCall(self, stmt: ast.CtorCall, state: State) -> State:
        self.unsupported(state, "constructor call outside a constructor's first statement", stmt.line)

    def _exec_LocalClass(self, stmt: ast.LocalClass, state: State) -> State:
        return state

    def _exec_UnsupportedStmt(self, stmt: ast.UnsupportedStmt, state: State) -> State:
        self.unsupported(state, stmt.what, stmt.line)

    @staticmethod
    def _joined(state: State | None) -> State:
        if state is None:
            raise DeadPath
        return state

    # ======================================================== expressions
    def eval(self, expr: ast.Expr, state: State) -> tuple[Value, State]:
        self.step()
        try:
            return getattr(self, "_eval_" + type(expr).__name__)(expr, state)
        except NotModelled as e:
            self.unsupported(state, str(e), expr.line)

    def eval_to(self, expr: ast.Expr, t: JType, state: State, line: int) -> tuple[Value, State]:
        """An initialiser, converted to the declared type ``t``; an array initialiser
        ``{...}`` makes an array of that type."""
        if isinstance(expr, ast.ArrayInit) and isinstance(t, ClassInfo) and t.element is not None:
            return self.array_init(state, t, expr)
        value, state = self.eval(expr, state)
        return self.assign_convert(state, value, t, line)

    def eval_cond(self, expr: ast.Expr, state: State) -> tuple[z3.BoolRef, State]:
        v, state = self.eval(expr, state)
        v, state = self.unboxed(state, v, expr.line)
        if v.type is not BOOLEAN:
            self.unsupported(state, f"a {v.type} condition", expr.line)
        return v.term, state

    def _eval_Literal(self, expr: ast.Literal, state: State):
        if expr.kind == "null":
            return ref_to(NULL, None, self.ctx), state
        if expr.kind == "string":
            return self.string_literal(expr.value), state
        return semantics.constant(self.ctx, _LITERAL_TYPES[expr.kind], expr.value), state

    def _eval_UnsupportedExpr(self, expr: ast.UnsupportedExpr, state: State):
        self.unsupported(state, expr.what, expr.line)

    def _eval_This(self, expr: ast.This, state: State):
        if self.frame.this is None:
            self.unsupported(state, "'this' in a static context", expr.line)
        if not expr.qualifier:
            return self.frame.this, state
        c = self.frame.cls
        while c is not None and c.simple_name.rpartition(".")[2] != expr.qualifier.rpartition(".")[2]:
            c = c.outer
        if c is None:
            self.unsupported(state, f"{expr.qualifier}.this (no enclosing class of that name)", expr.line)
        return self.enclosing(state, c, expr.line)

    def enclosing(self, state: State, cls: ClassInfo, line: int) -> tuple[Ref, State]:
        """The innermost instance of ``cls`` (or a subclass) that ``this`` is, or encloses:
        ``Outer.this``, and the object an outer class's field or method is used on from an
        inner class's code, through each inner class's enclosing instance (``this$0``)."""
        c, ref = self.frame.cls, self.frame.this
        if ref is None:
            self.unsupported(state, f"{cls.simple_name}'s instance from a static context", line)
        while not c.is_subtype_of(cls):
            if c.enclosing_field is None:
                self.unsupported(state, f"{cls.simple_name}'s instance from {c.simple_name}, "
                                        "which has no enclosing instance", line)
            ref, state = self.read_field(state, ref, c.enclosing_field, line)
            c = c.outer
        return ref, state

    def _eval_ClassLiteral(self, expr: ast.ClassLiteral, state: State):
        t = self.resolve_type(expr.type)
        if not isinstance(t, ClassInfo):
            self.unsupported(state, "class literal of a primitive type", expr.line)
        return ref_to(self.program.classes["java.lang.Class"], self.class_object(t), self.ctx), state

    # -- names and fields
    def _eval_Name(self, expr: ast.Name, state: State):
        if expr.name in state.env:
            return state.env[expr.name], state
        fld = self.field_in_scope(expr.name)
        if fld is None:
            self.unsupported(state, f"'{expr.name}' (no model of a class or field of that name)",
                             expr.line)
        if fld.static:
            return self.static_value(fld, state, expr.line), state
        holder, state = self.enclosing(state, fld.owner, expr.line)
        return self.read_field(state, holder, fld, expr.line)

    def field_in_scope(self, name: str) -> FieldInfo | None:
        c: ClassInfo | None = self.frame.cls
        while c is not None:
            fld = c.lookup_field(name)
            if fld is not None:
                return fld
            c = c.outer
        imported = self.program.statically_imported(name, self.frame.cls,
                                                    lambda owner: owner.lookup_field(name))
        return imported.lookup_field(name) if imported is not None else None

    def type_named(self, expr: ast.Expr, state: State) -> ClassInfo | None:
        """The class an expression names when it is a type, not a value (``Integer.MAX_VALUE``)."""
        dotted = _dotted(expr)
        if dotted is None:
            return None
        head = dotted.partition(".")[0]
        if head in state.env or self.field_in_scope(head) is not None:
            return None
        return self.program.lookup_class(dotted, self.frame.cls)

    def _eval_FieldAccess(self, expr: ast.FieldAccess, state: State):
        if expr.is_super:
            fld = self.frame.cls.superclass.lookup_field(expr.name) if self.frame.cls.superclass else None
            if fld is None:
                self.unsupported(state, f"unknown field super.{expr.name}", expr.line)
            if fld.static:
                return self.static_value(fld, state, expr.line), state
            return self.read_field(state, self.frame.this, fld, expr.line)
        owner = self.type_named(expr.target, state)
        if owner is not None:
            fld = owner.lookup_field(expr.name)
            if fld is None or not fld.static:
                self.unsupported(state, f"field {owner.simple_name}.{expr.name}", expr.line)
            return self.static_value(fld, state, expr.line), state
        target, state = self.eval(expr.target, state)
        if isinstance(target, Ref) and isinstance(target.type, ClassInfo) \
                and target.type.element is not None and expr.name == "length":
            return self.array_length(state, target, expr.line)
        fld = self.field_of(target, expr.name, state, expr.line)
        if fld.static:
            return self.static_value(fld, state, expr.line), state
        return self.read_field(state, target, fld, expr.line)

    def field_of(self, target: Value, name: str, state: State, line: int) -> FieldInfo:
        if isinstance(target, Prim) or not isinstance(target.type, ClassInfo):
            self.unsupported(state, f"field '{name}' of a {type_name(target.type)} value", line)
        fld = target.type.lookup_field(name)
        if fld is None:
            self.unsupported(state, f"field {type_name(target.type)}.{name}", line)
        return fld

    def null_check(self, state: State, ref: Ref, line: int) -> State:
        return self.throw(state, ref.null_guard(), "java.lang.NullPointerException", line)

    def read_field(self, state: State, target: Ref, fld: FieldInfo, line: int) -> tuple[Value, State]:
        state = self.null_check(state, target, line)
        cases = _holding(target, fld)
        if not cases:
            raise DeadPath
        if len(cases) == 1:  # the path has ruled out every other object
            return self.read(state, cases[0][1], fld), state
        pairs = [(g, self.read(state, obj, fld)) for g, obj in cases]
        return merge_values(self.ctx, fld.type, pairs), state

    def named(self, value: Value, hint: str) -> Value:
        """A computed number as a fresh variable defined equal to it. Method results and
        field values are what equals and hashCode compare; as variables, Z3 can replace
        one by the other where they are equal (``a.lo == b.lo``) instead of proving that
        two copies of the arithmetic (or of the choices) that computed them agree bit by
        bit. Booleans stay as they are (a named ``equals`` result would hide the
        equalities of its path from the solver stage), and so do references: their ids
        are choices of objects, which the solver stage splits on and substitutes."""
        if not isinstance(value, Prim) or not value.type.is_integral or z3.is_const(value.term):
            return value
        key = value.term.get_id()
        if key not in self._names:  # the same computation gets the same name
            var = semantics.variable(self.ctx, value.type, f"{hint}#{self._named}")
            self._named += 1
            self.constraints.append(var.term == value.term)
            self._names[key] = var
            self._definitions.append((var.term, value.term))
        return self._names[key]

    def names_defined(self) -> int:
        return len(self._definitions)

    def forget_names(self, mark: int) -> None:
        """Forget the names defined since ``mark`` and their definitions: the paths that
        computed them were cut away, and their arithmetic need not reach the solver."""
        dropped = self._definitions[mark:]
        for _, definition in dropped:
            self._names.pop(definition.get_id(), None)  # a String hash has no name entry
        del self._definitions[mark:]
        definitions = [var == definition for var, definition in dropped]  # Z3 shares equal terms
        ids = {d.get_id() for d in definitions}
        kept = [c.get_id() not in ids for c in self.constraints]
        self._oracle_known = sum(kept[:self._oracle_known])
        self.constraints[:] = [c for c, keep in zip(self.constraints, kept) if keep]

    def expand(self, term: z3.ExprRef) -> z3.ExprRef:
        """``term`` with every name replaced by what it names, so that a computation on
        constants simplifies to a constant without a solver."""
        for var, definition in reversed(self._definitions):
            term = z3.substitute(term, (var, definition))
        return term

    def write_field(self, state: State, target: Ref, fld: FieldInfo, value: Value, line: int) -> State:
        state = self.null_check(state, target, line)
        cases = _holding(target, fld)
        heap = dict(state.heap)
        value = self.named(value, fld.name)
        for g, obj in cases:
            if obj.kind == "enum" and self.enum_trouble(obj.cls) is not None:
                self._enum_unsupported(state, obj.cls)
            if len(cases) == 1:
                heap[(obj, fld)] = value
            else:
                old = self.read(state, obj, fld)
                heap[(obj, fld)] = merge_values(self.ctx, fld.type, [(g, value), (self.true, old)])
        return State(state.guard, state.env, heap)

    def static_value(self, fld: FieldInfo, state: State, line: int) -> Value:
        if fld.owner.origin == "jdk" and isinstance(fld.type, ClassInfo) \
                and fld.type.fqname in BOXES:  # Boolean.TRUE: the cached box
            return self.box(semantics.constant(self.ctx, BOXES[fld.type.fqname].prim,
                                               fld.init), line)
        constant = self.enum_constant(fld)
        if constant is not None:
            return constant
        if not fld.final:
            self._check_static(state, fld, line)
            return self.read(state, self.class_state(fld.owner).targets[0], fld)
        if not self.is_constant_field(fld) and not built_once(fld.init):
            return self._initialised_static(state, fld, line)
        return self.constant_value(fld)

    def _initialised_static(self, state: State, fld: FieldInfo, line: int) -> Value:
        """A static final field of a project class whose initialiser makes objects (``new
        Unit("days")``): run once per check, as class initialisation does."""
        if fld.key not in self._static_objects:
            if not fld.owner.is_project or fld.init is None:
                how = "set in a static initialiser block" if fld.init is None else \
                    "initialised by a non-constant expression"
                self.unsupported(state, f"static field {fld.owner.simple_name}.{fld.name} {how}", line)
            self._static_objects[fld.key] = None  # while it is initialised
            self._static_objects[fld.key] = self._class_init(
                fld.owner, f"initialising {fld.owner.simple_name}.{fld.name}", fld.line,
                lambda s: self.eval_to(fld.init, fld.type, s, fld.line))
        value, trouble = self._static_objects[fld.key] or (None, Event(
            self.true, f"{fld.owner.simple_name}.{fld.name} read while it is initialised",
            Location(fld.owner.path, fld.line)))
        if trouble is not None:
            self.unsupported(state, trouble.what, trouble.where.line, trouble.where.path or "?")
        return value

    def constant_value(self, fld: FieldInfo) -> Value:
        """The value of a constant variable (a final field with a constant initialiser):
        the compiler puts it wherever the field is read, whatever an object holds."""
        if fld.key not in self._statics:
            if isinstance(fld.init, (int, float)):
                value = semantics.constant(self.ctx, fld.type, fld.init)
            elif fld.init is MODEL_MADE:  # a JDK constant made by a model
                value = self.models.constant(fld)(self.model_context)
            else:
                self.frames.append(Frame(None, fld.owner, None))
                try:
                    state = State(self.true, {}, {})
                    value, state = self.eval_to(fld.init, fld.type, state, fld.line)
                finally:
                    self.frames.pop()
            self._statics[fld.key] = value
        return self._statics[fld.key]

    # -- assignment
    def _eval_Assign(self, expr: ast.Assign, state: State):
        read, write, state = self.lvalue(expr.target, state)
        if expr.op == "=":
            assigned = self._typed_call(expr.value, self._assigned_type(expr.target, state))
            value, state = self.eval(assigned, state)
        else:
            old, state = read(state)
            rhs, state = self.eval(expr.value, state)
            value, state = self.binary(expr.op[:-1], old, rhs, state, expr.line)
            narrow = jdk.unboxed_type(old.type)
            if narrow is not None:
                value = semantics.convert(value, narrow)  # compound assignment narrows
        return write(state, value)

    def _eval_Update(self, expr: ast.Update, state: State):
        read, write, state = self.lvalue(expr.target, state)
        old, state = read(state)
        value, state = self.unboxed(state, old, expr.line)
        new = semantics.add_one(value, 1 if expr.op == "++" else -1)
        stored, state = write(state, new)
        return (stored if expr.prefix else old), state

    def _assigned_type(self, target: ast.Expr, state: State) -> JType | None:
        """The declared type of a local or field named alone, else None."""
        if not isinstance(target, ast.Name):
            return None
        if target.name in state.env:
            return state.env[target.name].type
        fld = self.field_in_scope(target.name)
        return fld.type if fld is not None else None

    def lvalue(self, target: ast.Expr, state: State):
        """(read, write, state) for an assignable expression, its object evaluated once."""
        if isinstance(target, ast.Name) and target.name in state.env:
            name = target.name

            def write_local(s, v):
                v, s = self.assign_convert(s, v, s.env[name].type, target.line)
                s.env[name] = v
                return v, s
            return (lambda s: (s.env[name], s)), write_local, state
        if isinstance(target, ast.Name):
            fld = self.field_in_scope(target.name)
            if fld is None:
                self.unsupported(state, f"unknown name '{target.name}'", target.line)
            obj, state = (None, state) if fld.static else self.enclosing(state, fld.owner, target.line)
        elif isinstance(target, ast.FieldAccess):
            owner = None if target.is_super else self.type_named(target.target, state)
            if target.is_super:
                obj = self.frame.this
                fld = self.field_of(obj, target.name, state, target.line)
            elif owner is not None:
                obj, fld = None, owner.lookup_field(target.name)
            else:
                obj, state = self.eval(target.target, state)
                fld = self.field_of(obj, target.name, state, target.line)
            if fld is None:
                self.unsupported(state, f"unknown field {target.name}", target.line)
        elif isinstance(target, ast.ArrayAccess):
            array, state = self.eval(target.array, state)
            index, state = self.eval(target.index, state)

            def write_element(s, v):
                v, s = self.assign_convert(s, v, array.type.element, target.line)
                return v, self.array_write(s, array, index, v, target.line)
            return (lambda s: self.array_read(s, array, index, target.line)), write_element, state
        else:
            self.unsupported(state, f"assignment to a {type(target).__name__}", target.line)
        if fld.static and fld.final:
            self.unsupported(state, f"assignment to static field {fld.name}", target.line)
        if fld.static:
            self._check_static(state, fld, target.line)
            obj = self.class_state(fld.owner)

        def write_field(s, v):
            v, s = self.assign_convert(s, v, fld.type, target.line)
            return v, self.write_field(s, obj, fld, v, target.line)
        return (lambda s: self.read_field(s, obj, fld, target.line)), write_field, state

    def assign_convert(self, state: State, value: Value, t: JType, line: int) -> tuple[Value, State]:
        """Assignment conversion: widening, constant narrowing, boxing and unboxing, a
        reference's static type."""
        if isinstance(t, PrimType):
            value, state = self.unboxed(state, value, line)
            return semantics.convert(value, t), state
        if isinstance(value, Prim):
            box = BOXES.get(t.fqname)  # Short s = 1: narrowed, then boxed
            value = self.box(value if box is None else semantics.convert(value, box.prim), line)
        return value.typed(t), state

    def unboxed(self, state: State, value: Value, line: int) -> tuple[Prim, State]:
        """A primitive as it is, a box unboxed."""
        if isinstance(value, Prim):
            return value, state
        if jdk.unboxed_type(value.type) is None:
            self.unsupported(state, f"a {type_name(value.type)} where a number is needed", line)
        return self.unbox(state, value, line)

    # -- operators
    def _eval_Binary(self, expr: ast.Binary, state: State):
        if expr.op in ("&&", "||"):
            return self.short_circuit(expr, state)
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
        value, state = self.binary(expr.op, left, right, state, expr.line)
        if _is_string(value) and self.is_constant(expr, state):  # interned (JLS 15.29)
            text = strings.concrete(self.text_of(value))
            if text is not None:
                return self.string_literal(text), state
        return value, state

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
        if op == "+" and (_is_string(left) or _is_string(right)):
            return self.concatenation(state, left, right, line)
        left, state = self.unboxed(state, left, line)
        right, state = self.unboxed(state, right, line)
        if op in semantics.COMPARISONS:
            return semantics.compare(op, left, right), state
        zero = semantics.division_by_zero(op, left, right)
        if zero is not None:
            state = self.throw(state, zero, "java.lang.ArithmeticException", line, "/ by zero")
        return semantics.arithmetic(op, left, right), state

    def concatenation(self, state: State, left: Value, right: Value, line: int):
        """``left + right`` where either is a String (JLS 15.18.1): a new String."""
        texts = []
        for v in (left, right):
            text, state = self.string_conversion(state, v, line)
            texts.append(text)
        return self.new_string(strings.concat(*texts), line), state

    def string_conversion(self, state: State, v: Value, line: int) -> tuple[strings.Text, State]:
        """The text a value becomes in a concatenation (JLS 5.1.11): a primitive's
        ``String.valueOf``, "null", a string's own text, a Class's toString(); other
        objects' toString() is not modelled."""
        if isinstance(v, Prim):
            state = self.bounded_unless(state, strings.representable(v), "the text of a number "
                                        f"beyond {strings.DIGITS} digits", line)
            return strings.value_of(v), state
        cases, state = self._text_cases(state, v, line)
        return strings.merge(cases), state

    def _text_cases(self, state: State, ref: Ref, line: int):
        """(guard, text) for each object ``ref`` may be whose text the engine knows; on the
        others (their ``toString()``) the path is stuck."""
        cases, others = [], []
        for o in ref.targets:
            if o is None:
                cases.append((ref.guard(o), strings.constant(self.ctx, "null")))
            elif o.cls.fqname == jdk.STRING:
                cases.append((ref.guard(o), self.text(o)))
            elif o.meta is not None and jdk.class_text(o.meta) is not None:
                cases.append((ref.guard(o), strings.constant(self.ctx, jdk.class_text(o.meta))))
            else:
                others.append(o)
        if others:
            state = self.stuck_unless(state, ref.member_guard(others), f"{others[0].cls.simple_name}"
                                      ".toString() in a string concatenation", line)
        return cases, state

    def short_circuit(self, expr: ast.Binary, state: State):
        left, state = self.eval_cond(expr.left, state)
        go_on = left if expr.op == "&&" else mk_not(left)

        result = self.branch(state, go_on, lambda s: self.eval_cond(expr.right, s))
        stop = self.branch(state, mk_not(go_on), lambda s: s)
        if result is None:
            return Prim(BOOLEAN, z3.BoolVal(expr.op == "||", self.ctx)), self._joined(stop)
        r, s = result
        value = mk_and(left, r) if expr.op == "&&" else mk_or(self.ctx, [left, r])
        joined = self._joined(self.merge([s, stop]))
        if joined is not None and expr.op == "&&":
            # a pattern the right side binds is in scope where the whole is true, which is
            # where the right side ran: ``a && o instanceof T t && t.x == x``
            joined.env.update((name, v) for name, v in s.env.items() if name not in state.env)
        return Prim(BOOLEAN, value), joined

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

    def value_aside(self, expr: ast.Expr, state: State) -> Value | None:
        """Evaluate an expression for its type or constant value only: whatever it
        throws, gets stuck on or observes is dropped. None if no path gets through."""
        marks = (len(self.handlers[-1]), len(self.stuck), len(self.cuts), len(self.observations))
        try:
            return self.eval(expr, state.under(state.guard))[0]
        except DeadPath:
            return None
        finally:
            for events, mark in zip((self.handlers[-1], self.stuck, self.cuts, self.observations),
                                    marks):
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
        names of constant variables?"""
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
        if isinstance(expr, ast.Unary):
            return self.is_constant(expr.operand, state)
        if isinstance(expr, ast.Binary):
            return self.is_constant(expr.left, state) and self.is_constant(expr.right, state)
        if isinstance(expr, ast.Cast):
            return self.is_constant(expr.expr, state)
        if isinstance(expr, ast.Conditional):
            return all(self.is_constant(e, state) for e in (expr.cond, expr.then, expr.other))
        return False

    def is_constant_field(self, fld: FieldInfo) -> bool:
        """A constant variable: a final field of a primitive type or String whose
        initialiser is a constant expression."""
        return fld.final and self.constant_initialiser(fld)

    def constant_initialiser(self, fld: FieldInfo) -> bool:
        """Is the field of a primitive type or String, initialised by a constant expression?"""
        if fld.init is None:
            return False
        if isinstance(fld.init, (int, float)):
            return True
        if not (isinstance(fld.type, PrimType) or fld.type.fqname == jdk.STRING):
            return False
        self.frames.append(Frame(None, fld.owner, None))
        try:
            return self.is_constant(fld.init, State(self.true, {}, {}))
        finally:
            self.frames.pop()

    def new_closure(self, closure: functional.Closure) -> Ref:
        return functional.new_closure(self, closure)

    def _eval_Lambda(self, expr: ast.Lambda, state: State):
        return functional.lambda_value(self, expr, state)

    def _eval_MethodRef(self, expr: ast.MethodRef, state: State):
        return functional.method_ref_value(self, expr, state)

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
        ok = [o for o in known if o is None or _instance_of(o, t)]
        bad = [o for o in known if o is not None and not _instance_of(o, t)]
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
        unknown = [o for o in v.targets if o is not None and _instance_of(o, t) is None]
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
        matching = [o for o in known if o is not None and _instance_of(o, t)]
        if expr.binding is not None:
            state.env[expr.binding] = v.narrowed(matching).typed(t)
        return Prim(BOOLEAN, v.member_guard(matching)), state

    # -- arrays
    def _eval_ArrayAccess(self, expr: ast.ArrayAccess, state: State):
        array, state = self.eval(expr.array, state)
        index, state = self.eval(expr.index, state)
        return self.array_read(state, array, index, expr.line)

    def _eval_NewArray(self, expr: ast.NewArray, state: State):
        cls = self.resolve_type(expr.type)
        if expr.init is not None:
            return self.array_init(state, cls, expr.init)
        lengths = []
        for e in expr.lengths:
            n, state = self.eval(e, state)
            n, state = self.unboxed(state, n, e.line)
            lengths.append(semantics.unary_promote(n))
        return self.new_array(state, cls, lengths, expr.line)

    def _eval_ArrayInit(self, expr: ast.ArrayInit, state: State):
        self.unsupported(state, "array initializer outside a declaration", expr.line)

    def _exec_ForEach(self, stmt: ast.ForEach, state: State) -> State:
        """``for (T x : array) body`` as ``for (int i = 0; i < a.length && i < max_length;
        i++) { T x = a[i]; body }`` over hidden locals; the second test ends the unrolling
        where no array of the bound can go on."""
        array, state = self.eval(stmt.iterable, state)
        if isinstance(array, Ref) and isinstance(array.type, ClassInfo) and array.type.element is None:
            return self._for_each_element(stmt, array, state)
        if isinstance(array, Prim) or not isinstance(array.type, ClassInfo) or array.type.element is None:
            self.unsupported(state, f"enhanced for over a {type_name(array.type)}", stmt.line)
        state = self.null_check(state, array, stmt.line)
        self._loops += 1
        a, i, line = f"#array{self._loops}", f"#index{self._loops}", stmt.line
        state.env[a] = array

        def less(bound: ast.Expr) -> ast.Expr:
            return ast.Binary(line, "<", ast.Name(line, i), bound)
        loop = ast.Loop(
            line, (ast.LocalVar(line, ast.TypeName("int"), i, ast.Literal(line, "int", 0)),),
            ast.Binary(line, "&&", less(ast.FieldAccess(line, ast.Name(line, a), "length")),
                       less(ast.Literal(line, "int", self.bounds.max_length))),
            (ast.Update(line, "++", True, ast.Name(line, i)),),
            ast.Block(line, (ast.LocalVar(line, stmt.type, stmt.name,
                                          ast.ArrayAccess(line, ast.Name(line, a), ast.Name(line, i))),
                             stmt.body)),
            label=stmt.label)
        state = self.exec_stmt(loop, state)
        del state.env[a]
        return state

    def _for_each_element(self, stmt: ast.ForEach, ref: Ref, state: State) -> State:
        """``for (T x : c) body`` over a collection (``collections_model.for_each_loop``)."""
        state = self.null_check(state, ref, stmt.line)
        others = [o for o in ref.targets if o is not None and (
            collections_model.kind_of(o.cls) in (None, collections_model.MAP)
            or not collections_model.represented(o))]
        ref, state = collections_model.stuck_on(self.model_context, state, ref, others,
                                                "enhanced for over a {}", stmt.line)
        self._loops += 1
        collection, index = f"#collection{self._loops}", f"#index{self._loops}"
        state.env[collection] = ref.typed(self.program.classes["java.util.Collection"])
        loop = collections_model.for_each_loop(stmt, collection, index, self.bounds.max_length)
        state = self.exec_stmt(loop, state)
        del state.env[collection]
        return state

    # -- objects and calls
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
            self.unsupported(state, f"constructor {cls.simple_name}({_types(args)})", expr.line)
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
        _, state, _ = self.invoke(ctor, ref, args, state, expr.line)
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
        if not (_is_string(left) or _is_string(right)):
            return self.binary("+", left, right, state, expr.line)
        for v in (left, right):
            if isinstance(v, Ref):  # a toString() the engine cannot follow stays reported
                state = self._text_cases(state, v, expr.line)[1]
        return self.string_literal(""), state  # any String: no one reads it

    def _eval_MethodCall(self, expr: ast.MethodCall, state: State):
        frame = self.frame
        start = len(self.handlers[-1])
        reached = state.guard
        receiver: Ref | None = None
        static_type: ClassInfo | None = None
        if expr.is_super:
            static_type, receiver = frame.cls.superclass, frame.this
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
            result, state, site = self.invoke(method, None, args, state, expr.line)
        elif receiver is None:
            self.unsupported(state, f"call of instance method {expr.name} from a static context",
                             expr.line)
        elif expr.is_super:
            if method.abstract:
                self.unsupported(state, f"super call of abstract {method.signature()}", expr.line)
            result, state, site = self.invoke(method, receiver, args, state, expr.line)
        else:
            result, state, site = self.call_virtual(state, receiver, method, args, expr.line)
        if frame.observe and (method is None or not method.static):
            self.observations.append(Observation(expr.text, reached, result, site,
                                                 list(self.handlers[-1][start:])))
        return result, state

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

    def when(self, state: State, cond: z3.BoolRef, run, otherwise: Value):
        """``run(state)`` (a value and a state) on the paths where ``cond`` holds,
        ``otherwise`` elsewhere."""
        called = self.branch(state, cond, run)
        skipped = self.branch(state, mk_not(cond), lambda s: s)
        if called is None:
            return otherwise, self._joined(skipped)
        value, s = called
        if skipped is None:
            return value, s
        merged = merge_values(self.ctx, value.type, [(s.guard, value), (skipped.guard, otherwise)])
        return merged, self.merge([s, skipped])

    def call_virtual(self, state: State, receiver: Ref, method: MethodInfo, args: list[Value],
                     line: int):
        """Virtual dispatch: a guarded merge over the receiver's possible dynamic types."""
        unchecked = state.guard  # the path before the receiver is known not to be null
        state = self.null_check(state, receiver, line)
        contract_call = obeys_contract(method.name, args)
        keyed = []  # objects whose code for this call the check trusts instead of exploring
        if contract_call and self.trusting and all(self.keyed(p) for a in args for _, p in a.non_null()):
            keyed = [o for o in receiver.targets if o is not None and self.keyed(o)]
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
        fanout = self._summarised(receiver, method, groups, unknown, contract_call)
        if fanout:
            call = f"{method.owner.simple_name}.{method.name}({_types(args)})"
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
        for impl, bridged, objs in groups.values():
            this = receiver.narrowed(objs)
            guard = receiver.member_guard(objs)
            if len(groups) > 2 and (self._ruled_out(unchecked, receiver, objs)
                                    or not self.feasible(mk_and(state.guard, guard))):
                continue
            if impl.abstract:  # objects of an unknown subclass, or one that inherits it unseen
                call = f"{impl.owner.simple_name}.{impl.name}({_types(args)})"
                results.append(self.branch(state, guard, lambda s, i=impl, t=this, c=call: (
                    *self._unknown_function(s, c, i.name, t, args, i.return_type, line),
                    self.site(c))))
                continue
            results.append(self.branch(state, guard, lambda s, i=impl, b=bridged, t=this:
                                       self._invoke_bridged(i, b, t, args, s, line)))
        return self._merge_results(results, method.return_type)

    def _summarised(self, receiver: Ref, method: MethodInfo, groups: dict, unknown: list,
                    contract_call: bool) -> int:
        """Is the call better taken as an unknown deterministic function of its receiver
        and arguments? If so, the number of classes with their own code for it; else 0.
        So it is where the receiver is an object made from field values that may be of
        ``SUMMARY_FANOUT`` or more such classes: followed one by one, each such call
        multiplies the paths by the classes, and a chain of them (a chronology's field's
        type) by their product. On the objects the contract is checked on, whose own code
        calls the same methods, only a method of a floating-point result that their
        classes have ``SUMMARY_WIDE`` or more implementations of, and then at every call,
        so that the results agree: the same object, the same result, whichever class's
        code made the call. Other calls on them are followed: exact, they give verdicts
        that such results would leave possible violations (guava's collections, whose
        ``size()`` and ``delegate()`` a dozen classes or more implement)."""
        if unknown or contract_call or method.return_type is VOID \
                or jdk.NOT_FUNCTIONS.fullmatch(method.name):
            return 0
        objects = [o for _, o in receiver.non_null()]
        if objects and all(o in self.arguments for o in objects):
            floating = isinstance(method.return_type, PrimType) and method.return_type.is_floating
            wide = self._implementations(method) if floating else 0
            return wide if wide >= SUMMARY_WIDE else 0
        if len(groups) >= SUMMARY_FANOUT and all(o.kind == "slot" and o not in self.arguments
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

    def _ruled_out(self, guard: z3.BoolRef, receiver: Ref, objs: list[HeapObj]) -> bool:
        """Does the path guard simplify to false once the receiver is fixed to each of
        ``objs`` in turn? A cheap first answer to ``feasible``: after ``x.equals(y)``
        returned true, the guard holds ``y``'s class tests, and fixing ``y`` settles
        them without a solver (the oracle may give up on a guard that large). Asked of
        the path before its null check of the receiver, which every object passes: a
        path that never tested the receiver is left as it is, unsimplified (simplifying
        the guard of a large check took a quarter of joda-time's time). Once
        ``RULED_OUT_MISSES`` calls in a row had nothing ruled out, or once it was asked of
        that many and ruled out fewer than one in ``RULED_OUT_RATIO``, not asked again: a
        check where it rules out little spent most of its exploring on it (joda-time's
        ``LocalDate`` compareto-transitive: 6 of its 8 s, for 18 calls of 2,626)."""
        asked, hits = self._ruled_out_asks
        if z3.is_bv_value(receiver.id) or self._ruled_out_misses >= RULED_OUT_MISSES \
                or (asked >= RULED_OUT_MISSES and hits * RULED_OUT_RATIO < asked):
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
        class's own version of an Object method has no model."""
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

    def _invoke_bridged(self, impl: MethodInfo, bridged: bool, this: Ref, args, state: State, line):
        if bridged:
            cast = []
            for p, a in zip(impl.params, args):
                if isinstance(p.type, ClassInfo) and isinstance(a, Ref):
                    a, state = self.check_cast(state, a, p.type, line)
                cast.append(a)
            args = cast
        return self.invoke(impl, this, args, state, line)

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

    def invoke(self, method: MethodInfo, this: Ref | None, args: list[Value], state: State,
               line: int) -> tuple[Value | None, State, z3.ExprRef]:
        """Run one method body (or library model) inline; returns (value, state, return site)."""
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
            self.cut(state, f"calls nested deeper than {self.bounds.inline_depth} "
                            f"(at {method.signature()})", line)
        if self._delegates_too_deep(method, this):
            self.cut(state, f"calls of {method.name}() through objects made from field values "
                            f"nested more than {self.bounds.delegation_depth} deep", line)
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
            end = self.exec_stmt(body, entry)
            frame.returns.append((end, None, method.decl.line))
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
        site = self.site(Location(method.owner.path, frame.returns[-1][2]))
        for s, _, ret_line in reversed(frame.returns[:-1]):
            site = mk_ite(s.guard, self.site(Location(method.owner.path, ret_line)), site)
        return value, State(out.guard, state.env, out.heap), site

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
                self.unsupported(state, f"constructor {target.simple_name}({_types(args)})", call.line)
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

    # ------------------------------------------------------------- types
    def resolve_type(self, tn: ast.TypeName) -> JType:
        method = self.frame.method
        return self.program.resolve_type(tn, self.frame.cls, method.type_vars if method else None)


_LITERAL_TYPES = {"int": INT, "long": LONG, "float": FLOAT, "double": DOUBLE, "char": CHAR,
                  "boolean": BOOLEAN}


def built_once(init) -> bool:
    """Can a static final field's initialiser be evaluated once per check? A lambda, a
    method reference of a type, and casts and calls of the comparator factories and
    combinators on such values, literals, names and other static fields make no objects
    but comparators and run no code but their models. (A JDK constant made by a model is
    one too.)"""
    if init is MODEL_MADE or isinstance(init, ast.Lambda):
        return True
    if isinstance(init, ast.MethodRef):
        return isinstance(init.target, (ast.TypeName, ast.Name, ast.FieldAccess))
    if isinstance(init, (ast.Name, ast.FieldAccess, ast.Literal)):
        return True
    if isinstance(init, ast.Cast):
        return built_once(init.expr)
    if isinstance(init, ast.MethodCall):
        return init.name in jdk.COMPARATOR_BUILDERS and not init.is_super and all(
            built_once(e) for e in (init.target, *init.args) if e is not None)
    return False


def _instance_of(obj: HeapObj, t: ClassInfo) -> bool | None:
    """Is ``obj`` a ``t``? None when the class table cannot tell."""
    if obj.class_unknown and obj.cls.kind != "enum" and not obj.cls.is_subtype_of(t):
        return None  # some class below obj.cls: it may be a t or not
    # an enum constant with a body is of an anonymous class that adds no supertype
    return obj.cls.subtype_decided(t)


def _holding(target: Ref, fld: FieldInfo) -> list[tuple[z3.BoolRef, HeapObj]]:
    """The cases of a reference whose objects have the field; Java's typing rules out
    the others on any path that accesses it."""
    return [(g, o) for g, o in target.non_null() if o.cls.is_subtype_of(fld.owner)]


def _is_string(v: Value) -> bool:
    return isinstance(v, Ref) and isinstance(v.type, ClassInfo) and v.type.fqname == jdk.STRING


def _state_of(entry) -> State:
    """The state of a filed jump: a State, or a (state, value, yield) of a switch expression."""
    return entry[0] if isinstance(entry, tuple) else entry


def _resumed(entry, state: State):
    """A filed jump, taken again from ``state`` once a finally block has run."""
    return (state, *entry[1:]) if isinstance(entry, tuple) else state


def _yields(cases) -> list[ast.Yield]:
    """The yield statements of a switch expression's cases (not of nested switch expressions)."""
    nodes = list(ast.walk([c.body for c in cases]))
    nested = {id(y) for n in nodes if isinstance(n, ast.SwitchExpr)
              for y in ast.walk(n) if isinstance(y, ast.Yield)}
    return [n for n in nodes if isinstance(n, ast.Yield) and id(n) not in nested]


def _kind(v: Value):
    return v.type if isinstance(v, Prim) else Ref


def _types(args: list[Value]) -> str:
    return ", ".join(type_name(a.type) for a in args)


def _dotted(expr: ast.Expr) -> str | None:
    if isinstance(expr, ast.Name):
        return expr.name
    if isinstance(expr, ast.FieldAccess) and not expr.is_super and expr.target is not None:
        head = _dotted(expr.target)
        return f"{head}.{expr.name}" if head is not None else None
    return None

