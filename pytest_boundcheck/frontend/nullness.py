"""Nullness annotations: the parameters and fields that code declares never null.

Objects are made as code that honours the annotations makes them: a constructor,
factory or method parameter declared non-null is never given null, and a field declared
non-null is never null in an object made from field values. So EqualsVerifier reads
them too: a violation that needs a null where the code says none may go is no finding.
Annotations are known by their simple names, whichever library declares them."""
from __future__ import annotations

from pytest_boundcheck.frontend import javaast as ast

NON_NULL = frozenset({"Nonnull", "NonNull", "NotNull"})
# (guava's ParametricNullness: as nullable as the type argument, so perhaps nullable)
NULLABLE = frozenset({"Nullable", "CheckForNull", "ParametricNullness"})
# class and package annotations that declare non-null what is not marked nullable:
# name -> (parameters, fields)
DEFAULTS = {"ParametersAreNonnullByDefault": (True, False), "NonNullByDefault": (True, True),
            "NullMarked": (True, True), "ElementTypesAreNonnullByDefault": (True, True)}


def never_null(annotations: tuple[ast.Annotation, ...], cls, parameter: bool,
               package: tuple[ast.Annotation, ...] = ()) -> bool:
    """Is a parameter (``parameter``) or field with these annotations, declared in
    ``cls``, declared never null: by its own annotation, else by a default of its class,
    an enclosing one or its package (``package``: package-info.java's annotations)?"""
    names = {_simple(a) for a in annotations}
    if names & NULLABLE:
        return False
    if names & NON_NULL:
        return True
    defaults = list(package)
    while cls is not None:
        defaults.extend(cls.decl.annotations)
        cls = cls.outer
    return any(DEFAULTS.get(_simple(a), (False, False))[0 if parameter else 1] for a in defaults)


def speaks_of_nullness(cls, package: tuple[ast.Annotation, ...] = ()) -> bool:
    """Does the code of ``cls`` say anything of nullness: a nullness annotation on one of
    its fields or parameters, or a default on it, an enclosing class or its package? A
    class that does has said where null may go, and its objects are made as it says; one
    that does not is under the null policy (``Bounds.null_fields``)."""
    known = NON_NULL | NULLABLE | frozenset(DEFAULTS)
    names = {_simple(a) for a in package}
    c = cls
    while c is not None:
        names |= {_simple(a) for a in c.decl.annotations}
        c = c.outer
    decl = cls.decl
    names |= {_simple(a) for f in decl.fields for a in f.annotations}
    names |= {_simple(a) for m in decl.methods + decl.constructors for p in m.params
              for a in p.annotations}
    return bool(names & known)


def _simple(a: ast.Annotation) -> str:
    return a.name.rsplit(".", 1)[-1]
