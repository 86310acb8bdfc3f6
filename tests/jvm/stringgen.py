"""Random String cases, their JVM results and their engine results.

Helper of ``test_strings_jvm.py``. ``generate`` builds one Java class of small
static methods, each one String expression (hashCode, equals, compareTo,
equalsIgnoreCase, case mapping, charAt, length, concatenation, valueOf, ``==``
on strings made at run time...), and argument tuples for each: short strings
drawn from letters that case mapping treats specially ('É' 'é' 'ß' 'ÿ' 'µ'),
"Aa"/"BB", empty strings, chars outside Latin-1 where no case mapping happens,
and null. ``main`` passes every string as ``new String("...")``, so that no two
arguments are one object; the engine gets a new String object per argument too.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import javagen  # tests/jvm/ is on sys.path
import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.counterexample.render import java_literal, java_string
from pytest_boundcheck.engine.wiring import executor
from pytest_boundcheck.frontend.types import BOOLEAN, CHAR, INT, LONG
from pytest_boundcheck.symex import semantics, strings
from pytest_boundcheck.symex.state import Frame, State
from pytest_boundcheck.symex.values import DeadPath, Ref, ref_to

MIN_INT, MAX_INT = -(1 << 31), (1 << 31) - 1
MIN_LONG, MAX_LONG = -(1 << 63), (1 << 63) - 1
LATIN1_CHARS = "aAbBzZ0 -ÉéßÿµÀàÞþ×÷\u00a0\u00ff"
# beyond Latin-1: case mapping's two, digits of other scripts (Arabic-Indic three,
# fullwidth one), whitespace (line separator, ideographic space) and a no-break space
OTHER_CHARS = "\u0100\u0178\u039c\uffff\u0000\n\"\\\u0663\uff11\u2028\u3000\u2007"
SPECIAL = ("", "Aa", "BB", "ß", "ÿ", "µ", "É", "é", "a", "A", "0", "-1", "+42", "-", "7 ", " a\t")
INTS = (0, 1, 2, 3, 4, 5, -1, -7, 42, 100, 12345, MIN_INT, MAX_INT)
LONGS = (0, -1, 7, MIN_LONG, MAX_LONG, 1234567890123)
MAX_LENGTH = 4  # of an argument string

S, I, J, C, Z = "String", "int", "long", "char", "boolean"
# (result type, parameter types, expression over a, b (strings), i, n, c, z; Latin-1 only?)
TEMPLATES = [
    (I, (S,), "a.hashCode()", False),
    (I, (S, S), "a.compareTo(b)", False),
    (I, (S,), "a.length()", False),
    (Z, (S,), "a.isEmpty()", False),
    (I, (S, I), "a.charAt(i)", False),
    (Z, (S, S), "a.equals(b)", False),
    (Z, (S, S), "a.equals((Object) b)", False),
    (Z, (S, S), "a == b", False),
    (Z, (S, S), "a.hashCode() == b.hashCode()", False),
    (Z, (S, S), "a.startsWith(b)", False),
    (Z, (S, S), "a.contains(b)", False),
    (Z, (S, S), "(a + b + a).contains(b + a)", False),
    (S, (S, S), "a + b", False),
    (S, (S, C), "a + c", False),
    (S, (C, S), "c + a", False),
    (S, (S, I), "a + i", False),
    (S, (I, S), "i + a", False),
    (S, (S, J), "a + n", False),
    (S, (S, Z), "a + z", False),
    (S, (S, I), "a + i + i", False),
    (S, (S, I), "i + i + a", False),
    (S, (S, S), "a.concat(b)", False),
    (Z, (S, S), "a.concat(b) == a", False),
    (I, (S, S), "(a + b).hashCode()", False),
    (I, (S, S), "(a + b).compareTo(b + a)", False),
    (Z, (S, S), "(a + b).equals(b + a)", False),
    (I, (S, I), "(a + i).length()", False),
    (I, (S, I), "(a + b(i)).compareTo(a)", False),
    (S, (I,), "String.valueOf(i)", False),
    (S, (J,), "String.valueOf(n)", False),
    (S, (C,), "String.valueOf(c)", False),
    (S, (Z,), "String.valueOf(z)", False),
    (I, (J,), "String.valueOf(n).hashCode()", False),
    (S, (S,), "a.toString()", False),
    (Z, (S,), "new String(a) == a", False),
    (Z, (S, S), "new String(a).equals(b)", False),
    (I, (S,), "new String().compareTo(a)", False),
    (Z, (S, S), "a.equalsIgnoreCase(b)", True),
    (S, (S,), "a.toLowerCase()", True),
    (S, (S,), "a.toUpperCase()", True),
    (Z, (S,), "a.toLowerCase() == a", True),
    (Z, (S,), "a.toUpperCase() == a", True),
    (I, (S,), "a.toUpperCase().length()", True),
    (I, (S,), "a.toLowerCase().hashCode()", True),
    (I, (S, S), "a.toUpperCase().compareTo(b.toUpperCase())", True),
    (Z, (S, S), "a.toUpperCase().equals(b.toUpperCase())", True),
    (Z, (S, S), "a.toLowerCase().equals(b.toLowerCase())", True),
    (Z, (S, S), "a.equalsIgnoreCase(b) == a.toUpperCase().equalsIgnoreCase(b.toLowerCase())", True),
    (Z, (S, S), "(a + b).equalsIgnoreCase(b + a)", True),
    (S, (S, S), "(a + b).toUpperCase()", True),
    (I, (C,), "Character.toUpperCase(c)", True),
    (I, (C,), "Character.toLowerCase(c)", True),
    (I, (C,), "Character.toLowerCase(Character.toUpperCase(c))", True),
    (Z, (C,), "Character.isWhitespace(c)", False),
    (Z, (C,), "Character.isDigit(c)", False),
    (Z, (C,), "Character.isLetter(c)", True),
    (Z, (S,), "a.isBlank()", False),
    (S, (S,), "a.strip()", False),
    (S, (S,), "a.stripLeading()", False),
    (S, (S,), "a.stripTrailing()", False),
    (S, (S,), "a.trim()", False),
    (Z, (S,), "a.strip() == a", False),
    (Z, (S,), "a.strip() == \"\"", False),
    (Z, (S,), "a.stripLeading() == a || a.stripTrailing() == \"\"", False),
    (Z, (S,), "a.trim() == a || a.trim() == \"\"", False),
    (S, (S, I), "a.substring(i)", False),
    (S, (S, I), "a.substring(0, i)", False),
    (S, (S, I), "a.substring(i, a.length())", False),
    (S, (S, I), "a.substring(i / 2, i)", False),
    (Z, (S, I), "a.substring(i) == a || a.substring(i) == \"\"", False),
    (I, (S, C), "a.indexOf(c)", False),
    (I, (S, C), "(a + c).indexOf(c)", False),
    (I, (S, I), "a.indexOf('a', i)", False),
    (I, (S, I), "a.indexOf(i)", False),
    (I, (S,), "(a + \"\\uD83D\\uDE00\").indexOf(0x1F600)", False),
    (I, (S, S), "a.indexOf(b)", False),
    (I, (S, S), "(a + b).indexOf(b)", False),
    (I, (S, I), "a.indexOf(\"\", i)", False),
    (I, (S, S), "a.indexOf(b, 1)", False),
    (S, (S, C), "a.replace(c, 'x')", False),
    (S, (S, C), "a.replace('a', c)", False),
    (Z, (S, C), "a.replace(c, c) == a || a.replace('a', c) == a", False),
    (S, (S, S), "a.replace(\"a\", b)", False),
    (S, (S, S), "(a + a).replace(\"Aa\", b)", False),
    (S, (S, S), "(a + a).replace(\"aa\", b)", False),
    (Z, (S, S), "a.replace(\"a\", b) == a", False),
    (Z, (S, S), "a.replace(\"-\", b) == \"\"", False),
    (I, (S,), "Integer.parseInt(a)", False),
    (J, (S,), "Long.parseLong(a)", False),
    (I, (S, S), "Integer.parseInt(a + b)", False),
    (Z, (S,), "Integer.valueOf(a) == Integer.valueOf(a)", False),
    (S, (I,), "Integer.toString(i)", False),
    (S, (J,), "Long.toString(n)", False),
    (I, (S,), "a.split(\"a\").length", False),
    (S, (S,), "a.split(\" \")[0]", False),
    (Z, (S,), "a.split(\"-\")[0] == a", False),
    (S, (S, S), "(a + \",\" + b).split(\",\")[1]", False),
    (I, (S, S), "(a + \",\" + b + \",\").split(\",\").length", False),
    (S, (S, S), "(b + \".\" + a).split(\"\\\\.\")[0]", False),
]
PARAM_NAMES = {S: "ab", I: "i", J: "n", C: "c", Z: "z"}
HELPERS = "    static String b(int i) { return i > 0 ? \"+\" : \"\"; }\n"


@dataclass
class Method:
    name: str
    params: list[tuple[str, str]]   # (type, name)
    ret: str
    expr: str
    latin1: bool

    @property
    def source(self) -> str:
        head = ", ".join(f"{t} {n}" for t, n in self.params)
        return f"    static {self.ret} {self.name}({head}) {{ return {self.expr}; }}\n"


@dataclass
class Case:
    method: Method
    args: tuple
    symbolic: bool = False


PRINTERS = javagen.PRINTERS + """
    static void p(boolean v) { System.out.println(v); }
    static void p(String s) {
        if (s == null) { System.out.println("null"); return; }
        StringBuilder b = new StringBuilder("s:");
        for (int k = 0; k < s.length(); k++) {
            b.append(k > 0 ? "," : "").append(String.format("%04x", (int) s.charAt(k)));
        }
        System.out.println(b);
    }"""


@dataclass
class GeneratedClass(javagen.GeneratedClass):
    """The string family's batch class: string helpers, printers of ints, booleans and
    strings (as char codes), string arguments as new String objects."""
    preamble: str = HELPERS
    printers: str = PRINTERS

    def argument(self, t: str, v) -> str:
        return java_arg(t, v)


def java_arg(t: str, v) -> str:
    if t == S:
        return "null" if v is None else f"new String({java_string(v)})"
    prim = {I: INT, J: LONG, C: CHAR, Z: BOOLEAN}[t]
    return java_literal(prim, v)


def shown(text: str | None) -> str:
    """A string as ``main`` prints it."""
    if text is None:
        return "null"
    return "s:" + ",".join(f"{u:04x}" for u in strings.utf16(text))


def random_string(rng: random.Random, latin1: bool) -> str | None:
    roll = rng.random()
    if roll < 0.06:
        return None
    if roll < 0.3:
        return rng.choice(SPECIAL)
    pool = LATIN1_CHARS if latin1 else LATIN1_CHARS + OTHER_CHARS
    return "".join(rng.choice(pool) for _ in range(rng.randint(0, MAX_LENGTH)))


def random_arg(rng: random.Random, t: str, latin1: bool, previous: list):
    if t == S:
        if previous and rng.random() < 0.2:  # the same text twice: equal, but two objects
            return rng.choice(previous)
        return random_string(rng, latin1)
    if t == I:
        return rng.choice(INTS)
    if t == J:
        return rng.choice(LONGS)
    if t == C:
        return ord(rng.choice(LATIN1_CHARS if latin1 else LATIN1_CHARS + OTHER_CHARS))
    return rng.random() < 0.5


def generate(seed: int, per_template: int, symbolic_every: int, class_name: str = "Strs") -> GeneratedClass:
    rng = random.Random(seed)
    prog = GeneratedClass(class_name)
    for k, (ret, types, expr, latin1) in enumerate(TEMPLATES):
        names = iter("ab")
        params = [(t, next(names) if t == S else PARAM_NAMES[t]) for t in types]
        method = Method(f"m{k}", params, ret, expr, latin1)
        prog.methods.append(method)
        for _ in range(per_template):
            args: list = []
            for t, _ in params:
                args.append(random_arg(rng, t, latin1, [a for a in args if isinstance(a, str)]))
            prog.cases.append(Case(method, tuple(args)))
    for k, case in enumerate(prog.cases):
        case.symbolic = k % symbolic_every == 0
    return prog


# ------------------------------------------------------------------ engine

def engine_result(program, cls, case: Case, symbolic: bool, ctx: z3.Context) -> str:
    """What the engine says the case does, printed as ``main`` prints it.

    Concretely, each string argument is a new String object of constant text, and
    every path condition must simplify to true or false. With ``symbolic``, each is a
    string of any text within the bound, fixed to its text only by constraints, and
    the solver's model decides. A reachable stuck or cut path is reported as an engine
    failure, never compared."""
    m = next(x for x in cls.methods if x.name == case.method.name)
    ex = executor(program, Bounds(string_length=MAX_LENGTH), ctx, [])
    string_cls = program.classes["java.lang.String"]
    fixed, params = [], []
    for p, v in zip(m.params, case.args):
        if v is None:
            params.append(ref_to(string_cls, None, ctx))
        elif p.type is string_cls and symbolic:
            obj = ex.any_string(f"{m.name}.{p.name}")
            fixed.append(strings.equal(obj.content, strings.constant(ctx, v)))
            params.append(ref_to(string_cls, obj, ctx))
        elif p.type is string_cls:
            params.append(ex.new_string(strings.constant(ctx, v), 0))
        elif symbolic:
            var = semantics.variable(ctx, p.type, f"{m.name}.{p.name}")
            fixed.append(var.term == semantics.constant(ctx, p.type, v).term)
            params.append(var)
        else:
            params.append(semantics.constant(ctx, p.type, v))
    ex.frames.append(Frame(None, cls, None))
    try:
        value, _, _ = ex.invoke(m, None, params, State(ex.true, {}, {}), 0)
    except DeadPath:
        value = None
    if symbolic:
        solver = z3.Solver(ctx=ctx)
        solver.add(*fixed, *ex.constraints, *ex.lazy)
        if solver.check() != z3.sat:
            return "[the inputs' constraints are unsatisfiable]"
        model = solver.model()

        def evaluate(t):
            return model.eval(t, model_completion=True)
    else:
        def evaluate(t):
            return z3.simplify(ex.expand(t))

    def holds(g) -> bool:
        g = evaluate(g)
        if not (z3.is_true(g) or z3.is_false(g)):
            raise AssertionError(f"path condition not constant: {g}")
        return z3.is_true(g)

    def reference(v: Ref) -> str:
        obj = ex.object_by_id(evaluate(v.id).as_long())
        return "null" if obj is None else shown(strings.evaluated(obj.content, evaluate))
    return javagen.outcome(ex, value, holds, evaluate, reference)
