"""Which constructors, factories and methods make and change the objects a check starts
from: those that code outside the class can call (docs/user/objects-and-bounds.md,
"reachable").

A public class is used through its public members: its public constructors and static
factories make its objects, its public methods change them. A protected or package-private
member of it is an internal hook, called with the arguments its own package or subclasses
pass, and counts only where other project code calls it (a subclass calling a protected
setter, a factory of the package calling a package-private constructor). A class that is
not public is used by its package alone (a private one by its enclosing class), through
every member that is not private. A public class without a public constructor or factory
is made by the non-private ones, as its package's code makes it: made from field values
instead, it would have any state at all. Where a class's own builders are not all public
API, the public static factories of the other public classes of its package that return
it make its objects too (``Ranges.empty(int)`` returning ``new Range(int)``): public API
that may reach what only hooks reach otherwise.

Some members are called only by the project's own code, with values the check cannot
know (``hook``): the non-public members of a public class (or of a protected nested
class, which code outside the package sees only to extend it), and the members with
parameters of a package-private or private class (``Flat3Map.FlatMapEntry(Flat3Map, int)``,
which its map's iterator calls with the map and an index from 1 to 3). The states they
make stay explored (a pass holds of them too) but a violation that needs one is only a
possible one, naming the member and the calls the project makes of it. A member of such
a class without parameters passes no value its package might not, and adds no such doubt.
"""
from __future__ import annotations

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.location import Location
from pytest_boundcheck.frontend.types import ClassInfo, MethodInfo

SITES_NAMED = 3  # the project's calls of a hook that its text names, before "and N more"


def exported(cls: ClassInfo) -> bool:
    """Can code outside the package use ``cls``: is it public, and so is each enclosing class?"""
    while cls is not None:
        if _access(cls) != "public" and not cls.is_interface:
            return False
        cls = cls.outer
    return True


def _access(cls: ClassInfo) -> str:
    """The access of ``cls``: "public" (declared, or as a member of an interface, JLS
    9.5), "protected", "private" or "package-private"."""
    if cls.outer is not None and cls.outer.is_interface:
        return "public"
    return next((a for a in ("public", "protected", "private") if a in cls.modifiers),
                "package-private")


def _public(method: MethodInfo) -> bool:
    """Is ``method`` declared public, or public as a member of an interface (JLS 9.4)?"""
    return "public" in method.decl.modifiers or (method.owner.is_interface and not method.private)


def _closed(cls: ClassInfo) -> ClassInfo | None:
    """The class among ``cls`` and its enclosing classes that keeps it from code outside
    the package, which can then neither use nor extend it: the innermost private one, else
    the innermost package-private one; None where there is none."""
    chain = []
    while cls is not None:
        chain.append(cls)
        cls = cls.outer
    for access in ("private", "package-private"):
        closed = next((c for c in chain if _access(c) == access and not c.is_interface), None)
        if closed is not None:
            return closed
    return None


def reachable(program: Program, method: MethodInfo) -> bool:
    """Can code outside ``method``'s class call it: public, of a class that is not public,
    or called by other project code (a constructor by ``new`` or a subclass's ``super``,
    a method by name, with as many arguments)?"""
    if method.private:
        return False
    owner = method.owner
    if not exported(owner) or method.decl is None or _public(method):
        return True
    return (method.name, len(method.params)) in _called_elsewhere(program, owner)


def hook(program: Program, method: MethodInfo) -> str:
    """Why a violation whose objects ``method`` made or changed may not occur, naming the
    project's calls of it, where only the project's own code calls it, with values the
    check does not know: an internal hook (protected or package-private, of a public
    class), or a member with parameters of a package-private or private class (whose
    package, or enclosing class, alone calls it); "" where it is how code outside the
    class uses it, or takes no value (a no-argument constructor, a getter)."""
    if method.private or method.decl is None:
        return ""
    closed = _closed(method.owner)
    if closed is None:
        if _public(method):
            return ""
        access = "protected" if "protected" in method.decl.modifiers else "package-private"
        member = f"the {access} {member_text(method)}"
        callers = ("code of its package and its subclasses" if access == "protected"
                   else "code of its package")
    elif not method.params:
        return ""
    else:
        access = _access(closed)
        member = f"{member_text(method)} of the {access} class {closed.simple_name}"
        callers = ("code of its package" if access == "package-private"
                   else f"code of {_top(closed).simple_name}")
    sites = _sites(program, method)
    if not sites:
        return (f"reached only through {member}, which no project code calls: the code "
                "that does, which the check does not have, may never pass the values used here")
    named = ", ".join(str(site) for site in sites[:SITES_NAMED])
    more = f" and {len(sites) - SITES_NAMED} more" if len(sites) > SITES_NAMED else ""
    return (f"reached only through {member}, which only {callers} calls ({named}{more}): "
            "with the values those calls pass it may not occur")


def _top(cls: ClassInfo) -> ClassInfo:
    """The top-level class ``cls`` is declared in (itself, if it is one)."""
    while cls.outer is not None:
        cls = cls.outer
    return cls


def member_text(method: MethodInfo) -> str:
    """``new Range(int)`` or ``Instruction.setOpcode(short)``, as a reader would name it."""
    text = method.signature()
    return f"new {text.replace('.<init>', '', 1)}" if method.name == "<init>" else text


def _sites(program: Program, method: MethodInfo) -> list[Location]:
    """Where project code calls ``method``, as ``_called_elsewhere`` counts calls (a
    constructor by ``new`` of its class's simple name or a subclass's ``super(...)``, a
    method by name), with as many arguments, in the order of the project's files."""
    owner, arguments = method.owner, len(method.params)
    keys = ([("new", _own_name(owner), arguments), ("super", owner, arguments)]
            if method.name == "<init>" else [("call", method.name, arguments)])
    sites = _call_index(program)[2]
    return sorted((site for key in keys for site in sites.get(key, ())),
                  key=lambda site: (site.path or "", site.line, site.column))


def builders(program: Program, cls: ClassInfo) -> list[MethodInfo]:
    """What makes the objects of ``cls`` (not abstract): its non-private constructors and
    static factories that outside code can call (all of them where it can call none);
    where one of those is no public API (a ``hook``) or there is none, the public
    factories of other classes of its package too (``factories_elsewhere``), which may
    make through the public API what the hooks make. Where all of them are public API, the
    factories are left out, as their code would cost work on every object made: one can then
    make a state those builders do not only through the class's package-private methods or
    fields, which stay hooks (a possible violation, never a false failure)."""
    own = [c for c in cls.ctors if not c.private] + [
        m for m in cls.methods if m.static and not m.private and m.return_type is cls]
    made = [m for m in own if reachable(program, m)] or own
    if made and not any(hook(program, m) for m in made):
        return made
    return made + factories_elsewhere(program, cls)


def factories_elsewhere(program: Program, cls: ClassInfo) -> list[MethodInfo]:
    """The public static methods of the other exported classes of ``cls``'s package whose
    declared return type is ``cls``: public API that makes its objects, perhaps through
    its package-private constructors and methods (``Ranges.empty(int)`` returning ``new
    Range(int)``). A class of another package can only call what the public API of
    ``cls`` offers, which makes its objects already. Indexed once per program."""
    index = program.derived.get("factories elsewhere")
    if index is None:
        index = program.derived["factories elsewhere"] = {}
        for owner in program.project:
            if not exported(owner):
                continue
            for m in owner.methods:
                made = m.return_type
                if (m.static and not m.abstract and m.decl is not None and _public(m)
                        and isinstance(made, ClassInfo) and made is not owner
                        and made.is_project and made.package == owner.package):
                    index.setdefault(made, []).append(m)
    return index.get(cls, [])


def _called_elsewhere(program: Program, cls: ClassInfo) -> frozenset[tuple[str, int]]:
    """(name, number of arguments) of the calls into ``cls`` that the code of other project
    classes makes: method calls by name (whatever their receiver: a subclass calls a
    protected hook unqualified), ``new`` of the class (as ``<init>``), and a direct
    subclass's ``super(...)``. Read once per program and class, from calls indexed once per
    program (walking every class's code for each class made a check's cost grow with the
    square of the project's size)."""
    known = program.derived.setdefault("called from other classes", {})
    if cls not in known:
        by_class, counts, _ = _call_index(program)
        own = by_class.get(cls, frozenset())
        found = set()
        for key, classes in counts.items():
            kind, callee, arguments = key
            if classes <= (key in own):
                continue  # made by cls's own code alone
            if kind == "call":
                found.add((callee, arguments))
            elif (kind == "new" and callee == _own_name(cls)) or (kind == "super" and callee is cls):
                found.add(("<init>", arguments))
        known[cls] = frozenset(found)
    return known[cls]


def _own_name(cls: ClassInfo) -> str:
    """The name ``new`` writes last for ``cls``: ``Entry`` for ``Bag.Entry``, as ``_call``
    keys it."""
    return cls.simple_name.rpartition(".")[2]


def _call_index(program: Program):
    """``_calls_by_class``, made once per program."""
    if "calls by class" not in program.derived:
        program.derived["calls by class"] = _calls_by_class(program)
    return program.derived["calls by class"]


def _calls_by_class(program: Program):
    """Each project class's calls, as (kind, callee, number of arguments): ("call", method
    name, n), ("new", simple name of the class made, n), ("super", superclass, n); for
    each call, how many classes make it; and where each is made."""
    by_class: dict[ClassInfo, frozenset] = {}
    counts: dict[tuple, int] = {}
    sites: dict[tuple, list[Location]] = {}
    for scope in program.project:
        body = [scope.decl.methods, scope.decl.constructors, scope.decl.fields,
                scope.decl.initializers]
        calls = set()
        for node in ast.walk(body):
            call = _call(node, scope)
            if call:
                calls.add(call)
                sites.setdefault(call, []).append(Location(scope.path, node.line, node.column))
        by_class[scope] = frozenset(calls)
        for call in calls:
            counts[call] = counts.get(call, 0) + 1
    return by_class, counts, sites


def _call(node, scope: ClassInfo) -> tuple | None:
    """What ``node``, in ``scope``'s code, calls: a method by name, a constructor by ``new``
    of a class's simple name, or the superclass's constructor by ``super(...)``."""
    if isinstance(node, ast.MethodCall):
        return ("call", node.name, len(node.args))
    if isinstance(node, ast.New):
        return ("new", node.type.name.rsplit(".", 1)[-1], len(node.args))
    if isinstance(node, ast.CtorCall) and node.kind == "super" and scope.superclass is not None:
        return ("super", scope.superclass, len(node.args))
    return None



def null_tested_fields(cls: ClassInfo) -> frozenset[str]:
    """The names of the fields that the code of ``cls`` compares with ``null`` (``f ==
    null``, ``this.f != null``; a bare name only where no parameter or local of that
    name hides the field): a class that tests a field for null expects it to be null at
    times (a cache made on first use, an optional part), so a constructor leaving it null
    makes a state its code is written for, not one for a null policy to set aside."""
    tested: set[str] = set()
    for decl in (m.decl for m in (*cls.methods, *cls.ctors) if m.decl is not None):
        nodes = list(ast.walk(decl.body))
        hidden = {p.name for p in decl.params} | {n.name for n in nodes if type(n) is ast.LocalVar}
        for node in nodes:
            if type(node) is ast.Binary and node.op in ("==", "!="):
                for side, other in ((node.left, node.right), (node.right, node.left)):
                    if type(other) is ast.Literal and other.kind == "null":
                        tested.update(_field_named(side, hidden))
    return frozenset(tested)


def _field_named(expr, hidden: set[str]) -> tuple[str, ...]:
    """The field ``expr`` reads, if it is ``this.f`` or a name no local hides."""
    if type(expr) is ast.FieldAccess and type(expr.target) is ast.This:
        return (expr.name,)
    if type(expr) is ast.Name and expr.name not in hidden:
        return (expr.name,)
    return ()
