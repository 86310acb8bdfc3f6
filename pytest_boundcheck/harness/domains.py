"""What each harness parameter ranges over when a contract is checked for a class.

* the first parameter is the receiver: an instance of the class under test or of one of
  its concrete project subclasses, never null;
* a parameter declared ``Object`` is null or any object: every concrete project class,
  ``String`` and a plain ``Object``, but those no equals guard links with the class's
  hierarchy (``guards``) and those that act as a plain ``Object`` does;
* a parameter declared with the harness's type variable is null or anything the class's
  ``compareTo`` accepts.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.types import ClassInfo
from pytest_boundcheck.harness import guards
from pytest_boundcheck.harness.applicable import (
    compare_to_implementation,
    hierarchy,
    joins_universe,
    receiver_types,
    universe,
)
from pytest_boundcheck.harness.contracts import Contract


# the classes a compareTo's other objects may be of, from which its check first asks them
# of the receiver's own classes (``own_classes``): a compareTo(Object) of a project with
# seventy comparable classes, each with its own compareTo the check runs
WIDE_ORDER = 16


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
    # a project class no equals guard links with cls's hierarchy acts, in every equals of
    # the check, as the plain Object in the domain anyway: leaving it out loses nothing
    apart = guards.apart(program, hierarchy(program, cls), equality)
    for p, met in zip(params[1:], meeting):
        if p.is_type_var:
            accepted = _compare_to_argument(program, cls)
            comparable = program.classes["java.lang.Comparable"]
            types = [t for t in universe if t.is_subtype_of(accepted)
                     and (t.is_subtype_of(comparable) or t.is_subtype_of(cls))]
        else:
            types = [t for t in universe if t.is_subtype_of(p.type)
                     and (t is cls or not behaves_like_object(program, t))
                     and not (t.is_project and apart(t)) and (met is None or t in met)]
        domains.append(ParamDomain(p.name, p.type, tuple(types), True))
    return domains


def own_classes(contract: Contract, domains: list[ParamDomain]) -> list[ParamDomain] | None:
    """The domains with every parameter after the first narrowed to the first's classes
    (and null): a subset of the check's inputs, so a violation among them is one of the
    check's; and for a class whose equals accepts many others (a statistic, any of
    fifteen), a far smaller question. None unless some parameter so loses at least half
    of its classes: a question not much smaller is not worth asking first. None for the
    compareTo contracts whose other objects may be of fewer than ``WIDE_ORDER`` classes:
    an order spans the classes it compares, and their violations tend to be across classes
    (duration fields compared by their unit), which the whole check, after the first,
    has less time to find; with more, the whole question is too large to decide anyway."""
    if contract.family == "compareto" and len(domains[1].types) < WIDE_ORDER:
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
    # tested among its supertypes: one set lookup each, where asking each tested type in
    # turn cost (classes x tested types) and the first check of a large project minutes
    if "tested types" not in program.derived:
        program.derived["tested types"] = frozenset(program.tested_types()) - {obj}
    return program.derived["tested types"].isdisjoint(cls.supertypes())


def _equality_universe(program: Program, checked: list[ClassInfo]) -> list[ClassInfo]:
    """The universe whose equals table (``guards``) a check reads: the project's, or for a
    check of an abstract class on an unknown subclass's objects (which adds that class
    to it), the project's with every such class. One table then serves all those checks,
    where one for each costs a large project a second each; its accepted sets and groups
    are at most wider than the check's own: more classes met, never fewer."""
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
