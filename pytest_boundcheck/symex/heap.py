"""Objects and the heap: the objects a check starts from (made from field values), choices
among them, fields' initial values and reads, boxes, new objects, and the names given to
computed numbers.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import INT, ClassInfo, FieldInfo, JType, PrimType
from pytest_boundcheck.symex import collections as collections_model
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.state import State
from pytest_boundcheck.symex.values import (
    ID_BITS,
    DeadPath,
    HeapObj,
    Prim,
    Ref,
    Value,
    merge_values,
    mk_ite,
    ref_to,
)


class HeapMixin:
    """The executor's objects and heap (``Executor``)."""

    def _init_heap(self) -> None:
        self.objects: list[HeapObj] = []  # by id - 1
        self.slots: dict[str, list[HeapObj]] = {}  # class -> its objects made from field values
        self.initial: dict[tuple[HeapObj, FieldInfo], Value] = {}  # those objects' fields
        self._domains: dict[ClassInfo, list[ClassInfo]] = {}  # declared type -> domain()
        self._identity: dict[HeapObj, z3.ExprRef] = {}
        self._class_objs: dict[str, HeapObj] = {}
        self._opaque_classes: dict[HeapObj, tuple[HeapObj, Ref]] = {}  # class_of_opaque()
        self._pseudo_fields: dict[tuple[str, str], FieldInfo] = {}
        self._loops = 0  # enhanced for loops run, to name their hidden locals
        self._names: dict[int, Prim] = {}  # term id -> the variable that names it
        # names made so far, forgotten ones too: a name is never given twice, since the
        # feasibility oracle keeps the definitions of forgotten ones
        self._named = 0
        self._definitions: list[tuple[z3.ExprRef, z3.ExprRef]] = []

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

    def element_field(self, cls: ClassInfo, k: int) -> FieldInfo:
        return self.pseudo_field(cls, f"[{k}]", cls.element)

    def pseudo_field(self, cls: ClassInfo, name: str, type_: JType) -> FieldInfo:
        """A field no Java code names, holding contents the engine represents (an array's
        elements, a collection's size): one per class and name in a check."""
        key = (cls.fqname, name)
        if key not in self._pseudo_fields:
            self._pseudo_fields[key] = FieldInfo(name, type_, cls, static=False, final=False)
        return self._pseudo_fields[key]

    def choice(self, name: str, static: ClassInfo, types: list[ClassInfo], nullable: bool,
               per_type: int | None = None) -> Ref:
        """A reference to null (if nullable) or one initial object of the given types. With
        no option (a non-null constant of an enum that declares none) no object exists:
        the path is dead."""
        options: list[HeapObj | None] = [None] if nullable else []
        for t in types:
            objs = self.slot_objects(t)
            options.extend(objs if t.kind == "enum" else objs[:per_type])
        if not options:
            raise DeadPath
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
        if obj.kind == "statics":
            return self.static_start(state, fld)
        if key in self._initialised:
            return self._initialised[key]
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

    def class_object(self, cls: ClassInfo) -> HeapObj:
        if cls.fqname not in self._class_objs:
            self._class_objs[cls.fqname] = self.heap_object(
                self.program.classes["java.lang.Class"], f"{cls.simple_name}.class", "class", meta=cls)
        return self._class_objs[cls.fqname]

    def class_of_opaque(self, obj: HeapObj) -> Ref:
        """``obj.getClass()`` of an opaque object: a class without source (the check runs
        none of the project's code for the object, so it is of no project class), and
        perhaps the class of another opaque object asked before. Made once per object: a
        choice among those objects' classes where one class may be below both bounds, and
        a class of its own, so that the solver takes two such classes as one or as two."""
        if obj not in self._opaque_classes:
            own = self.heap_object(self.program.classes[jdk.CLASS], f"{obj.label}.getClass()",
                                   "class")
            options = [cls for other, (cls, _) in self._opaque_classes.items()
                       if _may_share_a_class(other.cls, obj.cls)] + [own]
            name = f"{obj.label}.getClass()@{obj.num}"
            if len(options) == 1:
                ref = ref_to(own.cls, own, self.ctx)
            else:
                var = z3.BitVec(name, ID_BITS, self.ctx)
                self.constraints.append(z3.Or([var == o.num for o in options]))
                self.selectors[name] = (var, [o.num for o in options])
                ref = Ref(own.cls, var, tuple(options))
            self._opaque_classes[obj] = (own, ref)
        return self._opaque_classes[obj][1]

    def opaque_class(self, obj: HeapObj) -> z3.ExprRef | None:
        """The id of ``class_of_opaque(obj)`` if the check asked for it, else None."""
        return self._opaque_classes[obj][1].id if obj in self._opaque_classes else None

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


def _may_share_a_class(a: ClassInfo, b: ClassInfo) -> bool:
    """May one class be below both bounds? Below one that is below the other, or below an
    interface and a class or interface (which a class may implement)."""
    return a.is_subtype_of(b) or b.is_subtype_of(a) or a.is_interface or b.is_interface
