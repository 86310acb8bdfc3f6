"""Random Java floating-point programs for the differential test ``test_fp_jvm.py``.

The floating-point sibling of ``javagen``, whose class layout, ``main``, ``run_jvm``
and ``engine_result`` it reuses. Each generated method takes float, double, int and long parameters and
returns an integral view of floating-point computation: the bits of a float or double
result as ``floatToIntBits``/``doubleToLongBits`` give them (every NaN canonical, so
no JVM-specific NaN payload is ever compared), or an int or long from casts,
comparisons, ``compare``, ``hashCode`` and the ``isNaN`` family. Expressions use
+ - * / % and unary minus on mixed operand types (binary numeric promotion), casts
both ways (saturation, NaN, rounding of int and long to float), literals in every
notation, the Double and Float constants, ternaries, and locals updated by compound
assignment (narrowing back to int, char...) and ``++``/``--``. Arguments are edge
values (±0.0, NaN, infinities, MIN_VALUE, MAX_VALUE, 2^31 and 2^63 and their
neighbours, halves) and random ones, passed to the JVM by their exact bits.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from javagen import Case, GeneratedClass, Method

from pytest_boundcheck.frontend.parse_code import _floating_value
from pytest_boundcheck.frontend.types import DOUBLE, FLOAT
from pytest_boundcheck.symex.semantics import nearest

FLOATING = ("float", "double")
ARITH = ("+", "-", "*", "/", "%")
COMPARE = ("<", "<=", ">", ">=", "==", "!=")
CASTS = ("byte", "short", "char", "int", "long", "float", "double")
COMPOUND = ("+=", "-=", "*=", "/=", "%=")
_PTYPE = {"float": FLOAT, "double": DOUBLE}

_D_EDGE = (0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -2.5, 0.1, 1 / 3, math.nan, math.inf, -math.inf,
           float.fromhex("0x1.fffffffffffffp1023"), -float.fromhex("0x1.fffffffffffffp1023"),
           float.fromhex("0x1p-1074"), float.fromhex("0x1p-1022"), 2.0 ** 31, 2.0 ** 31 - 1,
           2.0 ** 31 - 0.5, -2.0 ** 31, -2.0 ** 31 - 1, 2.0 ** 63, -2.0 ** 63, 2.0 ** 64, 1e10,
           -1e10, 65535.5, 65536.0, -32768.5, 127.9, -129.0, 2.0 ** 53 + 2, 1e300, 1e-300, 7.0, 3.0)
_CONSTANTS = ("NaN", "POSITIVE_INFINITY", "NEGATIVE_INFINITY", "MAX_VALUE", "MIN_VALUE", "MIN_NORMAL")


def promote(a: str, b: str) -> str:
    return next((t for t in ("double", "float", "long") if t in (a, b)), "int")


def interesting(rng: random.Random, t: str) -> float:
    """An argument of type ``t``: an edge value or a random one (for floats, rounded)."""
    if t in ("int", "long"):
        bits = 32 if t == "int" else 64
        return rng.choice((0, 1, -1, 7, -(1 << (bits - 1)), (1 << (bits - 1)) - 1,
                           rng.randint(-1000, 1000), rng.randint(-(1 << (bits - 1)), (1 << (bits - 1)) - 1)))
    r = rng.random()
    if r < 0.6:
        v = rng.choice(_D_EDGE)
    elif r < 0.85:
        v = rng.uniform(-1000, 1000) if rng.random() < 0.5 else rng.randint(-40, 40) / 4
    else:
        v = math.ldexp(rng.uniform(1, 2), rng.randint(-1074, 1023)) * rng.choice((1, -1))
    return nearest(_PTYPE[t], v)


def literal(rng: random.Random, t: str) -> str:
    """A float or double literal in one of Java's notations, never too large or too
    small for its type (javac rejects those)."""
    ptype = _PTYPE[t]
    while True:
        style = rng.random()
        if style < 0.3:
            text = rng.choice(("0.0", "1.0", "0.5", "2.", ".25", "0.1", "1e-3", "1E3", "3.5e+2", "1_000.5",
                               "0x1p3", "0x1.8p-1", "0X.8P1", "1e10", "3.4028235e38", "1.4e-45",
                               "4.9e-324", "1.7976931348623157e308", "0.3", "2147483647.5", "1e-40"))
        elif style < 0.7:
            text = f"{rng.randint(0, 9999)}.{rng.randint(0, 999)}"
        elif style < 0.9:
            high = 38 if t == "float" else 308
            text = f"{rng.randint(1, 99)}.{rng.randint(0, 99999)}e{rng.randint(-high - 6, high - 2)}"
        else:
            text = f"0x{rng.randint(1, 0xFFF):x}.{rng.randint(0, 0xFF):x}p{rng.randint(-60, 60)}"
        value = nearest(ptype, _exact(text))
        if math.isinf(value) or (value == 0 and _exact(text) != 0):
            continue
        if t == "float":
            return text + rng.choice("fF")
        return text + rng.choice(("", "", "d", "D")) if "." in text or "e" in text.lower() else text + "d"


def _exact(text: str) -> Fraction:
    return _floating_value(text)[1]


@dataclass
class E:
    src: str
    type: str


class MethodGen:
    def __init__(self, rng: random.Random, params: list[tuple[str, str]]):
        self.rng = rng
        self.scope = [(n, t) for t, n in params]
        self.counter = 0

    def leaf(self, floating: bool = True) -> E:
        """A variable, literal or constant: of type float or double, or (``floating``
        false) of any numeric type."""
        rng = self.rng
        names = [(n, t) for n, t in self.scope if t in FLOATING or not floating]
        r = rng.random()
        if names and r < 0.5:
            n, t = rng.choice(names)
            return E(n, t)
        if not floating and r < 0.65:
            t = rng.choice(("int", "long"))
            return E(f"({interesting(rng, t)}{'L' if t == 'long' else ''})", t)
        t = rng.choice(FLOATING)
        if r < 0.85:
            return E(f"({literal(rng, t)})", t)
        return E(f"{'Double' if t == 'double' else 'Float'}.{rng.choice(_CONSTANTS)}", t)

    def fp(self, depth: int) -> E:
        """An expression of type float or double."""
        rng = self.rng
        if depth <= 0 or rng.random() < 0.2:
            return self.leaf()
        d = depth - 1
        kind = rng.choices(("arith", "neg", "cast", "math", "bits", "ternary"), (40, 6, 12, 14, 5, 8))[0]
        if kind == "arith":
            a, b = self.fp(d), (self.fp(d) if rng.random() < 0.7 else self.leaf(floating=False))
            if rng.random() < 0.5:
                a, b = b, a
            return E(f"({a.src} {rng.choice(ARITH)} {b.src})", promote(a.type, b.type))
        if kind == "neg":
            a = self.fp(d)
            return E(f"(-{a.src})", a.type)
        if kind == "cast":
            t = rng.choice(FLOATING)
            inner = self.fp(d) if rng.random() < 0.6 else self.leaf(floating=False)
            return E(f"(({t}) {inner.src})", t)
        if kind == "math":
            a, b = self.fp(d), self.fp(d)
            fn = rng.choice(("abs", "min", "max", "signum"))
            if fn in ("abs", "signum"):
                return E(f"Math.{fn}({a.src})", a.type)
            return E(f"Math.{fn}({a.src}, {b.src})", promote(a.type, b.type))
        if kind == "bits":
            if rng.random() < 0.5:
                return E(f"Double.longBitsToDouble({self.integral(d).src})", "double")
            return E(f"Float.intBitsToFloat((int) {self.integral(d).src})", "float")
        a, b = self.fp(d), self.fp(d)
        return E(f"({self.cond(d)} ? {a.src} : {b.src})", promote(a.type, b.type))

    def cond(self, depth: int) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.7:
            return f"{self.fp(depth).src} {rng.choice(COMPARE)} {self.fp(depth).src}"
        box = rng.choice(("Double", "Float"))
        arg = self.as_float(self.fp(depth)) if box == "Float" else self.fp(depth).src
        return f"{box}.{rng.choice(('isNaN', 'isInfinite', 'isFinite'))}({arg})"

    def as_float(self, e: E) -> str:
        return e.src if e.type == "float" else f"(float) {e.src}"

    def integral(self, depth: int) -> E:
        """An int or long computed from floating-point values."""
        rng = self.rng
        kind = rng.choice(("cast", "cast", "compare", "hash", "bits", "cond"))
        a = self.fp(depth)
        if kind == "cast":
            t = rng.choice(CASTS[:5])
            return E(f"(({t}) {a.src})", "long" if t == "long" else "int")
        if kind == "compare":
            if rng.random() < 0.5:
                return E(f"Double.compare({a.src}, {self.fp(depth).src})", "int")
            return E(f"Float.compare({self.as_float(a)}, {self.as_float(self.fp(depth))})", "int")
        if kind == "hash":
            if rng.random() < 0.5:
                return E(f"Double.hashCode({a.src})", "int")
            return E(f"Float.hashCode({self.as_float(a)})", "int")
        if kind == "bits":
            return self.bits(a, raw=rng.random() < 0.3)
        return E(f"({self.cond(depth)} ? 1 : 0)", "int")

    @staticmethod
    def bits(e: E, raw: bool = False) -> E:
        """The canonical bits of a float or double; raw bits only of a number (a NaN's
        raw bits are the JVM's choice)."""
        box, fn = ("Double", "doubleToLongBits") if e.type == "double" else ("Float", "floatToIntBits")
        t = "long" if e.type == "double" else "int"
        if not raw:
            return E(f"{box}.{fn}({e.src})", t)
        raw_fn = fn.replace("To", "ToRaw", 1)
        return E(f"({box}.isNaN({e.src}) ? 0 : {box}.{raw_fn}({e.src}))", t)

    def statements(self, count: int) -> list[str]:
        rng = self.rng
        lines = []
        for _ in range(count):
            targets = [(n, t) for n, t in self.scope]
            kind = rng.choice(("decl", "decl", "compound", "compound", "incdec", "narrow"))
            if kind == "decl" or not targets:
                e = self.fp(2)
                self.counter += 1
                name = f"v{self.counter}"
                t = rng.choice(FLOATING) if e.type == "float" else "double"
                lines.append(f"        {t} {name} = {e.src};")
                self.scope.append((name, t))
            elif kind == "narrow":  # compound assignment narrows a double back to an integral local
                self.counter += 1
                name, t = f"k{self.counter}", rng.choice(("int", "long", "char", "short", "byte"))
                init = {"char": "'a'"}.get(t, str(rng.randint(-100, 100)))
                lines.append(f"        {t} {name} = {init if t != 'byte' else '(byte) ' + init};")
                lines.append(f"        {name} {rng.choice(COMPOUND)} {self.fp(2).src};")
                self.scope.append((name, t))
            elif kind == "compound":
                name, _ = rng.choice(targets)
                lines.append(f"        {name} {rng.choice(COMPOUND)} {self.fp(2).src};")
            else:
                name, _ = rng.choice(targets)
                lines.append(f"        {name}{rng.choice(('++', '--'))};")
        return lines

    def result(self, ret: str) -> str:
        """The method's result: its main expression mixed with every variable in scope,
        floating-point ones by their canonical bits."""
        if ret == "int":
            main = self.integral(3)
        else:
            main = self.bits(self.fp(3))
        terms = [f"({main.src})"]
        for k, (name, t) in zip((3, 5, 7, 11, 13, 17, 19, 23, 29, 31), self.scope):
            view = self.bits(E(name, t)).src if t in FLOATING else name
            terms.append(f"{k}L * {view}")
        return " ^ ".join(terms) if ret == "long" else f"(int) ({' ^ '.join(terms)})"


def generate(seed: int, methods: int, args_per_method: int, symbolic_every: int,
             class_name: str = "FpGen") -> GeneratedClass:
    """``methods`` random methods (alternately one expression, and statements before
    it), each with ``args_per_method`` argument tuples; every ``symbolic_every``-th
    case is also evaluated with symbolic inputs."""
    rng = random.Random(seed)
    prog = GeneratedClass(class_name)  # no preamble
    for i in range(methods):
        types = rng.choices(("double", "float", "int", "long"), (5, 4, 2, 1), k=rng.randint(1, 3))
        params = [(t, "abc"[k]) for k, t in enumerate(types)]
        g = MethodGen(rng, params)
        body = g.statements(rng.randint(1, 3)) if i % 2 else []
        ret = rng.choice(("int", "long"))
        head = ", ".join(f"{t} {n}" for t, n in params)
        source = (f"    static {ret} f{i}({head}) {{\n" + "\n".join(body + [f"        return {g.result(ret)};"])
                  + "\n    }\n")
        prog.methods.append(Method(f"f{i}", params, ret, source))
    for m in prog.methods:
        for _ in range(args_per_method):
            prog.cases.append(Case(m, tuple(interesting(rng, t) for t, _ in m.params)))
    for k, case in enumerate(prog.cases):
        case.symbolic = k % symbolic_every == 0
    return prog
