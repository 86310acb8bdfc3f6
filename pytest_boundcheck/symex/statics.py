"""Static fields and class initialisation: constants, objects a static final field's
initialiser makes, non-final statics, and a project enum's constants.
"""
from __future__ import annotations

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import MODEL_MADE, ClassInfo, FieldInfo, PrimType
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.runtime_types import type_names
from pytest_boundcheck.symex.state import Event, Frame, Location, State
from pytest_boundcheck.symex.values import DeadPath, HeapObj, Ref, Value, is_false, is_true, ref_to


class StaticsMixin:
    """The executor's static fields and class initialisation (``Executor``)."""

    def _init_statics(self) -> None:
        self._statics: dict[str, Value] = {}
        self._static_objects: dict[str, tuple | None] = {}  # (value, trouble) of such initialisers
        self._enums: dict[str, list[HeapObj]] = {}  # enum -> its constants
        # fields that class initialisation gave the objects it made: enum constants, objects
        # of static final fields
        self._initialised: dict[tuple[HeapObj, FieldInfo], Value] = {}
        self._enum_trouble: dict[str, Event | None] = {}  # what stops making an enum's constants
        self._class_states: dict[str, HeapObj] = {}  # class -> its static fields' holder
        # non-final static fields read before the check wrote them -> the methods that may
        # assign them another value
        self.fresh_statics: dict[str, tuple[str, ...]] = {}
        self._class_inits: dict[str, Event | None] = {}  # what stops a class's initialisation
        self._initialising: set[str] = set()  # classes whose initialisation is running
        # the objects class initialisation made: they exist before any code of the check
        # runs on the JVM, wherever the engine happened to make them (for JML's \fresh)
        self.initialisation_objects: set[HeapObj] = set()

    def _held_static(self, state: State, fld: FieldInfo, line: int) -> None:
        """A static field the engine can hold: a project class's."""
        if not fld.owner.is_project:
            self.unsupported(state, f"non-final static field {fld.owner.simple_name}.{fld.name}", line)

    def _check_static(self, state: State, fld: FieldInfo, line: int) -> None:
        """A static field code may assign: a project class's, non-final or assigned by its
        own class's initialisation."""
        self._held_static(state, fld, line)
        if fld.final and fld.owner.fqname not in self._initialising:
            self.unsupported(state, f"assignment to static field {fld.name}", line)

    # -- class initialisation
    def static_start(self, state: State, fld: FieldInfo) -> Value:
        """A static field of a project class that the check has not written: as class
        initialisation leaves it (JLS 12.4.2), or, while that runs, at its default. A
        non-final one may have been assigned since by the methods that assign it: the
        result says it assumed they were not called (``fresh_statics``)."""
        cls = fld.owner
        if not fld.final and cls.fqname not in self._initialising:
            self.fresh_statics.setdefault(fld.key, self.program.static_writers(fld))
        if has_static_blocks(cls) and cls.fqname not in self._initialising:
            trouble = self._initialise_class(cls)
            if trouble is not None:
                self.unsupported(state, trouble.what, trouble.where.line, trouble.where.path or "?")
        key = (self.class_state(cls).targets[0], fld)
        if key in self._initialised:
            return self._initialised[key]
        if cls.fqname in self._initialising or fld.init is None:
            return self.default_value(fld.type)
        if self.constant_initialiser(fld):
            return self.constant_value(fld)
        return self._initialised_static(state, fld, fld.line)

    def _initialise_class(self, cls: ClassInfo) -> Event | None:
        """Run the initialisation of a project class with ``static {}`` blocks once per
        check: its static field initialisers and static blocks in textual order; what
        stops it, if anything. The fields it sets are the class's holder's
        (``class_state``) in ``_initialised``. A class without such blocks has each static
        field initialised alone, when first read: no other code can change what its
        initialiser sees."""
        if cls.fqname not in self._class_inits:
            self._class_inits[cls.fqname] = None  # while it runs
            holder = self.class_state(cls)
            steps = sorted([(f.line, 0, f) for f in cls.fields.values()
                            if f.static and f.init is not None and not self.is_constant_field(f)]
                           + [(i.body.line, 1, i.body) for i in cls.decl.initializers if i.static],
                           key=lambda step: step[:2])

            def run(state):
                for _, _, step in steps:
                    if isinstance(step, FieldInfo):
                        value, state = self.eval_to(step.init, step.type, state, step.line)
                        state = self.write_field(state, holder, step, value, step.line)
                    else:
                        state = self.exec_stmt(step, state)
                return None, state
            self._initialising.add(cls.fqname)
            try:
                self._class_inits[cls.fqname] = self._class_init(
                    cls, f"initialising {cls.simple_name}", cls.decl.line, run)[1]
            finally:
                self._initialising.discard(cls.fqname)
        return self._class_inits[cls.fqname]

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
                    self.unsupported(state, f"constructor {cls.simple_name}({type_names(args)})", c.line)
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
        value, made = None, len(self.objects)
        try:
            value, state = run(state)
        except DeadPath:
            state = None
        finally:
            self.frames = calls
            self.initialisation_objects.update(self.objects[made:])
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

    def static_value(self, fld: FieldInfo, state: State, line: int) -> Value:
        if fld.owner.origin == "jdk" and isinstance(fld.type, ClassInfo) \
                and fld.type.fqname in BOXES:  # Boolean.TRUE: the cached box
            return self.box(semantics.constant(self.ctx, BOXES[fld.type.fqname].prim,
                                               fld.init), line)
        constant = self.enum_constant(fld)
        if constant is not None:
            return constant
        if not fld.final or (fld.owner.is_project and has_static_blocks(fld.owner)
                             and not self.is_constant_field(fld)):
            self._held_static(state, fld, line)
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


def has_static_blocks(cls: ClassInfo) -> bool:
    return cls.decl is not None and any(i.static for i in cls.decl.initializers)


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
