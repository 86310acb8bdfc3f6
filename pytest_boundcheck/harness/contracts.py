"""Harness stage: which contracts a class gets, and what each harness parameter ranges over.

A contract is a Java file under ``contracts/``: a Javadoc whose first line says
the rule in words, an ``@contract`` id, and a static ``check`` method whose
assertions the engine tries to break. Parameter conventions:

* the first parameter is the receiver: an instance of the class under test or
  of one of its concrete project subclasses, never null;
* a parameter declared ``Object`` is null or any object: every concrete
  project class, ``String`` and a plain ``Object``;
* a parameter declared with the harness's type variable is null or anything
  the class's ``compareTo`` accepts.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.parse import parse_source
from pytest_boundcheck.frontend.types import ClassInfo, MethodInfo
from pytest_boundcheck.harness import guards

CONTRACT_IDS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
                "hashcode-consistent", "compareto-antisymmetric", "compareto-transitive",
                "compareto-substitutable", "compareto-equals")


@dataclass(frozen=True)
class Contract:
    id: str
    summary: str     # the rule in words, first line of the Javadoc
    quote: str       # the Javadoc sentence the contract enforces
    advisory: bool
    method: MethodInfo

    @property
    def family(self) -> str:
        """equals, hashcode or compareto: the part of an id before the first dash."""
        return self.id.partition("-")[0]

    @property
    def source(self) -> str:
        return self.method.owner.path


def contracts_dir() -> Path:
    """The shipped contracts: packaged in the wheel, or the source tree's ``contracts/``."""
    packaged = resources.files("pytest_boundcheck") / "contracts"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "contracts"


def load_contracts(program: Program, directory: Path | None = None) -> list[Contract]:
    """Parse the contract harnesses into ``program``; ordered as ``CONTRACT_IDS``."""
    directory = directory or contracts_dir()
    units = [parse_source(p.read_bytes(), str(p)) for p in sorted(directory.glob("*.java"))]
    found = {}
    for cls in program.add_units(units, origin="contract"):
        doc = cls.decl.doc or ""
        ident = re.search(r"@contract\s+(\S+)", doc)
        if ident is None:
            continue
        check = next(m for m in cls.methods if m.name == "check")
        found[ident.group(1)] = Contract(ident.group(1), _summary(doc), _quote(doc),
                                         "@advisory" in doc, check)
    return [found[i] for i in CONTRACT_IDS if i in found] + \
        [c for i, c in found.items() if i not in CONTRACT_IDS]


def _doc_lines(doc: str) -> list[str]:
    lines = [re.sub(r"^\s*(/\*\*|\*/|\*)\s?", "", line).rstrip() for line in doc.splitlines()]
    return [line for line in lines if line not in ("", "/")]


def _summary(doc: str) -> str:
    return _doc_lines(doc)[0]


def _quote(doc: str) -> str:
    text = " ".join(_doc_lines(doc)[1:])
    match = re.search(r"<p>(.*?)(?=<p>|@)", text)
    return " ".join(match.group(1).split()) if match else ""


# ------------------------------------------------------------- applicability

def equals_implementation(program: Program, cls: ClassInfo) -> MethodInfo | None:
    """The project ``equals(Object)`` instances of ``cls`` run, if it is not Object's."""
    obj_equals = program.methods_named(program.classes[jdk.OBJECT], "equals")[0]
    impl, _ = program.find_override(cls, obj_equals)
    return impl if impl is not None and impl.owner.is_project else None


def compare_to_implementation(program: Program, cls: ClassInfo) -> MethodInfo | None:
    """The project ``compareTo`` instances of ``cls`` run: the Comparable one, or a
    declared one-argument compareTo for classes that do not implement Comparable, where
    it takes objects of the class itself (a ``compareTo(ReadablePartial)`` of a field
    property compares with something else and orders nothing: no contract applies)."""
    comparable = program.classes["java.lang.Comparable"]
    if cls.is_subtype_of(comparable):
        impl, _ = program.find_override(cls, comparable.methods[0])
        if impl is not None and impl.owner.is_project:
            return impl
    declared = [m for m in program.methods_named(cls, "compareTo") if len(m.params) == 1
                and isinstance(m.params[0].type, ClassInfo) and cls.is_subtype_of(m.params[0].type)]
    return declared[0] if declared and declared[0].owner.is_project else None


def applicable(program: Program, cls: ClassInfo, contracts: list[Contract]) -> list[Contract]:
    if cls.kind not in ("class", "record") or cls.origin != "project":
        return []
    families = set()
    if equals_implementation(program, cls) is not None:
        families |= {"equals", "hashcode"}
    if compare_to_implementation(program, cls) is not None:
        families.add("compareto")
    return [c for c in contracts if c.family in families]


def universe(program: Program) -> list[ClassInfo]:
    """Concrete types an initial object may have: project classes, records and enums
    (their constants), String and a plain Object."""
    classes = program.classes
    project = [c for c in _hierarchy_order(program.project)
               if c.kind in ("class", "record", "enum") and not c.is_abstract]
    return project + [classes[jdk.STRING], classes[jdk.OBJECT]]


def _hierarchy_order(classes: list[ClassInfo]) -> list[ClassInfo]:
    """Each class followed by its subclasses, depth first, so that the objects of a class
    and of its subclasses get consecutive ids."""
    children: dict[int, list[ClassInfo]] = {}
    roots = []
    for c in classes:
        if c.superclass is not None and c.superclass.is_project:
            children.setdefault(id(c.superclass), []).append(c)
        else:
            roots.append(c)
    ordered: list[ClassInfo] = []
    pending = list(reversed(roots))
    while pending:
        c = pending.pop()
        ordered.append(c)
        pending.extend(reversed(children.get(id(c), [])))
    return ordered


def receiver_types(program: Program, cls: ClassInfo) -> list[ClassInfo]:
    """Concrete project classes an item's first object may have: ``cls`` and its subclasses.
    An abstract class without a concrete one is checked on objects of an unknown subclass
    that keeps its code: ``cls`` objects with any field values, whose abstract methods are
    unknown functions (``Executor._unknown_function``) and whose exact class is unknown."""
    concrete = [c for c in program.subclasses(cls) if c.kind in ("class", "record") and not c.is_abstract]
    return concrete or ([cls] if cls.kind == "class" else [])


def joins_universe(program: Program, cls: ClassInfo, universe) -> bool:
    """Does a check of ``cls`` add it to the ``universe`` (a collection of classes)? So it
    does for a class checked on an unknown subclass's objects (``receiver_types``)."""
    return cls not in universe and receiver_types(program, cls) == [cls]


def hierarchy(program: Program, cls: ClassInfo) -> list[ClassInfo]:
    """The project classes in ``cls``'s class hierarchy: all subclasses of its topmost
    project superclass."""
    root = cls
    while root.superclass is not None and root.superclass.is_project:
        root = root.superclass
    return program.subclasses(root)


@dataclass(frozen=True)
class ParamDomain:
    name: str
    static: ClassInfo
    types: tuple[ClassInfo, ...]
    nullable: bool


def parameter_domains(program: Program, contract: Contract, cls: ClassInfo,
                      universe: list[ClassInfo]) -> list[ParamDomain]:
    """What each harness parameter ranges over when ``contract`` is checked for ``cls``."""
    params = contract.method.params
    receivers = receiver_types(program, cls)
    domains = [ParamDomain(params[0].name, params[0].type, tuple(receivers), False)]
    equality = _equality_universe(program, universe)
    meeting = guards.meeting(program, contract.id, receivers, equality) or [None] * len(params)
    for p, met in zip(params[1:], meeting):
        if p.is_type_var:
            accepted = _compare_to_argument(program, cls)
            comparable = program.classes["java.lang.Comparable"]
            types = [t for t in universe if t.is_subtype_of(accepted)
                     and (t.is_subtype_of(comparable) or t.is_subtype_of(cls))]
        else:
            types = [t for t in universe if t.is_subtype_of(p.type)
                     and (t is cls or not behaves_like_object(program, t))
                     and not _apart(program, cls, t, equality) and (met is None or t in met)]
        domains.append(ParamDomain(p.name, p.type, tuple(types), True))
    return domains


def own_classes(contract: Contract, domains: list[ParamDomain]) -> list[ParamDomain] | None:
    """The domains with every parameter after the first narrowed to the first's classes
    (and null): a subset of the check's inputs, so a violation among them is one of the
    check's; and for a class whose equals accepts many others (a statistic, any of
    fifteen), a far smaller question. None unless some parameter so loses at least half
    of its classes: a question not much smaller is not worth asking first. None for the
    compareTo contracts: an order spans the classes it compares, and their violations
    tend to be across classes (joda-time's duration fields, compared by their unit)."""
    if contract.family == "compareto":
        return None
    own = set(domains[0].types)
    narrowed = domains[:1] + [dataclasses.replace(d, types=tuple(t for t in d.types if t in own))
                              for d in domains[1:]]
    if all(2 * len(n.types) > len(d.types) for n, d in zip(narrowed[1:], domains[1:])):
        return None
    return narrowed


def behaves_like_object(program: Program, cls: ClassInfo) -> bool:
    """Would an object of ``cls`` act in any check exactly as a plain ``Object`` does? True
    for a project class that keeps Object's equals, hashCode and toString and is not a
    subtype of any class the project's code tests objects against: a plain Object then
    stands for all such objects, which a large project has hundreds of. Remembered per
    program: every check of a project asks it of every class."""
    known = program.derived.setdefault("behaves like Object", {})  # class -> bool
    if cls not in known:
        known[cls] = _behaves_like_object(program, cls)
    return known[cls]


def _behaves_like_object(program: Program, cls: ClassInfo) -> bool:
    if not cls.is_project:
        return False
    obj = program.classes[jdk.OBJECT]
    for name in ("equals", "hashCode", "toString"):
        impl, _ = program.find_override(cls, program.methods_named(obj, name)[0])
        if impl is None or impl.owner is not obj:
            return False
    return not any(cls.is_subtype_of(t) for t in program.tested_types() if t is not obj)


def _apart(program: Program, cls: ClassInfo, other: ClassInfo, equality: list[ClassInfo]) -> bool:
    """Is ``other`` a project class that no equals guard links, through any chain, with
    ``cls``'s hierarchy (in the universe ``equality``)? Then to every equals in a check of
    ``cls`` its objects are no different from the plain Object that is in the domain
    anyway, and leaving them out loses nothing."""
    return other.is_project and guards.apart(program, hierarchy(program, cls), other, equality)


def _equality_universe(program: Program, checked: list[ClassInfo]) -> list[ClassInfo]:
    """The universe whose equals table (``guards``) a check reads: the project's, or for a
    check of an abstract class on an unknown subclass's objects (which adds that class
    to it), the project's with every such class. One table then serves all those checks,
    where one for each took a second on guava; its accepted sets and groups are at most
    wider than the check's own: more classes met, never fewer."""
    # (its universe's classes, that universe with every abstract class checked on an unknown
    # subclass's objects), once per program
    if "equality universe" not in program.derived:
        base = universe(program)
        classes = frozenset(base)
        unknown = [c for c in program.project if joins_universe(program, c, classes)]
        program.derived["equality universe"] = (classes, base[:-2] + unknown + base[-2:])
    classes, widest = program.derived["equality universe"]
    return checked if classes.issuperset(checked) else widest


def _compare_to_argument(program: Program, cls: ClassInfo) -> ClassInfo:
    impl = compare_to_implementation(program, cls)
    t = impl.params[0].type if impl is not None else None
    return t if isinstance(t, ClassInfo) else program.classes[jdk.OBJECT]
