"""JML clauses type-checked against the class table: every name resolves (to a bound
variable, a local, a parameter, a field or a class), every predicate is boolean, every
project method a clause calls is declared ``pure``, and
``\\result``, ``\\old`` and ``\\fresh`` stand only where the JML Reference Manual lets them
(``\\result`` in ``ensures`` of a method that returns a value; ``\\old`` and ``\\fresh``
in post-conditions and, for ``\\old``, in a method body, where it means the pre-state).

What the class table cannot tell is not an error: a field or method of a class without
source (a JDK class the engine does not model) has an unknown type, and the checks that
need it are left out. Each error is a ``JmlError`` with the position of the node at fault,
added to the file and to the specification it belongs to.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.types import (
    BOOLEAN,
    BYTE,
    CHAR,
    DOUBLE,
    FLOAT,
    INT,
    LONG,
    NULL,
    SHORT,
    VOID,
    ClassInfo,
    JType,
    MethodInfo,
    NullType,
    PrimType,
)


@dataclass(frozen=True)
class ObjectSet:
    """The type of ``\\reach(x)``: a set of objects of ``element`` (or any)."""
    element: ClassInfo | None


@dataclass(frozen=True)
class ClassRef:
    """A class named in an expression, for its static members (``Integer.MAX_VALUE``)."""
    cls: ClassInfo


JML_TYPE = "\\TYPE"  # the type of \typeof(e) and \type(T)
Type = JType | ObjectSet | ClassRef | str | None  # None: unknown, checked no further


def check_files(program: Program, specs: list[j.JmlFile]) -> list[j.JmlFile]:
    """The specifications of a project's files with the type errors of their clauses
    added, each to its file's errors and to those of the specification it is in."""
    pure = pure_methods(program, specs)
    return [_check_file(program, spec, pure) for spec in specs]


def expression_type(program: Program, cls: ClassInfo, names: dict[str, Type],
                    expr: j.Node) -> Type:
    """The type of an expression of a clause that type-checked, with these names in
    scope: for a lowering that declares a local of it (an aggregate's accumulator)."""
    scope = _Scope(cls, None, "this" not in names, "ensures", dict(names))
    return _Checker(program, cls.path or "", frozenset()).type_of(expr, scope)


def pure_methods(program: Program, specs: list[j.JmlFile]) -> frozenset[tuple[str, int, int]]:
    """(file, line, column) of each method or constructor declared ``pure``, or of a class
    declared ``pure``: the ones a specification may call."""
    found = set()
    for spec in specs:
        pure = {(d.line, d.column) for d in spec.declarations
                if any(m.name == "pure" for m in d.modifiers)}
        for cls in program.project:
            if cls.path != spec.path or cls.decl is None:
                continue
            whole = (cls.decl.line, cls.decl.column) in pure
            found.update((spec.path, m.decl.line, m.decl.column) for m in [*cls.methods, *cls.ctors]
                         if m.decl is not None and (whole or (m.decl.line, m.decl.column) in pure))
    return frozenset(found)


def _check_file(program: Program, spec: j.JmlFile,
                pure: frozenset[tuple[str, int, int]]) -> j.JmlFile:
    classes = {(c.decl.line, c.decl.column): c for c in program.project
               if c.path == spec.path and c.decl is not None}
    methods = {(m.decl.line, m.decl.column): m for c in classes.values()
               for m in [*c.methods, *c.ctors] if m.decl is not None}
    added: list[j.JmlError] = []
    decls = []
    for decl in spec.declarations:
        found = _Checker(program, spec.path, pure)
        if decl.kind in ("method", "constructor") and (decl.line, decl.column) in methods:
            found.method_spec(decl, methods[decl.line, decl.column])
        elif (decl.line, decl.column) in classes:
            found.class_spec(decl, classes[decl.line, decl.column])
        decls.append(replace(decl, errors=decl.errors + tuple(found.errors)))
        added.extend(found.errors)
    statements = []
    for stmt in spec.statements:
        found = _Checker(program, spec.path, pure)
        method = _enclosing(methods.values(), stmt.line)
        if method is not None:
            found.statement_spec(stmt, method)
        statements.append(replace(stmt, errors=stmt.errors + tuple(found.errors)))
        added.extend(found.errors)
    errors = tuple(sorted(set(spec.errors) | set(added), key=lambda e: (e.line, e.column)))
    return replace(spec, declarations=tuple(decls), statements=tuple(statements), errors=errors)


def type_of(program: Program, expr: j.Node, method: MethodInfo,
            names: dict[str, Type]) -> Type:
    """The type of ``expr``, a clause's expression in ``method``'s body with ``names``
    (parameters and locals) in scope, for lowering it; what it would report is not: the
    clause was type-checked with the file."""
    scope = _Scope(method.owner, method, method.static, "assert", dict(names))
    return _Checker(program, method.owner.path, frozenset()).type_of(expr, scope)


def _enclosing(methods, line: int) -> MethodInfo | None:
    """The innermost method whose body spans ``line``."""
    spans = [m for m in methods if m.decl.line <= line <= m.decl.end_line]
    return max(spans, key=lambda m: m.decl.line, default=None)


@dataclass
class _Scope:
    cls: ClassInfo
    method: MethodInfo | None
    static: bool
    place: str  # the clause kind: requires, ensures, signals, invariant, assert...
    names: dict[str, Type]  # bound variables, locals, parameters


_POST = ("ensures", "signals")
_IN_BODY = ("assert", "assume", "loop_invariant", "decreases")
_BOOLEAN_CLAUSES = ("requires", "ensures", "invariant", "assert", "assume", "loop_invariant")
_NUMERIC = ("byte", "short", "char", "int", "long", "float", "double")


class _Checker:
    def __init__(self, program: Program, path: str, pure: frozenset[tuple[str, int, int]]):
        self.program, self.path, self.pure = program, path, pure
        self.errors: list[j.JmlError] = []

    def error(self, node: j.Node, message: str) -> None:
        self.errors.append(j.JmlError(self.path, node.line, node.column, message))

    # -- specifications
    def class_spec(self, decl: j.DeclSpec, cls: ClassInfo) -> None:
        for clause in decl.clauses:
            if isinstance(clause, j.InvariantClause):
                scope = _Scope(cls, None, clause.static, "invariant", {})
                self.predicate(clause.expr, scope, clause)

    def method_spec(self, decl: j.DeclSpec, method: MethodInfo) -> None:
        params = {p.name: p.type for p in method.params}
        for case in decl.cases:
            for clause in case.clauses:
                scope = _Scope(method.owner, method, method.static, clause.kind, dict(params))
                self.method_clause(clause, scope)

    def statement_spec(self, stmt: j.StmtSpec, method: MethodInfo) -> None:
        names: dict[str, Type] = {p.name: p.type for p in method.params}
        names.update(self.locals_before(method, stmt.line or method.decl.end_line))
        for clause in stmt.clauses:
            if isinstance(clause, j.PredicateClause):
                scope = _Scope(method.owner, method, method.static, clause.kind, dict(names))
                self.predicate(clause.expr, scope, clause)

    def locals_before(self, method: MethodInfo, line: int) -> dict[str, Type]:
        """The local variables the method declares before ``line`` (by line: a variable
        of an inner block that ended is in scope here too, an over-approximation that
        costs no false error); one declared with ``var`` has a type not known here."""
        found: dict[str, Type] = {}
        for node in ast.walk(method.decl.body):
            if isinstance(node, (ast.LocalVar, ast.ForEach)) and node.line <= line:
                found[node.name] = None if node.type.name == "var" else \
                    self.program.resolve_type(node.type, method.owner)
        return found

    def method_clause(self, clause: j.Clause, scope: _Scope) -> None:
        if isinstance(clause, j.PredicateClause):
            self.predicate(clause.expr, scope, clause)
        elif isinstance(clause, j.SignalsClause):
            exception = self.resolve(clause.exception, scope)
            if clause.variable:
                scope.names[clause.variable] = exception
            if clause.expr is not None:
                self.predicate(clause.expr, scope, clause)
        elif isinstance(clause, j.AssignableClause):
            for location in clause.locations:
                self.location(location, scope)

    def predicate(self, expr: j.Node, scope: _Scope, clause: j.Clause) -> None:
        found = self.type_of(expr, scope)
        if clause.kind == "decreases":
            if found is not None and not _integral(found):
                self.error(expr, f"a decreases clause is an integer, not {_name(found)}")
        elif clause.kind in _BOOLEAN_CLAUSES + ("signals",) and not isinstance(expr, j.NotSpecified):
            self.expect_boolean(expr, found, f"the {clause.keyword} clause")

    def expect_boolean(self, node: j.Node, found: Type, what: str) -> None:
        if found is not None and found is not BOOLEAN:
            self.error(node, f"{what} must be boolean, not {_name(found)}")

    def location(self, node: j.Node, scope: _Scope) -> None:
        if isinstance(node, (j.Nothing, j.Everything, j.NotSpecified, j.UnsupportedExpr)):
            return
        if isinstance(node, j.AllFields):
            self.type_of(node.target, scope)
        elif isinstance(node, j.ArrayRange):
            array = self.type_of(node.array, scope)
            if array is not None and not _is_array(array):
                self.error(node, f"{_name(array)} is not an array")
            for index in (node.low, node.high):
                if index is not None:
                    self.expect_integral(index, self.type_of(index, scope))
        else:
            self.type_of(node, scope)

    def expect_integral(self, node: j.Node, found: Type) -> None:
        if found is not None and not _integral(found):
            self.error(node, f"an index must be an integer, not {_name(found)}")

    # -- expressions
    def resolve(self, type_: ast.TypeName, scope: _Scope) -> Type:
        """A type as written; JML's own (``\\bigint``, ``\\real``, ``\\TYPE``) are unknown
        to the class table."""
        if type_.name.startswith("\\"):
            return JML_TYPE if type_.name == JML_TYPE and not type_.dims else None
        return self.program.resolve_type(type_, scope.cls)

    def type_of(self, node: j.Node, scope: _Scope) -> Type:
        return _RULES[type(node)](self, node, scope)


# ------------------------------------------------------------ typing rules

def _literal(c: _Checker, node: j.Literal, scope: _Scope) -> Type:
    if node.kind == "string":
        return c.program.classes["java.lang.String"]
    return {"int": INT, "long": LONG, "float": FLOAT, "double": DOUBLE, "char": CHAR,
            "boolean": BOOLEAN, "null": NULL}[node.kind]


def _ident(c: _Checker, node: j.Ident, scope: _Scope) -> Type:
    if node.name in scope.names:
        return scope.names[node.name]
    owner: ClassInfo | None = scope.cls
    while owner is not None:
        found = owner.lookup_field(node.name)
        if found is not None:
            if scope.static and not found.static and owner is scope.cls:
                c.error(node, f"the instance field '{node.name}' in a static context")
            return found.type
        owner = owner.outer
    cls = c.program.lookup_class(node.name, scope.cls)
    if cls is not None:
        return ClassRef(cls)
    c.error(node, f"unknown name '{node.name}': no variable, parameter or field of "
                  f"{scope.cls.simple_name} has it")
    return None


def _this(c: _Checker, node: j.This, scope: _Scope) -> Type:
    if scope.static:
        c.error(node, "'this' in a static context")
        return None
    return scope.cls


def _result(c: _Checker, node: j.Result, scope: _Scope) -> Type:
    if scope.place != "ensures":
        c.error(node, f"\\result stands only in an ensures clause, not in {scope.place}")
        return None
    returned = scope.method.return_type if scope.method else None
    if scope.method is None or scope.method.name == "<init>" or returned is VOID:
        c.error(node, "\\result of a method that returns nothing")
        return None
    return returned


def _old(c: _Checker, node: j.Old, scope: _Scope) -> Type:
    if scope.place not in _POST + _IN_BODY:
        c.error(node, f"\\old stands only in a post-condition (ensures, signals) or a "
                      f"method body, not in {scope.place}")
    return c.type_of(node.expr, scope)


def _qualified_class(c: _Checker, expr: j.Node | None, scope: _Scope) -> tuple[bool, Type]:
    """Whether ``expr`` is a class named with its package (``java.util.Objects``) and, if
    so, the class (None where the class table does not have it)."""
    parts = []
    while isinstance(expr, j.Field):
        parts.append(expr.name)
        expr = expr.target
    if not parts or not isinstance(expr, j.Ident) or expr.name in scope.names \
            or _visible_field(scope.cls, expr.name) \
            or c.program.lookup_class(expr.name, scope.cls) is not None:
        return False, None
    found = c.program.lookup_class(".".join([expr.name, *reversed(parts)]), scope.cls)
    return True, ClassRef(found) if found is not None else None


def _visible_field(cls: ClassInfo | None, name: str) -> bool:
    while cls is not None:
        if cls.lookup_field(name) is not None:
            return True
        cls = cls.outer
    return False


def _target(c: _Checker, expr: j.Node, scope: _Scope) -> Type:
    """The type of a field access's or call's target, a class named with its package
    being a class."""
    qualified, found = _qualified_class(c, expr, scope)
    return found if qualified else c.type_of(expr, scope)


def _field(c: _Checker, node: j.Field, scope: _Scope) -> Type:
    target = _target(c, node.target, scope)
    if target is None:
        return None
    if isinstance(target, ClassRef):
        found = target.cls.lookup_field(node.name)
        if found is None and target.cls.has_source:
            c.error(node, f"{target.cls.simple_name} has no field '{node.name}'")
        return found.type if found is not None else None
    if not isinstance(target, ClassInfo):
        c.error(node, f"{_name(target)} has no field '{node.name}'")
        return None
    if target.element is not None and node.name == "length":
        return INT
    found = target.lookup_field(node.name)
    if found is None and target.has_source:
        c.error(node, f"{target.simple_name} has no field '{node.name}'")
    return found.type if found is not None else None


def _index(c: _Checker, node: j.Index, scope: _Scope) -> Type:
    array = c.type_of(node.array, scope)
    c.expect_integral(node.index, c.type_of(node.index, scope))
    if array is None:
        return None
    if not _is_array(array):
        c.error(node, f"{_name(array)} is not an array")
        return None
    return array.element


def _call(c: _Checker, node: j.Call, scope: _Scope) -> Type:
    target = _target(c, node.target, scope) if node.target is not None else scope.cls
    args = [c.type_of(arg, scope) for arg in node.args]
    if isinstance(target, ObjectSet):
        if node.name != "has" or len(args) != 1:
            c.error(node, f"a \\reach set has has(o) only, not {node.name}")
        elif args[0] is not None and not _is_reference(args[0]):
            c.error(node.args[0], f"has(o) takes an object, not {_name(args[0])}")
        return BOOLEAN
    cls = target.cls if isinstance(target, ClassRef) else target
    if cls is None or cls == JML_TYPE:  # a \TYPE is a java.lang.Class, modelled or not
        return None
    if not isinstance(cls, ClassInfo):
        c.error(node, f"{_name(cls)} has no methods")
        return None
    candidates = [m for m in c.program.methods_named(cls, node.name) if len(m.params) == len(args)
                  or m.varargs]
    if not candidates:
        if cls.has_source and not any(t.origin == "external" for t in cls.supertypes()):
            c.error(node, f"{cls.simple_name} has no method {node.name} taking {len(args)} "
                          f"argument{'s' * (len(args) != 1)}")
        return None
    method = candidates[0]
    if method.owner.is_project and method.decl is not None and \
            (method.owner.path, method.decl.line, method.decl.column) not in c.pure:
        c.error(node, f"a specification calls only pure methods, and {method.owner.simple_name}."
                      f"{node.name} is not declared /*@ pure @*/")
    return method.return_type


def _unary(c: _Checker, node: j.Unary, scope: _Scope) -> Type:
    operand = c.type_of(node.operand, scope)
    if operand is None:
        return None
    if node.op == "!":
        c.expect_boolean(node.operand, operand, "the operand of '!'")
        return BOOLEAN
    if not (_numeric(operand) and (node.op != "~" or _integral(operand))):
        c.error(node, f"'{node.op}' does not apply to {_name(operand)}")
        return None
    return _promoted(operand, INT)


def _binary(c: _Checker, node: j.Binary, scope: _Scope) -> Type:
    left, right = c.type_of(node.left, scope), c.type_of(node.right, scope)
    op = node.op
    if op in ("==>", "<==", "<==>", "<=!=>", "&&", "||"):
        c.expect_boolean(node.left, left, f"an operand of '{op}'")
        c.expect_boolean(node.right, right, f"an operand of '{op}'")
        return BOOLEAN
    if left is None or right is None:
        return BOOLEAN if op in ("==", "!=", "<", ">", "<=", ">=", "<:") else None
    if op == "<:":
        if left != JML_TYPE or right != JML_TYPE:
            c.error(node, "'<:' compares types: \\typeof(e) or \\type(T)")
        return BOOLEAN
    if op in ("==", "!="):
        if not _comparable(left, right):
            c.error(node, f"'{op}' cannot compare {_name(left)} with {_name(right)}")
        return BOOLEAN
    if op == "+" and (_is_string(left) or _is_string(right)):
        return c.program.classes["java.lang.String"]
    if op in ("&", "|", "^") and left is BOOLEAN and right is BOOLEAN:
        return BOOLEAN
    integral_only = op in ("&", "|", "^", "<<", ">>", ">>>")
    fits = _integral if integral_only else _numeric
    if not (fits(left) and fits(right)):
        c.error(node, f"'{op}' does not apply to {_name(left)} and {_name(right)}")
        return None
    if op in ("<", ">", "<=", ">="):
        return BOOLEAN
    return _promoted(left, INT) if op in ("<<", ">>", ">>>") else _promoted(left, right)


def _instanceof(c: _Checker, node: j.InstanceOf, scope: _Scope) -> Type:
    c.type_of(node.expr, scope)
    return BOOLEAN


def _cast(c: _Checker, node: j.Cast, scope: _Scope) -> Type:
    c.type_of(node.expr, scope)
    return c.resolve(node.type, scope)


def _conditional(c: _Checker, node: j.Conditional, scope: _Scope) -> Type:
    c.expect_boolean(node.cond, c.type_of(node.cond, scope), "the condition of '?:'")
    then, other = c.type_of(node.then, scope), c.type_of(node.other, scope)
    if then is not None and other is not None and _numeric(then) and _numeric(other):
        return _promoted(then, other)
    return then


def _quantified(c: _Checker, node: j.Quantified, scope: _Scope) -> Type:
    inner = replace(scope, names=dict(scope.names))
    for variable in node.variables:
        inner.names[variable.name] = c.resolve(variable.type, scope)
    if node.range is not None:
        c.expect_boolean(node.range, c.type_of(node.range, inner), "a quantifier's range")
    body = c.type_of(node.body, inner)
    if node.quantifier in ("forall", "exists", "num_of"):
        c.expect_boolean(node.body, body, f"the body of \\{node.quantifier}")
        return LONG if node.quantifier == "num_of" else BOOLEAN
    if body is not None and not _numeric(body):
        c.error(node.body, f"the body of \\{node.quantifier} must be a number, not {_name(body)}")
        return None
    return _promoted(body, INT) if body is not None else None


def _reach(c: _Checker, node: j.Reach, scope: _Scope) -> Type:
    root = c.type_of(node.root, scope)
    if root is not None and not _is_reference(root):
        c.error(node.root, f"\\reach starts from an object, not {_name(root)}")
    element = c.resolve(node.type, scope) if node.type else root
    element = element if isinstance(element, ClassInfo) else None
    if node.field and element is not None and element.has_source \
            and element.lookup_field(node.field) is None:
        c.error(node, f"{element.simple_name} has no field '{node.field}' for \\reach to follow")
    return ObjectSet(element)


def _fresh(c: _Checker, node: j.Fresh, scope: _Scope) -> Type:
    if scope.place not in _POST:
        c.error(node, f"\\fresh stands only in a post-condition, not in {scope.place}")
    for expr in node.exprs:
        c.type_of(expr, scope)
    return BOOLEAN


def _nonnullelements(c: _Checker, node: j.NonNullElements, scope: _Scope) -> Type:
    array = c.type_of(node.array, scope)
    if array is not None and not _is_array(array):
        c.error(node.array, f"\\nonnullelements takes an array, not {_name(array)}")
    return BOOLEAN


def _typeof(c: _Checker, node: j.TypeOf, scope: _Scope) -> Type:
    c.type_of(node.expr, scope)
    return JML_TYPE


def _misplaced_location(c: _Checker, node: j.Node, scope: _Scope) -> Type:
    c.error(node, "a set of locations stands only in an assignable clause")
    return None


_RULES = {
    j.Literal: _literal, j.Ident: _ident, j.This: _this, j.Result: _result, j.Old: _old,
    j.Field: _field, j.Index: _index, j.Call: _call, j.Unary: _unary, j.Binary: _binary,
    j.InstanceOf: _instanceof, j.Cast: _cast, j.Conditional: _conditional,
    j.Quantified: _quantified, j.Reach: _reach, j.Fresh: _fresh,
    j.NonNullElements: _nonnullelements, j.TypeOf: _typeof,
    j.TypeLiteral: lambda c, node, scope: JML_TYPE,
    j.NotSpecified: lambda c, node, scope: BOOLEAN,
    j.UnsupportedExpr: lambda c, node, scope: None,
    j.Nothing: _misplaced_location, j.Everything: _misplaced_location,
    j.AllFields: _misplaced_location, j.ArrayRange: _misplaced_location,
}


# -------------------------------------------------------------- type tests

def _name(t: Type) -> str:
    if isinstance(t, ClassRef):
        return f"the class {t.cls.simple_name}"
    if isinstance(t, ObjectSet):
        return "a \\reach set"
    if isinstance(t, ClassInfo):
        return t.simple_name
    return str(t)


def _numeric(t: Type) -> bool:
    prim = t if isinstance(t, PrimType) else _unboxed(t)
    return prim is not None and prim.name in _NUMERIC


def _integral(t: Type) -> bool:
    prim = t if isinstance(t, PrimType) else _unboxed(t)
    return prim is not None and prim.is_integral


def _unboxed(t: Type) -> PrimType | None:
    if isinstance(t, ClassInfo) and t.fqname.startswith("java.lang."):
        return _BOXES.get(t.fqname[len("java.lang."):])
    return None


_BOXES = {"Integer": INT, "Long": LONG, "Character": CHAR, "Float": FLOAT, "Double": DOUBLE,
          "Short": SHORT, "Byte": BYTE, "Boolean": BOOLEAN}


def _promoted(a: Type, b: Type) -> PrimType:
    """Binary numeric promotion (JLS 5.6.2) of two numeric types."""
    names = {(x if isinstance(x, PrimType) else _unboxed(x)).name for x in (a, b)}
    for wide in ("double", "float", "long"):
        if wide in names:
            return {"double": DOUBLE, "float": FLOAT, "long": LONG}[wide]
    return INT


def _is_array(t: Type) -> bool:
    return isinstance(t, ClassInfo) and t.element is not None


def _is_reference(t: Type) -> bool:
    return isinstance(t, (ClassInfo, NullType))


def _is_string(t: Type) -> bool:
    return isinstance(t, ClassInfo) and t.fqname == "java.lang.String"


def _comparable(a: Type, b: Type) -> bool:
    if _numeric(a) and _numeric(b):
        return True
    if a is BOOLEAN or b is BOOLEAN:  # a Boolean unboxes
        return all(x is BOOLEAN or _unboxed(x) is BOOLEAN for x in (a, b))
    if a == JML_TYPE or b == JML_TYPE:
        return a == b
    return _is_reference(a) and _is_reference(b)
