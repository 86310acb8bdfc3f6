"""Generated cases for the differential test of JML evaluation (test_jml_eval_jvm.py): a
small concrete heap of objects of one class (int and long fields, a ``next`` link that
may be null, shared or cyclic, an int array), a method that changes fields, and one
``ensures`` or ``invariant`` over them.

The heap is pinned by the method's ``requires`` clause (every field's value, and which
paths name one object), so that with objects made from any field values the engine
checks the clause on exactly that heap; the JVM builds the same heap by assignments and
runs the check's harness, the clause's Java translation. Expressions are drawn from
``FORMS``, a table of producers by type: a form for another kind of expression (the
objects reachable from a reference, a quantifier over the heap's objects) is one more
entry there, with what it needs of the heap.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

PACKAGE = "diff"
INTS = (0, 1, -1, 2, 3, 7, -8, 46341, 2147483647, -2147483648, 2147483646)
LONGS = (0, 1, -1, 5, 4294967296, 9223372036854775807, -9223372036854775808)
PATHS = ("this", "next", "next.next")  # the objects a clause names, from ``this``

# what the method does before the clause is evaluated: it changes fields, so that
# ``\old`` and the fields after the call differ
BODIES = (
    "a = a + b; b = b * 3; return a;",
    "if (next != null) { next.a = next.a - 1; } w = w + a; return b;",
    "int t = a; a = b; b = t; if (xs != null && xs.length > 0) { xs[0] = xs[0] + 1; } return t;",
    "if (next != null && next.next != null) { next.next.b = a; } a = a * a; return a / 3;",
)


@dataclass
class Cell:
    """One object of the heap: its values, its link (an index into the heap, or None)."""
    a: int
    b: int
    w: int
    next: int | None
    xs: tuple[int, ...] | None = None  # only the first object's array is set


@dataclass
class Case:
    index: int
    heap: list[Cell]
    body: str
    clause: str  # "ensures" or "invariant"
    expr: str
    # the class name the case is declared in
    cls: str = field(default="")

    def __post_init__(self) -> None:
        self.cls = f"Cell{self.index}"


def heap(rng: random.Random) -> list[Cell]:
    """Up to three objects, the first ``this``; links at random: null, itself, another
    (a cycle, or two links to one object)."""
    size = rng.randint(1, 3)
    cells = [Cell(rng.choice(INTS), rng.choice(INTS), rng.choice(LONGS),
                  rng.choice([None, *range(size)])) for _ in range(size)]
    if rng.random() < 0.7:
        cells[0].xs = tuple(rng.choice(INTS[:7]) for _ in range(rng.randint(0, 3)))
    return cells


def named(cells: list[Cell]) -> dict[str, int | None]:
    """Each path of ``PATHS`` -> the object it names (None: null); a path through null
    is left out."""
    found: dict[str, int | None] = {"this": 0}
    at: int | None = 0
    for path in PATHS[1:]:
        if at is None:
            break
        at = cells[at].next
        found[path] = at
    return found


def requires(cells: list[Cell], this: str = "this") -> str:
    """A precondition only this heap meets: each named object's values, and for each two
    paths whether they name one object. ``this``: how the first object is named (the
    JVM's program names it ``o0``)."""
    paths = {(this + path[4:] if path.startswith("this") else f"{this}.{path}"
              if this != "this" else path): at for path, at in named(cells).items()}
    parts = []
    for path, at in paths.items():
        prefix = "" if path == "this" else path + "."
        if at is None:
            parts.append(f"{path} == null")
            continue
        c = cells[at]
        parts += [f"{prefix}a == {_int(c.a)}", f"{prefix}b == {_int(c.b)}",
                  f"{prefix}w == {_long(c.w)}"]
        if at != 0:  # only the first object has an array (the invariants of the others,
            parts.append(f"{prefix}xs == null")  # which a check keeps too, may read theirs)
    listed = [p for p, at in paths.items() if at is not None]
    for i, one in enumerate(listed):
        for other in listed[i + 1:]:
            parts.append(f"{one} {'==' if paths[one] == paths[other] else '!='} {other}")
    xs, array = cells[0].xs, "xs" if this == "this" else f"{this}.xs"
    if xs is None:
        parts.append(f"{array} == null")
    else:
        parts += [f"{array} != null", f"{array}.length == {len(xs)}"]
        parts += [f"{array}[{k}] == {_int(v)}" for k, v in enumerate(xs)]
    return " && ".join(parts)


def java_heap(case: Case) -> list[str]:
    """Statements that make the case's heap on the JVM, ``o0`` being ``this``."""
    lines = [f"{case.cls} o{k} = new {case.cls}();" for k in range(len(case.heap))]
    for k, c in enumerate(case.heap):
        lines += [f"o{k}.a = {_int(c.a)};", f"o{k}.b = {_int(c.b)};", f"o{k}.w = {_long(c.w)};",
                  f"o{k}.next = {'null' if c.next is None else f'o{c.next}'};"]
    xs = case.heap[0].xs
    if xs is not None:
        lines.append(f"o0.xs = new int[] {{{', '.join(map(_int, xs))}}};")
    return lines


def source(case: Case) -> str:
    """The class of one case: the fields, the method ``m`` with its specification (or the
    clause as the class's invariant)."""
    clause = f"    //@ invariant {case.expr};\n" if case.clause == "invariant" else ""
    ensures = f"      @ ensures {case.expr};\n" if case.clause == "ensures" else ""
    return (f"package {PACKAGE};\n\npublic class {case.cls} {{\n"
            f"    int a;\n    int b;\n    long w;\n"
            f"    /*@ nullable @*/ {case.cls} next;\n    /*@ nullable @*/ int[] xs;\n{clause}\n"
            f"    /*@ requires {requires(case.heap)};\n{ensures}      @*/\n"
            f"    public int m() {{\n        {case.body}\n    }}\n}}\n")


# ------------------------------------------------------------------ expressions

class Expressions:
    """Random JML expressions of a kind (``int``, ``long``, ``boolean``), from ``FORMS``;
    ``old``: whether ``\\old`` and ``\\result`` may stand (an ensures), and within a
    quantifier's body the bound variables."""

    def __init__(self, rng: random.Random, old: bool):
        self.rng, self.old = rng, old
        self.bound: list[str] = []

    def make(self, kind: str, depth: int) -> str:
        forms = [f for f in FORMS[kind] if depth > 0 or f.leaf]
        forms = [f for f in forms if self.old or not f.needs_old]
        return self.rng.choice(forms).make(self, depth - 1)


@dataclass(frozen=True)
class Form:
    make: object  # (Expressions, depth) -> str
    leaf: bool = False
    needs_old: bool = False


def _field(e: Expressions, _depth: int) -> str:
    return e.rng.choice(["a", "b", "next.a", "next.b", "next.next.a", "this.b"])


def _literal(e: Expressions, _depth: int) -> str:
    return _int(e.rng.choice(INTS))


def _bound(e: Expressions, depth: int) -> str:
    return e.rng.choice(e.bound) if e.bound else _field(e, depth)


def _arith(e: Expressions, depth: int) -> str:
    return f"({e.make('int', depth)} {e.rng.choice('+-*/%')} {e.make('int', depth)})"


def _element(e: Expressions, depth: int) -> str:
    return f"xs[{e.rng.choice(['0', '1', 'a % 3', 'xs.length - 1'])}]"


def _old(e: Expressions, _depth: int) -> str:
    return f"\\old({e.rng.choice(['a', 'b', 'next.a', 'a + b', 'xs[0]'])})"


def _compare(e: Expressions, depth: int) -> str:
    kind = e.rng.choice(["int", "int", "long"])
    return f"({e.make(kind, depth)} {e.rng.choice(['<', '<=', '==', '!=', '>', '>='])} " \
           f"{e.make(kind, depth)})"


def _connective(e: Expressions, depth: int) -> str:
    op = e.rng.choice(["&&", "||", "==>", "<==>", "<=!=>", "<=="])
    return f"({e.make('boolean', depth)} {op} {e.make('boolean', depth)})"


def _not(e: Expressions, depth: int) -> str:
    return f"!{e.make('boolean', depth)}"


def _references(e: Expressions, _depth: int) -> str:
    one, other = e.rng.sample(["this", "next", "next.next", "null"], 2)
    return f"({one} {e.rng.choice(['==', '!='])} {other})"


def _quantifier(e: Expressions, depth: int) -> str:
    """Over an int range of at most 4 values, or over the array's indices."""
    name = f"i{len(e.bound)}"
    if e.rng.random() < 0.5:
        low = e.rng.choice([-2, 0, 1])
        span = e.rng.randint(0, 3)
        range_ = f"{low} <= {name} && {name} <= {low + span}"
    else:
        range_ = f"0 <= {name} && {name} < xs.length"
    e.bound.append(name)
    inner = Expressions(e.rng, False)  # \old inside a quantifier is not lowered
    inner.bound = e.bound
    body = inner.make("boolean", depth)
    e.bound.pop()
    if name not in body:
        body = f"({body} || xs[{name} % 2] == {name})" if "xs.length" in range_ \
            else f"({body} && {name} * {name} != {_field(e, depth)})"
    return f"(\\{e.rng.choice(['forall', 'exists'])} int {name}; {range_}; {body})"


def _long_field(e: Expressions, _depth: int) -> str:
    return e.rng.choice(["w", "(w + a)", "(w / 2L)", "next.w"])


def _widened(e: Expressions, depth: int) -> str:
    return f"((long) {e.make('int', depth)} * {e.rng.choice(['3L', '4294967296L', 'w'])})"


FORMS: dict[str, list[Form]] = {
    "int": [Form(_field, leaf=True), Form(_literal, leaf=True), Form(_bound, leaf=True),
            Form(_arith), Form(_element), Form(_old, leaf=True, needs_old=True),
            Form(lambda e, d: "\\result", leaf=True, needs_old=True)],
    "long": [Form(_long_field, leaf=True), Form(_widened)],
    "boolean": [Form(_compare), Form(_connective), Form(_not), Form(_references, leaf=True),
                Form(_quantifier)],
}


def generate(seed: int, count: int) -> list[Case]:
    rng = random.Random(seed)
    cases = []
    for index in range(count):
        clause = "invariant" if index % 4 == 3 else "ensures"
        expr = Expressions(rng, clause == "ensures").make("boolean", rng.randint(2, 3))
        cases.append(Case(index, heap(rng), rng.choice(BODIES), clause, expr))
    return cases


def _int(v: int) -> str:
    return "Integer.MIN_VALUE" if v == -2147483648 else str(v)


def _long(v: int) -> str:
    return "Long.MIN_VALUE" if v == -9223372036854775808 else f"{v}L"
