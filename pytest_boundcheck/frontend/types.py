"""Java types as the engine sees them: primitive types and the class table's entries.

A reference type is a ``ClassInfo`` (erased: type arguments are dropped, a type
variable is its bound). Project classes, JDK library models and unknown
("external") classes share this one shape; ``program.py`` fills it in.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from pytest_boundcheck.frontend import javaast as ast


@dataclass(frozen=True, slots=True)
class PrimType:
    name: str
    bits: int
    signed: bool = True

    def __str__(self) -> str:
        return self.name

    @property
    def is_integral(self) -> bool:
        return self.name in ("byte", "short", "char", "int", "long")

    @property
    def is_floating(self) -> bool:
        return self.name in ("float", "double")


BOOLEAN = PrimType("boolean", 1, False)
BYTE = PrimType("byte", 8)
SHORT = PrimType("short", 16)
CHAR = PrimType("char", 16, False)
INT = PrimType("int", 32)
LONG = PrimType("long", 64)
FLOAT = PrimType("float", 32)
DOUBLE = PrimType("double", 64)
VOID = PrimType("void", 0)
PRIMITIVES = {t.name: t for t in (BOOLEAN, BYTE, SHORT, CHAR, INT, LONG, FLOAT, DOUBLE, VOID)}

# primitive widening conversions (JLS 5.1.2), as reachable sets
_WIDER = {
    "byte": {"short", "int", "long", "float", "double"},
    "short": {"int", "long", "float", "double"},
    "char": {"int", "long", "float", "double"},
    "int": {"long", "float", "double"},
    "long": {"float", "double"},
    "float": {"double"},
}


@dataclass(eq=False)
class FieldInfo:
    name: str
    type: "JType"
    owner: "ClassInfo"
    static: bool
    final: bool
    init: ast.Expr | None = None
    transient: bool = False
    line: int = 0
    never_null: bool = False  # declared so (``nullness``)

    @property
    def key(self) -> str:
        """Fields are not virtual: the declaring class is part of a field's identity."""
        return f"{self.owner.fqname}.{self.name}"


ENCLOSING_FIELD = "this$0"


class ModelMade:
    """The initialiser of a JDK constant that a model makes (``String.CASE_INSENSITIVE_ORDER``)."""

    def __repr__(self) -> str:
        return "MODEL_MADE"


MODEL_MADE = ModelMade()


@dataclass(eq=False)
class Param:
    type: "JType"
    name: str
    is_type_var: bool = False  # declared as a type variable: overriders may narrow it (bridge)
    never_null: bool = False  # declared so (``nullness``)


@dataclass(eq=False)
class MethodInfo:
    name: str  # "<init>" for constructors
    owner: "ClassInfo"
    params: list[Param]
    return_type: "JType"
    static: bool = False
    abstract: bool = False
    private: bool = False
    varargs: bool = False
    decl: ast.MethodDecl | None = None
    type_vars: dict[str, "JType"] = field(default_factory=dict)
    # a JDK method's (owner, Java signature) as declared, by which its model is found
    declared: tuple[str, str] | None = None

    def signature(self) -> str:
        params = ", ".join(type_name(p.type) for p in self.params)
        return f"{self.owner.simple_name}.{self.name}({params})"

    def same_erasure(self, other: "MethodInfo") -> bool:
        return (self.name == other.name and len(self.params) == len(other.params)
                and all(a.type is b.type for a, b in zip(self.params, other.params)))


class Hierarchy:
    """The version of one class table's supertype links: it changes whenever a class's
    superclass or interfaces are set again after it was made, and the supertypes each
    class of the table remembers (``ClassInfo._ancestry``) are those of one version."""
    __slots__ = ("version",)

    def __init__(self):
        self.version = 0


@dataclass(eq=False)
class ClassInfo:
    fqname: str
    kind: str  # class | interface | enum | record | annotation | external
    modifiers: frozenset[str] = frozenset()
    decl: ast.TypeDecl | None = None
    unit: ast.CompilationUnit | None = None
    outer: "ClassInfo | None" = None
    superclass: "ClassInfo | None" = None
    interfaces: list["ClassInfo"] = field(default_factory=list)
    fields: dict[str, FieldInfo] = field(default_factory=dict)
    methods: list[MethodInfo] = field(default_factory=list)
    ctors: list[MethodInfo] = field(default_factory=list)
    type_vars: dict[str, "JType"] = field(default_factory=dict)
    members: dict[str, "ClassInfo"] = field(default_factory=dict)
    origin: str = "project"  # project | jdk | contract | external
    known_supertypes: bool = False  # an external class whose supertypes the class table has
    element: JType | None = None  # the component type of an array class
    # the class table's, shared by all its classes; None: the supertypes are not remembered
    hierarchy: Hierarchy | None = field(default=None, repr=False)

    def __repr__(self) -> str:
        return f"<class {self.fqname}>"

    @property
    def package(self) -> str:
        return self.unit.package if self.unit else self.fqname.rpartition(".")[0]

    @property
    def simple_name(self) -> str:
        """Name as Java code outside the package writes it: ``Outer.Inner``; an anonymous
        or local class's as javac's: ``Outer$1``, ``Outer$1Local``."""
        if self.outer is not None and self.fqname.startswith(self.outer.fqname + "$"):
            return self.outer.simple_name + self.fqname[len(self.outer.fqname):]
        if self.outer is not None:
            return f"{self.outer.simple_name}.{self.fqname.rpartition('.')[2]}"
        return self.fqname.rpartition(".")[2]

    @property
    def is_interface(self) -> bool:
        return self.kind in ("interface", "annotation")

    @property
    def is_abstract(self) -> bool:
        return self.is_interface or "abstract" in self.modifiers

    @property
    def is_project(self) -> bool:
        return self.origin == "project"

    @property
    def has_source(self) -> bool:
        """Does the engine run its Java code: the project's, or a library model's?"""
        return self.origin in ("project", "library")

    @property
    def path(self) -> str | None:
        return self.unit.path if self.unit else None

    def __setattr__(self, name: str, value) -> None:
        hierarchy = self.__dict__.get("hierarchy")
        if name in ("superclass", "interfaces") and name in self.__dict__ and hierarchy is not None:
            hierarchy.version += 1
        object.__setattr__(self, name, value)

    def supertypes(self) -> Iterator["ClassInfo"]:
        """This class, then its superclasses, then all interfaces (each once)."""
        return iter(self._ancestry()[0])

    def _ancestry(self) -> tuple[tuple["ClassInfo", ...], frozenset["ClassInfo"]]:
        """``supertypes`` in order and as a set, remembered until a class's supertypes are
        set again: the engine asks for them millions of times in a large check."""
        hierarchy = self.hierarchy
        cached = self.__dict__.get("_ancestry_cache")
        if cached is not None and hierarchy is not None and cached[0] == hierarchy.version:
            return cached[1]
        seen: set[int] = set()
        chain = []
        c: ClassInfo | None = self
        while c is not None:
            chain.append(c)
            c = c.superclass
        found = []
        pending = list(chain)
        while pending:
            c = pending.pop(0)
            if id(c) in seen:
                continue
            seen.add(id(c))
            found.append(c)
            pending.extend(c.interfaces)
        ancestry = (tuple(found), frozenset(found))
        if hierarchy is not None:
            self.__dict__["_ancestry_cache"] = (hierarchy.version, ancestry)
        return ancestry

    def is_subtype_of(self, other: "ClassInfo") -> bool:
        if other.fqname == "java.lang.Object" or other is self:
            return True
        if isinstance(self.element, ClassInfo) and isinstance(other.element, ClassInfo):
            return self.element.is_subtype_of(other.element)  # arrays are covariant
        return other in self._ancestry()[1]

    def subtype_decided(self, other: "ClassInfo") -> bool | None:
        """``self <: other`` when the class table can tell, None when a class the
        engine knows nothing of (an external supertype of ``self``) could make it true."""
        if self.is_subtype_of(other):
            return True
        if other.origin == "project":
            return False  # a library class does not extend a project class
        if any(t.origin == "external" and not t.known_supertypes for t in self.supertypes()):
            return None
        return False

    def lookup_field(self, name: str) -> FieldInfo | None:
        for t in self.supertypes():
            if name in t.fields:
                return t.fields[name]
        return None

    @property
    def enclosing_field(self) -> FieldInfo | None:
        """An inner class's hidden field that holds its enclosing instance (``this$0``,
        as javac names it), None for any other class."""
        return self.fields.get(ENCLOSING_FIELD)

    def instance_fields(self) -> list[FieldInfo]:
        """All instance fields, superclass fields first, in declaration order."""
        chain = []
        c: ClassInfo | None = self
        while c is not None:
            chain.append(c)
            c = c.superclass
        return [f for c in reversed(chain) for f in c.fields.values() if not f.static]



@dataclass(frozen=True, slots=True)
class NullType:
    def __str__(self) -> str:
        return "null"


NULL = NullType()

JType = PrimType | ClassInfo | NullType


def type_name(t: JType) -> str:
    return t.simple_name if isinstance(t, ClassInfo) else str(t)


def widens_to(src: PrimType, dst: PrimType) -> bool:
    return src is dst or dst.name in _WIDER.get(src.name, ())


def assignable(src: JType, dst: JType) -> bool:
    """Method invocation conversion without boxing (JLS 5.3, strict and loose phases)."""
    if isinstance(dst, PrimType):
        return isinstance(src, PrimType) and widens_to(src, dst)
    if isinstance(src, NullType):
        return True
    return isinstance(src, ClassInfo) and src.is_subtype_of(dst)
