"""JML expressions lowered to Java expressions of a JML harness (``jmlharness``).

A harness is a static method of a class of its own: what the specification calls
``this`` is its parameter ``self``, a field named bare is ``self``'s (or its class's, if
static), ``\\result`` and the values of ``\\old(e)`` are locals the harness sets, and a
quantifier becomes a call of a helper method that loops over its domain: an int range
(unrolled within the bounds like any other loop), or the objects of a type reachable from
the names in scope, which the JML runtime class ``boundcheck.jml.Heap`` lists (as does
``\\reach(x).has(o)``, which it answers). What has no Java form yet raises ``NotLowered``
naming the construct, so that the check is a skip naming it, never a pass.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jmlcheck import expression_type
from pytest_boundcheck.frontend.jmlprint import show, show_type
from pytest_boundcheck.frontend.types import ClassInfo, JType, PrimType, type_name

SELF = "self"
_AMONG = "jml$among"  # the helper asking whether an object is in an array, by identity
RESULT = "jml$result"
THROWN = "jml$e"
HEAP = "boundcheck.jml.Heap"  # the JML runtime class of reachability (``models/jml/heap.py``)
FRAME = "jml$frame"  # the snapshot of the pre-state's heap (``jmlframe``)
FRAME_RUNTIME = "boundcheck.jml.Frame"


class NotLowered(Exception):
    """A construct the JML checks do not lower yet: its name, for the skip."""


@dataclass
class Helper:
    """A quantifier lowered to a static method: its Java text."""
    name: str
    text: str


@dataclass
class Lowering:
    """What lowering one harness's expressions adds to it: the pre-state values
    (``olds``, each a local set before the call) and the quantifiers' helper methods.
    ``names`` maps each name in scope to its Java text and declared type (``None`` for a
    name the harness's helpers are not passed); ``types`` the names' types, with which
    ``program`` types an aggregate (``\\sum``...) for its helper's accumulator."""
    cls: ClassInfo | None
    names: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    olds: list[tuple[str, str]] = field(default_factory=list)  # (local, Java expression)
    helpers: list[Helper] = field(default_factory=list)
    in_old: bool = False
    in_quantifier: bool = False
    types: dict[str, JType] = field(default_factory=dict)
    program: Program | None = None
    # a quantifier's: the lowering it stands in, the variables bound around it, and the
    # pre-state values it is passed (Java type, parameter, the value's text outside)
    parent: Lowering | None = None
    bound: frozenset[str] = frozenset()
    hoisted: list[tuple[str, str, str]] = field(default_factory=list)
    # the harness's: the names in scope before the call (``this``, the parameters), whose
    # pre-state an ``\old`` of a quantifier's variable reads; None where there is none
    before: dict[str, tuple[str, str | None]] | None = None

    def this(self, what: str) -> str:
        """The Java text of ``this``; ``what`` names the use, for a static context's skip."""
        if "this" not in self.names:
            raise NotLowered(f"{what} in a static context")
        return self.names["this"][0]

    def expr(self, node: j.Node) -> str:
        kind = type(node)
        lower = _LOWER.get(kind)
        if lower is None:
            raise NotLowered(_construct(node))
        return lower(self, node)

    def ident(self, node: j.Ident) -> str:
        if node.name in self.names:
            return self.names[node.name][0]
        fld = self.cls.lookup_field(node.name) if self.cls is not None else None
        if fld is not None:
            if fld.static:
                return f"{java_name(fld.owner)}.{node.name}"
            return f"{self.this(f'the instance field {node.name}')}.{node.name}"
        return node.name  # a class, for its static members

    def call(self, node: j.Call) -> str:
        if isinstance(node.target, j.Reach):
            return self.reach_has(node.target, node.args[0])
        if isinstance(node.target, j.Old) and isinstance(node.target.expr, j.Reach) \
                and node.target.label is None:
            return self.old_reach_has(node.target.expr, node.args[0])
        args = ", ".join(self.expr(a) for a in node.args)
        if node.target is not None:
            return f"{self.expr(node.target)}.{node.name}({args})"
        methods = [m for m in _methods(self.cls) if m.name == node.name]
        if methods and all(m.static for m in methods):
            return f"{java_name(methods[0].owner)}.{node.name}({args})"
        return f"{self.this(f'the instance method {node.name}')}.{node.name}({args})"

    def old(self, node: j.Old) -> str:
        if node.label is not None:
            raise NotLowered(f"\\old with a label ({node.label})")
        if self.in_old:
            return self.expr(node.expr)
        if self.in_quantifier:
            return self.hoist(node)
        return self.keep(self.pre_state(node.expr))

    def pre_state(self, node: j.Node) -> str:
        """``node`` lowered to be evaluated before the call (an ``\\old`` in it is itself)."""
        self.in_old = True
        try:
            return self.expr(node)
        finally:
            self.in_old = False

    def keep(self, value: str) -> str:
        """A local of the harness set to ``value`` before the call; its name."""
        local = f"jml$old{len(self.olds)}"
        self.olds.append((local, value))
        return local

    def kept(self, types: tuple[str, ...], make) -> list[str]:
        """Values computed before the call: ``make`` is given the harness's own lowering,
        adds them to it as locals (``keep``) and returns their names; in a quantifier's
        helper they are parameters of these Java ``types``, which each helper on the way
        is passed."""
        if not self.in_quantifier:
            return make(self)
        params = []
        for typ, outside in zip(types, self.parent.kept(types, make)):
            param = f"jml$h{len(self.hoisted)}"
            self.hoisted.append((typ, param, outside))
            params.append(param)
        return params

    def hoist(self, node: j.Old) -> str:
        """``\\old(e)`` in a quantifier: where ``e`` names none of its variables, the
        value kept before the call; else its value for each object (``old_per_object``)."""
        mentioned = [name for name in self.bound if _mentions(node.expr, name)]
        if mentioned and isinstance(node.expr, j.Index) \
                and not any(_mentions(node.expr.array, name) for name in mentioned):
            return self.old_element(node.expr)
        if mentioned:
            return self.old_per_object(node, mentioned)
        typed = self.typed(node.expr)
        if not isinstance(typed, (PrimType, ClassInfo)):
            raise NotLowered(f"\\old in a quantifier, of a value whose type is not known ({show(node)})")
        return self.kept((_java_type(typed),), lambda top: [top.old(node)])[0]

    def old_element(self, node: j.Index) -> str:
        """``\\old(a[e])`` where ``e`` names a quantifier's variable (``\\old(a[i])`` in
        ``(\\forall int i; ...)``): an element of a copy of the array ``a`` held before
        the call, ``e`` read after it, which is the same where ``e`` reads nothing the call
        may change (the quantifiers' variables, the method's parameters, literals); a null
        array's copy is null, so that the clause does not hold, as one that throws."""
        top = self
        while top.parent is not None:
            top = top.parent
        typed = self.typed(node.array)
        unchanged = self.bound | {n for n in (top.before or {}) if n != "this"}
        if not isinstance(typed, ClassInfo) or typed.element is None \
                or not _reads_only(node.index, unchanged):
            raise NotLowered(f"\\old of a quantifier's variable (\\old({show(node)}))")
        array = _java_type(typed)
        copy = self.kept((array,), lambda top: [top.keep(
            f"{_array_copy(top, array)}({top.pre_state(node.array)})")])[0]
        return f"{copy}[{self.expr(node.index)}]"

    def typed(self, node: j.Node):
        return (expression_type(self.program, self.cls, self.types, node)
                if self.program is not None and self.cls is not None else None)

    def old_per_object(self, node: j.Old, mentioned: list[str]) -> str:
        """``\\old(e)`` where ``e`` names the variable of a quantifier over objects (and
        no other quantifier's): JML evaluates it in the pre-state for each object. Before
        the call the harness lists the objects of the variable's type that the references
        then in scope reach, and evaluates ``e`` of each (``_pre_state_table``); the
        quantifier looks its object up there by identity. An object the method made (or
        one not reached then) has no pre-state, and a clause asking its ``\\old`` does not
        hold, as one that throws; neither does one whose ``e`` threw of it."""
        top = self
        while top.parent is not None:
            top = top.parent
        owner = self.types.get(mentioned[0])
        typed = self.typed(node.expr)
        if len(mentioned) > 1 or not isinstance(owner, ClassInfo) or top.before is None \
                or not isinstance(typed, (PrimType, ClassInfo)):
            raise NotLowered(f"\\old of a quantifier's variable ({show(node)})")
        stored = typed.name if isinstance(typed, PrimType) else "Object"
        lookup = f"jml$pre{len(top.helpers)}"
        table = self.kept(("Object[]", f"{stored}[]", "boolean[]"), lambda top: _pre_state_table(
            top, node.expr, mentioned[0], owner, stored, lookup))
        cast = "" if isinstance(typed, PrimType) else f"({_java_type(typed)}) "
        self.helpers.append(Helper(f"{lookup}$at", (
            f"    private static {_java_type(typed)} {lookup}$at(Object[] jml$a, {stored}[] jml$v, "
            f"boolean[] jml$ok, Object jml$o) {{\n"
            f"        for (int jml$k = 0; jml$k < jml$a.length; jml$k++) {{\n"
            f"            if (jml$a[jml$k] == null || jml$a[jml$k] != jml$o) continue;\n"
            f"            if (!jml$ok[jml$k]) throw new IllegalStateException(\"its value before the call threw\");\n"
            f"            return {cast}jml$v[jml$k];\n        }}\n"
            f"        throw new IllegalStateException(\"no pre-state\");\n    }}\n")))
        return f"{lookup}$at({', '.join(table)}, {self.names[mentioned[0]][0]})"

    def result(self, node: j.Result) -> str:
        if "\\result" not in self.names:
            raise NotLowered("\\result here")
        return self.names["\\result"][0]

    def fresh(self, node: j.Fresh) -> str:
        """``\\fresh(x, y)``: each is non-null and was not allocated before the call,
        which the snapshot of the pre-state (a name in scope, passed to helpers) tells."""
        if FRAME not in self.names:
            raise NotLowered("\\fresh here")
        frame = self.names[FRAME][0]
        return "(" + " && ".join(f"{FRAME_RUNTIME}.fresh({frame}, {self.expr(e)})"
                                 for e in node.exprs) + ")"

    def binary(self, node: j.Binary) -> str:
        left, right = self.expr(node.left), self.expr(node.right)
        if node.op == "==>":
            return f"(!{left} || {right})"
        if node.op == "<==":
            return f"({left} || !{right})"
        if node.op == "<==>":
            return f"({left} == {right})"
        if node.op == "<=!=>":
            return f"({left} != {right})"
        if node.op == "<:":  # both sides are types: ``\\typeof(e)`` or ``\\type(T)``
            return f"{right}.isAssignableFrom({left})"
        return f"({left} {node.op} {right})"

    def type_of(self, node: j.TypeOf) -> str:
        """``\\typeof(e)``: the class of the object ``e`` holds (``getClass()``, which
        throws on null, so that a clause asking the type of null does not hold). The
        engine has no class objects of primitive types: a number's type is not lowered."""
        if isinstance(node.expr, j.Literal) and node.expr.kind != "string" \
                or self.declared_type(node.expr) in _PRIMITIVES:
            raise NotLowered(f"\\typeof of a number ({show(node.expr)})")
        if isinstance(node.expr, (j.Binary, j.Unary, j.Conditional)):
            raise NotLowered(f"\\typeof of a computed value ({show(node.expr)})")
        return f"{self.expr(node.expr)}.getClass()"

    def type_literal(self, node: j.TypeLiteral) -> str:
        """``\\type(T)``: ``T.class``, of a class or array type."""
        name = show_type(node.type)
        if name in _PRIMITIVES:
            raise NotLowered(f"\\type of a primitive type ({name})")
        return f"{self.class_name(node.type)}.class"

    def non_null_elements(self, node: j.NonNullElements) -> str:
        """``\\nonnullelements(a)``: ``a`` is not null and no element is (a helper that
        loops over the array, as a quantifier's does); of an array of numbers, that it is
        not null."""
        array = self.expr(node.array)
        declared = self.declared_type(node.array) or ""
        if declared.endswith("[]") and declared[:-2] in _PRIMITIVES:
            return f"({array} != null)"
        if not any(h.name == _NON_NULL_ELEMENTS for h in self.helpers):
            self.helpers.append(Helper(_NON_NULL_ELEMENTS, (
                f"    private static boolean {_NON_NULL_ELEMENTS}(Object[] jml$a) {{\n"
                f"        if (jml$a == null) return false;\n"
                f"        for (int jml$i = 0; jml$i < jml$a.length; jml$i++) "
                f"{{ if (jml$a[jml$i] == null) return false; }}\n"
                f"        return true;\n    }}\n")))
        return f"{_NON_NULL_ELEMENTS}({array})"

    def declared_type(self, node: j.Node) -> str | None:
        """The declared type (as written) of a name, ``\\result`` or a field of ``this``,
        else None."""
        if isinstance(node, j.Result):
            return self.names.get("\\result", ("", None))[1]
        if isinstance(node, j.Field) and isinstance(node.target, j.This):
            node = j.Ident(node.line, node.name, column=node.column)
        if not isinstance(node, j.Ident):
            return None
        if node.name in self.names:
            return self.names[node.name][1]
        fld = self.cls.lookup_field(node.name) if self.cls is not None else None
        return type_name(fld.type) if fld is not None else None

    def reach_has(self, reach: j.Reach, member: j.Node) -> str:
        """``\\reach(x [, T [, f]]).has(o)``: the runtime's reachability, of an object of
        ``T`` if given, following field ``f`` alone if given."""
        root, target = self.expr(reach.root), self.expr(member)
        field_name = f", {java_string(reach.field)}" if reach.field else ""
        test = f"{HEAP}.reaches({root}, {target}{field_name})"
        if reach.type is not None:
            test = f"{test} && {target} instanceof {self.class_name(reach.type)}"
        return f"({test})"

    def old_reach_has(self, reach: j.Reach, member: j.Node) -> str:
        """``\\old(\\reach(x [, T])).has(o)``: ``o`` is one of the objects reachable from
        ``x`` before the call, kept then as an array (``Heap.objects``) and searched by
        identity (a helper's loop over it)."""
        if reach.field:
            raise NotLowered(f"\\old of a field-restricted \\reach ({show(reach)})")
        kept, target = self.old_objects(reach), self.expr(member)
        if not any(h.name == _AMONG for h in self.helpers):
            self.helpers.append(Helper(_AMONG, (
                f"    private static boolean {_AMONG}(Object[] jml$a, Object jml$o) {{\n"
                f"        for (Object jml$x : jml$a) {{ if (jml$x != null && jml$x == jml$o) "
                f"return true; }}\n        return false;\n    }}\n")))
        test = f"{_AMONG}({kept}, {target})"
        if reach.type is not None:
            test = f"{test} && {target} instanceof {self.class_name(reach.type)}"
        return f"({test})"

    def old_objects(self, reach: j.Reach) -> str:
        """The objects reachable from ``reach``'s root before the call: a local the harness
        sets then, or, in a quantifier's helper, the parameter it is passed in."""
        if any(_mentions(reach.root, name) for name in self.bound):
            raise NotLowered(f"\\old of a quantifier's variable ({show(reach)})")
        return self.kept(("Object[]",), lambda top: [top.keep(
            f"{HEAP}.objects(Object.class, {top.pre_state(reach.root)})")])[0]

    def class_name(self, written) -> str:
        """A class named in a clause as the harness, a class of its own beside the checked
        one, must write it: ``Outer.Node`` for a nested ``Node``, without type arguments."""
        resolved = (self.program.resolve_type(written, self.cls)
                    if self.program is not None and self.cls is not None else None)
        if isinstance(resolved, ClassInfo) and resolved.element is None and resolved.decl is not None:
            return java_name(resolved)
        return _raw(show_type(written))

    def quantified(self, node: j.Quantified) -> str:
        """A quantifier as a helper method passed every name in scope, which loops over
        the domain of each variable: an integral one over the range its conjuncts bound
        from below and above, an object one over the objects of its type reachable from
        the references passed (``Heap.objects``). ``\\forall`` and ``\\exists`` return as
        soon as they know; the aggregates fold each value of the body into an accumulator
        of the quantifier's type (``_AGGREGATES``)."""
        passed = [(name, text, typ) for name, (text, typ) in self.names.items() if typ]
        inner = Lowering(self.cls, {name: (f"jml$p{i}", typ) for i, (name, _, typ)
                                    in enumerate(passed)}, helpers=self.helpers,
                         in_quantifier=True, program=self.program,
                         types={n: self.types[n] for n, _, _ in passed if n in self.types},
                         parent=self, bound=self.bound | {v.name for v in node.variables})
        for v in node.variables:
            inner.names[v.name] = (v.name, show_type(v.type) if _is_primitive(v.type)
                                   else self.class_name(v.type))
            if self.program is not None and self.cls is not None:
                inner.types[v.name] = self.program.resolve_type(v.type, self.cls)
        roots = [f"jml$p{i}" for i, (_, _, typ) in enumerate(passed) if typ not in _PRIMITIVE]
        roots += static_roots(self.program, self.cls)
        opening, closing, rest = _domains(node, inner, roots)
        condition = " && ".join([*(inner.expr(c) for c in rest)] or ["true"])
        body = inner.expr(node.body)
        name = f"jml$q{len(self.helpers)}"
        params = ", ".join([f"{typ} jml$p{i}" for i, (_, _, typ) in enumerate(passed)]
                           + [f"{typ} {param}" for typ, param, _ in inner.hoisted])
        result, start, fold, end = self.aggregate(node, inner)
        step = fold.format(cond=condition, body=body, type=result)
        self.helpers.append(Helper(name, (
            f"    private static {result} {name}({params}) {{\n{start}"
            f"        {opening}{{ {step} }}{closing}\n        return {end};\n    }}\n")))
        args = [text for _, text, _ in passed] + [outside for _, _, outside in inner.hoisted]
        return f"{name}({', '.join(args)})"

    def aggregate(self, node: j.Quantified, inner: Lowering) -> tuple[str, str, str, str]:
        """The helper's result type, the accumulator's declaration, the step (a format of
        ``cond`` and ``body``) and what it returns at the end."""
        if node.quantifier == "forall":
            return "boolean", "", "if ({cond} && !{body}) return false;", "true"
        if node.quantifier == "exists":
            return "boolean", "", "if ({cond} && {body}) return true;", "false"
        typed = (expression_type(self.program, self.cls, inner.types, node)
                 if self.program is not None and self.cls is not None else None)
        if not isinstance(typed, PrimType) or typed.name not in _EMPTY_MIN:
            raise NotLowered(f"\\{node.quantifier} whose type is not known ({show(node)})")
        initial, fold = _AGGREGATES[node.quantifier]
        first = initial.format(largest=_EMPTY_MIN[typed.name], smallest=_EMPTY_MAX[typed.name])
        return typed.name, f"        {typed.name} jml$acc = {first};\n", fold, "jml$acc"


# Each aggregate's first value (JML: over an empty range \sum is 0, \product 1, \min the
# largest value of the type, \max the smallest; \num_of is a long) and step.
_AGGREGATES = {
    "num_of": ("0", "if ({cond} && {body}) jml$acc++;"),
    "sum": ("0", "if ({cond}) jml$acc += {body};"),
    "product": ("1", "if ({cond}) jml$acc *= {body};"),
    "min": ("{largest}", "if ({cond}) {{ {type} jml$v = {body}; if (jml$v < jml$acc) jml$acc = jml$v; }}"),
    "max": ("{smallest}", "if ({cond}) {{ {type} jml$v = {body}; if (jml$v > jml$acc) jml$acc = jml$v; }}"),
}
_EMPTY_MIN = {"int": "Integer.MAX_VALUE", "long": "Long.MAX_VALUE",
              "float": "Float.POSITIVE_INFINITY", "double": "Double.POSITIVE_INFINITY"}
_EMPTY_MAX = {"int": "Integer.MIN_VALUE", "long": "Long.MIN_VALUE",
              "float": "Float.NEGATIVE_INFINITY", "double": "Double.NEGATIVE_INFINITY"}
_PRIMITIVE = ("boolean", "byte", "short", "char", "int", "long", "float", "double")
_INTEGRAL = ("int", "long", "short", "byte", "char")


def _domains(node: j.Quantified, inner: Lowering, roots: list[str]) -> tuple[str, str, list[j.Node]]:
    """The loops' opening (each variable's loop, nested) and closing text, and the range's
    conjuncts left over (a filter). An integral variable loops over the range its
    conjuncts bound; an object variable over ``Heap.objects`` of its type from ``roots``,
    whose nulls (the engine's objects not reached) it skips."""
    conjuncts = _conjuncts(node.range) if node.range is not None else []
    opening, closing = "", ""
    for k, var in enumerate(node.variables):
        typ = show_type(var.type)
        if typ in _INTEGRAL:
            (t, v, lo, op, hi), conjuncts = _int_loop(node, var, typ, conjuncts, inner)
            opening += f"for ({t} {v} = {lo}; {v} {op} {hi}; {v}++) "
        elif typ in _PRIMITIVE or var.type.dims:
            raise NotLowered(f"\\{node.quantifier} over {typ} (only over integral ranges "
                             "and objects)")
        else:
            candidate, name = f"jml$o{k}", inner.names[var.name][1]
            opening += (f"for (Object {candidate} : {HEAP}.objects({name}.class"
                        f"{''.join(', ' + r for r in roots)})) if ({candidate} != null) "
                        f"{{ {name} {var.name} = ({name}) {candidate}; ")
            closing += " }"
    return opening, closing, conjuncts


def _array_copy(top: Lowering, array: str) -> str:
    """The helper copying an array of type ``array`` (null where it is null), added to
    ``top``'s once: a loop, unrolled within the bounds as any other, rather than
    ``clone()``, which a counterexample would show among the calls made."""
    name = "jml$copy" + "".join(c if c.isalnum() else "$" for c in array)
    if not any(h.name == name for h in top.helpers):
        element = array[:-2]
        new = f"new {element.partition('[')[0]}[jml$a.length]{element[len(element.partition('[')[0]):]}"
        top.helpers.append(Helper(name, (
            f"    private static {array} {name}({array} jml$a) {{\n"
            f"        if (jml$a == null) return null;\n"
            f"        {array} jml$c = {new};\n"
            f"        for (int jml$k = 0; jml$k < jml$a.length; jml$k++) jml$c[jml$k] = jml$a[jml$k];\n"
            f"        return jml$c;\n    }}\n")))
    return name


def _reads_only(node: j.Node, names: set[str]) -> bool:
    """Is ``node`` made of literals and the ``names`` with operators alone (no field, no
    call, no array element: nothing a call may change)?"""
    if isinstance(node, j.Literal):
        return True
    if isinstance(node, j.Ident):
        return node.name in names
    if isinstance(node, j.Unary):
        return _reads_only(node.operand, names)
    if isinstance(node, j.Binary):
        return _reads_only(node.left, names) and _reads_only(node.right, names)
    return False


def _pre_state_table(top: Lowering, expr: j.Node, var: str, owner: ClassInfo, stored: str,
                     name: str) -> list[str]:
    """Locals of the harness, set before the call: the objects of ``owner`` the
    references in scope then reach, the value of ``expr`` (``var`` being each of them) and
    whether it was evaluated without throwing, by a helper ``name`` passed those
    references."""
    passed = [(text, typ) for text, typ in top.before.values() if typ]
    roots = [text for text, typ in passed if typ not in _PRIMITIVE]
    objects = top.keep(f"{HEAP}.objects({java_name(owner)}.class"
                       f"{''.join(', ' + r for r in [*roots, *static_roots(top.program, top.cls)])})")
    values = top.keep(f"new {stored}[{objects}.length]")
    inner = Lowering(top.cls, {n: (f"jml$p{i}", typ) for i, (n, (_, typ))
                               in enumerate((n, v) for n, v in top.before.items() if v[1])},
                     helpers=top.helpers, in_old=True, program=top.program,
                     types={n: t for n, t in top.types.items() if n in top.before})
    inner.names[var] = (var, java_name(owner))
    inner.types[var] = owner
    value = inner.expr(expr)
    params = "".join(f", {typ} jml$p{i}" for i, (_, typ) in enumerate(passed))
    top.helpers.append(Helper(name, (
        f"    private static boolean[] {name}(Object[] jml$a, {stored}[] jml$v{params}) {{\n"
        f"        boolean[] jml$ok = new boolean[jml$a.length];\n"
        f"        for (int jml$k = 0; jml$k < jml$a.length; jml$k++) {{\n"
        f"            if (jml$a[jml$k] == null) continue;\n"
        f"            {java_name(owner)} {var} = ({java_name(owner)}) jml$a[jml$k];\n"
        f"            try {{ jml$v[jml$k] = {value}; jml$ok[jml$k] = true; }} "
        f"catch (RuntimeException jml$x) {{ }}\n"
        f"        }}\n        return jml$ok;\n    }}\n")))
    evaluated = top.keep(f"{name}({objects}, {values}{''.join(', ' + t for t, _ in passed)})")
    return [objects, values, evaluated]


def static_roots(program: Program | None, cls: ClassInfo | None) -> list[str]:
    """The static reference fields a clause of ``cls`` can name bare (its own, its
    supertypes', its outer classes'), as Java text: references in scope wherever the
    clause stands, so roots of its quantifiers over objects. Only fields that may hold
    an object of a project class count (``Heap`` follows no other), not enum constants."""
    found: dict[str, None] = {}
    while cls is not None:
        for owner in cls.supertypes():
            for fld in owner.fields.values():
                if fld.static and _may_hold_project_object(program, fld.type):
                    found[f"{java_name(fld.owner)}.{fld.name}"] = None
        cls = cls.outer
    return list(found)


def _may_hold_project_object(program: Program | None, typ: JType) -> bool:
    if not isinstance(typ, ClassInfo) or typ.element is not None or typ.kind == "enum":
        return False
    if program is None:
        return typ.is_project
    return any(c.kind != "enum" for c in program.subclasses(typ))


def _int_loop(node: j.Quantified, var: j.BoundVar, typ: str, conjuncts: list[j.Node],
              inner: Lowering):
    """An integral variable's loop (type, name, first, comparison, limit) from the range's
    conjuncts that bound it, and the conjuncts left."""
    low = high = None
    for c in conjuncts:
        bound = _bound(c, var.name)
        if bound is None:
            continue
        side, value, strict = bound
        if side == "low" and low is None:
            low = (c, f"{inner.expr(value)} + 1" if strict else inner.expr(value))
        elif side == "high" and high is None:
            high = (c, "<" if strict else "<=", inner.expr(value))
    if low is None or high is None:
        raise NotLowered(f"\\{node.quantifier} whose range does not bound {var.name} "
                         f"from below and above ({show(node.range)})")
    left = [c for c in conjuncts if c is not low[0] and c is not high[0]]
    return (typ, var.name, low[1], high[1], high[2]), left


def _java_type(typed: PrimType | ClassInfo) -> str:
    """A type as a harness writes a parameter of it."""
    if isinstance(typed, PrimType):
        return typed.name
    if typed.element is not None:
        return _java_type(typed.element) + "[]"
    return java_name(typed) if typed.decl is not None else typed.fqname


def _is_primitive(written) -> bool:
    return written.name in _PRIMITIVE and not written.dims


def _raw(typ: str) -> str:
    """A type's name without its type arguments (``Node<E>`` -> ``Node``), for
    ``.class`` and ``instanceof``."""
    return typ.partition("<")[0]


def _conjuncts(node: j.Node) -> list[j.Node]:
    if isinstance(node, j.Binary) and node.op == "&&":
        return _conjuncts(node.left) + _conjuncts(node.right)
    return [node]


_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _bound(node: j.Node, var: str):
    """("low" or "high", the bound, strict) where ``node`` compares ``var`` with an
    expression free of it, else None."""
    if not isinstance(node, j.Binary) or node.op not in _FLIPPED:
        return None
    op, other = node.op, node.right
    if isinstance(node.right, j.Ident) and node.right.name == var:
        op, other = _FLIPPED[node.op], node.left
    elif not (isinstance(node.left, j.Ident) and node.left.name == var):
        return None
    if _mentions(other, var):
        return None
    return ("high" if op in ("<", "<=") else "low"), other, op in ("<", ">")


def _mentions(node, var: str) -> bool:
    if isinstance(node, j.Ident):
        return node.name == var
    if isinstance(node, tuple):
        return any(_mentions(n, var) for n in node)
    if isinstance(node, j.Node):
        return any(_mentions(getattr(node, f), var) for f in node.__dataclass_fields__)
    return False


def _construct(node: j.Node) -> str:
    if isinstance(node, j.UnsupportedExpr):
        return node.what
    names = {j.Reach: "\\reach other than \\reach(x).has(o)", j.Fresh: "\\fresh",
             j.NotSpecified: "\\not_specified"}
    return names.get(type(node), show(node))


def _methods(cls: ClassInfo | None):
    while cls is not None:
        yield from cls.methods
        cls = cls.superclass


def java_name(cls: ClassInfo) -> str:
    """A class's name as its package's code writes it (``Outer.Inner``)."""
    return cls.fqname[len(cls.package) + 1:] if cls.package else cls.fqname


def java_string(text: str) -> str:
    """``text`` as a Java string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


_PRIMITIVES = ("boolean", "byte", "short", "char", "int", "long", "float", "double")
_NON_NULL_ELEMENTS = "jml$nonnullelements"

_LOWER = {
    j.Literal: lambda low, n: show(n),
    j.Ident: Lowering.ident,
    j.This: lambda low, n: low.this("this"),
    j.Result: Lowering.result,
    j.Field: lambda low, n: f"{low.expr(n.target)}.{n.name}",
    j.Index: lambda low, n: f"{low.expr(n.array)}[{low.expr(n.index)}]",
    j.Call: Lowering.call,
    j.Unary: lambda low, n: f"({n.op}{low.expr(n.operand)})",
    j.Binary: Lowering.binary,
    j.InstanceOf: lambda low, n: f"({low.expr(n.expr)} instanceof {low.class_name(n.type)})",
    j.Cast: lambda low, n: f"(({low.class_name(n.type)}) {low.expr(n.expr)})",
    j.Conditional: lambda low, n: (f"({low.expr(n.cond)} ? {low.expr(n.then)} : "
                                   f"{low.expr(n.other)})"),
    j.Old: Lowering.old,
    j.Quantified: Lowering.quantified,
    j.TypeOf: Lowering.type_of,
    j.TypeLiteral: Lowering.type_literal,
    j.NonNullElements: Lowering.non_null_elements,
    j.Fresh: Lowering.fresh,
}
