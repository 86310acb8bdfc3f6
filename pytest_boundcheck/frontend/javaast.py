"""The Java syntax tree the engine reads: small immutable nodes with source lines and columns.

The parser (parse.py) builds these from tree-sitter's concrete tree; everything
after parsing sees only these nodes. A construct the engine cannot model yet is
kept as an ``Unsupported`` node, so that it costs a skip only when a check
actually reaches it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator


@dataclass(frozen=True, slots=True)
class TypeName:
    """A type as written: ``int``, ``Point``, ``java.util.List`` (type arguments erased)."""
    name: str
    dims: int = 0


# ---------------------------------------------------------------- expressions

@dataclass(frozen=True, slots=True)
class Expr:
    line: int
    column: int = field(default=0, kw_only=True)  # 1-based; 0 where the syntax tree has none


@dataclass(frozen=True, slots=True)
class Literal(Expr):
    kind: str  # int, long, float, double, char, boolean, string, null
    value: object


@dataclass(frozen=True, slots=True)
class Name(Expr):
    name: str


@dataclass(frozen=True, slots=True)
class This(Expr):
    qualifier: str | None = None


@dataclass(frozen=True, slots=True)
class FieldAccess(Expr):
    target: Expr | None  # None for super.f
    name: str
    is_super: bool = False


@dataclass(frozen=True, slots=True)
class MethodCall(Expr):
    target: Expr | None  # None: unqualified call
    name: str
    args: tuple[Expr, ...]
    is_super: bool = False
    text: str = ""
    # ``Named.super.m()``: the type named before ``super`` (an interface whose default
    # method is called, or an enclosing class)
    super_of: TypeName | None = None
    # the type its surroundings give the result, where the syntax tells: what a call into
    # code without source returns (``parse.context_type``)
    context: TypeName | None = None


@dataclass(frozen=True, slots=True)
class New(Expr):
    type: TypeName
    args: tuple[Expr, ...]
    outer: Expr | None = None  # ``outer.new Inner(...)``
    body: TypeDecl | None = None  # ``new T(...) { ... }``: the anonymous class's body


@dataclass(frozen=True, slots=True)
class Assign(Expr):
    op: str  # '=', '+=', ...
    target: Expr
    value: Expr


@dataclass(frozen=True, slots=True)
class Binary(Expr):
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Unary(Expr):
    op: str  # - + ~ !
    operand: Expr


@dataclass(frozen=True, slots=True)
class Update(Expr):
    op: str  # ++ --
    prefix: bool
    target: Expr


@dataclass(frozen=True, slots=True)
class Cast(Expr):
    type: TypeName
    expr: Expr
    inserted: bool = False  # by the compiler, for a type argument: well-typed code cannot fail it


@dataclass(frozen=True, slots=True)
class InstanceOf(Expr):
    expr: Expr
    type: TypeName
    binding: str | None = None


@dataclass(frozen=True, slots=True)
class Conditional(Expr):
    cond: Expr
    then: Expr
    other: Expr


@dataclass(frozen=True, slots=True)
class ClassLiteral(Expr):
    type: TypeName


@dataclass(frozen=True, slots=True)
class ArrayAccess(Expr):
    array: Expr
    index: Expr


@dataclass(frozen=True, slots=True)
class ArrayInit(Expr):
    """``{a, b}``: its array type comes from where it stands (a declaration, ``new T[]``)."""
    elements: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class NewArray(Expr):
    """``new T[n][m][]`` (``type`` is the whole array type) or ``new T[] {...}``."""
    type: TypeName
    lengths: tuple[Expr, ...]
    init: ArrayInit | None = None


@dataclass(frozen=True, slots=True)
class TypePattern(Expr):
    """``Foo f`` as a switch label: matches a non-null ``Foo`` and binds it to ``f``."""
    type: TypeName
    binding: str


@dataclass(frozen=True, slots=True)
class SwitchCase:
    """One ``case``/``default`` of a switch: its labels (constant expressions, the null
    literal, type patterns) and the statements after ``:`` or ``->``. In a switch
    expression, an arrow's expression is kept as a ``Yield`` of it."""
    line: int
    labels: tuple[Expr, ...]
    default: bool
    arrow: bool
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class SwitchExpr(Expr):
    """A switch used as an expression: its cases yield its value."""
    switch: Switch


@dataclass(frozen=True, slots=True)
class Lambda(Expr):
    """``(a, b) -> body``: each parameter with its declared type (None where inferred);
    the body is an expression or a block."""
    params: tuple[tuple[str, TypeName | None], ...]
    body: Expr | Block
    text: str = ""


@dataclass(frozen=True, slots=True)
class MethodRef(Expr):
    """``target::name``: the target is a type (a ``TypeName``, or a name the executor
    finds to be one) or an expression whose value receives the calls."""
    target: Expr | TypeName
    name: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class UnsupportedExpr(Expr):
    what: str


# ----------------------------------------------------------------- statements

@dataclass(frozen=True, slots=True)
class Stmt:
    line: int
    column: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class Block(Stmt):
    stmts: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class LocalVar(Stmt):
    type: TypeName
    name: str
    init: Expr | None
    final: bool = False


@dataclass(frozen=True, slots=True)
class ExprStmt(Stmt):
    expr: Expr


@dataclass(frozen=True, slots=True)
class If(Stmt):
    cond: Expr
    then: Stmt
    other: Stmt | None


@dataclass(frozen=True, slots=True)
class Loop(Stmt):
    """while, do-while and for, in one shape: init; while (cond) { body; update }."""
    init: tuple[Stmt, ...]
    cond: Expr | None
    update: tuple[Expr, ...]
    body: Stmt
    test_first: bool = True  # False for do-while
    label: str | None = None


@dataclass(frozen=True, slots=True)
class ForEach(Stmt):
    """``for (T name : iterable) body``."""
    type: TypeName
    name: str
    iterable: Expr
    body: Stmt
    label: str | None = None


@dataclass(frozen=True, slots=True)
class Return(Stmt):
    value: Expr | None


@dataclass(frozen=True, slots=True)
class Break(Stmt):
    label: str | None


@dataclass(frozen=True, slots=True)
class Continue(Stmt):
    label: str | None


@dataclass(frozen=True, slots=True)
class Throw(Stmt):
    value: Expr


@dataclass(frozen=True, slots=True)
class Catch:
    types: tuple[TypeName, ...]
    name: str
    body: Block


@dataclass(frozen=True, slots=True)
class Try(Stmt):
    body: Block
    catches: tuple[Catch, ...]
    final: Block | None


@dataclass(frozen=True, slots=True)
class Switch(Stmt):
    selector: Expr
    cases: tuple[SwitchCase, ...]


@dataclass(frozen=True, slots=True)
class Yield(Stmt):
    value: Expr


@dataclass(frozen=True, slots=True)
class Synchronized(Stmt):
    lock: Expr
    body: Block


@dataclass(frozen=True, slots=True)
class Assert(Stmt):
    cond: Expr
    message: Expr | None


@dataclass(frozen=True, slots=True)
class Labeled(Stmt):
    label: str
    stmt: Stmt


@dataclass(frozen=True, slots=True)
class CtorCall(Stmt):
    """``this(...)`` or ``super(...)`` as the first statement of a constructor."""
    kind: str  # this | super
    args: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class LocalClass(Stmt):
    """A class declared in a block: nothing to run; the class table has it."""
    decl: TypeDecl


@dataclass(frozen=True, slots=True)
class UnsupportedStmt(Stmt):
    what: str


# --------------------------------------------------------------- declarations

@dataclass(frozen=True, slots=True)
class Param:
    type: TypeName
    name: str
    varargs: bool = False  # ``T... name``: ``type`` is the array type
    annotations: tuple[Annotation, ...] = ()


@dataclass(frozen=True, slots=True)
class Annotation:
    """``@name(key = value, ...)``; values kept as source text (a lone value has key
    ``value``). Read are those that change what code exists (Lombok's) and nullness
    annotations (``nullness``)."""
    name: str
    args: tuple[tuple[str, str], ...] = ()

    def arg(self, key: str) -> str | None:
        return next((v for k, v in self.args if k == key), None)


@dataclass(frozen=True, slots=True)
class FieldDecl:
    modifiers: frozenset[str]
    type: TypeName
    name: str
    init: Expr | None
    line: int
    annotations: tuple[Annotation, ...] = ()
    column: int = 0


@dataclass(frozen=True, slots=True)
class MethodDecl:
    modifiers: frozenset[str]
    type_params: tuple[tuple[str, TypeName | None], ...]
    return_type: TypeName | None  # None for constructors
    name: str
    params: tuple[Param, ...]
    body: Block | None
    line: int
    doc: str | None = None
    end_line: int = 0
    column: int = 0
    throws: tuple[TypeName, ...] = ()  # the types its ``throws`` clause names


@dataclass(frozen=True, slots=True)
class Initializer:
    static: bool
    body: Block


@dataclass(frozen=True, slots=True)
class EnumConstant:
    name: str
    args: tuple[Expr, ...]
    has_body: bool  # a constant-specific class body
    line: int


@dataclass(frozen=True, slots=True)
class TypeDecl:
    kind: str  # class | interface | enum | record | annotation
    name: str
    modifiers: frozenset[str]
    type_params: tuple[tuple[str, TypeName | None], ...]
    superclass: TypeName | None
    interfaces: tuple[TypeName, ...]
    fields: tuple[FieldDecl, ...]
    methods: tuple[MethodDecl, ...]
    constructors: tuple[MethodDecl, ...]
    initializers: tuple[Initializer, ...]
    members: tuple[TypeDecl, ...]
    line: int
    doc: str | None = None
    annotations: tuple[Annotation, ...] = ()
    constants: tuple[EnumConstant, ...] = ()  # of an enum, in declaration order
    anonymous: bool = False  # the body of ``new T(...) { ... }``, with T as its superclass
    column: int = 0


@dataclass(frozen=True, slots=True)
class Import:
    name: str
    static: bool
    wildcard: bool


@dataclass(frozen=True, slots=True)
class CompilationUnit:
    path: str
    package: str
    imports: tuple[Import, ...]
    types: tuple[TypeDecl, ...] = field(default=())
    package_annotations: tuple[Annotation, ...] = ()  # package-info.java's


def walk(node) -> Iterator[object]:
    """``node`` and every node below it (statements, expressions, catch clauses...). Each
    project's every class is walked a few times, so what a kind of value holds is looked
    up once per kind (``_parts``), not asked of every value."""
    stack = [node]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is tuple or kind is list:
            stack.extend(reversed(current))
            continue
        parts = _PARTS.get(kind)
        if parts is None:
            parts = _PARTS[kind] = _parts(kind)
        if parts is not _LEAF:
            yield current
            stack.extend([getattr(current, name) for name in parts])


_LEAF = ("leaf",)  # not a node: a name, a number, a type as written
_PARTS: dict[type, tuple[str, ...]] = {}  # kind of value -> the fields walked, last first


def _parts(kind: type) -> tuple[str, ...]:
    if kind is TypeDecl:
        return ()  # a class body is a scope of its own: not walked into
    if not hasattr(kind, "__dataclass_fields__") or issubclass(kind, TypeName):
        return _LEAF
    return tuple(reversed(kind.__dataclass_fields__))
