"""Java's typing rules as the executor applies them to values: instanceof on an object
of a class the class table may not know, the objects of a reference that have a field,
and small facts about values and names."""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import ClassInfo, FieldInfo, type_name
from pytest_boundcheck.symex.values import HeapObj, Prim, Ref, Value


def instance_of(obj: HeapObj, t: ClassInfo) -> bool | None:
    """Is ``obj`` a ``t``? None when the class table cannot tell."""
    if obj.class_unknown and obj.cls.kind != "enum" and not obj.cls.is_subtype_of(t):
        return None  # some class below obj.cls: it may be a t or not
    # an enum constant with a body is of an anonymous class that adds no supertype
    return obj.cls.subtype_decided(t)


def holding(target: Ref, fld: FieldInfo) -> list[tuple[z3.BoolRef, HeapObj]]:
    """The cases of a reference whose objects have the field; Java's typing rules out
    the others on any path that accesses it."""
    return [(g, o) for g, o in target.non_null() if o.cls.is_subtype_of(fld.owner)]


def is_string(v: Value) -> bool:
    return isinstance(v, Ref) and isinstance(v.type, ClassInfo) and v.type.fqname == jdk.STRING


def value_kind(v: Value):
    """What two values must share to be merged: a primitive type, or being references."""
    return v.type if isinstance(v, Prim) else Ref


def type_names(args: list[Value]) -> str:
    """The arguments' types as a call's signature writes them."""
    return ", ".join(type_name(a.type) for a in args)


def dotted(expr: ast.Expr) -> str | None:
    """A name or a chain of field accesses as dotted text (``a.b.C``), else None."""
    if isinstance(expr, ast.Name):
        return expr.name
    if isinstance(expr, ast.FieldAccess) and not expr.is_super and expr.target is not None:
        head = dotted(expr.target)
        return f"{head}.{expr.name}" if head is not None else None
    return None
