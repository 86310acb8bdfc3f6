"""JML's non-null default (JML Reference Manual 6.2.13): in a file with JML annotations,
a reference field, a method's result and a parameter are ``non_null`` unless declared
``nullable``, or unless their class (or one around it) is ``nullable_by_default``
(``non_null_by_default`` says the default again, and overrides an outer class's).

Only files with JML annotations get the default, so that a plain Java project's classes
are made and checked as before. Its non-null fields and parameters are marked so in the
class table (``FieldInfo.never_null``, ``Param.never_null``), as a ``@NonNull``
annotation marks them: objects made from field values never hold null there, and no
caller passes null to such a parameter. The classes of those files have said where null
may go, so the null policy (``Bounds.null_fields``) is not theirs.
"""
from __future__ import annotations

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.types import ENCLOSING_FIELD, ClassInfo, FieldInfo, MethodInfo, PrimType

_DEFAULTS = {"nullable_by_default": True, "non_null_by_default": False}


def has_annotations(spec: j.JmlFile) -> bool:
    """Does the file hold any JML annotation (read, or in error)?"""
    return bool(spec.declarations or spec.statements or spec.errors)


def mark_non_null(program, specs: list[j.JmlFile]) -> None:
    """Mark the non-null fields and parameters of the classes of files with JML
    annotations in ``program``'s class table, and note those classes as having said
    where null may go (``Program.speaks_of_nullness``)."""
    annotated = {spec.path: _by_place(spec) for spec in specs if has_annotations(spec)}
    for cls in program.project:
        decls = annotated.get(cls.path)
        if decls is None or cls.decl is None:
            continue
        program.nullness_declared.add(cls)
        default = nullable_by_default(cls, decls)
        for f in cls.decl.fields:
            fld = cls.fields.get(f.name)
            if fld is not None and fld.owner is cls and not isinstance(fld.type, PrimType):
                fld.never_null = fld.never_null or not _nullable(decls.get((f.line, f.column)),
                                                                 default)
        for method in [*cls.methods, *cls.ctors]:
            if method.decl is None:
                continue
            for p in method.params:
                if not isinstance(p.type, PrimType):
                    p.never_null = p.never_null or not _nullable(
                        parameter_spec(decls, method, p.name), default)


def nullable_by_default(cls: ClassInfo, decls: dict[tuple[int, int], j.DeclSpec]) -> bool:
    """The default of ``cls``: that of the nearest class around it (itself first) that
    declares one, else non-null."""
    while cls is not None:
        spec = decls.get((cls.decl.line, cls.decl.column)) if cls.decl else None
        for modifier in spec.modifiers if spec else ():
            if modifier.name in _DEFAULTS:
                return _DEFAULTS[modifier.name]
        cls = cls.outer
    return False


def non_null_fields(cls: ClassInfo) -> list[FieldInfo]:
    """The instance reference fields of ``cls`` and its project superclasses declared
    never null (by JML's default, ``non_null`` or a nullness annotation): each an
    implicit invariant of ``cls``'s objects."""
    found = []
    while cls is not None and cls.decl is not None:
        found.extend(f for f in cls.fields.values() if f.never_null and not f.static
                     and f.name != ENCLOSING_FIELD and not isinstance(f.type, PrimType))
        cls = cls.superclass
    return found


def non_null_result(method: MethodInfo, decls: dict[tuple[int, int], j.DeclSpec]) -> bool:
    """Is ``method``'s result (a reference) non-null, by its declaration or its class's
    default?"""
    if method.name == "<init>" or isinstance(method.return_type, PrimType):
        return False
    spec = decls.get((method.decl.line, method.decl.column))
    return not _nullable(spec, nullable_by_default(method.owner, decls))


def parameter_spec(decls: dict[tuple[int, int], j.DeclSpec], method: MethodInfo,
                   name: str) -> j.DeclSpec | None:
    """The specification of ``method``'s parameter ``name``, if its annotations say any."""
    return next((d for d in decls.values() if d.kind == "parameter" and d.name == name
                 and method.decl.line <= d.line <= (method.decl.end_line or method.decl.line)),
                None)


def _nullable(spec: j.DeclSpec | None, default: bool) -> bool:
    for modifier in spec.modifiers if spec else ():
        if modifier.name in ("nullable", "non_null"):
            return modifier.name == "nullable"
    return default


def _by_place(spec: j.JmlFile) -> dict[tuple[int, int], j.DeclSpec]:
    return {(d.line, d.column): d for d in spec.declarations}
