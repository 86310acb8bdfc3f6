"""Which objects an equals method can accept, read off the guard it begins with.

Nearly every equals method starts by rejecting objects of other classes:
``if (!(o instanceof Point)) return false;``, ``if (o == null || getClass() !=
o.getClass()) return false;``, ``return o instanceof Point p && ...``. Where the
guards of two class hierarchies reject each other's objects, an object of one is,
to the equals of the other, no different from a plain ``Object``: the harness
stage uses this to leave whole hierarchies out of a check's "other objects", which
in a large project would otherwise be every class of it, each explored in full.
"""
from __future__ import annotations

import weakref
from collections.abc import Callable

from . import javaast as ast
from . import jdk
from .jtypes import ClassInfo
from .program import Program

Accepts = Callable[[ClassInfo], bool]
_ALL: Accepts = lambda other: True  # no guard understood: anything may be equal


def accepts(program: Program, cls: ClassInfo) -> Accepts:
    """A test of whether ``cls``'s equals can return true (or do anything but return
    false) for an argument of a given class; true where the guard is not understood.
    Read once per program and class."""
    known = _ACCEPTS.setdefault(program, {})
    if cls not in known:
        known[cls] = (lambda other: other is cls) if cls.fqname == jdk.STRING \
            else _accepts_from(program, cls, cls)
    return known[cls]


def _accepts_from(program: Program, cls: ClassInfo, start: ClassInfo) -> Accepts:
    """``accepts`` for a receiver of class ``cls``, running the equals ``start`` has."""
    known = jdk.LIBRARY_EQUALS.get(start.fqname) if start.origin == "external" else None
    if known is not None:
        return (lambda other: other is cls) if known == "class" else (lambda other: False)
    obj = program.classes[jdk.OBJECT]
    impl, _ = program.find_override(start, program.methods_named(obj, "equals")[0])
    if impl is None:
        return _ALL
    if impl.owner is obj:
        library = next((c for c in _superclasses(start) if c.origin == "external"), None)
        if library is not None:  # a library superclass may override it
            return _accepts_from(program, cls, library) if library.fqname in jdk.LIBRARY_EQUALS \
                else _ALL
        return lambda other: False  # identity: only ever equal to itself
    if impl.decl is None or impl.decl.body is None or len(impl.params) != 1:
        return _ALL
    return _from_guard(program, cls, impl, _leading_guard(impl.decl.body.stmts,
                                                          impl.decl.params[0].name))


def _from_guard(program: Program, cls: ClassInfo, impl, guard) -> Accepts:
    if isinstance(guard, tuple):  # either requirement will do
        tests = [_from_guard(program, cls, impl, g) for g in guard]
        return lambda other: any(t(other) for t in tests)
    if guard == "class":
        return lambda other: other is cls
    if guard == "super" and impl.owner.superclass is not None:
        return _accepts_from(program, cls, impl.owner.superclass)
    if isinstance(guard, ast.TypeName):
        accepted = program.resolve_type(guard, impl.owner)
        if isinstance(accepted, ClassInfo) and accepted.origin != "external":
            return lambda other: other.is_subtype_of(accepted)
    return _ALL


def _superclasses(cls: ClassInfo):
    """``cls`` and its superclasses (interfaces cannot override equals)."""
    while cls is not None:
        yield cls
        cls = cls.superclass


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # program -> {root: bool}
_ACCEPTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # program -> {class: Accepts}


def isolated(program: Program, family: list[ClassInfo], universe: list[ClassInfo]) -> bool:
    """Do the classes of ``family`` (a hierarchy) and the other classes of ``universe``
    reject each other's objects in their equals guards? Remembered per program and family."""
    known = _CACHE.setdefault(program, {})
    key = family[0]
    if key not in known:
        others = [c for c in universe if c not in family]
        mine = [accepts(program, c) for c in family]
        known[key] = all(not a(o) for a in mine for o in others) and all(
            not accepts(program, o)(c) for o in others for c in family)
    return known[key]


def _leading_guard(stmts: tuple[ast.Stmt, ...], param: str):
    """The type the guard at the start of an equals body requires of ``param`` ("class":
    exactly the receiver's class; "super": what the superclass's equals requires; a
    tuple: any of these), if it is one of the usual forms; else None."""
    stmts = list(stmts)
    while stmts and (_is_identity_shortcut(stmts[0], param) or _is_null_rejection(stmts[0], param)):
        first = stmts.pop(0)
        if first.other is not None:  # if (this == o) return true; else ...
            stmts.insert(0, first.other)
    if not stmts:
        return None
    first = stmts[0]
    if isinstance(first, ast.Return) and first.value is not None:
        return _required(first.value, param, when_true=True)
    if not isinstance(first, ast.If) or first.other is not None:
        return None
    if _returns(first.then, False):  # if (<not acceptable>) return false;
        return _required(first.cond, param, when_true=False)
    if len(stmts) == 2 and _returns(stmts[1], False):  # if (<acceptable>) {...} return false;
        return _required(first.cond, param, when_true=True)
    if len(stmts) == 2 and _returns_super_equals(stmts[1], param):  # ... return super.equals(o);
        found = _required(first.cond, param, when_true=True)
        return None if found is None else (found, "super")
    return None


def _returns_super_equals(stmt: ast.Stmt, param: str) -> bool:
    return isinstance(stmt, ast.Return) and stmt.value is not None and _required(
        stmt.value, param, when_true=True) == "super"


def _required(cond: ast.Expr, param: str, when_true: bool) -> ast.TypeName | str | None:
    """What ``cond`` requires of ``param`` for it to be ``when_true``."""
    if isinstance(cond, ast.Unary) and cond.op == "!":
        return _required(cond.operand, param, not when_true)
    if isinstance(cond, ast.InstanceOf) and _is(cond.expr, param) and when_true:
        return cond.type
    if (isinstance(cond, ast.MethodCall) and cond.is_super and cond.name == "equals"
            and len(cond.args) == 1 and _is(cond.args[0], param) and when_true):
        return "super"
    if isinstance(cond, ast.Binary):
        for test, constant in ((cond.left, cond.right), (cond.right, cond.left)):
            if cond.op in ("==", "!=") and isinstance(constant, ast.Literal) \
                    and constant.kind == "boolean":  # o instanceof A == false
                return _required(test, param, when_true == (constant.value == (cond.op == "==")))
        if cond.op == "||" and when_true:  # o == this || <acceptable>: the same object is
            for same, rest in ((cond.left, cond.right), (cond.right, cond.left)):
                if _is_identity(same, param):
                    return _required(rest, param, when_true)
        # a && b is true only if both are; a || b is false only if both are false
        if (cond.op == "&&" and when_true) or (cond.op == "||" and not when_true):
            for part in (cond.left, cond.right):
                found = _required(part, param, when_true)
                if found is not None:
                    return found
        if cond.op in ("==", "!=") and _compares_classes(cond, param):
            return "class" if (cond.op == "==") == when_true else None
    return None


def _compares_classes(cond: ast.Binary, param: str) -> bool:
    """``getClass() == o.getClass()`` in either order, ``this.getClass()`` included."""
    sides = [cond.left, cond.right]
    own = [s for s in sides if _get_class(s) and (s.target is None or isinstance(s.target, ast.This))]
    theirs = [s for s in sides if _get_class(s) and s.target is not None and _is(s.target, param)]
    return len(own) == 1 and len(theirs) == 1


def _get_class(e: ast.Expr) -> bool:
    return isinstance(e, ast.MethodCall) and e.name == "getClass" and not e.args


def _is(e: ast.Expr, name: str) -> bool:
    return isinstance(e, ast.Name) and e.name == name


def _is_null_rejection(stmt: ast.Stmt, param: str) -> bool:
    """``if (o == null) return false;`` (either order, perhaps with an else)."""
    if not isinstance(stmt, ast.If) or not _returns(stmt.then, False):
        return False
    c = stmt.cond
    return isinstance(c, ast.Binary) and c.op == "==" and (
        (_is(c.left, param) and _is_literal(c.right, "null", None))
        or (_is(c.right, param) and _is_literal(c.left, "null", None)))


def _is_identity_shortcut(stmt: ast.Stmt, param: str) -> bool:
    """``if (this == o) return true;`` (perhaps with an else)."""
    return isinstance(stmt, ast.If) and _returns(stmt.then, True) and _is_identity(stmt.cond, param)


def _is_identity(c: ast.Expr, param: str) -> bool:
    """``this == o`` (either order)."""
    return isinstance(c, ast.Binary) and c.op == "==" and {type(c.left), type(c.right)} == {
        ast.This, ast.Name} and (_is(c.left, param) or _is(c.right, param))


def _returns(stmt: ast.Stmt, value: bool) -> bool:
    if isinstance(stmt, ast.Block) and len(stmt.stmts) == 1:
        stmt = stmt.stmts[0]
    return isinstance(stmt, ast.Return) and stmt.value is not None and _is_literal(
        stmt.value, "boolean", value)


def _is_literal(e: ast.Expr, kind: str, value) -> bool:
    return isinstance(e, ast.Literal) and e.kind == kind and e.value == value
