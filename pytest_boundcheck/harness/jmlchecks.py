"""The JML checks of a project: one per specified method or constructor, and one per
method and constructor of a class with instance invariants, each with its harness.

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
from pytest_boundcheck.frontend.parse import parse_source
from pytest_boundcheck.frontend.types import ClassInfo, MethodInfo, PrimType, type_name
from pytest_boundcheck.harness.applicable import receiver_types
from pytest_boundcheck.harness.domains import ParamDomain
from pytest_boundcheck.harness.jmlexpr import SELF
from pytest_boundcheck.harness.jmlharness import lower

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


def jml_checks(program: Program, specs: list[j.JmlFile]) -> dict[str, list[JmlCheck]]:
    """Each project class's JML checks (by its full name), in source order; their
    harnesses are added to ``program``."""
    by_path = {spec.path: spec for spec in specs}
    found: dict[str, list[JmlCheck]] = {}
    for cls in program.project:
        if cls.decl is None:
            continue
        checks = _class_checks(program, cls, by_path.get(cls.path, j.JmlFile(cls.path, (), (), ())))
        if checks:
            found[cls.fqname] = checks
    return found


def _what_to_check(cls: ClassInfo, method: MethodInfo, spec: j.DeclSpec | None,
                   invariants: tuple) -> tuple[tuple[j.SpecCase, ...], str] | None:
    """A method's specification cases and its item's summary, or None for no item. A
    method without a specification has one if it is not private and either its class
    has instance invariants (which it must keep: not if it is static or ``helper``) or
    its body has Java ``assert`` statements (which must hold); it is then checked
    against any argument and allowed any exception (``signals_only Exception``)."""
    name = f"{cls.simple_name}.{check_id(method)}"
    if spec is not None and spec.cases:
        return spec.cases, f"the JML specification of {name}"
    if method.private:
        return None
    if invariants:
        if method.static or (spec is not None and any(m.name == "helper" for m in spec.modifiers)):
            return None
        summary = f"the invariants of {cls.simple_name}, kept by {check_id(method)}"
    elif any(isinstance(n, ast.Assert) for n in ast.walk(method.decl.body)):
        summary = f"the assert statements of {name}"
    else:
        return None
    decl = method.decl
    allow = j.SignalsOnlyClause(decl.line, "signals_only", "signals_only",
                                (ast.TypeName("Exception"),), column=decl.column)
    return (j.SpecCase(decl.line, "behavior", "", (allow,), column=decl.column),), summary


def _class_checks(program: Program, cls: ClassInfo, file: j.JmlFile) -> list[JmlCheck]:
    decls = {(d.line, d.column): d for d in file.declarations}
    class_spec = decls.get((cls.decl.line, cls.decl.column))
    invariants = tuple(c for c in (class_spec.clauses if class_spec else ())
                       if isinstance(c, j.InvariantClause) and not c.static)
    class_errors = class_spec.errors if class_spec else ()
    checks = []
    members = sorted((m for m in [*cls.ctors, *cls.methods] if m.decl is not None and m.decl.body
                      is not None), key=lambda m: (m.decl.line, m.decl.column))
    for method in members:
        spec = decls.get((method.decl.line, method.decl.column))
        checked = _what_to_check(cls, method, spec, invariants)
        if checked is None:
            continue
        cases, summary = checked
        ident = check_id(method)
        errors = class_errors + (spec.errors if spec else ())
        if errors:
            checks.append(JmlCheck(ident, summary, None, errors=errors))
            continue
        name = f"{cls.simple_name.replace('.', '$')}$jml${len(checks)}"
        try:
            harness = lower(cls, method, cases, invariants, name)
            unsupported = _not_lowered(class_spec, spec, file, method) or harness.unsupported
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
                               nullable=_nullable(method, decls, class_spec),
                               source=harness.source, target=method))
    return checks


def _not_lowered(class_spec: j.DeclSpec | None, spec: j.DeclSpec | None, file: j.JmlFile,
                 method: MethodInfo) -> str:
    """What a method's check would leave out besides its cases' clauses: its class's
    static invariants and unsupported clauses, unsupported modifiers, and the JML
    statements in its body (``assert``, ``assume``, ``loop_invariant``, ``decreases``),
    which are not checked yet; "" for nothing."""
    where = Path(file.path).name
    for clause in class_spec.clauses if class_spec else ():
        if isinstance(clause, j.InvariantClause) and clause.static:
            return f"static invariant at {where}:{clause.line}:{clause.column}"
        if isinstance(clause, j.UnsupportedClause):
            return f"the {clause.kind} clause at {where}:{clause.line}:{clause.column}"
    for modifier in [*(class_spec.modifiers if class_spec else ()),
                     *(spec.modifiers if spec else ())]:
        if not modifier.supported:
            return f"the modifier {modifier.name} at {where}:{modifier.line}:{modifier.column}"
    for stmt in file.statements:
        if method.decl.line <= stmt.line <= method.decl.end_line and stmt.clauses:
            clause = stmt.clauses[0]
            return (f"the {clause.kind} statement at "
                    f"{where}:{clause.line}:{clause.column}")
    return ""


def _nullable(method: MethodInfo, decls: dict, class_spec: j.DeclSpec | None) -> frozenset[str]:
    """The reference parameters that may be null: JML's default is non-null, so those
    declared ``nullable``, or all in a class declared ``nullable_by_default``."""
    def says(spec: j.DeclSpec | None, word: str) -> bool:
        return spec is not None and any(m.name == word for m in spec.modifiers)
    if says(class_spec, "nullable_by_default"):
        return frozenset(p.name for p in method.decl.params)
    said = {d.name for d in decls.values() if d.kind == "parameter" and says(d, "nullable")
            and method.decl.line <= d.line <= method.decl.end_line}
    return frozenset(p.name for p in method.decl.params if p.name in said)


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
