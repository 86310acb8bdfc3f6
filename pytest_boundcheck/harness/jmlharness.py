"""A method's JML specification lowered to a Java harness, as a contract is one.

The harness of an instance method ``m(int x)`` of class ``C`` is a static
``check(C self, int x)`` in a class of its own, in ``C``'s package:

1. the instance invariants of ``C`` are assumed of ``self`` (a path where one is false
   returns: no check);
2. each specification case's ``requires`` is evaluated; if none holds, the path returns;
3. each ``\\old(e)`` is evaluated into a local; then ``self.m(x)`` runs;
4. on a normal return, each ``ensures`` of a case whose precondition held is asserted,
   an ``exceptional_behavior`` case whose precondition held is violated, and the
   invariants are asserted;
5. an exception is caught only if some case may allow it (``signals_only``, ``signals``);
   then each case whose precondition held must allow it, its ``signals`` predicates must
   hold, and so must the invariants. An exception no case allows escapes the harness,
   which the engine reports as a violation, as it does for a contract.

A constructor's harness makes the object with ``new C(x)`` and asserts its ``ensures``
and the invariants of the object; a static method's has no ``self`` and no invariants.
Each assertion's message names its clause with its file:line:col.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.jmlprint import show, show_type
from pytest_boundcheck.frontend.types import VOID, ClassInfo, MethodInfo, PrimType
from pytest_boundcheck.harness.jmlexpr import (
    RESULT,
    SELF,
    THROWN,
    Lowering,
    NotLowered,
    java_name,
    java_string,
)

_UNCHECKED_CLAUSES = ("assignable",)  # read, and not checked: a skip naming them


@dataclass(frozen=True)
class Harness:
    """A harness's Java source, or why there is none (``unsupported``)."""
    source: str
    unsupported: str = ""


def lower(cls: ClassInfo, method: MethodInfo, cases: tuple[j.SpecCase, ...],
          invariants: tuple[j.InvariantClause, ...], class_name: str) -> Harness:
    """The harness checking ``method`` of ``cls`` against its ``cases`` and the class's
    instance ``invariants``; a construct with no Java form makes it unsupported."""
    try:
        text = _Writer(cls, method, invariants).source(cases, class_name)
    except NotLowered as e:
        return Harness("", str(e))
    return Harness(text)


class _Writer:
    def __init__(self, cls: ClassInfo, method: MethodInfo,
                 invariants: tuple[j.InvariantClause, ...]):
        self.cls, self.method = cls, method
        self.file = Path(cls.path).name
        self.constructor = method.name == "<init>"
        self.instance = not method.static and not self.constructor
        self.invariants = invariants if not method.static else ()
        self.names = {p.name: (p.name, _param_type(p.type, resolved.type))
                      for p, resolved in zip(method.decl.params, method.params)}
        if self.instance:
            self.names["this"] = (SELF, java_name(cls))
        self.lowering = Lowering(cls, dict(self.names))
        self.lines: list[str] = []
        self.conditions = 0  # the locals ``evaluated`` made

    def where(self, node: j.Node) -> str:
        return f"{self.file}:{node.line}:{node.column}"

    def emit(self, text: str, depth: int = 2) -> None:
        self.lines.append("    " * depth + text)

    def evaluated(self, condition: str, depth: int = 2) -> str:
        """A local holding ``condition``, false where evaluating it throws (a null
        dereferenced, an index out of bounds): JML's clauses are total, and one that
        cannot be evaluated does not hold."""
        local = f"jml$c{self.conditions}"
        self.conditions += 1
        self.emit(f"boolean {local};", depth)
        self.emit(f"try {{ {local} = {condition}; }} "
                  f"catch (RuntimeException jml$x) {{ {local} = false; }}", depth)
        return local

    def check(self, condition: str, said: str, depth: int = 2, guard: str = "") -> None:
        """An assertion of ``condition``, only where ``guard`` holds; ``said`` its message."""
        if guard:
            condition = f"!{guard} || {condition}"
        self.emit(f"assert {self.evaluated(condition, depth)} : {java_string(said)};", depth)

    def source(self, cases: tuple[j.SpecCase, ...], class_name: str) -> str:
        for case in cases:
            for clause in case.clauses:
                if isinstance(clause, j.UnsupportedClause) or clause.kind in _UNCHECKED_CLAUSES:
                    raise NotLowered(f"the {clause.kind} clause at {self.where(clause)}")
        pre = Lowering(self.cls, dict(self.names), helpers=self.lowering.helpers)
        if self.instance:
            for inv in self.invariants:
                self.emit(f"if (!{self.evaluated(pre.expr(inv.expr))}) return;  // invariant assumed")
        guards = []
        for case in cases:
            requires = [c.expr for c in case.clauses if c.kind == "requires"]
            lowered = [pre.expr(e) for e in requires if not isinstance(e, j.NotSpecified)]
            guards.append(self.evaluated(" && ".join(lowered) or "true"))
        if guards:
            self.emit(f"if (!({' || '.join(guards)})) return;")
        body, olds_at = self.lines, len(self.lines)
        self.call_and_check(cases, guards)
        for local, value in reversed(self.lowering.olds):
            body.insert(olds_at, "        " + f"var {local} = {value};")
        params = ", ".join(([f"{java_name(self.cls)} {SELF}"] if self.instance else [])
                           + [f"{typ} {name}" for name, (_, typ) in
                              ((p.name, self.names[p.name]) for p in self.method.params)])
        helpers = "".join(h.text for h in self.lowering.helpers)
        package = f"package {self.cls.package};\n\n" if self.cls.package else ""
        imports = "".join(f"import {'static ' * i.static}{i.name}{'.*' * i.wildcard};\n"
                          for i in self.cls.unit.imports)
        return (f"{package}{imports}\nfinal class {class_name} {{\n"
                f"    static void check({params}) {{\n" + "\n".join(self.lines) +
                f"\n    }}\n{helpers}}}\n")

    def call_and_check(self, cases: tuple[j.SpecCase, ...], guards: list[str]) -> None:
        args = ", ".join(p.name for p in self.method.params)
        returns = not self.constructor and self.method.return_type is not VOID
        if self.constructor:
            call = f"{SELF} = new {java_name(self.cls)}({args});"
            self.emit(f"{java_name(self.cls)} {SELF};")
        elif returns:
            typ = show_type(self.method.decl.return_type)
            self.emit(f"{typ} {RESULT} = {_default(self.method.return_type)};")
            target = SELF if self.instance else java_name(self.cls)
            call = f"{RESULT} = {target}.{self.method.name}({args});"
            self.lowering.names["\\result"] = (RESULT, typ)
        else:
            target = SELF if self.instance else java_name(self.cls)
            call = f"{target}.{self.method.name}({args});"
        if self.constructor:
            self.lowering.names["this"] = (SELF, java_name(self.cls))
        allowed = _allowed(cases)
        if allowed:
            self.emit("try {")
            self.emit(call, 3)
            self.emit(f"}} catch ({' | '.join(allowed)} {THROWN}) {{")
            self.on_exception(cases, guards)
            self.emit("return;", 3)
            self.emit("}")
        else:
            self.emit(call)
        self.on_return(cases, guards)

    def on_return(self, cases: tuple[j.SpecCase, ...], guards: list[str]) -> None:
        for case, guard in zip(cases, guards):
            if case.behavior == "exceptional_behavior":
                said = f"exceptional_behavior case at {self.where(case)} returned normally"
                self.emit(f"assert !{guard} : {java_string(said)};")
            for clause in case.clauses:
                if clause.kind == "ensures" and not isinstance(clause.expr, j.NotSpecified):
                    self.check(self.lowering.expr(clause.expr),
                               f"ensures at {self.where(clause)}: {show(clause.expr)}", guard=guard)
        self.invariants_kept(2, "on return")

    def on_exception(self, cases: tuple[j.SpecCase, ...], guards: list[str]) -> None:
        for case, guard in zip(cases, guards):
            allowed = _case_allows(case)
            if not allowed:
                said = f"{_case_name(case)} case at {self.where(case)} allows no exception"
                self.emit(f"assert !{guard} : {java_string(said)};", 3)
                continue
            test = " || ".join(f"{THROWN} instanceof {t}" for t in allowed)
            said = f"{_case_name(case)} case at {self.where(case)} allows only {', '.join(allowed)}"
            self.emit(f"assert !{guard} || {test} : {java_string(said)};", 3)
            for clause in case.clauses:
                if isinstance(clause, j.SignalsClause) and clause.expr is not None:
                    typ = show_type(clause.exception)
                    scope = Lowering(self.cls, dict(self.lowering.names), self.lowering.olds,
                                     self.lowering.helpers)
                    if clause.variable:
                        scope.names[clause.variable] = (f"(({typ}) {THROWN})", typ)
                    condition = scope.expr(clause.expr)
                    said = (f"signals at {self.where(clause)}: ({typ}{' ' + clause.variable if clause.variable else ''}) "
                            f"{show(clause.expr)}")
                    self.check(f"!({THROWN} instanceof {typ}) || {condition}", said, 3, guard)
        self.invariants_kept(3, "when an exception is thrown")

    def invariants_kept(self, depth: int, when: str) -> None:
        if self.method.static:
            return
        for inv in self.invariants:
            self.check(self.lowering.expr(inv.expr),
                       f"invariant at {self.where(inv)} does not hold {when}: {show(inv.expr)}",
                       depth)


def _allowed(cases: tuple[j.SpecCase, ...]) -> list[str]:
    """The exception types some case may allow: those a harness catches."""
    found: dict[str, None] = {}
    for case in cases:
        found.update((t, None) for t in _case_allows(case))
    return list(found)


def _case_allows(case: j.SpecCase) -> list[str]:
    """The exceptions one case allows: its ``signals_only`` types, else the types of its
    ``signals`` clauses; a ``normal_behavior`` case, or one that names neither, none."""
    if case.behavior == "normal_behavior":
        return []
    only = [c for c in case.clauses if isinstance(c, j.SignalsOnlyClause)]
    if only:
        return [show_type(t) for c in only for t in c.exceptions]
    return list(dict.fromkeys(show_type(c.exception) for c in case.clauses
                              if isinstance(c, j.SignalsClause)))


def _case_name(case: j.SpecCase) -> str:
    return "lightweight specification" if case.behavior == "lightweight" else case.behavior


def _default(t) -> str:
    if isinstance(t, PrimType):
        return "false" if t.name == "boolean" else "0"
    return "null"


def _param_type(written, resolved) -> str:
    """A parameter's type as the harness, outside the class, must write it: a project
    class by its name in the package (``Outer.Inner``, which the class itself may write
    ``Inner``), any other type as the method writes it (its type arguments kept)."""
    shown = show_type(written)
    if isinstance(resolved, ClassInfo) and resolved.is_project and "<" not in shown:
        return java_name(resolved)
    return shown
