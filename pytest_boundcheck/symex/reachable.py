"""Which constructors, factories and methods make and change the objects a check starts
from: those that code outside the class can call (docs/user/objects-and-bounds.md,
"reachable").

A public class is used through its public members: its public constructors and static
factories make its objects, its public methods change them. A protected or package-private
member of it is an internal hook, called with the arguments its own package or subclasses
pass, and counts only where other project code calls it (a subclass calling a protected
setter, a factory of the package calling a package-private constructor). A class that is
not public is used by its package alone, through every member that is not private. A
public class without a public constructor or factory is made by the non-private ones, as
its package's code makes it: made from field values instead, it would have any state at all.
"""
from __future__ import annotations

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.types import ClassInfo, MethodInfo


def exported(cls: ClassInfo) -> bool:
    """Can code outside the package use ``cls``: is it public, and so is each enclosing class?"""
    while cls is not None:
        if "public" not in cls.modifiers and not cls.is_interface:
            return False
        cls = cls.outer
    return True


def reachable(program: Program, method: MethodInfo) -> bool:
    """Can code outside ``method``'s class call it: public, of a class that is not public,
    or called by other project code (a constructor by ``new`` or a subclass's ``super``,
    a method by name, with as many arguments)?"""
    if method.private:
        return False
    owner = method.owner
    if not exported(owner) or method.decl is None or "public" in method.decl.modifiers:
        return True
    return (method.name, len(method.params)) in _called_elsewhere(program, owner)


def builders(program: Program, candidates: list[MethodInfo]) -> list[MethodInfo]:
    """The constructors and factories among ``candidates`` (non-private ones, of one class)
    that outside code can call; all of them where it can call none."""
    outside = [m for m in candidates if reachable(program, m)]
    return outside or candidates


def _called_elsewhere(program: Program, cls: ClassInfo) -> frozenset[tuple[str, int]]:
    """(name, number of arguments) of the calls into ``cls`` that the code of other project
    classes makes: method calls by name (whatever their receiver: a subclass calls a
    protected hook unqualified), ``new`` of the class (as ``<init>``), and a direct
    subclass's ``super(...)``. Read once per program and class."""
    known = program.derived.setdefault("called from other classes", {})
    if cls not in known:
        found = set()
        for other in program.project:
            if other is cls:
                continue
            body = [other.decl.methods, other.decl.constructors, other.decl.fields,
                    other.decl.initializers]
            for node in ast.walk(body):
                if isinstance(node, ast.MethodCall):
                    found.add((node.name, len(node.args)))
                elif _constructs(node, cls, other):
                    found.add(("<init>", len(node.args)))
        known[cls] = frozenset(found)
    return known[cls]


def _constructs(node, cls: ClassInfo, scope: ClassInfo) -> bool:
    """Does ``node``, in ``scope``'s code, call a constructor of ``cls``: ``new`` of it, or
    ``super(...)`` in a direct subclass?"""
    if isinstance(node, ast.New):
        return node.type.name.rsplit(".", 1)[-1] == cls.simple_name
    return isinstance(node, ast.CtorCall) and node.kind == "super" and scope.superclass is cls
