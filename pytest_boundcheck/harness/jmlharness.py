"""A method's JML specification lowered to a Java harness, as a contract is one.

The harness of an instance method ``m(int x)`` of class ``C`` is a static
``check(C self, int x)`` in a class of its own, in ``C``'s package:

1. the instance invariants of ``C`` are assumed of ``self`` (a path where one is false
   returns: no check); its static invariants are asserted: the pre-state's static fields
   are those class initialisation and the calls that made the arguments left, which
   must establish or keep them;
2. each specification case's ``requires`` is evaluated; if none holds, the path returns;
3. each ``\\old(e)`` is evaluated into a local; where a frame is checked or ``\\fresh``
   asked, the heap's snapshot is taken and each case's ``assignable`` locations allowed
   under its precondition (``jmlframe``); then ``self.m(x)`` runs;
4. on a normal return, the frame is checked, each ``ensures`` of a case whose
   precondition held is asserted, an ``exceptional_behavior`` case whose precondition
   held is violated, and the invariants are asserted (the static ones of a static method
   too);
5. an exception is caught only if some case may allow it (``signals_only``, ``signals``);
   then the frame is checked, each case whose precondition held must allow it, its
   ``signals`` predicates must hold, and so must the invariants. An exception no case
   allows escapes the harness, which the engine reports as a violation, as it does for a
   contract.

A constructor's harness makes the object with ``new C(x)`` and asserts its ``ensures``
and the invariants of the object; a static method's has no ``self``.

Beside ``self``'s, the invariants of every other object the harness reaches are assumed
before the call (from ``self`` and the arguments) and asserted after it (from these and
``\\result``), by a helper per invariant clause that loops over the objects of its class
that the JML runtime's ``Heap.objects`` lists; only the classes whose objects the roots'
field types can lead to get one. Each assertion's message names its clause with its
file:line:col.

JML's non-null default (``NonNull``) adds to the invariants: each non-null field of
``self`` is assumed to hold an object before the call and asserted to after it, as an
invariant is, and so is each non-null field of the reachable objects, by a helper per
field as per invariant clause; a non-null result is asserted not to be null. A ``static invariant``
is asserted before the call and after it, of static methods too.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jmlnull import non_null_fields
from pytest_boundcheck.frontend.jmlprint import show, show_type
from pytest_boundcheck.frontend.types import (
    ENCLOSING_FIELD,
    VOID,
    ClassInfo,
    FieldInfo,
    MethodInfo,
    PrimType,
)
from pytest_boundcheck.harness import jmlframe
from pytest_boundcheck.harness.jmlexpr import (
    FRAME,
    HEAP,
    RESULT,
    SELF,
    THROWN,
    Helper,
    Lowering,
    NotLowered,
    java_name,
    java_string,
)


@dataclass(frozen=True)
class NonNull:
    """What JML's non-null default asks of a method beside its specification: each of
    ``fields`` (a name and where it is declared, ``file:line:col``) holds an object
    before and after the call; ``result``: what it returns is not null."""
    fields: tuple[tuple[str, str], ...] = ()
    result: bool = False


@dataclass(frozen=True)
class Harness:
    """A harness's Java source, or why there is none (``unsupported``)."""
    source: str
    unsupported: str = ""


Invariants = Mapping[ClassInfo, "tuple[j.InvariantClause, ...] | None"]
"""Each project class's instance invariants; None for a class whose invariants have errors."""


def lower(program: Program, cls: ClassInfo, method: MethodInfo, cases: tuple[j.SpecCase, ...],
          invariants: Invariants, class_name: str, statics: tuple[j.InvariantClause, ...] = (),
          non_null: NonNull = NonNull(), pure: bool = False) -> Harness:
    """The harness checking ``method`` of ``cls`` against its ``cases``, the instance
    ``invariants`` of ``cls`` and of the objects it reaches, the class's ``statics``
    invariants and what ``non_null`` says; a construct with no Java form makes it
    unsupported. ``pure``: the method is declared pure, so a case without ``assignable``
    assigns ``\\nothing``."""
    try:
        text = _Writer(program, cls, method, invariants, statics, non_null, pure).source(
            cases, class_name)
    except NotLowered as e:
        return Harness("", str(e))
    return Harness(text)


class _Writer:
    def __init__(self, program: Program, cls: ClassInfo, method: MethodInfo,
                 invariants: Invariants, statics: tuple[j.InvariantClause, ...] = (),
                 non_null: NonNull = NonNull(), pure: bool = False):
        self.program, self.cls, self.method, self.non_null = program, cls, method, non_null
        self.pure = pure
        self.throws = tuple(show_type(t) for t in method.decl.throws)
        self.file = Path(cls.path).name
        self.constructor = method.name == "<init>"
        self.instance = not method.static and not self.constructor
        self.all_invariants = invariants
        self.invariants = (invariants.get(cls) or ()) if not method.static else ()
        self.statics = statics
        # types as the harness, a class beside the checked one, must write them (``C.Node``)
        self.written = Lowering(cls, program=program).class_name
        self.names = {p.name: (p.name, self.written(p.type)) for p in method.decl.params}
        self.types = {p.name: p.type for p in method.params}
        if self.instance:
            self.names["this"] = (SELF, java_name(cls))
            self.types["this"] = cls
        self.lowering = Lowering(cls, dict(self.names), types=dict(self.types), program=program,
                                 before=dict(self.names))
        self.lines: list[str] = []
        self.conditions = 0  # the locals ``evaluated`` made
        self.frame_said = ""  # what a frame violation names; "" where none is checked

    def scope(self, names: dict, types: dict, cls: ClassInfo | None = None) -> Lowering:
        """A lowering of clauses of ``cls`` (with the harness's olds, if the checked class)
        with these names and types, sharing the harness's helpers."""
        olds = self.lowering.olds if cls is None else []
        return Lowering(cls or self.cls, dict(names), olds, self.lowering.helpers,
                        types=dict(types), program=self.program,
                        before=self.lowering.before if cls is None else None)

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
                if isinstance(clause, j.UnsupportedClause):
                    raise NotLowered(f"the {clause.kind} clause at {self.where(clause)}")
        pre = self.scope(self.names, self.types, self.cls)
        if self.instance:
            for inv in self.invariants:
                self.emit(f"if (!{self.evaluated(self.of_self().expr(inv.expr))}) return;  "
                          "// invariant assumed")
            for name, _ in self.non_null.fields:
                self.emit(f"if ({SELF}.{name} == null) return;  // non_null field assumed")
        for helper, _ in self.reachable_invariants(self.roots(after=False)):
            self.emit(f"if (!{helper}) return;  // invariant of the reachable objects assumed")
        for inv in self.statics:
            self.check(pre.expr(inv.expr), f"static invariant at {self.where(inv)} does not hold "
                                           f"before the call: {show(inv.expr)}")
        guards = []
        for case in cases:
            requires = [c.expr for c in case.clauses if c.kind == "requires"]
            lowered = [pre.expr(e) for e in requires if not isinstance(e, j.NotSpecified)]
            guards.append(self.evaluated(" && ".join(lowered) or "true"))
        if guards:
            self.emit(f"if (!({' || '.join(guards)})) return;")
        body, olds_at = self.lines, len(self.lines)
        frame = self.frame(cases, guards, pre)
        self.call_and_check(cases, guards)
        body[olds_at:olds_at] = ["        " + line for line in frame]
        for local, value in reversed(self.lowering.olds):
            body.insert(olds_at, "        " + f"var {local} = {value};")
        params = ", ".join(([f"{java_name(self.cls)} {SELF}"] if self.instance else [])
                           + [f"{typ} {name}" for name, (_, typ) in
                              ((p.name, self.names[p.name]) for p in self.method.params)])
        return _unit(self.cls, class_name,
                     f"    static void check({params}) throws Exception {{\n" +
                     "\n".join(self.lines) + "\n    }\n", self.lowering.helpers)

    def frame(self, cases: tuple[j.SpecCase, ...], guards: list[str], pre: Lowering) -> list[str]:
        """The snapshot and each case's allowed locations, where a frame is checked or
        ``\\fresh`` asked: statements to run before the call."""
        frames = jmlframe.case_frames(cases, self.pure)
        framed = any(f is not jmlframe.EVERYTHING for f in frames)
        if not framed and not jmlframe.uses_fresh(cases):
            return []
        self.lowering.names[FRAME] = (FRAME, "Object")
        roots = ([SELF] if self.instance else []) + [
            p.name for p in self.method.params if not isinstance(p.type, PrimType)]
        writer = jmlframe.FrameWriter(self.cls, pre)
        lines = [writer.snapshot([*roots, f"{java_name(self.cls)}.class"])]
        if framed:
            self.frame_said = jmlframe.said(self.cls, self.method.decl, cases)
            lines += writer.allows(frames, guards)
        return lines

    def frame_kept(self, depth: int) -> None:
        if self.frame_said:
            self.emit(f"{jmlframe.RUNTIME}.check({FRAME}, {java_string(self.frame_said)});", depth)

    def call_and_check(self, cases: tuple[j.SpecCase, ...], guards: list[str]) -> None:
        args = ", ".join(p.name for p in self.method.params)
        returns = not self.constructor and self.method.return_type is not VOID
        if self.constructor:
            call = f"{SELF} = new {java_name(self.cls)}({args});"
            self.emit(f"{java_name(self.cls)} {SELF} = null;")  # (assigned, as javac asks)
        elif returns:
            typ = self.written(self.method.decl.return_type)
            self.emit(f"{typ} {RESULT} = {_default(self.method.return_type)};")
            target = SELF if self.instance else java_name(self.cls)
            call = f"{RESULT} = {target}.{self.method.name}({args});"
            self.lowering.names["\\result"] = (RESULT, typ)
            self.lowering.types["\\result"] = self.method.return_type
        else:
            target = SELF if self.instance else java_name(self.cls)
            call = f"{target}.{self.method.name}({args});"
        if self.constructor:
            self.lowering.names["this"] = (SELF, java_name(self.cls))
            self.lowering.types["this"] = self.cls
        allowed = _allowed(cases, self.throws)
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
        self.frame_kept(2)
        for case, guard in zip(cases, guards):
            if case.behavior == "exceptional_behavior":
                said = f"exceptional_behavior case at {self.where(case)} returned normally"
                self.emit(f"assert !{guard} : {java_string(said)};")
            for clause in case.clauses:
                if clause.kind == "ensures" and not isinstance(clause.expr, j.NotSpecified):
                    self.check(self.lowering.expr(clause.expr),
                               f"ensures at {self.where(clause)}: {show(clause.expr)}", guard=guard)
        if self.non_null.result:
            said = (f"the result of {self.method.signature()} is null, "
                    "and it is non_null (JML's default; declare it nullable if it may be)")
            self.emit(f"assert {RESULT} != null : {java_string(said)};")
        self.invariants_kept(2, "on return")

    def on_exception(self, cases: tuple[j.SpecCase, ...], guards: list[str]) -> None:
        self.frame_kept(3)
        for case, guard in zip(cases, guards):
            allowed = _case_allows(case, self.throws)
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
                    scope = self.scope(self.lowering.names, self.lowering.types)
                    if clause.variable:
                        scope.names[clause.variable] = (f"(({typ}) {THROWN})", typ)
                        scope.types[clause.variable] = self.program.resolve_type(
                            clause.exception, self.cls)
                    condition = scope.expr(clause.expr)
                    said = (f"signals at {self.where(clause)}: ({typ}{' ' + clause.variable if clause.variable else ''}) "
                            f"{show(clause.expr)}")
                    self.check(f"!({THROWN} instanceof {typ}) || {condition}", said, 3, guard)
        if not self.constructor:  # a constructor that threw left no object to keep them
            self.invariants_kept(3, "when an exception is thrown")

    def invariants_kept(self, depth: int, when: str) -> None:
        """The static invariants; the invariants and non-null fields of ``self`` (not of a
        constructor's object when it throws: there is none); those of the reachable
        objects."""
        instance = not self.method.static and not (self.constructor and depth > 2)
        for inv in self.statics:
            self.check(self.lowering.expr(inv.expr),
                       f"static invariant at {self.where(inv)} does not hold {when}: {show(inv.expr)}",
                       depth)
        for inv in self.invariants if instance else ():
            self.check(self.of_self().expr(inv.expr),
                       f"invariant at {self.where(inv)} does not hold {when}: {show(inv.expr)}",
                       depth)
        for name, declared in self.non_null.fields if instance else ():
            said = (f"the non_null field {name} (declared at {declared}) is null {when} "
                    "(JML's default; declare it nullable if it may be)")
            self.emit(f"assert {SELF}.{name} != null : {java_string(said)};", depth)
        for helper, said in self.reachable_invariants(self.roots(after=True)):
            self.emit(f"assert {helper} : {java_string(said.format(when=when))};", depth)

    def of_self(self) -> Lowering:
        """A lowering of the checked class's invariants of ``self``: ``this`` is the only
        name in scope, as for any other object's (its quantifiers range over what the
        object reaches, whatever the method's arguments)."""
        return self.scope({"this": (SELF, java_name(self.cls))}, {"this": self.cls}, self.cls)

    def roots(self, after: bool) -> list[tuple[str, str, ClassInfo]]:
        """The references the reachable objects are found from, as (Java text, Java type,
        class): ``self`` (after a constructor too), the reference arguments, and after
        the call ``\\result``."""
        found = []
        if self.instance or self.constructor and after:
            found.append((SELF, java_name(self.cls), self.cls))
        found += [(p.name, self.lowering.class_name(d.type), p.type) for p, d in
                  zip(self.method.params, self.method.decl.params) if isinstance(p.type, ClassInfo)]
        if after and isinstance(self.method.return_type, ClassInfo) and not self.constructor:
            found.append((RESULT, self.lowering.class_name(self.method.decl.return_type),
                          self.method.return_type))
        return found

    def reachable_invariants(self, roots) -> list[tuple[str, str]]:
        """For each invariant clause and each non-null field of a class whose objects the
        roots may reach: a call of a helper that is true when it holds of each such
        object (``self`` aside, whose invariants and fields are the checked class's own,
        so that its class counts only if its fields may lead to another of its objects),
        and what a violation says, with ``{when}`` to fill in."""
        found = []
        others = [c for text, _, c in roots if text != SELF]
        fields = [f.type for text, _, c in roots if text == SELF for f in c.instance_fields()]
        for owner in reachable_classes(self.program, others + fields):
            this = f"(({java_name(owner)}) jml$o)"
            clauses = self.all_invariants.get(owner, ())
            if clauses is None:
                raise NotLowered(f"the invariants of {owner.simple_name}, which have errors")
            for inv in clauses:
                clause = self.scope({"this": (this, java_name(owner))}, {"this": owner}, owner)
                found.append((self.object_helper(owner, clause.expr(inv.expr), roots), (
                    f"invariant at {Path(owner.path).name}:{inv.line}:{inv.column} does not "
                    f"hold of a reachable {owner.simple_name} {{when}}: {show(inv.expr)}")))
            for name, declared in non_null_declared(self.program, owner):
                found.append((self.object_helper(owner, f"{this}.{name} != null", roots), (
                    f"the non_null field {name} (declared at {declared}) of a reachable "
                    f"{owner.simple_name} is null {{when}} (JML's default; declare it "
                    "nullable if it may be)")))
        return found

    def object_helper(self, owner: ClassInfo, condition: str, roots) -> str:
        """A helper looping over ``owner``'s objects reachable from the roots (passed to
        it), each ``jml$o``, false if ``condition`` fails of one of them; its call."""
        name = f"jml$inv{len(self.lowering.helpers)}"
        params = ", ".join(f"{typ} {text}" for text, typ, _ in roots)
        passed = ", ".join(text for text, _, _ in roots)
        skip = f" || jml$o == {SELF}" if any(text == SELF for text, _, _ in roots) else ""
        self.lowering.helpers.append(Helper(name, (
            f"    private static boolean {name}({params}) {{\n"
            f"        for (Object jml$o : {HEAP}.objects({java_name(owner)}.class, {passed})) {{\n"
            f"            if (jml$o == null{skip}) continue;\n"
            f"            boolean holds;\n"
            f"            try {{ holds = {condition}; }} catch (RuntimeException jml$x) {{ holds = false; }}\n"
            f"            if (!holds) return false;\n"
            f"        }}\n        return true;\n    }}\n")))
        return f"{name}({passed})"


def non_null_declared(program: Program, cls: ClassInfo) -> tuple[tuple[str, str], ...]:
    """The non-null fields of ``cls``'s objects in a file with JML (``jmlnull``), each
    with where it is declared (file:line:col), for a violation to name."""
    if cls not in program.nullness_declared:
        return ()
    found = []
    for fld in non_null_fields(cls):
        decl = next(f for f in fld.owner.decl.fields if f.name == fld.name)
        found.append((fld.name, f"{Path(fld.owner.path).name}:{decl.line}:{decl.column}"))
    return tuple(found)


def reachable_classes(program: Program, starts: list[ClassInfo]) -> list[ClassInfo]:
    """The project classes whose objects references of the ``starts`` types may lead to
    by reference fields, as ``Heap`` follows them (not arrays, nor an inner class's
    enclosing instance): the starts' project subclasses, then those of their fields'
    types, and so on."""
    found: dict[ClassInfo, None] = {}
    seen: set[ClassInfo] = set()
    todo = list(starts)
    while todo:
        declared = todo.pop()
        if not isinstance(declared, ClassInfo) or declared.element is not None or declared in seen:
            continue
        seen.add(declared)
        for cls in program.subclasses(declared):
            if cls not in found:
                found[cls] = None
                todo.extend(f.type for f in cls.instance_fields() if followed(f))
    return list(found)


def followed(fld: FieldInfo) -> bool:
    """Is a field one reachability follows (``\\reach``, the objects of a quantifier, whose
    invariants hold): a reference field the class declares, not an array, nor an inner
    class's hidden reference to its enclosing instance (synthetic to the JVM's reflection,
    which ``boundcheck.jml.Heap`` skips likewise)?"""
    return isinstance(fld.type, ClassInfo) and fld.type.element is None \
        and fld.name != ENCLOSING_FIELD


def invariant_method(cls: ClassInfo, invariants: tuple[j.InvariantClause, ...],
                     class_name: str) -> Harness:
    """The instance ``invariants`` of ``cls`` as ``static boolean holds(C self)``: false
    where one does not hold or where evaluating it throws (JML's clauses are total); for
    the objects made from field values to keep (``symex.invariants``)."""
    lowering = Lowering(cls, {"this": (SELF, java_name(cls))})
    try:
        tests = [lowering.expr(inv.expr) for inv in invariants]
    except NotLowered as e:
        return Harness("", str(e))
    body = "".join(f"        try {{ if (!{test}) return false; }} "
                   f"catch (RuntimeException jml$x) {{ return false; }}\n" for test in tests)
    return Harness(_unit(cls, class_name,
                         f"    static boolean holds({java_name(cls)} {SELF}) {{\n{body}"
                         f"        return true;\n    }}\n", lowering.helpers))


def _unit(cls: ClassInfo, class_name: str, method: str, helpers) -> str:
    """A harness class's source: in ``cls``'s package, with its file's imports, holding
    ``method`` and the ``helpers`` its lowering made."""
    package = f"package {cls.package};\n\n" if cls.package else ""
    imports = "".join(f"import {'static ' * i.static}{i.name}{'.*' * i.wildcard};\n"
                      for i in cls.unit.imports)
    return (f"{package}{imports}\nfinal class {class_name} {{\n{method}"
            f"{''.join(h.text for h in helpers)}}}\n")


def _allowed(cases: tuple[j.SpecCase, ...], throws: tuple[str, ...]) -> list[str]:
    """The exception types some case may allow: those a harness catches."""
    found: dict[str, None] = {}
    for case in cases:
        found.update((t, None) for t in _case_allows(case, throws))
    return list(found)


def _case_allows(case: j.SpecCase, throws: tuple[str, ...]) -> list[str]:
    """The exceptions one case allows: its ``signals_only`` types; without one, JML's
    default, the types the method's ``throws`` clause names (JML Reference Manual
    9.9.5), and those of its ``signals`` clauses; a ``normal_behavior`` case none."""
    if case.behavior == "normal_behavior":
        return []
    only = [c for c in case.clauses if isinstance(c, j.SignalsOnlyClause)]
    if only:
        return [show_type(t) for c in only for t in c.exceptions]
    return list(dict.fromkeys([*throws, *(show_type(c.exception) for c in case.clauses
                                          if isinstance(c, j.SignalsClause))]))


def _case_name(case: j.SpecCase) -> str:
    return "lightweight specification" if case.behavior == "lightweight" else case.behavior


def _default(t) -> str:
    if isinstance(t, PrimType):
        return "false" if t.name == "boolean" else "0"
    return "null"

