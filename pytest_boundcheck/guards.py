"""Which objects an equals method can accept, read off the guard it begins with.

Nearly every equals method starts by rejecting objects of other classes:
``if (!(o instanceof Point)) return false;``, ``if (o == null || getClass() !=
o.getClass()) return false;``, ``return o instanceof Point p && ...``. The classes
fall into groups that no guard links with each other; to the equals of one group,
an object of another is no different from a plain ``Object``: the harness stage
uses this to leave other groups out of a check's "other objects", which in a large
project would otherwise be every class of it, each explored in full.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass

from . import javaast as ast
from . import jdk
from .jtypes import ClassInfo
from .program import Program

# What an equals method may return true for: a set of classes of the universe, or one of
Accepted = frozenset[ClassInfo] | str
ANY = "any"  # no guard understood: anything may be equal
# equals inherited from a library class without source: unknown, but taken to obey its
# contract, so by symmetry it accepts an object exactly when that object's equals accepts it
BY_SYMMETRY = "by symmetry"
_COLLECTIONS = ("java.util.List", "java.util.Set", "java.util.Map")

# program -> {universe: {class: group}}
_GROUPS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def apart(program: Program, family: list[ClassInfo], other: ClassInfo,
          universe: list[ClassInfo]) -> bool:
    """Is ``other`` in another group than every class of ``family``, where a group is what
    the relation "one's equals may accept the other" links, in either direction and
    through any chain? Then no object of ``other`` can be equal to one of ``family``, nor
    to one that can be."""
    group = _groups(program, universe)
    return all(group[c] is not group[other] for c in family if c in group)


def _groups(program: Program, universe: list[ClassInfo]) -> dict[ClassInfo, ClassInfo]:
    """Each class of the universe -> a representative of its group (a union-find over the
    classes; read once per program and universe: a check of an abstract class on an
    unknown subclass's objects adds that class to it, ``harness.receiver_types``)."""
    known = _GROUPS.setdefault(program, {})
    key = tuple(universe)
    if key in known:
        return known[key]
    below = _below(universe)
    parent = {c: c for c in universe}

    def root(c: ClassInfo) -> ClassInfo:
        while parent[c] is not c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    def link(a: ClassInfo, b: ClassInfo) -> None:
        parent[root(a)] = root(b)
    by_symmetry = []
    for c in universe:
        accepted = _accepted(program, c, c, below)
        if accepted == BY_SYMMETRY:
            by_symmetry.append(c)  # linked by the others' guards, and with each other
            continue
        for other in universe if accepted == ANY else accepted:
            link(c, other)
    for a, b in zip(by_symmetry, by_symmetry[1:]):
        link(a, b)
    known[key] = {c: root(c) for c in universe}
    return known[key]


def accepted(program: Program, cls: ClassInfo, universe: list[ClassInfo]) -> Accepted:
    """What ``cls``'s equals may return true for: a set of classes of the universe, ANY or
    BY_SYMMETRY."""
    return _accepted(program, cls, cls, _below(universe))


def _below(universe: list[ClassInfo]) -> dict[ClassInfo, list[ClassInfo]]:
    """Each type -> the classes of the universe that are subtypes of it."""
    below: dict[ClassInfo, list[ClassInfo]] = {}
    for c in universe:
        for t in c.supertypes():
            below.setdefault(t, []).append(c)
    return below


def _accepted(program: Program, cls: ClassInfo, start: ClassInfo, below) -> Accepted:
    """What the equals ``start`` has may accept for a receiver of class ``cls``."""
    if cls.fqname == jdk.STRING:
        return frozenset([cls])
    known = jdk.LIBRARY_EQUALS.get(start.fqname) if start.origin == "external" else None
    if known is not None:
        return frozenset([cls]) if known == "class" else frozenset()
    obj = program.classes[jdk.OBJECT]
    impl, _ = program.find_override(start, program.methods_named(obj, "equals")[0])
    if impl is None:
        return ANY
    if impl.owner is obj:
        library = next((c for c in _superclasses(start) if c.origin == "external"), None)
        if library is not None:  # a library superclass may override it
            return _accepted(program, cls, library, below) \
                if library.fqname in jdk.LIBRARY_EQUALS else BY_SYMMETRY
        return frozenset()  # identity: only ever equal to itself
    if impl.decl is None and impl.owner.origin == "jdk":
        collection = next((program.classes[name] for name in _COLLECTIONS
                           if impl.owner.is_subtype_of(program.classes[name])), None)
        if collection is not None:  # equal only to another List (Set, Map)
            return frozenset(below.get(collection, ()))
    if impl.decl is None or impl.decl.body is None or len(impl.params) != 1:
        return ANY
    return _from_guard(program, cls, impl, below,
                       _leading_guard(impl.decl.body.stmts, impl.decl.params[0].name))


def _from_guard(program: Program, cls: ClassInfo, impl, below, guard) -> Accepted:
    if isinstance(guard, tuple):  # either requirement will do
        parts = [_from_guard(program, cls, impl, below, g) for g in guard]
        if any(isinstance(p, str) for p in parts):
            return ANY
        return frozenset().union(*parts)
    if guard == "class":
        return frozenset([cls])
    if isinstance(guard, _Exactly):
        return frozenset([program.resolve_type(guard.type, impl.owner)])
    if guard == "super" and impl.owner.superclass is not None:
        return _accepted(program, cls, impl.owner.superclass, below)
    if isinstance(guard, ast.TypeName):
        accepted = program.resolve_type(guard, impl.owner)
        if isinstance(accepted, ClassInfo) and accepted.origin != "external":
            return frozenset(below.get(accepted, ()))
    return ANY


def _superclasses(cls: ClassInfo):
    """``cls`` and its superclasses (interfaces cannot override equals)."""
    while cls is not None:
        yield cls
        cls = cls.superclass


def _leading_guard(stmts: tuple[ast.Stmt, ...], param: str):
    """The type the guard at the start of an equals body requires of ``param`` ("class":
    exactly the receiver's class; "super": what the superclass's equals requires; a
    tuple: any of these), if it is one of the usual forms; else None."""
    stmts = list(stmts)
    while stmts and (_is_identity_shortcut(stmts[0], param) or _is_null_rejection(stmts[0], param)
                     or isinstance(stmts[0], ast.Block)):
        first = stmts.pop(0)
        if isinstance(first, ast.Block):  # else { ... }
            stmts[:0] = first.stmts
        elif first.other is not None:  # if (this == o) return true; else ...
            stmts.insert(0, first.other)
    if not stmts:
        return None
    first = stmts[0]
    if isinstance(first, ast.Try):
        return _cast_in_try(first, param)
    if isinstance(first, ast.LocalVar):
        return _result_variable(stmts, param)
    if isinstance(first, ast.Return) and first.value is not None:
        return _required(first.value, param, when_true=True)
    if not isinstance(first, ast.If):
        return None
    if _returns(first.then, False):  # if (<not acceptable>) return false; [else ...]
        return _required(first.cond, param, when_true=False)
    # if (<acceptable>) {...} [else] return false;  or  ... [else] return super.equals(o);
    after = first.other if first.other is not None else stmts[1] if len(stmts) == 2 else None
    if after is None:
        return None
    if _returns(after, False):
        return _required(first.cond, param, when_true=True)
    if _returns_super_equals(after, param):
        found = _required(first.cond, param, when_true=True)
        return None if found is None else (found, "super")
    return None


def _cast_in_try(stmt: ast.Try, param: str) -> ast.TypeName | None:
    """``try { T t = (T) o; ... } catch (ClassCastException e) { return false; }``: a T."""
    first = stmt.body.stmts[0] if stmt.body.stmts else None
    rejects = any(_returns(c.body, False) and any(t.name.rsplit(".", 1)[-1] == "ClassCastException"
                                                  for t in c.types) for c in stmt.catches)
    if rejects and isinstance(first, ast.LocalVar) and isinstance(first.init, ast.Cast) \
            and _is(first.init.expr, param):
        return first.init.type
    return None


def _result_variable(stmts: list[ast.Stmt], param: str):
    """``boolean r = false; if (this == o) r = true; else if (<acceptable>) {...} return r;``:
    what the conditions of the chain that may set ``r`` require (any of them)."""
    if len(stmts) != 3:
        return None
    declared, branch, returned = stmts
    if not (isinstance(declared, ast.LocalVar) and _is_literal(declared.init, "boolean", False)
            and isinstance(returned, ast.Return) and _is(returned.value, declared.name)):
        return None
    either = []
    while isinstance(branch, ast.If):
        if not _is_identity(branch.cond, param):
            either.append(_required(branch.cond, param, when_true=True))
        branch = None if branch.other is None else _single(branch.other)
    return tuple(either) if branch is None and either and None not in either else None


def _returns_super_equals(stmt: ast.Stmt, param: str) -> bool:
    stmt = _single(stmt)
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
            either = (_required(cond.left, param, True), _required(cond.right, param, True))
            return None if None in either else either
        # a && b is true only if both are; a || b is false only if both are false
        if (cond.op == "&&" and when_true) or (cond.op == "||" and not when_true):
            for part in (cond.left, cond.right):
                found = _required(part, param, when_true)
                if found is not None:
                    return found
        if cond.op in ("==", "!=") and _same_classes(cond.left, cond.right, param):
            return "class" if (cond.op == "==") == when_true else None
        if cond.op in ("==", "!=") and (cond.op == "==") == when_true:
            return _class_literal_of(cond.left, cond.right, param)
    if isinstance(cond, ast.MethodCall) and when_true and cond.target is not None \
            and len(cond.args) == 1:
        target, arg = cond.target, cond.args[0]
        if cond.name == "equals" and _same_classes(target, arg, param):
            return "class"  # getClass().equals(o.getClass())
        if cond.name == "equals":
            return _class_literal_of(target, arg, param)  # Point.class.equals(o.getClass())
        if cond.name == "isAssignableFrom" and isinstance(target, ast.ClassLiteral) \
                and _class_literal_of(target, arg, param):
            return target.type  # Point.class.isAssignableFrom(o.getClass())
    return None


@dataclass(frozen=True)
class _Exactly:
    """The guard requires the argument's class to be exactly this one."""
    type: ast.TypeName


def _class_literal_of(a: ast.Expr, b: ast.Expr, param: str) -> _Exactly | None:
    """``Point.class`` and ``o.getClass()``, in either order."""
    for literal, call in ((a, b), (b, a)):
        if isinstance(literal, ast.ClassLiteral) and _get_class(call) \
                and call.target is not None and _is(call.target, param):
            return _Exactly(literal.type)
    return None


def _same_classes(a: ast.Expr, b: ast.Expr, param: str) -> bool:
    """``getClass()`` and ``o.getClass()`` in either order, ``this.getClass()`` included."""
    sides = [a, b]
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


def _single(stmt: ast.Stmt) -> ast.Stmt:
    """The statement a block of one statement holds; any other statement itself."""
    return stmt.stmts[0] if isinstance(stmt, ast.Block) and len(stmt.stmts) == 1 else stmt


def _returns(stmt: ast.Stmt, value: bool) -> bool:
    stmt = _single(stmt)
    return isinstance(stmt, ast.Return) and stmt.value is not None and _is_literal(
        stmt.value, "boolean", value)


def _is_literal(e: ast.Expr, kind: str, value) -> bool:
    return isinstance(e, ast.Literal) and e.kind == kind and e.value == value
