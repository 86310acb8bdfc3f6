"""The JML syntax tree: specifications read from ``//@`` and ``/*@ ... @*/`` comments.

Small immutable nodes, each with the line and column (1-based, in characters, as an editor
counts them) of its first token in the Java file, so that every clause and every error can
name its exact place. Types are ``javaast.TypeName`` (type arguments erased), as in the
code's tree. A construct that is parsed but not checked is kept as a node of its own
(``UnsupportedExpr``, ``UnsupportedClause``, a ``Modifier`` whose ``supported`` is false),
so that whatever consumes a specification can skip naming it rather than pass.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pytest_boundcheck.frontend.javaast import TypeName


@dataclass(frozen=True, slots=True)
class Node:
    line: int
    column: int = field(kw_only=True)


# ---------------------------------------------------------------- expressions

@dataclass(frozen=True, slots=True)
class Literal(Node):
    kind: str  # int, long, float, double, char, string, boolean, null
    value: object  # ints wrapped to their width; floats, chars and strings as written


@dataclass(frozen=True, slots=True)
class Ident(Node):
    name: str


@dataclass(frozen=True, slots=True)
class This(Node):
    pass


@dataclass(frozen=True, slots=True)
class Result(Node):
    """``\\result``: what the method returns (only in ``ensures``)."""


@dataclass(frozen=True, slots=True)
class Field(Node):
    target: Node
    name: str


@dataclass(frozen=True, slots=True)
class Index(Node):
    array: Node
    index: Node


@dataclass(frozen=True, slots=True)
class Call(Node):
    target: Node | None  # None: an unqualified call, ``contains(x)``
    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Unary(Node):
    op: str  # ! - + ~
    operand: Node


@dataclass(frozen=True, slots=True)
class Binary(Node):
    """Java's binary operators and JML's ``==>``, ``<==``, ``<==>``, ``<=!=>`` and ``<:``."""
    op: str
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class InstanceOf(Node):
    expr: Node
    type: TypeName


@dataclass(frozen=True, slots=True)
class Cast(Node):
    type: TypeName
    expr: Node


@dataclass(frozen=True, slots=True)
class Conditional(Node):
    cond: Node
    then: Node
    other: Node


@dataclass(frozen=True, slots=True)
class Old(Node):
    """``\\old(e)`` or ``\\pre(e)``: ``e`` in the method's pre-state; ``label`` names a
    statement label instead (``\\old(e, L)``)."""
    expr: Node
    label: str | None = None


@dataclass(frozen=True, slots=True)
class BoundVar:
    type: TypeName
    name: str


@dataclass(frozen=True, slots=True)
class Quantified(Node):
    """``(\\forall T x; range; body)``, and likewise ``\\exists``, ``\\num_of``,
    ``\\sum``, ``\\product``, ``\\min`` and ``\\max``; ``range`` None where omitted."""
    quantifier: str  # forall, exists, num_of, sum, product, min, max
    variables: tuple[BoundVar, ...]
    range: Node | None
    body: Node


@dataclass(frozen=True, slots=True)
class Reach(Node):
    """``\\reach(root)``: the objects reachable from ``root``; ``\\reach(root, T)`` keeps
    those of type T; ``\\reach(root, T, f)`` follows field ``f`` only."""
    root: Node
    type: TypeName | None = None
    field: str | None = None


@dataclass(frozen=True, slots=True)
class NonNullElements(Node):
    array: Node


@dataclass(frozen=True, slots=True)
class Fresh(Node):
    exprs: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class TypeOf(Node):
    expr: Node


@dataclass(frozen=True, slots=True)
class TypeLiteral(Node):
    """``\\type(T)``."""
    type: TypeName


@dataclass(frozen=True, slots=True)
class NotSpecified(Node):
    """``\\not_specified``: a clause whose author left it open."""


@dataclass(frozen=True, slots=True)
class UnsupportedExpr(Node):
    """A construct JML has and the checks do not: ``what`` names it for the skip."""
    what: str


# ----------------------------------------------------- locations (store refs)

@dataclass(frozen=True, slots=True)
class Nothing(Node):
    """``\\nothing``: no location."""


@dataclass(frozen=True, slots=True)
class Everything(Node):
    """``\\everything``: every location."""


@dataclass(frozen=True, slots=True)
class AllFields(Node):
    """``o.*``: every field of ``o``."""
    target: Node


@dataclass(frozen=True, slots=True)
class ArrayRange(Node):
    """``a[*]`` (``low`` and ``high`` None) or ``a[i..j]``: those elements of ``a``."""
    array: Node
    low: Node | None
    high: Node | None


# -------------------------------------------------------------------- clauses

@dataclass(frozen=True, slots=True)
class Clause(Node):
    """A clause; ``kind`` is its canonical keyword (``requires`` for ``pre``...) and
    ``keyword`` the one written."""
    kind: str
    keyword: str


@dataclass(frozen=True, slots=True)
class PredicateClause(Clause):
    """``requires``, ``ensures``, ``assert``, ``assume``, ``loop_invariant``,
    ``decreases`` (whose ``expr`` is a number, not a predicate)."""
    expr: Node
    message: Node | None = None  # ``assert P : message;``


@dataclass(frozen=True, slots=True)
class InvariantClause(Clause):
    expr: Node
    visibility: str  # public, protected, private or "" (package)
    static: bool


@dataclass(frozen=True, slots=True)
class SignalsClause(Clause):
    """``signals (E e) P;``: if the method throws an E, P holds (``e`` names it)."""
    exception: TypeName
    variable: str | None
    expr: Node | None  # None: ``signals (E e);``, which says only that E may be thrown


@dataclass(frozen=True, slots=True)
class SignalsOnlyClause(Clause):
    """``signals_only E1, E2;`` (empty for ``\\nothing``)."""
    exceptions: tuple[TypeName, ...]


@dataclass(frozen=True, slots=True)
class AssignableClause(Clause):
    locations: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class UnsupportedClause(Clause):
    """A clause JML has and the checks do not (``constraint``, ``diverges``...)."""


@dataclass(frozen=True, slots=True)
class Modifier(Node):
    name: str

    @property
    def supported(self) -> bool:
        return self.name in SUPPORTED_MODIFIERS


SUPPORTED_MODIFIERS = frozenset({
    "pure", "helper", "nullable", "non_null", "spec_public", "spec_protected",
    "nullable_by_default", "non_null_by_default"})


# ------------------------------------------------------- specifications, file

@dataclass(frozen=True, slots=True)
class JmlError:
    """A specification that does not parse, or stands where it cannot apply."""
    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"



@dataclass(frozen=True, slots=True)
class SpecCase(Node):
    """One specification case of a method: lightweight (clauses alone) or heavyweight
    (``behavior``, ``normal_behavior``, ``exceptional_behavior``)."""
    behavior: str  # lightweight, behavior, normal_behavior, exceptional_behavior
    visibility: str
    clauses: tuple[Clause, ...]


@dataclass(frozen=True, slots=True)
class DeclSpec:
    """What the annotations say of one declaration. ``line`` and ``column`` are those of
    the declaration in ``javaast`` (a field's are its declarator's), so that a consumer
    finds it; ``owner`` is the dotted name of the declarations around it."""
    kind: str  # class, interface, enum, record, field, method, constructor, parameter, local
    name: str  # a constructor's is ``<init>``, as in javaast
    owner: str
    line: int
    column: int
    modifiers: tuple[Modifier, ...] = ()
    cases: tuple[SpecCase, ...] = ()  # a method's or constructor's, in order
    also: bool = False  # the cases begin with ``also``: they add to the inherited ones
    clauses: tuple[Clause, ...] = ()  # a class's: invariants and the like
    # the errors of the annotations this specification is read from: a declaration with
    # one has a specification that cannot be trusted whole
    errors: tuple[JmlError, ...] = ()


@dataclass(frozen=True, slots=True)
class StmtSpec:
    """``assert``, ``assume``, ``loop_invariant``, ``decreases`` inside a method body,
    attached to the statement that follows them (``target`` its kind: while, for, do,
    foreach, statement; or ``end of block``). ``line`` and ``column`` are the statement's
    in ``javaast`` (the closing brace's, for the end of a block); ``owner`` is the dotted
    name of the method and classes around it. At the end of a block, ``after`` is the
    position of the statement the annotation follows (None in an empty block): the
    statement it is checked after, as the code's tree records no block's end."""
    owner: str
    target: str
    line: int
    column: int
    clauses: tuple[Clause, ...]
    errors: tuple[JmlError, ...] = ()
    after: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class JmlFile:
    path: str
    declarations: tuple[DeclSpec, ...]
    statements: tuple[StmtSpec, ...]
    errors: tuple[JmlError, ...]
