"""What exploring one harness hands on to the solve and counterexample stages: the
formula's parts, what the harness's calls did, how its paths ended, and what the check
rested on. Neither stage sees the executor.

The objects' values when the harness began are read through ``StartHeap``: a field no
code read has its (any) value made only when a counterexample asks for it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import z3

from pytest_boundcheck.frontend.types import ClassInfo, FieldInfo, JType, MethodInfo, PrimType
from pytest_boundcheck.symex import strings
from pytest_boundcheck.symex.objects import ObjectsMade, Recipe
from pytest_boundcheck.symex.state import (
    Event,
    FunctionUse,
    HarnessCall,
    Location,
    Observation,
    Thrown,
)
from pytest_boundcheck.symex.symmetry import canonical_order, one_class_choices
from pytest_boundcheck.symex.values import HeapObj, Ref, Value, mk_and, mk_not, mk_or


class StartHeap:
    """The check's objects as the harness found them, by what a counterexample asks."""

    def __init__(self, executor):
        self._ex = executor

    def value_at_start(self, obj: HeapObj, fld: FieldInfo) -> Value:
        return self._ex.value_at_start(obj, fld)

    def object_by_id(self, num: int) -> HeapObj | None:
        return self._ex.object_by_id(num)

    def constant_name(self, obj: HeapObj) -> str:
        """The name of the project enum constant ``obj`` is."""
        return self._ex.constant_name(obj)

    def opaque_keys(self, obj: HeapObj) -> dict[str, z3.ExprRef]:
        """The keys an object known by its contracts alone was given: kind -> key."""
        return self._ex.opaque_keys(obj)

    def opaque_hash(self, obj: HeapObj) -> z3.ExprRef:
        return self._ex.opaque_hash(obj)

    def opaque_class(self, obj: HeapObj) -> z3.ExprRef | None:
        """The id of the class an opaque object's ``getClass()`` gave, if it was asked."""
        return self._ex.opaque_class(obj)

    def element_field(self, cls: ClassInfo, k: int) -> FieldInfo:
        return self._ex.element_field(cls, k)

    def pseudo_field(self, cls: ClassInfo, name: str, type_: JType) -> FieldInfo:
        return self._ex.pseudo_field(cls, name, type_)

    def fields_read(self) -> set[FieldInfo]:
        """The fields the check's code read, of any object."""
        return self._ex.fields_read

    def literal_texts(self) -> set[str]:
        """The texts of the string literals the check met (interned: one object each)."""
        return self._ex.literal_texts()

    def cls(self, fqname: str) -> ClassInfo:
        return self._ex.program.classes[fqname]


@dataclass
class Exploration:
    """One exploration of a harness: the formula's parts (constraints, definitions added
    only where a model needs them, the object choices to split on and those to split at
    once), the inputs to minimise, what escaped the harness and how, the calls it made,
    where paths got stuck or were cut, and what the check rested on."""
    ctx: z3.Context
    constraints: list[z3.BoolRef]
    lazy: list[z3.BoolRef]
    selectors: list[tuple[z3.ExprRef, list[int]]]
    split_early: set[str]
    inputs: list[tuple[z3.ExprRef, PrimType]]
    texts: list[strings.Text]
    thrown: list[Thrown]
    observations: list[Observation]
    sites: list[str | Location]
    start: z3.BoolRef | None  # the paths on which the harness's arguments were made
    stuck: list[Event]
    cuts: list[Event]
    functions: dict[str, list[FunctionUse]]  # calls taken as unknown deterministic functions
    summarised: dict[str, int]  # of those, calls with code not followed -> classes
    assumed: tuple[str, ...]  # classes taken to obey their contracts
    trusted: tuple[str, ...]  # of those, project classes a trusting check trusted
    library_parts: dict[str, set[HeapObj]]
    fresh_statics: dict[str, tuple[str, ...]]  # static fields read -> methods assigning them
    met_arrays: bool
    objects: list[HeapObj]
    string_bounds: str
    arguments: list[Ref]  # the harness's arguments
    recipes: dict[HeapObj, Recipe]  # how the objects made by code were made
    made: ObjectsMade
    unconfirmed_uses: list[tuple[z3.BoolRef, str]]
    caller_nulls: list[tuple[z3.BoolRef, str]]  # nulls under the null policy (``ObjectMaker``)
    heap: StartHeap
    # where some object made from field values, of a class code cannot make, holds a null
    # reference field that the check read (which its constructors would likely not allow)
    null_fields: z3.BoolRef
    harness_calls: list[HarnessCall] = field(default_factory=list)
    # with ``Bounds.null_fields`` off: a builder -> the fields it leaves null, taken to be
    # set before its objects are used (``ObjectMaker._left_nulls``)
    set_before_use: dict[str, tuple[str, ...]] = field(default_factory=dict)
    left_nulls: list[tuple[z3.BoolRef, str, str]] = field(default_factory=list)
    # the statements (line, column) of the method a JML check calls, each with the paths
    # that ran it, in the order they ran (``Executor.trace``), and that method
    trace: list[tuple[tuple[int, int], z3.BoolRef]] = field(default_factory=list)
    traced: MethodInfo | None = None
    # the object choices the solver asks about whole, never case by case
    # (``symmetry.one_class_choices``)
    whole: frozenset[str] = frozenset()

    @property
    def goal(self) -> z3.BoolRef:
        """A violation of the class under test: some exception escapes the harness, but not
        one that the code of another object's class threw (``Thrown.elsewhere``)."""
        return mk_or(self.ctx, [t.guard if t.elsewhere is None else mk_and(t.guard, mk_not(t.elsewhere))
                                for t in self.thrown])

    def as_the_program_makes(self) -> z3.BoolRef:
        """No object was made in a way the program's own code may never make it."""
        return mk_and(z3.BoolVal(True, self.ctx), *[mk_not(g) for g, _ in self.unconfirmed_uses])

    def without_caller_nulls(self) -> z3.BoolRef:
        """No caller passed a null under the null policy (``Bounds.null_fields``), nor is a
        field a constructor left null null still."""
        guards = [g for g, _ in self.caller_nulls] + [g for g, _, _ in self.left_nulls]
        return mk_and(z3.BoolVal(True, self.ctx), *[mk_not(g) for g in guards])

    def caller_null(self, model: z3.ModelRef) -> str:
        """The nulls under the null policy that the run in ``model`` was given, if any:
        "null passed to new Label(String, int) as text", "fields a, b left null by new
        Method()"."""
        def holds(guard: z3.BoolRef) -> bool:
            return z3.is_true(model.eval(guard, model_completion=True))
        left: dict[str, dict[str, None]] = {}  # builder -> its fields null in the run
        for guard, made_by, name in self.left_nulls:
            if holds(guard):
                left.setdefault(made_by, {})[name] = None
        return "; ".join([*dict.fromkeys(what for guard, what in self.caller_nulls if holds(guard)),
                          *(f"field{'s' if len(names) > 1 else ''} {', '.join(names)} left null "
                            f"by {made_by}" for made_by, names in left.items())])

    def unconfirmed(self, model: z3.ModelRef) -> str:
        """Why the violation in ``model`` might not occur in the program: it uses objects
        made in ways the program's own code may never make them."""
        return "; ".join(dict.fromkeys(
            why for guard, why in self.unconfirmed_uses
            if z3.is_true(model.eval(guard, model_completion=True))))


def hand_on(ex, maker, arguments: list[Ref], thrown: list[Thrown]) -> Exploration:
    """The record of an exploration by the executor ``ex`` whose objects ``maker`` made;
    its alphabet's constraints join the formula once the code has been explored, and so
    does the canonical order of the objects made from field values (``symmetry``)."""
    ex.constraints.extend(ex.alphabet_constraints())
    fields_mode = ex.bounds.objects_mode == "fields"
    if ex.config.symmetry_breaking and fields_mode:
        ex.constraints.extend(canonical_order(ex, arguments))
    return Exploration(
        ex.ctx, ex.constraints, ex.lazy, list(ex.selectors.values()), ex.split_early, ex.inputs,
        ex.texts, thrown, ex.observations, ex.sites,
        ex.start.guard if ex.start is not None else None, ex.stuck, ex.cuts, ex.functions,
        ex.summarised, tuple(ex.assumed), tuple(ex.trusted()), ex.library_parts,
        dict(ex.fresh_statics), ex.met_arrays, ex.objects, ex.string_bounds(), arguments,
        maker.recipes, maker.made(), maker.unconfirmed_uses, maker.caller_nulls, StartHeap(ex),
        mk_or(ex.ctx, [value.null_guard() for (obj, _), value in ex.initial.items()
                       if obj.cls in maker.by_fields and isinstance(value, Ref)]),
        ex.harness_calls,
        {made_by: tuple(fields) for made_by, fields in maker.assumed_set.items()},
        maker.left_nulls, ex.trace, ex.traced,
        one_class_choices(ex) if fields_mode else frozenset())
