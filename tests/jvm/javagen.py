"""Random Java integer programs, their JVM results and their engine results.

Helper of ``test_numeric_jvm.py``. ``generate`` builds one Java class of
static methods that use every integral operator, conversion and statement
form the engine models, with argument tuples for each method; ``run_jvm``
compiles the class with a batch ``main`` and runs it once; ``engine_result``
evaluates one method on one argument tuple with the symbolic executor and
prints the outcome the way ``main`` does.

The generator tracks the static type of every expression it builds so that
``javac`` accepts the program: a value is cast wherever Java needs a narrowing
conversion, int literals are written only in range (2147483648 only after a
unary minus), unicode escapes never make a line break or a quote, and no
statement becomes unreachable. Expressions are printed with only the
parentheses Java's precedence needs (plus some redundant ones at random), so
the parser's precedence and associativity are exercised too.
"""
from __future__ import annotations

import random
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import z3

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.wiring import executor, program_of
from pytest_boundcheck.frontend.parse import parse_file
from pytest_boundcheck.frontend.types import DOUBLE, FLOAT
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.executor import Executor
from pytest_boundcheck.symex.state import Frame, State
from pytest_boundcheck.symex.values import DeadPath, Ref

# ------------------------------------------------------------------ types

INTEGRAL = ("byte", "short", "char", "int", "long")
BITS = {"byte": 8, "short": 16, "char": 16, "int": 32, "long": 64}
SMALL = ("byte", "short", "char")
_WIDER = {"byte": ("short", "int", "long"), "short": ("int", "long"),
          "char": ("int", "long"), "int": ("long",), "long": ()}


def low(t: str) -> int:
    return 0 if t == "char" else -(1 << (BITS[t] - 1))


def high(t: str) -> int:
    return (1 << 16) - 1 if t == "char" else (1 << (BITS[t] - 1)) - 1


def wrap(t: str, v: int) -> int:
    """``v`` converted to type ``t`` the way a Java narrowing cast does."""
    v %= 1 << BITS[t]
    return v - (1 << BITS[t]) if v > high(t) else v


def fits(v: int, t: str) -> bool:
    return low(t) <= v <= high(t)


def widens(src: str, dst: str) -> bool:
    return src == dst or dst in _WIDER.get(src, ())


def promote1(t: str) -> str:
    return "long" if t == "long" else "int"


def promote2(a: str, b: str) -> str:
    return "long" if "long" in (a, b) else "int"


# ------------------------------------------------------------- expressions

# Java operator precedence, loosest first; a primary (name, literal, call, parenthesised) is 15
ASSIGN, TERNARY, UNARY, POSTFIX, PRIMARY = 1, 2, 13, 14, 15
PREC = {"||": 3, "&&": 4, "|": 5, "^": 6, "&": 7, "==": 8, "!=": 8,
        "<": 9, "<=": 9, ">": 9, ">=": 9, "<<": 10, ">>": 10, ">>>": 10,
        "+": 11, "-": 11, "*": 12, "/": 12, "%": 12}
ARITH = ("+", "-", "*", "/", "%", "&", "|", "^")
SHIFT = ("<<", ">>", ">>>")
COMPARE = ("<", "<=", ">", ">=", "==", "!=")
COMPOUND = ("+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ">>>=")


@dataclass
class E:
    """A Java expression: source text, static type, constant value, precedence."""
    src: str
    type: str
    const: int | None = None  # value of a constant expression of type int or char we wrote
    prec: int = PRIMARY


def conditional_type(a: E, b: E) -> str:
    """JLS 15.25 for numeric operands. Only constants the generator itself marks count, so
    a more complex constant arm may get int here where Java says byte/short/char: that
    only ever adds a cast javac does not need."""
    if a.type == b.type:
        return a.type
    if {a.type, b.type} == {"byte", "short"}:
        return "short"
    for narrow, other in ((a, b), (b, a)):
        if narrow.type in SMALL and other.type == "int" and other.const is not None \
                and fits(other.const, narrow.type):
            return narrow.type
    return promote2(a.type, b.type)


def floor_mod_type(a: str, b: str) -> str:
    """Math.floorMod's overloads in Java 17: (int, int), (long, int) -> int; (long, long)."""
    return "long" if b == "long" else "int"


# --------------------------------------------------------------- literals

EDGE = (0, 1, -1, 31, 32, 33, 63, 64)


def java_arg(t: str, v: float) -> str:
    """A Java expression of exactly type ``t`` with value ``v`` (for ``main``); a float or
    double by its bits, which says every value exactly."""
    if t == "boolean":
        return "true" if v else "false"
    if t == "double":
        return f"Double.longBitsToDouble(0x{semantics.float_bits(DOUBLE, v):x}L)"
    if t == "float":
        return f"Float.intBitsToFloat(0x{semantics.float_bits(FLOAT, v):x})"
    if t == "int":
        return str(v)
    if t == "long":
        return f"{v}L"
    return f"({t}) ({v})"


def _underscored(rng: random.Random, digits: str) -> str:
    if len(digits) > 2 and rng.random() < 0.2:
        cut = rng.randrange(1, len(digits))
        return digits[:cut] + "_" + digits[cut:]
    return digits


def literal(rng: random.Random, v: int, t: str = "int") -> E:
    """An int or long literal for ``v`` in one of Java's notations (decimal, hex, octal,
    binary, underscores, l/L). A negative decimal is a unary minus on a literal."""
    bits = BITS[t]
    suffix = "" if t == "int" else rng.choice("LLLl")
    u = v % (1 << bits)
    style = rng.random()
    const = v if t == "int" else None
    if style < 0.55:
        text = _underscored(rng, str(abs(v))) + suffix
        return E(f"-{text}", t, const, UNARY) if v < 0 else E(text, t, const)
    if style < 0.8:
        prefix, fmt = rng.choice((("0x", "%x"), ("0X", "%X"), ("0x", "%X")))
        return E(prefix + _underscored(rng, fmt % u) + suffix, t, const)
    if style < 0.9:
        return E("0" + _underscored(rng, "%o" % u) + suffix, t, const)
    return E("0b" + _underscored(rng, format(u, "b")) + suffix, t, const)


_CHAR_ESCAPES = {8: r"'\b'", 9: r"'\t'", 10: r"'\n'", 12: r"'\f'", 13: r"'\r'",
                 39: r"'\''", 92: r"'\\'", 0: r"'\0'", 32: r"'\s'", 34: "'\"'"}
_BAD_UNICODE_ESCAPES = {0x0A, 0x0D, 0x27, 0x5C}  # translated before lexing: would break the literal


def char_literal(rng: random.Random, v: int) -> E:
    if v in _CHAR_ESCAPES and (rng.random() < 0.6 or v in _BAD_UNICODE_ESCAPES):
        text = _CHAR_ESCAPES[v]
    elif 32 <= v < 127 and rng.random() < 0.8:
        text = f"'{chr(v)}'"
    elif v < 256 and rng.random() < 0.4:
        text = "'\\%o'" % v
    else:
        text = "'\\u%04x'" % v
    return E(text, "char", v)


_CONSTANTS = [
    ("Integer.MIN_VALUE", "int"), ("Integer.MAX_VALUE", "int"), ("Long.MIN_VALUE", "long"),
    ("Long.MAX_VALUE", "long"), ("Short.MIN_VALUE", "short"), ("Short.MAX_VALUE", "short"),
    ("Byte.MIN_VALUE", "byte"), ("Byte.MAX_VALUE", "byte"), ("Character.MIN_VALUE", "char"),
    ("Character.MAX_VALUE", "char"), ("Integer.SIZE", "int"), ("Long.SIZE", "int"),
]


def interesting(rng: random.Random, t: str) -> int:
    """A value of type ``t``: an edge value (0, ±1, MIN, MAX, 31..64) or a random one."""
    r = rng.random()
    if r < 0.45:
        return wrap(t, rng.choice(EDGE + (low(t), high(t), low(t) + 1, high(t) - 1)))
    if r < 0.65:
        return wrap(t, rng.randint(-12, 12))
    if r < 0.8:
        k = rng.randrange(1, BITS[t] + 1)
        return wrap(t, (1 << k) + rng.choice((-1, 0, 1)) if rng.random() < 0.5 else -(1 << k))
    return rng.randint(low(t), high(t))


# ----------------------------------------------------------------- methods

@dataclass
class Var:
    name: str
    type: str
    mutable: bool = True
    const: int | None = None  # a final local initialised by a constant


@dataclass
class Helper:
    name: str
    params: list[str]
    ret: str


class MethodGen:
    """Builds the body of one static method; ``scope`` holds the variables in scope."""

    def __init__(self, rng: random.Random, params: list[Var], helpers: list[Helper], ret: str,
                 loops: bool = True):
        self.rng = rng
        self.scope: list[Var] = list(params)
        self.helpers = helpers
        self.ret = ret              # the method's return type, for early returns
        self.loops = loops
        self.counter = 0
        self.loop_depth = 0
        self.continue_ok = False    # the loop's counter is not updated at the end of its body

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def vars(self, kind: str = "num", mutable: bool = False) -> list[Var]:
        return [v for v in self.scope if (v.type == "boolean") == (kind == "bool")
                and (v.mutable or not mutable)]

    # -- printing
    def g(self, e: E, prec: int) -> str:
        """``e`` as an operand where precedence ``prec`` is needed; sometimes over-parenthesised."""
        if e.prec < prec or (e.prec < PRIMARY and self.rng.random() < 0.12):
            return f"({e.src})"
        return e.src

    def binary(self, a: E, op: str, b: E, t: str) -> E:
        p = PREC[op]
        return E(f"{self.g(a, p)} {op} {self.g(b, p + 1)}", t, prec=p)

    def unary(self, op: str, a: E, t: str) -> E:
        operand = self.g(a, UNARY)
        if op in "+-" and operand[0] in "+-":
            operand = f"({operand})"  # "- -x", not "--x"
        return E(f"{op}{operand}", t, prec=UNARY)

    def cast(self, t: str, a: E) -> E:
        return E(f"({t}) {self.g(a, UNARY)}", t, prec=UNARY)

    def coerce(self, e: E, t: str, assignment: bool = True) -> E:
        """``e`` as a value of type ``t``: as it is where Java converts implicitly, else cast."""
        if widens(e.type, t):
            return e
        if assignment and e.const is not None and t in SMALL and fits(e.const, t):
            return e  # constant narrowing (JLS 5.2); never for method arguments
        return self.cast(t, e)

    # -- numeric expressions
    def leaf(self) -> E:
        rng = self.rng
        r = rng.random()
        nums = self.vars()
        if r < 0.5 and nums:
            v = rng.choice(nums)
            return E(v.name, v.type, v.const)
        if r < 0.72:
            t = rng.choice(("int", "int", "int", "long"))
            return literal(rng, interesting(rng, t), t)
        if r < 0.82:
            return char_literal(rng, interesting(rng, "char"))
        if r < 0.9:
            name, t = rng.choice(_CONSTANTS)
            return E(name, t)
        t = rng.choice(SMALL)
        value = rng.randint(-300, 70000) if rng.random() < 0.5 else interesting(rng, t)
        return self.cast(t, literal(rng, value))

    def num(self, depth: int) -> E:
        if depth <= 0 or self.rng.random() < 0.2:
            return self.leaf()
        kind = self.rng.choices(
            ("arith", "shift", "unary", "cast", "ternary", "bool01", "call", "effect", "helper"),
            (30, 12, 8, 12, 10, 5, 8, 8, 5))[0]
        return getattr(self, "_" + kind)(depth - 1)

    def _arith(self, d: int) -> E:
        a, b = self.num(d), self.num(d)
        op = self.rng.choice(ARITH)
        if op in ("/", "%") and self.rng.random() < 0.3:  # a divisor of zero or -1
            t = self.rng.choice(("int", "long"))
            b = literal(self.rng, self.rng.choice((0, -1)), t)
        return self.binary(a, op, b, promote2(a.type, b.type))

    def _shift(self, d: int) -> E:
        a = self.num(d)
        r = self.rng.random()
        if r < 0.5:
            counts = (0, 1, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 100, -1, -31, -32, -33, -63, -64, -65)
            count = literal(self.rng, self.rng.choice(counts), self.rng.choice(("int", "int", "long")))
        else:
            count = self.num(d)
        return self.binary(a, self.rng.choice(SHIFT), count, promote1(a.type))

    def _unary(self, d: int) -> E:
        a = self.num(d)
        return self.unary(self.rng.choice(("-", "-", "~", "~", "+")), a, promote1(a.type))

    def _cast(self, d: int) -> E:
        return self.cast(self.rng.choice(INTEGRAL), self.num(d))

    def _ternary(self, d: int) -> E:
        c, a, b = self.cond(d), self.num(d), self.num(d)
        return self.ternary(c, a, b, conditional_type(a, b))

    def ternary(self, c: E, a: E, b: E, t: str) -> E:
        return E(f"{self.g(c, PREC['||'])} ? {self.g(a, TERNARY)} : {self.g(b, TERNARY)}",
                 t, prec=TERNARY)

    def _bool01(self, d: int) -> E:
        one, zero, t = self.rng.choice((("1", "0", "int"), ("1", "-1", "int"), ("1L", "0L", "long"),
                                        ("'y'", "'n'", "char")))
        return self.ternary(self.cond(d), E(one, t), E(zero, t, prec=UNARY), t)

    def _call(self, d: int) -> E:
        rng = self.rng
        a, b = self.num(d), self.num(d)
        which = rng.randrange(9)

        def call(name: str, t: str, *args: E) -> E:
            return E(f"{name}({', '.join(self.g(x, ASSIGN) for x in args)})", t)

        if which == 0:
            return call("Math.abs", promote1(a.type), a)
        if which in (1, 2):
            return call("Math.min" if which == 1 else "Math.max", promote2(a.type, b.type), a, b)
        if which == 3:
            return call("Math.floorMod", floor_mod_type(a.type, b.type), a, b)
        if which == 4:
            return call("Integer.compare", "int", self.coerce(a, "int", False), self.coerce(b, "int", False))
        if which == 5:
            return call("Long.compare", "int", a, b)
        if which == 6:
            t = rng.choice(("int", "long"))
            return call("Integer.signum" if t == "int" else "Long.signum", "int", self.coerce(a, t, False))
        cls = rng.choice(("Integer", "Long", "Short", "Byte", "Character"))
        t = {"Integer": "int", "Character": "char"}.get(cls, cls.lower())
        if which == 7:
            return call(f"{cls}.hashCode", "int", self.coerce(a, t, False))
        if cls == "Integer":
            cls = "Character"
        t = {"Character": "char"}.get(cls, cls.lower())
        return call(f"{cls}.compare", "int", self.coerce(a, t, False), self.coerce(b, t, False))

    def _effect(self, d: int) -> E:
        targets = self.vars(mutable=True)
        if not targets:
            return self.leaf()
        v = self.rng.choice(targets)
        r = self.rng.random()
        if r < 0.5:
            op = self.rng.choice(("++", "--"))
            if self.rng.random() < 0.5:
                return E(f"{v.name}{op}", v.type, prec=POSTFIX)
            return E(f"{op}{v.name}", v.type, prec=UNARY)
        if r < 0.8:
            rhs = self.num(d)
            return E(f"{v.name} {self.rng.choice(COMPOUND)} {self.g(rhs, ASSIGN)}", v.type, prec=ASSIGN)
        rhs = self.coerce(self.num(d), v.type)
        return E(f"{v.name} = {self.g(rhs, ASSIGN)}", v.type, prec=ASSIGN)

    def _helper(self, d: int) -> E:
        if not self.helpers:
            return self.leaf()
        h = self.rng.choice(self.helpers)
        if h.name == "ov":  # overloaded for every integral type: resolution by static type
            a = self.num(d)
            return E(f"ov({self.g(a, ASSIGN)})", "long" if a.type == "long" else "int")
        args = [self.cond(d) if t == "boolean" else self.coerce(self.num(d), t, False)
                for t in h.params]
        return E(f"{h.name}({', '.join(self.g(a, ASSIGN) for a in args)})", h.ret)

    # -- boolean expressions
    def cond(self, depth: int) -> E:
        rng = self.rng
        bools = self.vars("bool")
        if depth <= 0 or rng.random() < 0.15:
            r = rng.random()
            if bools and r < 0.4:
                return E(rng.choice(bools).name, "boolean")
            if r < 0.45:
                return E(rng.choice(("true", "false")), "boolean")
            return self.binary(self.leaf(), rng.choice(COMPARE), self.leaf(), "boolean")
        d = depth - 1
        kind = rng.choices(("cmp", "not", "andor", "logic", "eq", "tern", "assign"),
                           (40, 10, 25, 10, 6, 5, 4))[0]
        if kind == "cmp":
            return self.binary(self.num(d), rng.choice(COMPARE), self.num(d), "boolean")
        if kind == "not":
            return E(f"!{self.g(self.cond(d), UNARY)}", "boolean", prec=UNARY)
        if kind in ("andor", "logic", "eq"):
            op = rng.choice({"andor": ("&&", "||"), "logic": ("&", "|", "^"), "eq": ("==", "!=")}[kind])
            return self.binary(self.cond(d), op, self.cond(d), "boolean")
        if kind == "tern":
            return self.ternary(self.cond(d), self.cond(d), self.cond(d), "boolean")
        targets = [v for v in bools if v.mutable]
        if not targets:
            return self.cond(d)
        v = rng.choice(targets)
        rhs = self.cond(d)
        return E(f"{v.name} {rng.choice(('=', '&=', '|=', '^='))} {self.g(rhs, ASSIGN)}", "boolean",
                 prec=ASSIGN)

    # -- statements
    def block(self, depth: int, count: int, indent: str) -> list[str]:
        mark = len(self.scope)
        lines: list[str] = []
        for _ in range(count):
            lines.extend(self.stmt(depth, indent))
        del self.scope[mark:]
        return lines

    def stmt(self, depth: int, indent: str) -> list[str]:
        rng = self.rng
        kinds = ["decl", "decl", "assign", "compound", "compound", "incdec", "boolvar", "final"]
        if depth > 0:
            kinds += ["if", "if", "early"]
            if self.loop_depth == 0 and self.loops:
                kinds += ["for", "while", "do"]
        if self.loop_depth > 0:
            kinds += ["jump"]
        kind = rng.choice(kinds)
        ed = rng.randint(1, 3)
        if kind == "decl":
            t = rng.choice(INTEGRAL)
            decls = []
            for _ in range(1 if rng.random() < 0.8 else 2):  # int x = ..., y = x + 1;
                name = self.fresh("v")
                if rng.random() < 0.25:  # a constant, narrowed by assignment: byte b = 0x7f;
                    value = interesting(rng, t)
                    init = (char_literal(rng, value) if t == "char" and rng.random() < 0.5
                            else literal(rng, value, "long" if t == "long" else "int"))
                else:
                    init = self.coerce(self.num(ed), t)
                decls.append(f"{name} = {init.src}")
                self.scope.append(Var(name, t))
            return [f"{indent}{t} {', '.join(decls)};"]
        if kind == "final":  # a constant variable: counts as a constant expression (JLS 4.12.4)
            t = rng.choice(("int", "int", "char", "long"))
            value = interesting(rng, t)
            init = char_literal(rng, value) if t == "char" else literal(rng, value, t)
            name = self.fresh("k")
            self.scope.append(Var(name, t, mutable=False, const=init.const))
            return [f"{indent}final {t} {name} = {init.src};"]
        if kind == "boolvar":
            name = self.fresh("z")
            line = f"{indent}boolean {name} = {self.cond(ed).src};"
            self.scope.append(Var(name, "boolean"))
            return [line]
        targets = self.vars(mutable=True)
        if kind in ("assign", "compound", "incdec") and not targets:
            return [f"{indent}int {self.fresh('u')} = {self.coerce(self.num(ed), 'int').src};"]
        if kind == "assign":
            v = rng.choice(targets)
            return [f"{indent}{v.name} = {self.coerce(self.num(ed), v.type).src};"]
        if kind == "compound":
            v = rng.choice(targets)
            return [f"{indent}{v.name} {rng.choice(COMPOUND)} {self.num(ed).src};"]
        if kind == "incdec":
            v = rng.choice(targets)
            op = rng.choice(("++", "--"))
            return [f"{indent}{v.name}{op};" if rng.random() < 0.5 else f"{indent}{op}{v.name};"]
        if kind == "early":
            return [f"{indent}if ({self.cond(2).src}) return {self.coerce(self.num(2), self.ret).src};"]
        if kind == "jump":
            jump = rng.choice(("break", "continue") if self.continue_ok else ("break",))
            return [f"{indent}if ({self.cond(1).src}) {jump};"]
        inner = indent + "    "
        if kind == "if":
            lines = [f"{indent}if ({self.cond(2).src}) {{"] + self.block(depth - 1, rng.randint(1, 3), inner)
            r = rng.random()
            if r < 0.15:
                lines += [f"{indent}}} else if ({self.cond(2).src}) {{"]
                lines += self.block(depth - 1, rng.randint(1, 2), inner)
            if r < 0.6:
                lines += [f"{indent}}} else {{"] + self.block(depth - 1, rng.randint(1, 3), inner)
            return lines + [f"{indent}}}"]
        return self.loop(kind, depth, indent)

    def loop(self, kind: str, depth: int, indent: str) -> list[str]:
        """A loop of at most 4 iterations over a counter the body only reads."""
        rng = self.rng
        inner = indent + "    "
        n = rng.randint(1, 4)
        i = self.fresh("i")
        shape = rng.randrange(3)
        self.loop_depth += 1
        self.continue_ok = not (kind == "while" and shape == 0)
        self.scope.append(Var(i, "int", mutable=False))
        body = self.block(depth - 1, rng.randint(1, 3), inner)
        self.scope.pop()
        self.loop_depth -= 1
        if kind == "for":
            header = (f"int {i} = 0; {i} < {n}; {i}++", f"int {i} = {n}; {i} > 0; {i}--",
                      f"int {i} = 0; {i} < {n}; {i} += 2")[shape]
            return [f"{indent}for ({header}) {{"] + body + [f"{indent}}}"]
        if kind == "while":
            if shape == 0:
                return ([f"{indent}int {i} = 0;", f"{indent}while ({i} < {n}) {{"] + body
                        + [f"{inner}{i}++;", f"{indent}}}"])
            return [f"{indent}int {i} = 0;", f"{indent}while ({i}++ < {n}) {{"] + body + [f"{indent}}}"]
        return ([f"{indent}int {i} = {n};", f"{indent}do {{"] + body
                + [f"{indent}}} while ({'--' + i + ' > 0' if shape else i + '-- > 1'});"])


# ----------------------------------------------------------------- program

@dataclass
class Method:
    name: str
    params: list[tuple[str, str]]   # (type, name)
    ret: str
    source: str


@dataclass
class Case:
    method: Method
    args: tuple
    symbolic: bool = False          # also evaluated with symbolic inputs fixed by the model


PRINTERS = """\
    static void p(long v) { System.out.println(v); }
    static void x(RuntimeException e) { System.out.println(e.getClass().getSimpleName()); }"""


@dataclass
class GeneratedClass:
    class_name: str
    methods: list[Method] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)
    preamble: str = ""
    printers: str = PRINTERS  # p(result) prints a result, x(exception) an exception

    def argument(self, t: str, v) -> str:
        return java_arg(t, v)

    def java(self) -> str:
        """The class: the methods, then a ``main`` printing one line per case."""
        out = [f"class {self.class_name} {{", self.preamble]
        out += [m.source for m in self.methods]
        runs = []
        for start in range(0, len(self.cases), 100):  # a method's code is at most 64 KB
            runs.append(f"run{len(runs)}")
            out.append(f"    static void {runs[-1]}() {{")
            for case in self.cases[start:start + 100]:
                args = ", ".join(self.argument(t, v) for (t, _), v in zip(case.method.params, case.args))
                out.append(f"        try {{ p({case.method.name}({args})); }} "
                           "catch (RuntimeException e) { x(e); }")
            out.append("    }")
        out.append(self.printers)
        out.append("    public static void main(String[] args) {")
        out += [f"        {r}();" for r in runs]
        out += ["    }", "}", ""]
        return "\n".join(out)

    def source_of(self, method: Method) -> str:
        """The method's source and that of every generated method it calls."""
        called = [m for m in self.methods if m is not method and f"{m.name}(" in method.source]
        parts = [method.source]
        if "ov(" in method.source:
            parts.append(self.preamble)
        return "\n".join(parts + [m.source for m in called])


OVERLOADS = """\
    static int ov(byte x) { return 3000 + x; }
    static int ov(short x) { return 2000 + x; }
    static int ov(char x) { return 4000 + x; }
    static int ov(int x) { return 1000 + x; }
    static long ov(long x) { return x - 5000; }
"""


def _random_params(rng: random.Random, lo: int, hi: int) -> list[tuple[str, str]]:
    types = rng.choices(INTEGRAL + ("boolean",), (3, 3, 3, 5, 4, 1), k=rng.randint(lo, hi))
    return [(t, "abcdef"[i]) for i, t in enumerate(types)]


def _method(rng: random.Random, name: str, params, ret: str, helpers: list[Helper],
            statements: int, loops: bool = True) -> Method:
    g = MethodGen(rng, [Var(n, t) for t, n in params], helpers, ret, loops)
    body = g.block(2, statements, "        ") if statements else []
    result = g.num(rng.randint(1, 4))
    if statements:  # the final values of all variables in scope reach the result
        terms = [g.ternary(E(v.name, "boolean"), E(f"{k}L", "long"), E("0L", "long"), "long")
                 if v.type == "boolean" else g.binary(E(v.name, v.type), "*", E(f"{k}L", "long"), "long")
                 for k, v in zip((1, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37), g.scope)]
        mix = terms[0]
        for term in terms[1:]:
            mix = g.binary(mix, "+", term, "long")
        result = g.binary(result, "^", mix, "long")
    body.append(f"        return {g.coerce(result, ret).src};")
    head = ", ".join(f"{t} {n}" for t, n in params)
    source = f"    static {ret} {name}({head}) {{\n" + "\n".join(body) + "\n    }\n"
    return Method(name, params, ret, source)


def random_args(rng: random.Random, params) -> tuple:
    return tuple(rng.random() < 0.5 if t == "boolean" else interesting(rng, t) for t, _ in params)


def generate(seed: int, methods: int, args_per_method: int, symbolic_every: int,
             class_name: str = "Gen") -> GeneratedClass:
    """A class of ``methods`` random methods (alternately one expression, and statements
    around one), each with ``args_per_method`` argument tuples; every
    ``symbolic_every``-th case is also evaluated with symbolic inputs. A few helper
    methods (callees of the others, tested too) come first."""
    rng = random.Random(seed)
    prog = GeneratedClass(class_name, preamble=OVERLOADS)
    helpers = [Helper("ov", ["?"], "?")]
    for i in range(6):
        params = _random_params(rng, 1, 3)
        ret = rng.choice(INTEGRAL)
        m = _method(rng, f"h{i}", params, ret, list(helpers), rng.randint(0, 2), loops=False)
        prog.methods.append(m)
        helpers.append(Helper(m.name, [t for t, _ in params], ret))
    for i in range(methods):
        params = _random_params(rng, 1, 4)
        ret = rng.choice(INTEGRAL + ("int", "long"))
        statements = 0 if i % 2 == 0 else rng.randint(1, 5)
        prog.methods.append(_method(rng, f"f{i}", params, ret, helpers, statements))
    for m in prog.methods:
        for _ in range(args_per_method):
            prog.cases.append(Case(m, random_args(rng, m.params)))
    for k, case in enumerate(prog.cases):
        case.symbolic = k % symbolic_every == 0
    return prog


# --------------------------------------------------------------------- JVM

def run_jvm(java_source: str, class_name: str, directory: Path, jars: tuple[str, ...] = ()) -> list[str]:
    """Compile ``class_name`` (against ``jars``) and run its ``main``; returns its output lines."""
    src = directory / f"{class_name}.java"
    src.write_text(java_source, encoding="utf-8")
    classpath = ":".join((str(directory), *jars))
    compiled = subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-cp", classpath, "-d",
                               str(directory), str(src)], capture_output=True, text=True, timeout=300)
    if compiled.returncode != 0:
        raise AssertionError(f"javac rejected the generated {src}:\n{compiled.stderr[:5000]}")
    ran = subprocess.run(["java", "-cp", classpath, class_name],
                         capture_output=True, text=True, timeout=300)
    if ran.returncode != 0:
        raise AssertionError(f"java {class_name} failed:\n{ran.stderr[:5000]}")
    return ran.stdout.splitlines()


def compile_and_run(generated: GeneratedClass, directory: Path, jars: tuple[str, ...] = ()):
    """(JVM output line per case, engine program, its class of the same source, directory).
    ``jars``: libraries the JVM runs, whose models (``models/libraries``) the engine runs."""
    lines = run_jvm(generated.java(), generated.class_name, directory, jars)
    assert len(lines) == len(generated.cases), \
        f"{len(lines)} output lines from java for {len(generated.cases)} cases"
    program = program_of([parse_file(str(directory / f"{generated.class_name}.java"))])
    return lines, program, program.classes[generated.class_name], directory


# ------------------------------------------------------------------ engine

def engine_result(program, cls, method_name: str, args: tuple, symbolic: bool = False,
                  ctx: z3.Context | None = None, bounds: Bounds = Bounds()) -> str:
    """What the engine says ``cls.method_name(args)`` does, printed as ``main`` prints it:
    the integral result as a decimal number, or the simple name of the exception thrown.

    Concretely, the arguments are constants and every path condition must simplify
    to true or false. With ``symbolic``, the parameters are fresh variables, fixed to
    ``args`` only by constraints; the solver's model decides the path conditions and
    gives the value of the returned term. A reachable stuck or cut path is reported
    as an engine failure, never compared."""
    m = next(x for x in cls.methods if x.name == method_name)
    ctx = ctx or z3.Context()
    ex = executor(program, bounds, ctx, [])
    fixed = []
    if symbolic:
        params = [semantics.variable(ctx, p.type, f"{method_name}.{p.name}") for p in m.params]
        fixed = [a.term == semantics.constant(ctx, p.type, v).term
                 for p, v, a in zip(m.params, args, params)]
    else:
        params = [semantics.constant(ctx, p.type, v) for p, v in zip(m.params, args)]
    ex.frames.append(Frame(None, cls, None))
    try:
        value, _, _ = ex.invoke(m, None, params, State(ex.true, {}, {}), 0)
    except DeadPath:
        value = None
    if symbolic:
        solver = z3.Solver(ctx=ctx)
        solver.add(*fixed, *ex.constraints, *ex.lazy)  # lazy: String.hashCode's definitions
        if solver.check() != z3.sat:
            return "[the inputs' constraints are unsatisfiable]"
        model = solver.model()

        def holds(g):
            return z3.is_true(model.eval(g, model_completion=True))

        def number(t):
            return model.eval(t, model_completion=True)
    else:
        def holds(g):
            g = z3.simplify(ex.expand(g))
            if not (z3.is_true(g) or z3.is_false(g)):
                raise AssertionError(f"path condition not constant: {g}")
            return z3.is_true(g)

        def number(t):
            return z3.simplify(ex.expand(t))
    return outcome(ex, value, holds, number)


def outcome(ex: Executor, value, holds, number, reference=None) -> str:
    """The outcome of one call the executor ran, printed as ``main`` prints it; ``holds``
    decides a path condition, ``number`` evaluates a term for the call's arguments and
    ``reference`` prints a reference result."""
    for events, what in ((ex.stuck, "unsupported"), (ex.cuts, "cut")):
        for e in events:
            if holds(e.guard):
                return f"[{what}: {e.what} at {e.where}]"
    thrown = [t.exc.cases[0][1].cls.simple_name for t in ex.handlers[0] if holds(t.guard)]
    if thrown:
        return thrown[0] if len(thrown) == 1 else f"[several exceptions: {thrown}]"
    if value is None:
        return "[neither a value nor an exception]"
    if reference is not None and isinstance(value, Ref):
        return reference(value)
    raw = number(value.term)
    if z3.is_bool(raw) and (z3.is_true(raw) or z3.is_false(raw)):
        return "true" if z3.is_true(raw) else "false"
    if not z3.is_bv_value(raw):
        return f"[result not a constant: {raw}]"
    return str(semantics.signed_value(value.type, raw.as_long()))
