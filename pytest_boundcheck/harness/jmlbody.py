"""JML statements in method bodies (``assert``, ``assume``, ``loop_invariant``,
``decreases``) lowered for the executor, which runs them only in JML checks.

Each clause becomes a static method of a class of its own beside the class it is written
in (``C$jmlbody``), passed ``this`` and the parameters and locals the clause names, that
evaluates it: a predicate to a boolean, false where evaluating it throws (JML's clauses
are total), a ``decreases`` expression to a long, ``Long.MIN_VALUE`` where it throws (a
value that breaks the clause). The executor calls it where the annotation stands and
gives the result its meaning (``symex.jmlstatements``): an ``assert`` that is false throws
an ``AssertionError`` naming the clause, an ``assume`` that is false ends the path (no
input), a ``loop_invariant`` is checked at every test of its loop, a ``decreases`` at every
iteration's start. Leaving the meaning to the executor keeps the method's own code as it
is, so that the contracts' checks, which run the code as the JVM does without ``-ea``,
never see them.

Where they run, by the position of a statement of the method's tree: ``before`` the
statement an annotation precedes, ``after`` the one it follows at the end of a block, at
each test of the loop it precedes (``loops``). ``\\old(e)`` is kept in a local of the
method's frame when it begins (``olds``), with whether evaluating it threw: a clause that
reads one that threw does not hold. A statement the executor would not reach where it
stands (in a switch's case, a lambda, before ``super(...)``) or naming a local that is not
in scope there makes its method's check a skip naming it, as does a construct with no
Java form yet (``NotLowered``); the executor meets an ``unsupported`` clause where a caller
inlines such a method, and its check skips too.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jmlcheck import type_of
from pytest_boundcheck.frontend.jmlprint import show, show_type
from pytest_boundcheck.frontend.types import ClassInfo, MethodInfo, PrimType
from pytest_boundcheck.harness.jmlexpr import (
    SELF,
    Lowering,
    NotLowered,
    java_name,
    java_string,
)

TABLE = "jml-statements"  # the key of the project's ``BodyStatements`` in ``Program.derived``
_LOOP_CLAUSES = ("loop_invariant", "decreases")


@dataclass(frozen=True)
class BodyClause:
    """One clause where the executor runs it: ``method`` evaluates it on ``args`` (``this``,
    or the names of locals of the method's frame); ``said`` names it, with its
    file:line:col. An ``unsupported`` clause has no method: ``said`` says why."""
    kind: str  # assert, assume, loop_invariant, decreases, unsupported
    said: str
    line: int
    column: int
    method: MethodInfo | None = None
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class OldValue:
    """``\\old(e)`` of a method's clauses: its value and whether it was evaluated without
    throwing, kept in the frame's locals ``local`` and ``local$ok`` when the method
    begins."""
    local: str
    value: MethodInfo
    evaluated: MethodInfo
    args: tuple[str, ...]


@dataclass
class BodyStatements:
    """The project's JML statements, each keyed by (file, line, column) of the statement
    (or loop) where it runs; ``olds`` by those of the method declaration."""
    before: dict[tuple[str, int, int], tuple[BodyClause, ...]] = field(default_factory=dict)
    after: dict[tuple[str, int, int], tuple[BodyClause, ...]] = field(default_factory=dict)
    loops: dict[tuple[str, int, int], tuple[BodyClause, ...]] = field(default_factory=dict)
    olds: dict[tuple[str, int, int], tuple[OldValue, ...]] = field(default_factory=dict)
    # for replay (``jmlreplay``), by file: the Java each statement the JVM runs becomes,
    # at the (line, column) of the statement it stands before (or of the brace ending its
    # block), with the locals the ``\old`` values are kept in at the first statement of
    # their method; each loop clause's check (loop_invariant or decreases, Java), at its
    # loop's position; the classes of their methods, each to nest in the top-level class
    # declared on the line given; and which clauses they are ("assert at F:l:c"), each
    # with why it does not run ("" where it does)
    java: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)
    loop_java: dict[str, list[tuple[int, int, str, str]]] = field(default_factory=dict)
    nested: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    replayed: dict[str, dict[str, str]] = field(default_factory=dict)


def table(program: Program) -> BodyStatements:
    """The project's table, made empty the first time it is asked for."""
    return program.derived.setdefault(TABLE, BodyStatements())


def statements_of(file: j.JmlFile, method: MethodInfo, inner: bool = False) -> list[j.StmtSpec]:
    """The JML statements in ``method``'s body; with ``inner``, those in the methods of
    the classes declared in it instead (anonymous and local classes)."""
    owner = f"{method.owner.fqname.removeprefix(method.owner.package + '.')}.{method.name}" \
        if method.owner.package else f"{method.owner.fqname}.{method.name}"
    return [s for s in file.statements if s.clauses
            and (s.owner.startswith(owner + ".") if inner else s.owner == owner)
            and method.decl.line <= (s.line or s.clauses[0].line) <= method.decl.end_line]


def add_class(program: Program, cls: ClassInfo, file: j.JmlFile,
              parse) -> dict[MethodInfo, str]:
    """Lowers the JML statements of ``cls``'s methods into the project's table, their
    class added to ``program`` (``parse(source, path)`` makes its unit); returns each
    method whose statements are not all checked, with why (a skip's reason)."""
    writer = _ClassWriter(program, cls)
    reasons: dict[MethodInfo, str] = {}
    for method in [*cls.ctors, *cls.methods]:
        if method.decl is None or method.decl.body is None:
            continue
        specs = statements_of(file, method)
        inner = statements_of(file, method, inner=True)
        if not (specs or inner) or any(s.errors for s in specs + inner):
            continue  # (an error is the method's check's, which reports it)
        try:
            if inner:  # (not run: the anonymous and local classes are not lowered)
                clause = inner[0].clauses[0]
                raise NotLowered(f"the {clause.kind} statement at {writer.where(clause)}, "
                                 "in a class declared in the method's body")
            writer.method(method, specs)
        except NotLowered as e:
            reasons[method] = str(e)
            writer.unsupported(method, specs, str(e))
    if not writer.methods:
        return reasons
    path = str(Path(cls.path).with_name(f"{writer.name}.java"))
    added = program.add_units([parse(writer.source(), path)], origin="contract")
    made = {m.name: m for m in added[0].methods}
    found = table(program)
    for where, key, clause in writer.clauses:
        resolved = clause if clause.method is None else \
            BodyClause(clause.kind, clause.said, clause.line, clause.column,
                       made[clause.method], clause.args)
        place = getattr(found, where)
        place[key] = place.get(key, ()) + (resolved,)
    for key, olds in writer.olds.items():
        found.olds[key] = tuple(OldValue(o.local, made[o.value], made[o.evaluated], o.args)
                                for o in olds)
    found.java.setdefault(cls.path, []).extend(writer.java)
    found.loop_java.setdefault(cls.path, []).extend(writer.loop_java)
    top = cls.simple_name.split(".")[0]
    decl = next(t for t in cls.unit.types if t.name == top)
    found.nested.setdefault(cls.path, []).append((decl.line, writer.nested()))
    found.replayed.setdefault(cls.path, {}).update(writer.replayed)
    return reasons


class _ClassWriter:
    """The Java of one class's statement methods, and where each runs (method names
    stand for the ``MethodInfo`` until the class is parsed)."""

    def __init__(self, program: Program, cls: ClassInfo):
        self.program, self.cls = program, cls
        self.file = Path(cls.path).name
        self.name = f"{cls.simple_name.replace('.', '$')}$jmlbody"
        self.methods: list[str] = []
        self.helpers: list = []  # quantifiers' helper methods, shared by the class's clauses
        self.clauses: list[tuple[str, tuple[str, int, int], BodyClause]] = []
        self.olds: dict[tuple[str, int, int], list[OldValue]] = {}
        self.java: list[tuple[int, int, str]] = []  # for replay (``jmlreplay``)
        self.loop_java: list[tuple[int, int, str, str]] = []
        self.replayed: dict[str, str] = {}

    def where(self, node) -> str:
        return f"{self.file}:{node.line}:{node.column}"

    def method(self, method: MethodInfo, specs: list[j.StmtSpec]) -> None:
        """Every clause of ``method``'s statements, or none (NotLowered)."""
        scopes = _Scopes(method)
        this = {} if method.static else {"this": (SELF, java_name(self.cls))}
        params = {p.name: p.type for p in method.decl.params}
        olds: list[tuple[str, str]] = []  # (local, Java expression): Lowering's
        olds_types: list[str] = []
        index = len(self.methods)
        replayed_from = len(self.java)
        pending = []
        for spec in specs:
            for clause in spec.clauses:
                where, key, scope = self.place(spec, clause, scopes)
                names = _names_in(clause.expr)
                _check_names(names, scope, params, scopes.declared, clause, self.where(clause))
                _check_olds(clause.expr, params, scopes.declared)
                passed = {n: scope[n] if n in scope else params[n] for n in names
                          if n in scope or n in params}
                lowering = Lowering(self.cls, {**this, **{n: (n, show_type(t)) for n, t in
                                                          passed.items()}},
                                    olds, self.helpers)
                first_old = len(olds)
                text = lowering.expr(clause.expr)
                for expr in _olds_in(clause.expr)[:len(olds) - first_old]:
                    olds_types.append(self.java_type(method, expr, params))
                pending.append((where, (self.cls.path, *key), clause, text, passed,
                                range(first_old, len(olds)), spec))
        for k, (where, key, clause, text, passed, old_range, spec) in enumerate(pending):
            name = f"m{index}$c{k}"
            params_text = [f"{java_name(self.cls)} {SELF}"] if this else []
            params_text += [f"{show_type(t)} {n}" for n, t in passed.items()]
            args = (["this"] if this else []) + list(passed)
            for i in old_range:
                params_text += [f"{olds_types[i]} {olds[i][0]}", f"boolean {olds[i][0]}$ok"]
                args += [olds[i][0], f"{olds[i][0]}$ok"]
            self.methods.append(_clause_method(name, clause.kind, ", ".join(params_text),
                                               text, [olds[i][0] for i in old_range]))
            said = f"{clause.kind} at {self.where(clause)}: {show(clause.expr)}"
            self.clauses.append((where, key, BodyClause(clause.kind, said, clause.line,
                                                        clause.column, name, tuple(args))))
            call = f"{self.name}.{name}({', '.join(args)})"
            if where != "loops":
                self.replayable(spec, clause, call, said)
            else:
                why = _unreplayable_loop(scopes.loops[key[1:]][1], key[1:] in scopes.before)
                if why:
                    self.replayed[f"{clause.kind} at {self.where(clause)}"] = why
                else:
                    self.replayable_loop(spec, clause, key[1:], call, said)
        self.old_methods(method, index, olds, olds_types, bool(this))
        self.replayable_olds(method, index, olds, olds_types, replayed_from)

    def old_methods(self, method: MethodInfo, index: int, olds: list[tuple[str, str]],
                    types: list[str], instance: bool) -> None:
        """Each ``\\old(e)``'s two methods: its value (the default where it throws) and
        whether it was evaluated; passed ``this`` and the method's parameters."""
        if not olds:
            return
        params = ([f"{java_name(self.cls)} {SELF}"] if instance else []) + \
            [f"{show_type(p.type)} {p.name}" for p in method.decl.params]
        args = (("this",) if instance else ()) + tuple(p.name for p in method.decl.params)
        key = (self.cls.path, method.decl.line, method.decl.column)
        for k, ((local, value), typ) in enumerate(zip(olds, types)):
            name = f"m{index}$old{k}"
            self.methods.append(
                f"    static {typ} {name}({', '.join(params)}) {{\n"
                f"        try {{ return {value}; }} catch (RuntimeException jml$x) "
                f"{{ return {_default(typ)}; }}\n    }}\n"
                f"    static boolean {name}$ok({', '.join(params)}) {{\n"
                f"        try {{ {typ} jml$v = {value}; return true; }} "
                f"catch (RuntimeException jml$x) {{ return false; }}\n    }}\n")
            self.olds.setdefault(key, []).append(OldValue(local, name, f"{name}$ok", args))

    def replayable_olds(self, method: MethodInfo, index: int, olds: list[tuple[str, str]],
                        types: list[str], replayed_from: int) -> None:
        """For replay, the locals the clauses' calls pass as ``\\old`` values, set as the
        engine sets them when the method begins: before its first statement (after a
        ``super(...)`` or ``this(...)``), or where its statements stand if it has no
        other (``self.java`` from ``replayed_from``: all at the end of its body)."""
        if not olds:
            return
        first = next((s for s in method.decl.body.stmts if not isinstance(s, ast.CtorCall)),
                     None)
        places = [(first.line, first.column)] if first is not None else sorted(
            (line, column) for line, column, _ in self.java[replayed_from:])
        if not places:
            return
        args = ", ".join((["this"] if not method.static else [])
                         + [p.name for p in method.decl.params])
        java = "".join(f"{typ} {local} = {self.name}.m{index}$old{k}({args}); "
                       f"boolean {local}$ok = {self.name}.m{index}$old{k}$ok({args}); "
                       for k, ((local, _), typ) in enumerate(zip(olds, types)))
        self.java.append((*places[0], java))

    def place(self, spec: j.StmtSpec, clause: j.Clause, scopes: _Scopes):
        """Where ``clause`` runs: ("before" | "after" | "loops", the statement's (line,
        column), the locals in scope there)."""
        if clause.kind in _LOOP_CLAUSES:
            found = scopes.loop_at(spec.line, spec.column)
            if found is not None:
                return "loops", found[0], found[1]
        elif spec.target == "end of block":
            if spec.after is not None and spec.after in scopes.after:
                return "after", spec.after, scopes.after[spec.after]
        elif (spec.line, spec.column) in scopes.before:
            return "before", (spec.line, spec.column), scopes.before[spec.line, spec.column]
        raise NotLowered(f"the {clause.kind} statement at {self.where(clause)}, which stands "
                         "where JML statements are not run (a switch case, a lambda, an "
                         "empty block, before super(...) or this(...))")

    def java_type(self, method: MethodInfo, expr: j.Node, params: dict) -> str:
        names = {n: self.program.resolve_type(t, method.owner) for n, t in params.items()}
        found = type_of(self.program, expr, method, names)
        text = _java_type(found)
        if text is None:
            raise NotLowered(f"\\old({show(expr)}), whose type is not known")
        return text

    def replayable(self, spec: j.StmtSpec, clause: j.Clause, call: str, said: str) -> None:
        """``clause`` as a Java statement where it stands, for replay."""
        if clause.kind == "assert":
            java = f"assert {call} : {java_string(said)}; "
        else:
            java = (f"if (!{call}) throw new IllegalStateException("
                    f"{java_string(said + ' is false on the JVM')}); ")
        self.java.append((spec.line, spec.column, java))
        self.replayed[f"{clause.kind} at {self.where(clause)}"] = ""

    def replayable_loop(self, spec: j.StmtSpec, clause: j.Clause, loop: tuple[int, int],
                        call: str, said: str) -> None:
        """A loop clause's check in its loop's condition, for replay; a ``decreases``
        keeps the value at the start of the last iteration in an array declared before
        the loop (-1: none yet)."""
        if clause.kind == "loop_invariant":
            check = f"{self.name}.held({call}, {java_string(said)})"
        else:
            kept = f"jml$d{len(self.loop_java)}"
            self.java.append((spec.line, spec.column, f"long[] {kept} = {{-1L}}; "))
            check = f"{self.name}.decreased({kept}, {call}, {java_string(said)})"
        self.loop_java.append((*loop, clause.kind, check))
        self.replayed[f"{clause.kind} at {self.where(clause)}"] = ""

    def unsupported(self, method: MethodInfo, specs: list[j.StmtSpec], reason: str) -> None:
        """Every place of ``method``'s statements ends the path as unsupported, so that a
        check inlining the method skips rather than pass without them."""
        scopes = _Scopes(method)
        for spec in specs:
            for clause in spec.clauses:
                try:
                    where, key, _ = self.place(spec, clause, scopes)
                except NotLowered:
                    continue  # (never run: nothing to stand in for)
                self.clauses.append((where, (self.cls.path, *key), BodyClause(
                    "unsupported", reason, clause.line, clause.column)))

    def source(self) -> str:
        package = f"package {self.cls.package};\n\n" if self.cls.package else ""
        imports = "".join(f"import {'static ' * i.static}{i.name}{'.*' * i.wildcard};\n"
                          for i in self.cls.unit.imports)
        return f"{package}{imports}\nfinal class {self.name} {self.members()}"

    def nested(self) -> str:
        """The class as a member of the file's top-level class, for replay, with the
        methods the loop clauses' checks call in their loops' conditions."""
        return f"\n    static final class {self.name} {self.members()[:-2]}{_LOOP_CHECKS}}}\n"

    def members(self) -> str:
        return "{\n" + "".join(self.methods) + "".join(h.text for h in self.helpers) + "}\n"


_LOOP_CHECKS = """\
    static boolean held(boolean holds, String said) {
        if (!holds) throw new AssertionError(said);
        return true;
    }
    static boolean decreased(long[] last, long now, String said) {
        if (now < 0 || last[0] >= 0 && now >= last[0]) throw new AssertionError(said);
        last[0] = now;
        return true;
    }
"""


def _unreplayable_loop(loop: ast.Stmt, in_block: bool) -> str:
    """Why a replay cannot check a loop's clauses, "" where it can: in its condition, of
    a ``while``, a ``for`` with a condition, a ``do`` whose body is a block (checked
    there, at each iteration's start), each in a block (where a ``decreases`` declares
    what it keeps); of an enhanced ``for`` in a block, at the start of its body and, for
    the test that ends it, after it, which is where its last test ran unless a ``break``
    leaves it."""
    if not in_block:
        return "its loop does not stand in a block"
    if isinstance(loop, ast.ForEach):
        return "a break leaves its loop" if _breaks_out(loop.body, loop.label, False) else ""
    if loop.cond is None:
        return "its for loop has no condition"
    return "" if loop.test_first or isinstance(loop.body, ast.Block) else \
        "its do loop's body is not a block"


def _breaks_out(stmt, label: str | None, nested: bool) -> bool:
    """Does a ``break`` in ``stmt`` leave the loop whose body it is (one without a label
    outside the loops and switches ``stmt`` nests, ``nested``; one naming ``label``)?"""
    if isinstance(stmt, ast.Break):
        return stmt.label is None and not nested or stmt.label is not None and stmt.label == label
    if isinstance(stmt, ast.SwitchCase):
        return any(_breaks_out(s, label, True) for s in stmt.body)
    if isinstance(stmt, ast.Catch):
        return _breaks_out(stmt.body, label, nested)
    if not isinstance(stmt, ast.Stmt):
        return False
    inner = nested or isinstance(stmt, (ast.Loop, ast.ForEach, ast.Switch))
    for name in stmt.__dataclass_fields__:
        part = getattr(stmt, name)
        for child in part if isinstance(part, tuple) else (part,):
            if isinstance(child, (ast.Stmt, ast.SwitchCase, ast.Catch)) \
                    and _breaks_out(child, label, inner):
                return True
    return False


def _clause_method(name: str, kind: str, params: str, text: str, olds: list[str]) -> str:
    """A clause's method: a predicate's truth, false where evaluating it throws or it
    reads an ``\\old`` value that threw; a ``decreases`` expression's value, or
    ``Long.MIN_VALUE`` there."""
    typ, failed = ("long", "Long.MIN_VALUE") if kind == "decreases" else ("boolean", "false")
    guard = f"        if (!({' && '.join(f'{o}$ok' for o in olds)})) return {failed};\n" \
        if olds else ""
    return (f"    static {typ} {name}({params}) {{\n{guard}"
            f"        try {{ return {text}; }} catch (RuntimeException jml$x) "
            f"{{ return {failed}; }}\n    }}\n")


class _Scopes:
    """Where a method's statements can run, with the locals in scope at each place (name
    -> declared type): before each statement of a block (the first of the locals one
    declaration makes), after each (the last), and at each loop's test."""

    def __init__(self, method: MethodInfo):
        self.before: dict[tuple[int, int], dict[str, ast.TypeName]] = {}
        self.after: dict[tuple[int, int], dict[str, ast.TypeName]] = {}
        self.loops: dict[tuple[int, int], tuple[dict[str, ast.TypeName], ast.Stmt]] = {}
        self.declared = {n.name for n in ast.walk(method.decl.body)
                         if isinstance(n, (ast.LocalVar, ast.ForEach, ast.Catch))}
        self.walk(method.decl.body, {})

    def loop_at(self, line: int, column: int):
        """The loop a ``loop_invariant`` at (line, column) is for: the loop there, or the
        first labelled one after it (a label's annotation stands before the label)."""
        if (line, column) in self.loops:
            return (line, column), self.loops[line, column][0]
        labelled = sorted(k for k, (_, loop) in self.loops.items()
                          if loop.label is not None and k > (line, column))
        return (labelled[0], self.loops[labelled[0]][0]) if labelled else None

    def walk(self, stmt, scope: dict[str, ast.TypeName]) -> None:
        if isinstance(stmt, ast.Block):
            inner = dict(scope)
            previous = None
            for s in stmt.stmts:
                key = (s.line, s.column)
                runs = not isinstance(s, ast.CtorCall)  # (the executor runs it apart)
                if key != previous and runs:
                    self.before.setdefault(key, dict(inner))
                self.walk(s, inner)
                if isinstance(s, ast.LocalVar):
                    inner[s.name] = s.type
                if runs:
                    self.after[key] = dict(inner)
                previous = key
        elif isinstance(stmt, ast.Loop):
            inner = dict(scope)
            inner.update((s.name, s.type) for s in stmt.init if isinstance(s, ast.LocalVar))
            self.loops[stmt.line, stmt.column] = (inner, stmt)
            self.walk(stmt.body, inner)
        elif isinstance(stmt, ast.ForEach):
            self.loops[stmt.line, stmt.column] = (dict(scope), stmt)
            self.walk(stmt.body, {**scope, stmt.name: stmt.type})
        elif isinstance(stmt, ast.Try):
            self.walk(stmt.body, scope)
            for catch in stmt.catches:
                self.walk(catch.body, {**scope, catch.name: catch.types[0]})
            self.walk(stmt.final, scope)
        elif isinstance(stmt, ast.Stmt):
            for name in stmt.__dataclass_fields__:
                part = getattr(stmt, name)
                for child in part if isinstance(part, tuple) else (part,):
                    if isinstance(child, ast.Stmt):
                        self.walk(child, scope)
                    elif isinstance(child, ast.SwitchCase):
                        for s in child.body:
                            self.walk(s, scope)


def _nodes(node, into_old: bool = True):
    """The JML nodes of an expression, outermost first; not those inside an ``\\old``
    unless ``into_old``."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, tuple):
            stack.extend(reversed(n))
        elif isinstance(n, j.Node):
            yield n
            if into_old or not isinstance(n, j.Old):
                stack.extend(reversed([getattr(n, f) for f in n.__dataclass_fields__]))


def _names_in(node) -> list[str]:
    """The simple names a JML expression reads, in order, once each."""
    return list(dict.fromkeys(n.name for n in _nodes(node) if isinstance(n, j.Ident)))


def _olds_in(node) -> list[j.Node]:
    """The expressions of the ``\\old``s in ``node`` in the order ``Lowering`` keeps
    them (an ``\\old`` inside one is the same pre-state: not kept)."""
    return [n.expr for n in _nodes(node, into_old=False) if isinstance(n, j.Old)]


def _check_names(names: list[str], scope: dict, params: dict, declared: set[str],
                 clause: j.Clause, where: str) -> None:
    """A local the clause names must be in scope where it runs (a block's local after
    the block, an enhanced for's variable at its loop's test, are not), and declared
    with its type (not ``var``)."""
    for name in names:
        if name in scope and scope[name].name == "var":
            raise NotLowered(f"the {clause.kind} statement at {where}, which names the local "
                             f"{name} declared with var")
        if name not in scope and name not in params and name in declared:
            raise NotLowered(f"the {clause.kind} statement at {where}, which names {name} "
                             "where it is not in scope")


def _check_olds(expr: j.Node, params: dict, declared: set[str]) -> None:
    """``\\old(e)`` is taken when the method begins: ``e`` may not name a local."""
    for inner in _olds_in(expr):
        for name in _names_in(inner):
            if name in declared and name not in params:
                raise NotLowered(f"\\old({show(inner)}), which names the local {name} "
                                 "(a local has no value when the method begins)")


def _java_type(found) -> str | None:
    if isinstance(found, PrimType):
        return found.name
    if isinstance(found, ClassInfo):
        if found.element is not None:
            inner = _java_type(found.element)
            return None if inner is None else inner + "[]"
        return found.fqname
    return None


def _default(typ: str) -> str:
    if typ == "boolean":
        return "false"
    return "0" if typ in ("byte", "short", "char", "int", "long", "float", "double") else "null"
