"""Which contracts a class gets, and the classes whose objects a check may start from."""
from __future__ import annotations

from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.types import ClassInfo, MethodInfo
from pytest_boundcheck.harness.contracts import Contract


def object_method_implementation(program: Program, cls: ClassInfo, name: str) -> MethodInfo | None:
    """The project implementation of Object's method ``name`` (``equals``, ``hashCode``)
    that instances of ``cls`` run, if it is not Object's."""
    declared = program.methods_named(program.classes[jdk.OBJECT], name)[0]
    impl, _ = program.find_override(cls, declared)
    return impl if impl is not None and impl.owner.is_project else None


def compare_to_implementation(program: Program, cls: ClassInfo) -> MethodInfo | None:
    """The project ``compareTo`` instances of ``cls`` run: the Comparable one, or a
    declared one-argument compareTo for classes that do not implement Comparable, where
    it takes objects of the class itself (a ``compareTo(ReadablePartial)`` of a field
    property compares with something else and orders nothing: no contract applies)."""
    comparable = program.classes["java.lang.Comparable"]
    if cls.is_subtype_of(comparable):
        impl, _ = program.find_override(cls, comparable.methods[0])
        if impl is not None and impl.owner.is_project:
            return impl
    declared = [m for m in program.methods_named(cls, "compareTo") if len(m.params) == 1
                and isinstance(m.params[0].type, ClassInfo) and cls.is_subtype_of(m.params[0].type)]
    return declared[0] if declared and declared[0].owner.is_project else None


def applicable(program: Program, cls: ClassInfo, contracts: list[Contract]) -> list[Contract]:
    if cls.kind not in ("class", "record") or cls.origin != "project":
        return []
    families = set()
    if object_method_implementation(program, cls, "equals") is not None:
        families |= {"equals", "hashcode"}
    elif object_method_implementation(program, cls, "hashCode") is not None:
        # Object's identity equals: x.equals(x) holds, so a hashCode that differs between
        # two calls on one object (``new Object().hashCode()``) breaks the contract
        families.add("hashcode")
    if compare_to_implementation(program, cls) is not None:
        families.add("compareto")
    return [c for c in contracts if c.family in families]


def universe(program: Program) -> list[ClassInfo]:
    """Concrete types an initial object may have: project classes, records and enums
    (their constants), String and a plain Object."""
    classes = program.classes
    project = [c for c in _hierarchy_order(program.project)
               if c.kind in ("class", "record", "enum") and not c.is_abstract]
    return project + [classes[jdk.STRING], classes[jdk.OBJECT]]


def _hierarchy_order(classes: list[ClassInfo]) -> list[ClassInfo]:
    """Each class followed by its subclasses, depth first, so that the objects of a class
    and of its subclasses get consecutive ids."""
    children: dict[int, list[ClassInfo]] = {}
    roots = []
    for c in classes:
        if c.superclass is not None and c.superclass.is_project:
            children.setdefault(id(c.superclass), []).append(c)
        else:
            roots.append(c)
    ordered: list[ClassInfo] = []
    pending = list(reversed(roots))
    while pending:
        c = pending.pop()
        ordered.append(c)
        pending.extend(reversed(children.get(id(c), [])))
    return ordered


def receiver_types(program: Program, cls: ClassInfo) -> list[ClassInfo]:
    """Concrete project classes an item's first object may have: ``cls`` and its subclasses.
    An abstract class without a concrete one is checked on objects of an unknown subclass
    that keeps its code: ``cls`` objects with any field values, whose abstract methods are
    unknown functions (``Executor._unknown_function``) and whose exact class is unknown."""
    concrete = [c for c in program.subclasses(cls) if c.kind in ("class", "record") and not c.is_abstract]
    return concrete or ([cls] if cls.kind == "class" else [])


def joins_universe(program: Program, cls: ClassInfo, universe) -> bool:
    """Does a check of ``cls`` add it to the ``universe`` (a collection of classes)? So it
    does for a class checked on an unknown subclass's objects (``receiver_types``)."""
    return cls not in universe and receiver_types(program, cls) == [cls]


def hierarchy(program: Program, cls: ClassInfo) -> list[ClassInfo]:
    """The project classes in ``cls``'s class hierarchy: all subclasses of its topmost
    project superclass."""
    root = cls
    while root.superclass is not None and root.superclass.is_project:
        root = root.superclass
    return program.subclasses(root)
