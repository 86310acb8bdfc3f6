"""Counterexample stage: a solver model -> the objects and calls, as data and as Java.

Every value shown is read back from the model through the terms the engine
recorded, so what the report says is what the formula says.
"""
from __future__ import annotations

import math
from pathlib import Path

import z3

from pytest_boundcheck.counterexample import collections as collections_java
from pytest_boundcheck.counterexample import heapview
from pytest_boundcheck.counterexample.example import Counterexample, FieldRow, Step
from pytest_boundcheck.counterexample.literals import java_literal, java_string
from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import (
    BOOLEAN,
    INT,
    ClassInfo,
    FieldInfo,
    MethodInfo,
)
from pytest_boundcheck.symex import collections as collections_model
from pytest_boundcheck.symex import lambdas as functional
from pytest_boundcheck.symex import strings
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.record import Exploration
from pytest_boundcheck.symex.semantics import float_value, signed_value
from pytest_boundcheck.symex.state import Location, Observation, Thrown
from pytest_boundcheck.symex.values import HeapObj, Prim, Ref, Value

WHOLE_TABLE = 12  # fields a counterexample's table shows all of
PATH_LINES = 40  # lines of a path shown whole

_MODEL_SITES = {
    "Object.equals": "Object.equals: identity",
    "Object.hashCode": "Object.hashCode: identity hash, not overridden",
}


class Rendering:
    """Names the objects of one model and writes them and the harness's calls as Java."""

    def __init__(self, record: Exploration, model: z3.ModelRef,
                 package: str | None = None):
        """``package``: write class names as code in that package must (qualified where
        the class is elsewhere); None: simple names, for reading."""
        self.record, self.heap = record, record.heap
        self.model, self.package = model, package
        self.names: dict[HeapObj, str] = {}
        self.lines: list[str] = []
        self.reflective = False  # some object had to be made by reflection
        self.exact = True        # every object could be written as Java
        self._strings: dict[HeapObj, str] = {}
        self._counts: dict[str, int] = {}
        # objects named whose making statement is not written yet, and how many times a
        # value named one of them (a link back to an object being made: a cycle)
        self._unmade: set[HeapObj] = set()
        self._forward = 0

    # ------------------------------------------------------------ reading
    def function_results(self) -> list[str]:
        """What the calls without code that this run made returned (the violation may rest
        on them: ``Executor._unknown_function``)."""
        lines = []
        for call, uses in self.record.functions.items():
            for use in uses:
                if self.holds(use.guard):
                    on = "" if use.receiver is None else \
                        f" on {self.names.get(self.target(use.receiver)) or 'an object'}"
                    obj = self.target(use.result) if isinstance(use.result, Ref) else None
                    unnamed = obj is not None and collections_model.kind_of(obj.cls) is None \
                        and (obj.opaque or (obj.kind == "slot" and obj.cls.is_project
                                            and obj not in self.names))
                    value = f"a {obj.cls.simple_name}" if unnamed else self.java(use.result, shown=True)
                    lines.append(f"// {call}{on} returned {value}")
        return list(dict.fromkeys(lines))

    def holds(self, guard: z3.BoolRef) -> bool:
        return z3.is_true(self.model.eval(guard, model_completion=True))

    def fired(self, thrown: list[Thrown]) -> Thrown | None:
        """The first of ``thrown`` that the model's run throws, asked in one evaluation:
        the guards share most of their terms, which one evaluation per guard evaluates
        again each time (on a check of thousands of guards, seconds)."""
        if not thrown:
            return None
        first = z3.IntVal(-1, thrown[0].guard.ctx)
        for index in reversed(range(len(thrown))):
            first = z3.If(thrown[index].guard, index, first)
        index = self.model.eval(first, model_completion=True).as_long()
        return thrown[index] if index >= 0 else None

    def target(self, ref: Ref) -> HeapObj | None:
        return self.heap.object_by_id(self.model.eval(ref.id, model_completion=True).as_long())

    def number(self, p: Prim) -> float:
        v = self.model.eval(p.term, model_completion=True)
        if p.type is BOOLEAN:
            return z3.is_true(v)
        if p.type.is_floating:
            return float_value(p.type, v)
        return signed_value(p.type, v.as_long())

    # ------------------------------------------------------------ writing
    def java(self, v: Value, named: bool = True, shown: bool = False) -> str:
        """A Java expression for a value; ``named`` spells MIN/MAX values as constants;
        ``shown``: only to read, so no statements are written for it."""
        if isinstance(v, Prim):
            return java_literal(v.type, self.number(v), named)
        obj = self.target(v)
        if obj is None:
            return "null"
        if obj.cls.fqname == jdk.STRING:
            return self.string(obj)
        if obj.is_box:
            return self.box(obj, shown)
        if obj.cls.element is not None:
            return self.array(obj, shown)
        if obj.kind == "enum":
            return f"{self.type_name(obj.cls)}.{self.heap.constant_name(obj)}"
        if functional.is_closure(obj):  # a lambda shows as written
            return obj.content.text
        if collections_model.kind_of(obj.cls) is not None:
            return collections_java.java(self, obj, shown)
        if obj in self.names:
            self._forward += obj in self._unmade
            return self.names[obj]
        return self.declare(obj, None)

    def string(self, obj: HeapObj) -> str:
        """A string as Java. A literal is one interned object per text, so a string that
        the check took to be another object than a literal or an earlier string of the
        same text is written ``new String(...)``."""
        if obj in self._strings:
            return self._strings[obj]
        text = strings.from_model(obj.content, self.model)
        literal = java_string(text)
        taken = obj.kind != "literal" and (
            text in self.heap.literal_texts() or literal in self._strings.values())
        self._strings[obj] = f"new String({literal})" if taken else literal
        return self._strings[obj]

    def box(self, obj: HeapObj, shown: bool) -> str:
        """A box as the literal that autoboxing turns into it. A box outside the cache is an
        object of its own: code names it once, so that it is the same object wherever used."""
        prim = BOXES[obj.cls.fqname].prim
        value = java_literal(prim, self.number(Prim(prim, obj.content)))
        if shown or self.holds(obj.shared):
            return value
        if obj not in self.names:
            self.names[obj] = self.fresh_name(obj.cls)
            self.lines.append(f"{obj.cls.simple_name} {self.names[obj]} = {value};")
        return self.names[obj]

    def array(self, obj: HeapObj, shown: bool) -> str:
        """An array as ``new int[] {1, 2}``; code names it once, as it is one object."""
        if obj in self.names and not shown:
            return self.names[obj]
        length = self.number(Prim(INT, obj.content))
        items = ", ".join(self.java(self.heap.value_at_start(obj, self.heap.element_field(obj.cls, k)),
                                    shown=shown) for k in range(length))
        if shown:
            return f"{{{items}}}"
        self.names[obj] = self.fresh_name(obj.cls)
        type_ = self.type_name(obj.cls)
        self.lines.append(f"{type_} {self.names[obj]} = new {type_} {{{items}}};")
        return self.names[obj]

    def fresh_name(self, cls: ClassInfo) -> str:
        base = cls.simple_name.rpartition(".")[2].replace("[]", "Array")
        base = base[0].lower() + base[1:]
        self._counts[base] = self._counts.get(base, 0) + 1
        return f"{base}{self._counts[base]}"

    def declare(self, obj: HeapObj, name: str | None) -> str:
        """Write the Java that makes ``obj`` (after the objects it needs) and name it."""
        if name is None:
            name = self.fresh_name(obj.cls)
        self.names[obj] = name
        self._unmade.add(obj)
        try:
            self._make(obj, name)
        finally:
            self._unmade.discard(obj)
        return name

    def _make(self, obj: HeapObj, name: str) -> None:
        type_ = self.type_name(obj.cls)
        recipe = self.record.recipes.get(obj)
        if obj.opaque:
            self.exact = False
            self.lines.append(f"{type_} {name} = null; // stands for {self.opaque_facts(obj, name)}")
        elif obj.cls.fqname == jdk.OBJECT:
            self.lines.append(f"{type_} {name} = new Object();")
        elif recipe is not None:
            call = recipe.built_by
            args = self.arguments(call.method, [self.java(a) for a in call.args])
            if call.enclosing is not None:  # an inner class: made by its enclosing instance
                made = f"{self.java(call.enclosing)}.new {obj.cls.decl.name}({args})"
            elif call.method.name == "<init>":
                made = f"new {type_}({args})"
            else:
                made = f"{self.type_name(call.method.owner)}.{call.method.name}({args})"
            self.lines.append(f"{type_} {name} = {made};")
            for then in recipe.then:
                if self.holds(then.guard):
                    args = self.arguments(then.method, [self.java(a) for a in then.args])
                    self.lines.append(f"{name}.{then.method.name}({args});")
        else:
            self.fields_way(obj, name)

    def arguments(self, method: MethodInfo, values: list[str]) -> str:
        """Arguments (as Java) of a call of ``method``; a null one cast to its parameter's
        type where the method has overloads of as many parameters, between which a bare
        null is ambiguous."""
        overloaded = sum(m.name == method.name and len(m.params) == len(method.params)
                         for m in method.owner.ctors + method.owner.methods) > 1
        return ", ".join(f"({self.type_name(p.type)}) null" if text == "null" and overloaded
                         and isinstance(p.type, ClassInfo) else text
                         for p, text in zip(method.params, values))

    def opaque_facts(self, obj: HeapObj, name: str) -> str:
        """What the check used of an object of a class it has no source for: its
        class, equality and order with the ones named before, its hash code."""
        facts = []
        keys = self.heap.opaque_keys(obj)
        for other, other_name in self.names.items():
            if other is obj or not other.opaque:
                continue
            classes = [self.heap.opaque_class(o) for o in (obj, other)]
            if None not in classes:
                same = self.holds(classes[0] == classes[1])
                facts.append(f"{name}.getClass() {'==' if same else '!='} {other_name}.getClass()")
            other_keys = self.heap.opaque_keys(other)
            if "equality" in keys and "equality" in other_keys:
                same = self.holds(keys["equality"] == other_keys["equality"])
                facts.append(f"{'' if same else '!'}{name}.equals({other_name})")
            if "order" in keys and "order" in other_keys:
                a, b = (self.model.eval(k["order"], model_completion=True).as_signed_long()
                        for k in (keys, other_keys))
                facts.append(f"{name}.compareTo({other_name}) {'<' if a < b else '==' if a == b else '>'} 0")
        if "equality" in keys:
            hash_ = self.model.eval(self.heap.opaque_hash(obj), model_completion=True).as_signed_long()
            facts.append(f"{name}.hashCode() == {hash_}")
        what = f"a {obj.cls.simple_name} the engine has no source for"
        return f"{what}, with {', '.join(facts)}" if facts else what

    def fields_way(self, obj: HeapObj, name: str) -> None:
        """An object made with any field values: a constructor call where one sets exactly
        the fields, else reflection, said plainly."""
        type_ = self.type_name(obj.cls)
        fields = obj.cls.instance_fields()
        found = None if obj.cls.is_abstract else field_constructor(obj.cls)
        if found is not None:
            ctor, params = found
            before, forward = self._written(), self._forward
            args = self.arguments(ctor, [self.field_value(obj, f) for f in params])
            if self._forward == forward:
                self.lines.append(f"{type_} {name} = new {type_}({args});")
                return
            # a link back to an object still being made (a cycle): made by reflection,
            # so that the object exists before its fields name it
            self._take_back(before)
        self.reflective = True
        if obj.cls.is_abstract:  # the JVM allocates no object of an abstract class
            self.exact = False
            self.lines.append(f"// {obj.cls.simple_name} is abstract: {name} stands for an object of "
                              "an unknown subclass that keeps its code, fields set by reflection")
        else:
            self.lines.append(f"// no constructor makes this {obj.cls.simple_name}: fields set by "
                              "reflection")
        self.lines.append(f"{type_} {name} = allocate({type_}.class);")
        self._unmade.discard(obj)
        # of a wide class, the fields ``allocate`` leaves as they should be are not set
        wide = len(fields) > WHOLE_TABLE
        left = [f for f in fields if wide and self.is_default(self.heap.value_at_start(obj, f))]
        for f in fields:
            if f not in left:
                value = self.field_value(obj, f)
                self.lines.append(f'set({name}, {self.type_name(f.owner)}.class, "{f.name}", {value});')
        if left:
            other = "other " if len(left) < len(fields) else ""
            self.lines.append(f"// its {other}{len(left):,} fields keep their default values")

    def _written(self) -> tuple:
        """What writing objects changes, to take it back to (``_take_back``)."""
        return (len(self.lines), dict(self.names), dict(self._counts), dict(self._strings),
                set(self._unmade), self.reflective, self.exact)

    def _take_back(self, written: tuple) -> None:
        lines, self.names, self._counts, self._strings, self._unmade, self.reflective, \
            self.exact = written
        del self.lines[lines:]

    def is_default(self, v: Value) -> bool:
        """Is ``v`` the value a field has before any code sets it (0, false, null)?"""
        if isinstance(v, Prim):
            number = self.number(v)
            return number == 0 and math.copysign(1, number) > 0  # not -0.0
        return self.target(v) is None

    def field_value(self, obj: HeapObj, f: FieldInfo, shown: bool = False) -> str:
        return self.java(self.heap.value_at_start(obj, f), shown=shown)

    def parameter(self, name: str, ref: Ref | Prim) -> None:
        if isinstance(ref, Prim):  # a JML harness's number
            self.lines.append(f"{ref.type} {name} = {self.java(ref)};")
            return
        obj = self.target(ref)
        if obj is None:
            self.lines.append(f"Object {name} = null;")
        elif obj in self.names:
            self.lines.append(f"{self.type_name(obj.cls)} {name} = {self.names[obj]};")
        elif obj.cls.fqname == jdk.STRING:
            self.names[obj] = name
            self.lines.append(f"String {name} = {self.string(obj)};")
        elif obj.kind == "enum" or obj.cls.element is not None:  # (an array with its elements)
            self.lines.append(f"{self.type_name(obj.cls)} {name} = {self.java(ref)};")
        else:
            self.declare(obj, name)

    def type_name(self, cls: ClassInfo) -> str:
        if self.package is None or cls.package in (self.package, "java.lang") or not cls.package:
            return cls.simple_name
        return cls.fqname

    def field_table(self, params: list[tuple[str, Ref]]) -> tuple[tuple[str, ...], tuple[FieldRow, ...], int]:
        """The parameters' objects side by side, field by field: (columns, rows, rows left
        out). Of a class with more than ``WHOLE_TABLE`` fields, only those that differ or
        that the check read are shown: a row for each of 2,000 fields hides the few that
        matter."""
        columns = []
        for name, ref in params:
            obj = self.target(ref) if isinstance(ref, Ref) else None
            if (obj is not None and obj.cls.is_project and obj.kind != "enum"
                    and obj not in [o for _, o in columns]):
                columns.append((name, obj))
        fields: list[FieldInfo] = []
        for _, obj in columns:
            fields += [f for f in obj.cls.instance_fields() if f not in fields]
        if not fields:
            return (), (), 0
        rows = [(f, FieldRow(f.name, tuple(self.field_value(obj, f, shown=True)
                                           if obj.cls.is_subtype_of(f.owner) else ""
                                           for _, obj in columns))) for f in fields]
        if len(rows) > WHOLE_TABLE:
            read = self.heap.fields_read()
            rows = [(f, row) for f, row in rows if row.differs or f in read]
        return (tuple(f"{name} ({obj.cls.simple_name})" for name, obj in columns),
                tuple(row for _, row in rows), len(fields) - len(rows))

    def site(self, term: z3.ExprRef) -> tuple[str, Location | None]:
        """Where a call returned: as shown, and as a place in the sources if it is one."""
        where = self.record.sites[self.model.eval(term, model_completion=True).as_long()]
        if isinstance(where, Location):
            return str(where), where
        return _MODEL_SITES.get(where, where), None

    def call(self, obs: Observation) -> Step | None:
        if not self.holds(obs.reached):
            return None
        fired = self.fired(obs.thrown)
        if fired is not None:
            return Step(obs.text, f"throws {self.exception_name(fired)}", str(fired.where), fired.where)
        result = "returned" if obs.result is None else self.java(obs.result, named=False, shown=True)
        return Step(obs.text, result, *self.site(obs.site))

    def exception_name(self, t: Thrown) -> str:
        obj = self.target(t.exc)
        return obj.cls.simple_name if obj is not None else "an exception"


def render(record: Exploration, model: z3.ModelRef, summary: str, params: list[tuple[str, Ref]],
           package: str) -> tuple[Counterexample, frozenset[HeapObj]]:
    """The counterexample in ``model``, and the objects it shows."""
    r = Rendering(record, model)
    for name, ref in params:
        r.parameter(name, ref)
    steps = tuple(c for c in (r.call(o) for o in record.observations) if c is not None)
    statements = tuple(r.lines)  # (what the table and results below name is not made here)
    columns, rows, left_out = r.field_table(params)
    returned = tuple(r.function_results())
    fired = r.fired(record.thrown)
    code = Rendering(record, model, package)
    for name, ref in params:
        code.parameter(name, ref)
    heap, changes, path = ((), (), "")
    if record.traced is not None:  # a JML check: its heap drawn, and what the call did
        columns, rows, left_out = (), (), 0
        heap, changes = heapview.before_and_after(Rendering(record, model), params, fired)
        path = path_taken(r, record)
    found = Counterexample(
        summary, statements, columns, rows, returned, steps, fired is not None,
        r.exception_name(fired) if fired is not None else "AssertionError",
        fired.message if fired is not None else None, fired.where if fired is not None else None,
        tuple(code.lines), package, code.reflective, code.exact, left_out, heap, changes, path)
    return found, frozenset(r.names)


def path_taken(r: Rendering, record: Exploration) -> str:
    """The lines of the checked method that the model's run went through, in order, a
    statement run again at once (a loop on one line) written once with its count, a
    line's other statements part of its run: "IntList.java:12 -> 13 (3 times) -> 16".
    Asked of the model in one evaluation, as ``Rendering.fired`` asks."""
    if not record.trace:
        return ""
    ctx = record.ctx
    bits = [z3.If(guard, z3.BitVecVal(1, 1, ctx), z3.BitVecVal(0, 1, ctx)) for _, guard in record.trace]
    taken = r.model.eval(z3.Concat(*bits) if len(bits) > 1 else bits[0], model_completion=True).as_long()
    runs: list[list] = []  # [(line, column) of the run's first statement, times run]
    for k, (at, _) in enumerate(record.trace):
        if taken >> (len(bits) - 1 - k) & 1:
            if runs and runs[-1][0][0] == at[0]:
                runs[-1][1] += runs[-1][0] == at  # (another statement of the line: the same run)
            else:
                runs.append([at, 1])
    if not runs:
        return ""
    lines = [f"{at[0]}" if times == 1 else f"{at[0]} ({times} times)" for at, times in runs]
    if len(lines) > PATH_LINES:  # a long loop: its start and its end
        half = PATH_LINES // 2
        lines = lines[:half] + [f"... {len(lines) - 2 * half} more ..."] + lines[-half:]
    where = Path(record.traced.owner.path).name
    return f"{where}:" + " -> ".join(map(str, lines))


# ------------------------------------------------- constructors that set fields

def field_constructor(cls: ClassInfo) -> tuple[MethodInfo, list[FieldInfo]] | None:
    """A non-private constructor that sets exactly all of the instance fields from its
    parameters (``this.x = x`` and ``super(x, y)`` only), and those fields in parameter
    order. A library model's may copy an array (``this.a = a.clone()``), as the JDK's
    ``AtomicLongArray(long[])`` does: its fields are private to it, so no other object
    can hold the array it copies."""
    fields = cls.instance_fields()
    for ctor in cls.ctors:
        if "private" in ctor.decl.modifiers:
            continue
        mapping = _param_fields(cls, ctor.decl)
        if mapping is not None and sorted(mapping.values()) == list(range(len(fields))) \
                and len(mapping) == len(fields) == len(ctor.params):
            by_param = {i: key for key, i in mapping.items()}
            keyed = {f.key: f for f in fields}
            chosen = [keyed[by_param[i]] for i in range(len(fields))]
            if all(p.type is f.type for p, f in zip(ctor.params, chosen)):  # null fits an Integer only
                return ctor, chosen
    return None


def _param_fields(cls: ClassInfo, decl: ast.MethodDecl) -> dict[str, int] | None:
    """field key -> parameter index, if the constructor only copies parameters into fields."""
    params = {p.name: i for i, p in enumerate(decl.params)}
    mapping: dict[str, int] = {}
    stmts = list(decl.body.stmts)
    if stmts and isinstance(stmts[0], ast.CtorCall):
        call = stmts.pop(0)
        if call.kind != "super" or not all(isinstance(a, ast.Name) and a.name in params
                                           for a in call.args):
            return None
        if call.args:
            sup = cls.superclass
            inner = next((m for m in (_param_fields(sup, c.decl) for c in sup.ctors
                                      if c.decl is not None and len(c.params) == len(call.args))
                          if m is not None), None) if sup is not None and sup.is_project else None
            if inner is None:
                return None
            for key, i in inner.items():
                mapping[key] = params[call.args[i].name]
    elif cls.superclass is not None and cls.superclass.is_project and cls.superclass.instance_fields():
        return None
    for s in stmts:
        value = s.expr.value if isinstance(s, ast.ExprStmt) and isinstance(s.expr, ast.Assign) \
            and s.expr.op == "=" else None
        if cls.origin == "library" and isinstance(value, ast.MethodCall) and value.name == "clone" \
                and not value.args:
            value = value.target
        if not (isinstance(value, ast.Name) and value.name in params):
            return None
        target = s.expr.target
        if isinstance(target, ast.FieldAccess) and isinstance(target.target, ast.This):
            name = target.name
        elif isinstance(target, ast.Name) and target.name not in params:
            name = target.name
        else:
            return None
        if name not in cls.fields or cls.fields[name].static:
            return None
        mapping[cls.fields[name].key] = params[value.name]
    return mapping
