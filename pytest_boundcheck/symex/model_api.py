"""The interface between the executor and the models of JDK and library methods.

A model is a function registered for ``(owner, Java signature)`` (``models.registry``)
and called as ``model(m, state, this, args, line)``, returning ``(value, state)``: ``m`` is
a ``ModelContext``, whose operations below are all a model may use of the executor;
``state`` is the path's ``State``; ``this`` the receiver (None for a static method or a
constructor's new object passed as ``this``); ``args`` the arguments, converted to the
declared parameter types (variable arguments one by one); ``line`` the call's line.

The executor never imports a model: the engine builds a ``ModelTable`` from the
``models`` package and hands it to the executor and, as declarations, to the class table.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

import z3

from pytest_boundcheck.frontend.jdk import ARRAY
from pytest_boundcheck.frontend.types import ClassInfo, FieldInfo, JType, MethodInfo
from pytest_boundcheck.symex import strings
from pytest_boundcheck.symex.values import HeapObj, Prim, Ref, Value

Model = Callable[..., tuple]  # (m, state, this, args, line) -> (value, state)


@dataclass(frozen=True)
class ModelTable:
    """The models, by the (owner, Java signature) each is declared with, in registration
    order; and the makers of JDK constants that a model makes, by (owner's simple name,
    field name): ``maker(m)`` returns the value, once per check."""
    methods: Mapping[tuple[str, str], Model] = field(default_factory=dict)
    constants: Mapping[tuple[str, str], Callable] = field(default_factory=dict)

    def declarations(self) -> list[tuple[str, str]]:
        """The (owner, signature) pairs the class table declares methods for."""
        return list(self.methods)

    def of(self, method: MethodInfo) -> Model | None:
        """The model of a JDK method, None for other methods and those without one."""
        if method.declared is None:
            return None
        owner, signature = method.declared
        return self.methods.get((ARRAY if method.owner.element is not None else owner, signature))

    def constant(self, fld: FieldInfo) -> Callable:
        return self.constants[(fld.owner.fqname.rpartition(".")[2], fld.name)]


class ModelContext:
    """What a model may do: the executor's operations, each passed on as it is. A model
    that needs more than these is a sign that the engine, not the model, should grow."""

    def __init__(self, executor):
        self._ex = executor
        self._remembered: dict = {}

    # ---------------------------------------------------------------- terms
    @property
    def ctx(self) -> z3.Context:
        """The check's solver context: every term a model makes lives in it."""
        return self._ex.ctx

    @property
    def true(self) -> z3.BoolRef:
        return self._ex.true

    @property
    def config(self):
        """The engine's budgets (``config.tuning.EngineConfig``)."""
        return self._ex.config

    @property
    def max_length(self) -> int:
        """The bound on the elements of arrays and collections."""
        return self._ex.bounds.max_length

    def cls(self, fqname: str) -> ClassInfo:
        """A class of the class table by its full name."""
        return self._ex.program.classes[fqname]

    def methods_named(self, cls: ClassInfo, name: str) -> list[MethodInfo]:
        return self._ex.program.methods_named(cls, name)

    def named(self, value: Value, hint: str) -> Value:
        """A computed number as a variable defined equal to it (``Executor.named``)."""
        return self._ex.named(value, hint)

    def charge(self, terms: int) -> None:
        """Count ``terms`` the model is about to build as work of the check (Python work Z3
        does not count), stopping it where its budget is spent: a verdict must not depend on
        how fast the machine builds them."""
        self._ex.term_work(terms)

    def remembered(self, key, make: Callable[[], object]):
        """``make()``, once per check for each ``key``: terms a model must give one
        object wherever it is met (an element's hash code)."""
        if key not in self._remembered:
            self._remembered[key] = make()
        return self._remembered[key]

    # ---------------------------------------------------------------- paths
    def throw(self, state, cond: z3.BoolRef, exc_class: str, line: int, message: str | None = None):
        """Throw a new ``exc_class`` where ``cond`` holds; the state where it does not."""
        return self._ex.throw(state, cond, exc_class, line, message)

    def null_check(self, state, ref: Ref, line: int):
        """NullPointerException where ``ref`` is null."""
        return self._ex.null_check(state, ref, line)

    def stuck_unless(self, state, cond: z3.BoolRef, what: str, line: int):
        """The paths where ``cond`` holds reach something the engine does not model."""
        return self._ex.stuck_unless(state, cond, what, line)

    def bounded_unless(self, state, cond: z3.BoolRef, what: str, line: int, bound: str = ""):
        """The paths where ``cond`` does not hold run past a bound (``bound``, if one of
        the options': ``state.Event``): they are cut."""
        return self._ex.bounded_unless(state, cond, what, line, bound)

    def unsupported(self, state, what: str, line: int):
        """This whole path reaches something the engine does not model: it ends."""
        self._ex.unsupported(state, what, line)

    def cut(self, state, what: str, line: int, bound: str = ""):
        """This whole path runs past a bound (``bound``, if one of the options':
        ``state.Event``): it ends, and the result says so."""
        self._ex.cut(state, what, line, bound=bound)

    def function(self, state, call: str, args: list[Value], result_type: JType, line: int):
        """``call`` of these arguments as an unknown deterministic function
        (``Executor._unknown_function``): where a model knows only some facts of a method,
        the rest is this, and every result that rests on it says so."""
        return self._ex._unknown_function(state, call, call, None, args, result_type, line)

    def when(self, state, cond: z3.BoolRef, run, otherwise: Value):
        """``run(state)`` (a value and a state) where ``cond`` holds, ``otherwise`` elsewhere."""
        return self._ex.when(state, cond, run, otherwise)

    def call_if(self, state, cond: z3.BoolRef, receiver: Ref, name: str, args: list[Value],
                line: int, otherwise: Value):
        """``receiver.name(args)`` where ``cond`` holds, ``otherwise`` elsewhere."""
        return self._ex.call_if(state, cond, receiver, name, args, line, otherwise)

    # ---------------------------------------------------------------- calls
    def call_method(self, state, receiver: Ref, name: str, args: list[Value], line: int):
        """``receiver.name(args)``: resolved on its static type, then dispatched."""
        return self._ex.call_method(state, receiver, name, args, line)

    def invoke(self, method: MethodInfo, this: Ref | None, args: list[Value], state, line: int):
        """One method's code (or model) run inline: (value, state)."""
        return self._ex.invoke(method, this, args, state, line)[:2]

    def check_cast(self, state, ref: Ref, cls: ClassInfo, line: int):
        """``(cls) ref``: ClassCastException for the objects that are not ``cls``."""
        return self._ex.check_cast(state, ref, cls, line)

    # ----------------------------------------------------------------- heap
    def read(self, state, obj: HeapObj, fld: FieldInfo) -> Value:
        """A field's (or pseudo-field's) value in ``state``."""
        return self._ex.read(state, obj, fld)

    def has_start_value(self, obj: HeapObj, fld: FieldInfo) -> bool:
        """Does the field have a value from before any write of the check (``obj`` an
        initial object, an enum constant or a class's statics, or made by class
        initialisation)?"""
        return self._ex.has_unwritten(obj, fld)

    def start_value(self, state, obj: HeapObj, fld: FieldInfo) -> Value:
        """A field's value before any write of the check (where ``has_start_value``)."""
        return self._ex.unwritten(state, obj, fld)

    def made_by_class_initialisation(self, obj: HeapObj) -> bool:
        """Did class initialisation make the object (a static final field's)? Such objects
        exist on the JVM before the code that first reads them runs."""
        return obj in self._ex.initialisation_objects

    def class_state(self, cls: ClassInfo) -> Ref:
        """The object holding a project class's static fields in the heap."""
        return self._ex.class_state(cls)

    def pseudo_field(self, cls: ClassInfo, name: str, type_: JType) -> FieldInfo:
        """A field that no Java code names, holding contents the engine represents (a
        collection's size): one per class, name and check."""
        return self._ex.pseudo_field(cls, name, type_)

    def new_object(self, state, cls: ClassInfo, line: int):
        """A new object of ``cls`` with default field values: (ref, state)."""
        return self._ex.new_object(state, cls, line)

    def default_value(self, t: JType) -> Value:
        return self._ex.default_value(t)

    def class_object(self, cls: ClassInfo) -> HeapObj:
        """The one ``Class`` object of ``cls``."""
        return self._ex.class_object(cls)

    def class_of_opaque(self, obj: HeapObj) -> Ref:
        """``getClass()`` of an opaque object (``HeapMixin.class_of_opaque``)."""
        return self._ex.class_of_opaque(obj)

    def identity_hash(self, obj: HeapObj) -> z3.ExprRef:
        """``System.identityHashCode``: unknown, one per object."""
        return self._ex.identity_hash(obj)

    def allocate(self, state, cls: ClassInfo, length: Prim, values: list[Value], line: int):
        """A new array of ``cls`` with these elements: (ref, state)."""
        return self._ex.allocate(state, cls, length, values, line)

    def array_contents(self, state, ref: Ref) -> tuple[Prim, list[Value]]:
        """An array's length and element slots where ``ref`` is not null."""
        return self._ex.array_contents(state, ref)

    def store_element(self, state, ref: Ref, index: z3.BitVecRef, value: Value, when: z3.BoolRef,
                      line: int):
        """``ref[index] = value`` where ``when`` holds (the index within the array), with a
        reference array's store check (ArrayStoreException): the state."""
        return self._ex.store_element(state, ref, index, value, when, line)

    def new_array(self, state, cls: ClassInfo, lengths: list[Prim], line: int,
                  values: list[Value] | None = None):
        """``new T[n]...`` (NegativeArraySizeException, the length bound): (ref, state)."""
        return self._ex.new_array(state, cls, lengths, line, values)

    # -------------------------------------------------------------- strings
    def text(self, obj: HeapObj) -> strings.Text:
        """A String object's contents."""
        return self._ex.text(obj)

    def text_of(self, ref: Ref) -> strings.Text:
        """The contents of the String a non-null reference denotes."""
        return self._ex.text_of(ref)

    def new_string(self, text: strings.Text, line: int) -> Ref:
        """A String made at run time: a new object."""
        return self._ex.new_string(text, line)

    def string_literal(self, text: str) -> Ref:
        """The one interned String of a literal's text."""
        return self._ex.string_literal(text)

    def string_hash(self, text: strings.Text) -> z3.BitVecRef:
        """String.hashCode of a text, encoded lazily (``Executor.string_hash``)."""
        return self._ex.string_hash(text)

    def string_conversion(self, state, v: Value, line: int):
        """The text a value becomes in a concatenation: (text, state)."""
        return self._ex.string_conversion(state, v, line)

    def latin1_only(self, state, texts: list[strings.Text], what: str, line: int):
        """Case mapping is modelled on Latin-1: other chars get the path stuck."""
        return self._ex.latin1_only(state, texts, what, line)

    # ---------------------------------------------------- boxes, enums, lambdas
    def box(self, p: Prim, line: int) -> Ref:
        """Boxing conversion, as ``valueOf`` does it."""
        return self._ex.box(p, line)

    def unbox(self, state, ref: Ref, line: int, to=None):
        """Unboxing conversion (NullPointerException on null): (value, state)."""
        return self._ex.unbox(state, ref, line, to)

    def ordinal(self, obj: HeapObj) -> int:
        """A project enum constant's ordinal."""
        return self._ex.ordinal(obj)

    def constant_name(self, obj: HeapObj) -> str:
        return self._ex.constant_name(obj)

    def new_closure(self, closure) -> Ref:
        """A new lambda object running ``closure`` (``symex.lambdas.Closure``)."""
        return self._ex.new_closure(closure)
