"""JML expressions lowered to Java expressions of a JML harness (``jmlharness``).

A harness is a static method of a class of its own: what the specification calls
``this`` is its parameter ``self``, a field named bare is ``self``'s (or its class's, if
static), ``\\result`` and the values of ``\\old(e)`` are locals the harness sets, and a
quantifier over ints becomes a call of a helper method that loops over the range (the
loop is unrolled within the bounds like any other). What has no Java form yet raises
``NotLowered`` naming the construct, so that the check is a skip naming it, never a pass.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.jmlprint import show, show_type
from pytest_boundcheck.frontend.types import ClassInfo

SELF = "self"
RESULT = "jml$result"
THROWN = "jml$e"
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
    name the harness's helpers are not passed)."""
    cls: ClassInfo | None
    names: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    olds: list[tuple[str, str]] = field(default_factory=list)  # (local, Java expression)
    helpers: list[Helper] = field(default_factory=list)
    in_old: bool = False
    in_quantifier: bool = False

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
            raise NotLowered("\\old inside a quantifier")
        self.in_old = True
        try:
            value = self.expr(node.expr)
        finally:
            self.in_old = False
        local = f"jml$old{len(self.olds)}"
        self.olds.append((local, value))
        return local

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
        if node.op == "<:":
            raise NotLowered("the subtype operator <:")
        return f"({left} {node.op} {right})"

    def quantified(self, node: j.Quantified) -> str:
        """``\\forall`` and ``\\exists`` over ints whose range bounds each variable from
        below and above: a helper method that loops over the range, passed every name
        in scope."""
        if node.quantifier not in ("forall", "exists"):
            raise NotLowered(f"\\{node.quantifier}")
        if any(show_type(v.type) not in ("int", "long", "short", "byte", "char")
               for v in node.variables):
            raise NotLowered(f"\\{node.quantifier} over {show_type(node.variables[0].type)} "
                             "(only over integral ranges)")
        passed = [(name, text, typ) for name, (text, typ) in self.names.items() if typ]
        inner = Lowering(self.cls, {name: (f"jml$p{i}", typ) for i, (name, _, typ)
                                    in enumerate(passed)}, helpers=self.helpers,
                         in_quantifier=True)
        inner.names.update({v.name: (v.name, show_type(v.type)) for v in node.variables})
        loops, rest = _loops(node, inner)
        condition = " && ".join([*(inner.expr(c) for c in rest)] or ["true"])
        body = inner.expr(node.body)
        name = f"jml$q{len(self.helpers)}"
        params = ", ".join(f"{typ} jml$p{i}" for i, (_, _, typ) in enumerate(passed))
        test = (f"if ({condition} && !{body}) return false;" if node.quantifier == "forall"
                else f"if ({condition} && {body}) return true;")
        opening = "".join(f"for ({t} {v} = {lo}; {v} {op} {hi}; {v}++) " for t, v, lo, op, hi in loops)
        found = "true" if node.quantifier == "forall" else "false"
        self.helpers.append(Helper(name, (
            f"    private static boolean {name}({params}) {{\n"
            f"        {opening}{{ {test} }}\n        return {found};\n    }}\n")))
        return f"{name}({', '.join(text for _, text, _ in passed)})"


def _loops(node: j.Quantified, inner: Lowering):
    """Each bound variable's loop (type, name, first, comparison, limit) from the range's
    conjuncts, and the conjuncts left over (a filter)."""
    conjuncts = _conjuncts(node.range) if node.range is not None else []
    loops = []
    for var in node.variables:
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
        conjuncts = [c for c in conjuncts if c is not low[0] and c is not high[0]]
        loops.append((show_type(var.type), var.name, low[1], high[1], high[2]))
    return loops, conjuncts


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
    names = {j.Reach: "\\reach", j.Fresh: "\\fresh", j.TypeOf: "\\typeof",
             j.TypeLiteral: "\\type", j.NonNullElements: "\\nonnullelements",
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
    j.InstanceOf: lambda low, n: f"({low.expr(n.expr)} instanceof {show_type(n.type)})",
    j.Cast: lambda low, n: f"(({show_type(n.type)}) {low.expr(n.expr)})",
    j.Conditional: lambda low, n: (f"({low.expr(n.cond)} ? {low.expr(n.then)} : "
                                   f"{low.expr(n.other)})"),
    j.Old: Lowering.old,
    j.Quantified: Lowering.quantified,
    j.Fresh: Lowering.fresh,
}
