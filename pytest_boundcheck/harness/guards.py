"""Which objects an equals method can accept, read off the guard it begins with.

Nearly every equals method starts by rejecting objects of other classes:
``if (!(o instanceof Point)) return false;``, ``if (o == null || getClass() !=
o.getClass()) return false;``, ``return o instanceof Point p && ...``; or it passes the
question on: ``return delegate().equals(o)``, ``return Sets.equalsImpl(this, o)``. The
harness stage uses what each equals may accept to choose a check's "other objects",
which in a large project would otherwise be every class of it, each explored in full:
for the equals contracts, the classes that can make the contract fail (``meeting``);
for others, the classes no guard links with the class under test, through any chain,
are left out (to the equals of its group, such an object is no different from a plain
``Object``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.types import ClassInfo

# What an equals method may return true for: a set of classes of the universe, or one of
Accepted = frozenset[ClassInfo] | str
ANY = "any"  # no guard understood: anything may be equal
# equals inherited from a library class without source: unknown, but taken to obey its
# contract, so by symmetry it accepts an object exactly when that object's equals accepts it
BY_SYMMETRY = "by symmetry"
_COLLECTIONS = ("java.util.List", "java.util.Set", "java.util.Map", "java.util.Map.Entry")


def apart(program: Program, family: list[ClassInfo],
          universe: list[ClassInfo]) -> Callable[[ClassInfo], bool]:
    """A test: is a class of the universe in another group than every class of
    ``family``, where a group is what the relation "one's equals may accept the other"
    links, in either direction and through any chain? Then no object of it can be equal to
    one of ``family``, nor to one that can be. Made once per check, asked of each class."""
    group = _table(program, universe).group
    family_groups = {id(group[c]) for c in family if c in group}
    return lambda other: id(group.get(other)) not in family_groups


def meeting(program: Program, contract_id: str, receivers: list[ClassInfo],
            universe: list[ClassInfo]) -> list[frozenset[ClassInfo] | None] | None:
    """For the equals contracts, the classes each other object (y, then z) must have for the
    contract to fail on a receiver of ``receivers`` by the receiver's fault, None where any
    class may (or for other contracts). hashcode-consistent fails only if x.equals(y): y is
    of a class x's equals may accept; equals-transitive only if x.equals(y) and
    y.equals(z). equals-symmetric fails where one of x.equals(y) and y.equals(x) is true,
    but it is the receiver's fault only where x's equals may accept y, or y is of x's
    class hierarchy: an equals that rejects every object of an unrelated class by its
    guard is right to, and where that class's equals accepts x all the same, the fault is
    that class's, reported on its items (docs/user/contracts.md, "which item a violation
    is reported on"). Each set keeps the classes of the objects before it: y may be x
    itself, which an identity equals accepts though it accepts no class (and whose
    hashCode, if it is ``new Object().hashCode()``, differs between two calls), and z may
    be x or y."""
    table = _table(program, universe)
    if contract_id not in ("hashcode-consistent", "equals-symmetric", "equals-transitive") \
            or any(c not in table.accepted for c in receivers):
        return None
    accepted = table.accepted_by(receivers)
    ys = None if accepted is None else accepted | frozenset(receivers)
    if contract_id == "hashcode-consistent" or (ys is None and contract_id == "equals-symmetric"):
        return [ys]
    if contract_id == "equals-symmetric":
        lines = set().union(*(_superclass_line(r) for r in receivers))
        return [ys | {c for c in table.accepting(receivers) if lines & _superclass_line(c)}]
    zs = None if ys is None else table.accepted_by(ys)
    return [ys, None if zs is None else zs | ys]


def _superclass_line(cls: ClassInfo) -> set[ClassInfo]:
    """``cls`` and its project superclasses: two classes whose lines meet are of one class
    hierarchy, where a subclass's equals that rejects its superclass's objects breaks the
    symmetry the superclass's equals began (Point3D beside Point2D)."""
    line = set()
    while cls is not None and cls.is_project:
        line.add(cls)
        cls = cls.superclass
    return line


@dataclass
class _Table:
    """What each class's equals may accept, and the groups that links."""
    accepted: dict[ClassInfo, Accepted]
    group: dict[ClassInfo, ClassInfo]

    def accepted_by(self, classes) -> frozenset[ClassInfo] | None:
        """The classes an equals of one of ``classes`` may accept; None for any."""
        found: set[ClassInfo] = set()
        for c in classes:
            accepted = self.accepted[c]
            if accepted == ANY:
                return None
            # known only to be symmetric: it accepts what accepts it
            found |= self.accepting([c]) if accepted == BY_SYMMETRY else accepted
        return frozenset(found)

    def accepting(self, classes) -> frozenset[ClassInfo]:
        """The classes whose equals may accept an object of one of ``classes``."""
        return frozenset(d for d, accepted in self.accepted.items()
                         if isinstance(accepted, str) or any(c in accepted for c in classes))


def _table(program: Program, universe: list[ClassInfo]) -> _Table:
    """Read once per program and universe (a check of an abstract class on an unknown
    subclass's objects adds that class to it, ``harness.receiver_types``); the groups are a
    union-find over the classes. Found again by the universe list itself, which no one
    changes, before its contents: hashing ten thousand classes on every question made a
    check's cost grow with the project's size."""
    same_list = program.derived.setdefault("equals tables by list", {})  # id -> (list, table)
    seen = same_list.get(id(universe))
    if seen is not None and seen[0] is universe:
        return seen[1]
    known = program.derived.setdefault("equals tables", {})  # universe -> _Table
    key = tuple(universe)
    if key not in known:
        known[key] = _new_table(program, universe)
    same_list[id(universe)] = (universe, known[key])
    return known[key]


def _new_table(program: Program, universe: list[ClassInfo]) -> _Table:
    below = _Subtypes(universe)
    accepted = {c: _accepted(program, c, c, below, set()) for c in universe}
    parent = {c: c for c in universe}

    def root(c: ClassInfo) -> ClassInfo:
        while parent[c] is not c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    def link(a: ClassInfo, b: ClassInfo) -> None:
        parent[root(a)] = root(b)
    by_symmetry = [c for c in universe if accepted[c] == BY_SYMMETRY]
    for c in universe:  # one known only to be symmetric is linked by the others' guards
        for other in universe if accepted[c] == ANY else () if c in by_symmetry else accepted[c]:
            link(c, other)
    for a, b in zip(by_symmetry, by_symmetry[1:]):  # and with each other
        link(a, b)
    return _Table(accepted, {c: root(c) for c in universe})


def accepted(program: Program, cls: ClassInfo, universe: list[ClassInfo]) -> Accepted:
    """What ``cls``'s equals may return true for: a set of classes of the universe, ANY or
    BY_SYMMETRY."""
    return _accepted(program, cls, cls, _Subtypes(universe), set())


class _Subtypes:
    """The classes of the universe below each type; a class with a library supertype whose
    own supertypes are unknown (``jdk.LIBRARY_SUPERTYPES`` has them for a few) may also be
    below any library type."""

    def __init__(self, universe: list[ClassInfo]):
        self._below: dict[ClassInfo, list[ClassInfo]] = {}
        self._unknown: list[ClassInfo] = []
        for c in universe:
            for t in c.supertypes():
                self._below.setdefault(t, []).append(c)
                if t.origin == "external" and not t.known_supertypes \
                        and t.fqname not in jdk.LIBRARY_EQUALS:
                    self._unknown.append(c)

    def of(self, t: ClassInfo) -> frozenset[ClassInfo]:
        return frozenset(self._below.get(t, ())).union(() if t.is_project else self._unknown)


def _accepted(program: Program, cls: ClassInfo, start: ClassInfo, below: _Subtypes,
              seen: set[ClassInfo]) -> Accepted:
    """What the equals ``start`` has may accept for a receiver of class ``cls``. ``seen``:
    the delegates' classes already counted (every way of accepting is a union of others,
    so counting a class twice adds nothing)."""
    if cls.fqname == jdk.STRING:
        return frozenset([cls])
    known = None if start.is_project else jdk.LIBRARY_EQUALS.get(start.fqname)
    if known is not None:
        return frozenset([cls]) if known == "class" else frozenset() if known == "identity" \
            else below.of(program.classes[known])
    obj = program.classes[jdk.OBJECT]
    impl, _ = program.find_override(start, program.methods_named(obj, "equals")[0])
    if impl is None:
        return ANY
    if impl.owner is obj:
        library = jdk.library_superclass(start)
        if library is not None:  # a library superclass may override it
            return _accepted(program, cls, library, below, seen) \
                if library.fqname in jdk.LIBRARY_EQUALS else BY_SYMMETRY
        return frozenset()  # identity: only ever equal to itself
    if impl.decl is None and impl.owner.origin == "jdk":
        collection = next((program.classes[name] for name in _COLLECTIONS
                           if impl.owner.is_subtype_of(program.classes[name])), None)
        if collection is not None:  # equal only to another List (Set, Map, entry)
            return below.of(collection)
    if impl.decl is None or impl.decl.body is None or len(impl.params) != 1:
        return ANY
    guard = _leading_guard(impl.decl.body.stmts, _Roles(impl.decl.params[0].name))
    return _from_guard(program, cls, impl, below, seen, guard)


def _from_guard(program: Program, cls: ClassInfo, impl, below: _Subtypes, seen, guard) -> Accepted:
    if isinstance(guard, tuple):  # either requirement will do
        parts = [_from_guard(program, cls, impl, below, seen, g) for g in guard]
        if any(isinstance(p, str) for p in parts):
            return ANY
        return frozenset().union(*parts)
    if guard == "class":
        return frozenset([cls])
    if guard == "identity":
        return frozenset()
    if isinstance(guard, _Exactly):
        return frozenset([program.resolve_type(guard.type, impl.owner)])
    if guard == "super" and impl.owner.superclass is not None:
        return _accepted(program, cls, impl.owner.superclass, below, seen)
    if isinstance(guard, _Delegated):
        return _delegated(program, _declared_type(impl, guard.target), below, seen)
    if isinstance(guard, _Helper):
        return _through_helper(program, cls, impl, guard, below, seen)
    if isinstance(guard, ast.TypeName):
        accepted = program.resolve_type(guard, impl.owner)
        if isinstance(accepted, ClassInfo) and accepted.origin != "external":
            return below.of(accepted)
    return ANY


def _delegated(program: Program, declared, below: _Subtypes, seen: set) -> Accepted:
    """``return delegate().equals(o)``: what the equals of any object the delegate may be
    accepts: a project class of its declared type, or a JDK collection of it."""
    if not isinstance(declared, ClassInfo) or declared.fqname == jdk.OBJECT:
        return ANY  # Object, a type variable: anything
    collections = [c for c in (program.classes[n] for n in _COLLECTIONS) if _related(declared, c)]
    if not declared.is_project and not collections:
        return ANY  # a library type: anything
    parts = [below.of(c) for c in collections]
    for c in sorted(below.of(declared) - seen, key=lambda c: c.fqname):
        seen.add(c)
        found = _accepted(program, c, c, below, seen)
        # an equals known only to be symmetric accepts what accepts it: the groups link
        # those with c, so accepting c itself links the delegating class with them too
        parts.append(frozenset([c]) if found == BY_SYMMETRY else found)
    if any(isinstance(p, str) for p in parts):
        return ANY
    return frozenset().union(*parts)


def _related(a: ClassInfo, b: ClassInfo) -> bool:
    return a.is_subtype_of(b) or b.is_subtype_of(a)


def _declared_type(method, e: ast.Expr | None):
    """The declared type of ``delegate()``, ``delegate``, ``this.map().keySet()``... read
    in ``method``: fields and methods without arguments, from ``this``."""
    if e is None or isinstance(e, ast.This):
        return method.owner
    if isinstance(e, ast.Name):
        if any(p.name == e.name for p in method.params):
            return None
        e = ast.FieldAccess(e.line, None, e.name, False)
    if isinstance(e, ast.MethodCall) and e.args or getattr(e, "is_super", False) \
            or not isinstance(e, (ast.MethodCall, ast.FieldAccess)):
        return None
    of = _declared_type(method, e.target)
    if not isinstance(of, ClassInfo):
        return None
    if isinstance(e, ast.FieldAccess):
        found = of.lookup_field(e.name)
        return found.type if found is not None and not found.static else None
    return next((m.return_type for t in of.supertypes() for m in t.methods
                 if m.name == e.name and not m.params and not m.static), None)


def _through_helper(program: Program, cls: ClassInfo, impl, helper: _Helper, below: _Subtypes,
                    seen: set) -> Accepted:
    """``return Sets.equalsImpl(this, o)``: what the static helper's own guard requires of
    the parameter it receives ``o`` in."""
    method = _static_method(program, impl.owner, helper.call)
    if method is None or method.decl is None or method.decl.body is None:
        return ANY
    names = [p.name for p in method.decl.params]
    roles = _Roles(names[helper.param], names[helper.receiver])
    counted = method in seen  # already, or a helper that calls itself
    seen.add(method)
    found = frozenset() if counted else _from_guard(
        program, cls, method, below, seen, _leading_guard(method.decl.body.stmts, roles))
    passed = helper.call.args[helper.receiver]
    if isinstance(found, str) or _Roles(roles.param).is_receiver(passed):
        return found
    # Sets.equalsImpl(delegate(), o) is true for o the delegate itself, whatever its class
    declared = _declared_type(impl, passed)
    return found | below.of(declared) if isinstance(declared, ClassInfo) else ANY


def _static_method(program: Program, scope: ClassInfo, call: ast.MethodCall):
    """The static method ``Helper.m(...)`` or ``m(...)`` (of ``scope`` or a class around it)
    names, if exactly one has that many parameters."""
    if isinstance(call.target, ast.Name):
        owners = [c for c in [program.lookup_class(call.target.name, scope)] if c is not None]
    elif call.target is None:
        owners = list(_enclosing(scope))
    else:
        return None
    for owner in owners:
        found = [m for m in program.methods_named(owner, call.name)
                 if m.static and len(m.params) == len(call.args)]
        if found:
            return found[0] if len(found) == 1 else None
    return None


def _enclosing(cls: ClassInfo | None):
    while cls is not None:
        yield cls
        cls = cls.outer


@dataclass(frozen=True)
class _Roles:
    """The names a guard is read with: the equals parameter, and the object it is compared
    with: ``this``, or in a static helper such as ``Sets.equalsImpl(this, o)`` the
    parameter that receives ``this``."""
    param: str
    receiver: str | None = None

    def is_param(self, e: ast.Expr) -> bool:
        return _is(e, self.param)

    def is_receiver(self, e: ast.Expr) -> bool:
        if isinstance(e, ast.MethodCall) and e.name in ("checkNotNull", "requireNonNull") \
                and len(e.args) == 1:
            e = e.args[0]
        return isinstance(e, ast.This) or (self.receiver is not None and _is(e, self.receiver))


@dataclass(frozen=True)
class _Delegated:
    """``delegate().equals(o)``: what the delegate's equals accepts."""
    target: ast.Expr


@dataclass(frozen=True)
class _Helper:
    """``Helper.equalsImpl(this, o)``: what the static helper's guard accepts."""
    call: ast.MethodCall
    param: int     # the argument that is ``o``
    receiver: int  # the other: ``this``, or an object the helper compares ``o`` with


def _leading_guard(stmts: tuple[ast.Stmt, ...], roles: _Roles):
    """The type the guard at the start of an equals body requires of the parameter
    ("class": exactly the receiver's class; "super": what the superclass's equals
    requires; "identity": the receiver itself; a tuple: any of these), if it is one of the
    usual forms; else None. Statements before it that cannot return true are passed over
    (a call that does not touch the parameter, a test that can only return false); an
    ``instanceof`` such a test begins with adds its type, as code beyond it runs for those."""
    stmts = list(stmts)
    also: list = []
    while stmts:
        first = stmts[0]
        if isinstance(first, (ast.Block, ast.Synchronized)):  # else {...}, synchronized (x) {...}
            stmts[:1] = (first if isinstance(first, ast.Block) else first.body).stmts
        elif _is_identity_shortcut(first, roles) or _is_null_rejection(first, roles):
            stmts[:1] = [] if first.other is None else [first.other]  # ...; else ...
        elif isinstance(first, ast.ExprStmt) and not _mentions(first, roles.param):
            del stmts[0]
        elif isinstance(first, ast.If) and first.other is None and _returns(first.then, False) \
                and _required(first.cond, roles, when_true=False) is None \
                and _passes_over(first.cond, roles, also):
            del stmts[0]
        elif isinstance(first, ast.If) and first.other is None and not _returns(first.then, False) \
                and _required(first.cond, roles, when_true=True) is not None:
            also.append(_required(first.cond, roles, when_true=True))  # if (o instanceof A) {...}
            del stmts[0]  # only an A runs it: anything else goes on
        else:
            break
    found = _guard(stmts, roles)
    return (found, *also) if also and found is not None else found


def _passes_over(cond: ast.Expr, roles: _Roles, also: list) -> bool:
    """May a test that only returns false be passed over: it does not touch the parameter,
    or only beyond an ``instanceof`` it begins with (whose type joins ``also``)?"""
    if not _mentions(cond, roles.param):
        return True
    head = cond
    while isinstance(head, ast.Binary) and head.op == "&&":
        head = head.left
    if head is not cond and isinstance(head, ast.InstanceOf) and roles.is_param(head.expr):
        also.append(head.type)
        return True
    return False


def _mentions(node, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.name == name for n in ast.walk(node))


def _guard(stmts: list[ast.Stmt], roles: _Roles):
    if not stmts:
        return None
    first = stmts[0]
    if isinstance(first, ast.Try):
        return _cast_in_try(first, roles)
    if isinstance(first, ast.LocalVar):
        return _result_variable(stmts, roles)
    if _returns(first, False):
        return "identity"  # nothing more than the receiver itself
    if isinstance(first, ast.Return) and first.value is not None:
        return _required(first.value, roles, when_true=True)
    if not isinstance(first, ast.If):
        return None
    if not _mentions(first.cond, roles.param):  # if (<about this only>) ... else ...: either way
        branches = [first.then, first.other] if first.other is not None else [first.then, None]
        either = [_leading_guard(((b,) if b else ()) + tuple(stmts[1:]), roles) for b in branches]
        return None if None in either else tuple(either)
    if _returns(first.then, False):  # if (<not acceptable>) return false; [else ...]
        return _required(first.cond, roles, when_true=False)
    # if (<acceptable>) {...} [else] return false;  or  ... [else] return super.equals(o);
    after = first.other if first.other is not None else stmts[1] if len(stmts) == 2 else None
    if after is None:
        return None
    if _returns(after, False):
        return _required(first.cond, roles, when_true=True)
    if _returns_super_equals(after, roles):
        found = _required(first.cond, roles, when_true=True)
        return None if found is None else (found, "super")
    return None


def _cast_in_try(stmt: ast.Try, roles: _Roles) -> ast.TypeName | None:
    """``try { T t = (T) o; ... } catch (ClassCastException e) { return false; }``: a T."""
    first = stmt.body.stmts[0] if stmt.body.stmts else None
    rejects = any(_returns(c.body, False) and any(t.name.rsplit(".", 1)[-1] == "ClassCastException"
                                                  for t in c.types) for c in stmt.catches)
    if rejects and isinstance(first, ast.LocalVar) and isinstance(first.init, ast.Cast) \
            and roles.is_param(first.init.expr):
        return first.init.type
    return None


def _result_variable(stmts: list[ast.Stmt], roles: _Roles):
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
        if not _is_identity(branch.cond, roles):
            either.append(_required(branch.cond, roles, when_true=True))
        branch = None if branch.other is None else _single(branch.other)
    return tuple(either) if branch is None and either and None not in either else None


def _returns_super_equals(stmt: ast.Stmt, roles: _Roles) -> bool:
    stmt = _single(stmt)
    return isinstance(stmt, ast.Return) and stmt.value is not None and _required(
        stmt.value, roles, when_true=True) == "super"


def _required(cond: ast.Expr, roles: _Roles, when_true: bool):
    """What ``cond`` requires of the parameter for it to be ``when_true``."""
    if when_true and _is_identity(cond, roles):
        return "identity"
    if when_true and isinstance(cond, ast.MethodCall):
        passed = _passed_on(cond, roles)
        if passed is not None:
            return passed
    if isinstance(cond, ast.Unary) and cond.op == "!":
        return _required(cond.operand, roles, not when_true)
    if isinstance(cond, ast.InstanceOf) and roles.is_param(cond.expr) and when_true:
        return cond.type
    if (isinstance(cond, ast.MethodCall) and cond.is_super and cond.name == "equals"
            and len(cond.args) == 1 and roles.is_param(cond.args[0]) and when_true):
        return "super"
    if isinstance(cond, ast.Binary):
        for test, constant in ((cond.left, cond.right), (cond.right, cond.left)):
            if cond.op in ("==", "!=") and isinstance(constant, ast.Literal) \
                    and constant.kind == "boolean":  # o instanceof A == false
                return _required(test, roles, when_true == (constant.value == (cond.op == "==")))
        if cond.op == "||" and when_true:  # o == this || <acceptable>: the same object is
            for same, rest in ((cond.left, cond.right), (cond.right, cond.left)):
                if _is_identity(same, roles):
                    return _required(rest, roles, when_true)
            either = (_required(cond.left, roles, True), _required(cond.right, roles, True))
            return None if None in either else either
        # a && b is true only if both are; a || b is false only if both are false
        if (cond.op == "&&" and when_true) or (cond.op == "||" and not when_true):
            for part in (cond.left, cond.right):
                found = _required(part, roles, when_true)
                if found is not None:
                    return found
        if cond.op in ("==", "!=") and _same_classes(cond.left, cond.right, roles):
            return "class" if (cond.op == "==") == when_true else None
        if cond.op in ("==", "!=") and (cond.op == "==") == when_true:
            return _class_literal_of(cond.left, cond.right, roles)
    if isinstance(cond, ast.MethodCall) and when_true and cond.target is not None \
            and len(cond.args) == 1:
        target, arg = cond.target, cond.args[0]
        if cond.name == "equals" and _same_classes(target, arg, roles):
            return "class"  # getClass().equals(o.getClass())
        if cond.name == "equals":
            return _class_literal_of(target, arg, roles)  # Point.class.equals(o.getClass())
        if cond.name == "isAssignableFrom" and isinstance(target, ast.ClassLiteral) \
                and _class_literal_of(target, arg, roles):
            return target.type  # Point.class.isAssignableFrom(o.getClass())
    return None


def _passed_on(call: ast.MethodCall, roles: _Roles) -> _Delegated | _Helper | None:
    """``delegate.equals(o)`` or ``Helper.equalsImpl(this, o)``: the question passed on."""
    args = call.args
    if call.name == "equals" and len(args) == 1 and roles.is_param(args[0]) and not call.is_super \
            and call.target is not None and not roles.is_param(call.target) \
            and not roles.is_receiver(call.target):
        return _Delegated(call.target)
    params = [i for i, a in enumerate(args) if roles.is_param(a)]
    if call.name != "equals" and len(args) == 2 and len(params) == 1:
        return _Helper(call, params[0], 1 - params[0])
    return None


@dataclass(frozen=True)
class _Exactly:
    """The guard requires the argument's class to be exactly this one."""
    type: ast.TypeName


def _class_literal_of(a: ast.Expr, b: ast.Expr, roles: _Roles) -> _Exactly | None:
    """``Point.class`` and ``o.getClass()``, in either order."""
    for literal, call in ((a, b), (b, a)):
        if isinstance(literal, ast.ClassLiteral) and _get_class(call) \
                and call.target is not None and roles.is_param(call.target):
            return _Exactly(literal.type)
    return None


def _same_classes(a: ast.Expr, b: ast.Expr, roles: _Roles) -> bool:
    """``getClass()`` and ``o.getClass()`` in either order, ``this.getClass()`` included."""
    sides = [a, b]
    own = [s for s in sides if _get_class(s) and (s.target is None or isinstance(s.target, ast.This))]
    theirs = [s for s in sides if _get_class(s) and s.target is not None
              and roles.is_param(s.target)]
    return len(own) == 1 and len(theirs) == 1


def _get_class(e: ast.Expr) -> bool:
    return isinstance(e, ast.MethodCall) and e.name == "getClass" and not e.args


def _is(e: ast.Expr, name: str) -> bool:
    return isinstance(e, ast.Name) and e.name == name


def _is_null_rejection(stmt: ast.Stmt, roles: _Roles) -> bool:
    """``if (o == null) return false;`` (either order, perhaps with an else)."""
    if not isinstance(stmt, ast.If) or not _returns(stmt.then, False):
        return False
    c = stmt.cond
    return isinstance(c, ast.Binary) and c.op == "==" and (
        (roles.is_param(c.left) and _is_literal(c.right, "null", None))
        or (roles.is_param(c.right) and _is_literal(c.left, "null", None)))


def _is_identity_shortcut(stmt: ast.Stmt, roles: _Roles) -> bool:
    """``if (this == o) return true;`` (perhaps with an else)."""
    return isinstance(stmt, ast.If) and _returns(stmt.then, True) and _is_identity(stmt.cond, roles)


def _is_identity(c: ast.Expr, roles: _Roles) -> bool:
    """``this == o`` (either order)."""
    return isinstance(c, ast.Binary) and c.op == "==" and any(
        roles.is_param(a) and roles.is_receiver(b)
        for a, b in ((c.left, c.right), (c.right, c.left)))


def _single(stmt: ast.Stmt) -> ast.Stmt:
    """The statement a block of one statement holds; any other statement itself."""
    return stmt.stmts[0] if isinstance(stmt, ast.Block) and len(stmt.stmts) == 1 else stmt


def _returns(stmt: ast.Stmt, value: bool) -> bool:
    stmt = _single(stmt)
    return isinstance(stmt, ast.Return) and stmt.value is not None and _is_literal(
        stmt.value, "boolean", value)


def _is_literal(e: ast.Expr, kind: str, value) -> bool:
    return isinstance(e, ast.Literal) and e.kind == kind and e.value == value
