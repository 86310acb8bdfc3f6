"""The JML checks of a project: one per specified method or constructor, and one per
method and constructor of a class with invariants (its own, static ones, or those of
the objects its fields may lead to), each with its harness.

A check's id is the method's name and parameter types as its class declares them,
``withdraw(int)``, a constructor's the class's simple name, ``Account(int)``: stable
across runs, and with no dot, so that it ends a pytest node id as a contract's id does.
A specification with an error (it does not parse, or names what does not exist) makes
its check an error naming file:line:col; one with a construct that is not lowered yet
(``jmlexpr.NotLowered``), a skip naming it.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jmlnull import mark_non_null, non_null_result
from pytest_boundcheck.frontend.parse import parse_source
from pytest_boundcheck.frontend.types import ClassInfo, MethodInfo, PrimType, type_name
from pytest_boundcheck.harness import jmlbody
from pytest_boundcheck.harness.applicable import receiver_types
from pytest_boundcheck.harness.domains import ParamDomain
from pytest_boundcheck.harness.jmlexpr import SELF
from pytest_boundcheck.harness.jmlharness import (
    Invariants,
    NonNull,
    invariant_method,
    lower,
    non_null_declared,
    reachable_classes,
)

FAMILY = "jml"  # its pytest marker is ``boundcheck_jml``


@dataclass(frozen=True)
class JmlCheck:
    """One item's check, shaped as a ``contracts.Contract`` is for the engine: ``method``
    is its harness's ``check`` (None where the check is an error or unsupported)."""
    id: str
    summary: str
    method: MethodInfo | None
    unsupported: str = ""
    errors: tuple[j.JmlError, ...] = ()
    nullable: frozenset[str] = frozenset()  # the parameters that may be null
    source: str = ""  # the harness's Java source, for a reproducer to run on a JVM
    advisory: bool = False  # (a contract's may be; a specification's is not)
    target: MethodInfo | None = None  # the method or constructor specified

    @property
    def family(self) -> str:
        return FAMILY


def check_id(method: MethodInfo) -> str:
    name = method.owner.simple_name.rpartition(".")[2] if method.name == "<init>" else method.name
    return f"{name}({','.join(type_name(p.type) for p in method.params)})"


def _pure(class_spec: j.DeclSpec | None, spec: j.DeclSpec | None) -> bool:
    """Is the method declared ``pure``, itself or by its class?"""
    return any(m.name == "pure" for s in (class_spec, spec) if s is not None for m in s.modifiers)


def jml_checks(program: Program, specs: list[j.JmlFile]) -> dict[str, list[JmlCheck]]:
    """Each project class's JML checks (by its full name), in source order; their
    harnesses are added to ``program``, and the non-null fields and parameters of the
    files with annotations marked in it (``jmlnull``)."""
    mark_non_null(program, specs)
    by_path = {spec.path: spec for spec in specs}
    invariants = _instance_invariants(program, by_path)
    found: dict[str, list[JmlCheck]] = {}
    files = {cls.fqname: by_path.get(cls.path, j.JmlFile(cls.path, (), (), ()))
             for cls in program.project if cls.decl is not None}
    # every class's statements first: a check runs those of the methods it inlines
    unchecked = {}
    for cls in program.project:
        if cls.decl is not None and files[cls.fqname].statements:
            try:
                unchecked.update(jmlbody.add_class(program, cls, files[cls.fqname],
                                                   parse_source))
            except Exception as e:  # a lowering bug costs these statements, and says so
                why = (f"the JML statements of this method, which boundcheck failed to lower "
                       f"({type(e).__name__}: {e}); please report it")
                unchecked.update((m, why) for m in [*cls.ctors, *cls.methods]
                                 if m.decl is not None)
    for cls in program.project:
        if cls.decl is None:
            continue
        checks = _class_checks(program, cls, files[cls.fqname], unchecked, invariants)
        if checks:
            found[cls.fqname] = checks
    return found


def _instance_invariants(program: Program, by_path: dict[str, j.JmlFile]) -> Invariants:
    """Each project class's instance invariants (None where its class annotation has
    errors), for the harnesses of every class whose objects may reach its objects."""
    found = {}
    for cls in program.project:
        spec = by_path.get(cls.path)
        if cls.decl is None or spec is None:
            continue
        class_spec = next((d for d in spec.declarations
                           if (d.line, d.column) == (cls.decl.line, cls.decl.column)), None)
        if class_spec is None:
            continue
        clauses = tuple(c for c in class_spec.clauses if isinstance(c, j.InvariantClause)
                        and not c.static)
        if clauses:
            found[cls] = None if class_spec.errors else clauses
    return found


def _holders(program: Program, cls: ClassInfo, own: tuple, invariants: Invariants) -> list[str]:
    """The classes whose instance invariants or non-null fields a method of ``cls`` must
    keep: its own, and those of the objects its fields may lead to."""
    reached = reachable_classes(program, [f.type for f in cls.instance_fields()])
    return list(dict.fromkeys(([cls.simple_name] if own else []) + [
        c.simple_name for c in reached if c in invariants or non_null_declared(program, c)]))


def _what_to_check(cls: ClassInfo, method: MethodInfo, spec: j.DeclSpec | None,
                   holders: list[str], statics: bool, statements: list[j.StmtSpec]
                   ) -> tuple[tuple[j.SpecCase, ...], str] | None:
    """A method's specification cases and its item's summary, or None for no item. A
    method without a specification has one if it is not private and not ``helper`` and
    either has invariants to keep (its class's static ones; if it is not static, the
    instance invariants and non-null fields of its class or of the objects it may reach,
    ``holders``) or its body has JML ``statements`` or Java ``assert`` statements (which
    must hold); it is then checked against any argument and allowed any exception
    (``signals_only Exception``)."""
    name = f"{cls.simple_name}.{check_id(method)}"
    if spec is not None and spec.cases:
        return spec.cases, f"the JML specification of {name}"
    if method.private:
        return None
    helper = spec is not None and any(m.name == "helper" for m in spec.modifiers)
    if (statics or holders and not method.static) and not helper:
        summary = (f"the invariants of {', '.join(holders or [cls.simple_name])}, "
                   f"kept by {check_id(method)}")
    elif statements:
        summary = f"the JML statements of {name}"
    elif any(isinstance(n, ast.Assert) for n in ast.walk(method.decl.body)):
        summary = f"the assert statements of {name}"
    else:
        return None
    decl = method.decl
    allow = j.SignalsOnlyClause(decl.line, "signals_only", "signals_only",
                                (ast.TypeName("Exception"),), column=decl.column)
    return (j.SpecCase(decl.line, "behavior", "", (allow,), column=decl.column),), summary


def _class_checks(program: Program, cls: ClassInfo, file: j.JmlFile,
                  unchecked: dict[MethodInfo, str], all_invariants: Invariants) -> list[JmlCheck]:
    """``unchecked``: the methods whose JML statements are not lowered, with why;
    ``all_invariants``: every class's instance invariants."""
    decls = {(d.line, d.column): d for d in file.declarations}
    class_spec = decls.get((cls.decl.line, cls.decl.column))
    invariants = tuple(c for c in (class_spec.clauses if class_spec else ())
                       if isinstance(c, j.InvariantClause))
    class_errors = class_spec.errors if class_spec else ()
    fields = non_null_declared(program, cls)
    instance_invariants = tuple(i for i in invariants if not i.static)
    statics = tuple(i for i in invariants if i.static)
    if instance_invariants and not class_errors:
        _add_invariant_check(program, cls, instance_invariants)
    holders = _holders(program, cls, instance_invariants or fields, all_invariants)
    checks = []
    members = sorted((m for m in [*cls.ctors, *cls.methods] if m.decl is not None and m.decl.body
                      is not None), key=lambda m: (m.decl.line, m.decl.column))
    for method in members:
        spec = decls.get((method.decl.line, method.decl.column))
        statements = [*jmlbody.statements_of(file, method),
                      *jmlbody.statements_of(file, method, inner=True)]
        checked = _what_to_check(cls, method, spec, holders, bool(statics), statements)
        if checked is None:
            continue
        cases, summary = checked
        ident = check_id(method)
        errors = class_errors + (spec.errors if spec else ()) + tuple(
            e for s in statements for e in s.errors)
        if errors:
            checks.append(JmlCheck(ident, summary, None, errors=errors))
            continue
        name = f"{cls.simple_name.replace('.', '$')}$jml${len(checks)}"
        try:
            non_null = NonNull(fields, cls in program.nullness_declared
                               and non_null_result(method, decls))
            harness = lower(program, cls, method, cases, all_invariants, name, statics, non_null,
                            pure=_pure(class_spec, spec))
            unsupported = (_not_lowered(class_spec, spec, file) or unchecked.get(method)
                           or harness.unsupported)
            if unsupported:
                checks.append(JmlCheck(ident, summary, None, unsupported))
                continue
            path = str(Path(cls.path).with_name(f"{name}.java"))
            added = program.add_units([parse_source(harness.source, path)], origin="contract")
        except Exception as e:  # a lowering bug costs this item alone, and says so
            checks.append(JmlCheck(ident, summary, None, (
                f"this specification, which boundcheck failed to lower ({type(e).__name__}: "
                f"{e}); please report it")))
            continue
        check = next(m for m in added[0].methods if m.name == "check")
        checks.append(JmlCheck(ident, summary, check,
                               nullable=frozenset(p.name for p in method.params
                                                  if not isinstance(p.type, PrimType)
                                                  and not p.never_null),
                               source=harness.source, target=method))
    return checks


def _add_invariant_check(program: Program, cls: ClassInfo, invariants: tuple) -> None:
    """``cls``'s instance invariants as a method in ``program.invariant_checks``, which the
    objects made from field values are assumed to keep. Where they have no Java form yet
    there is none, and those objects are not restricted: a check may then report a
    violation the invariants rule out, never miss one."""
    name = f"{cls.simple_name.replace('.', '$')}$jml$invariant"
    harness = invariant_method(cls, invariants, name)
    if harness.unsupported:
        return
    path = str(Path(cls.path).with_name(f"{name}.java"))
    added = program.add_units([parse_source(harness.source, path)], origin="contract")
    program.invariant_checks[cls] = next(m for m in added[0].methods if m.name == "holds")


def _not_lowered(class_spec: j.DeclSpec | None, spec: j.DeclSpec | None,
                 file: j.JmlFile) -> str:
    """What a method's check would leave out besides its cases' clauses and its body's
    statements: its class's unsupported clauses, and unsupported modifiers; "" for
    nothing."""
    where = Path(file.path).name
    for clause in class_spec.clauses if class_spec else ():
        if isinstance(clause, j.UnsupportedClause):
            return f"the {clause.kind} clause at {where}:{clause.line}:{clause.column}"
    for modifier in [*(class_spec.modifiers if class_spec else ()),
                     *(spec.modifiers if spec else ())]:
        if not modifier.supported:
            return f"the modifier {modifier.name} at {where}:{modifier.line}:{modifier.column}"
    return ""


def jml_domains(program: Program, check: JmlCheck, cls: ClassInfo,
                universe: list[ClassInfo]) -> list[ParamDomain]:
    """What each parameter of a JML harness ranges over: ``self`` is an object of the
    class (or a concrete project subclass), never null; a number any value of its type;
    a reference an object of any class of the check's universe it may hold, or null if
    declared ``nullable`` (JML's default is non-null)."""
    domains = []
    for p in check.method.params:
        if p.name == SELF:
            domains.append(ParamDomain(SELF, cls, tuple(receiver_types(program, cls)), False))
        elif isinstance(p.type, PrimType):
            domains.append(ParamDomain(p.name, p.type, (), False))
        else:  # an array any of its length within the bound, and any elements; an object
            # of a class without source (a Graphics2D) any the JDK's contracts allow
            types = (p.type,) if p.type.element is not None else tuple(
                t for t in universe if t.is_subtype_of(p.type)) or (p.type,)
            domains.append(ParamDomain(p.name, p.type, types, p.name in check.nullable))
    return domains
