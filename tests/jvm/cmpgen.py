"""Random comparator chains for the differential test of ``test_comparators_jvm.py``.

``generate`` writes one class with a nested ``R`` (an int, a String, a nullable
Integer and a nullable String), a table ``r(k)`` of ``R`` objects (and null), and
static ``int f(int a, int b)`` methods, each comparing ``r(a)`` with ``r(b)`` (the
same object when ``a == b``) by a random comparator: lambdas (typed, capturing a
local, block bodies, subtraction that overflows), method references, ``comparing``,
``comparingInt/Long/Double``, ``thenComparing`` in all its forms, ``reversed``,
``nullsFirst``/``nullsLast`` (wrapped comparators, null ones, chained after),
``naturalOrder``, ``reverseOrder``, ``Collections.reverseOrder`` and
``String.CASE_INSENSITIVE_ORDER``, held in static final fields, locals, or passed to
``Objects.compare``. Each case prints the compare result or the exception's name.
"""
from __future__ import annotations

import random

from javagen import Case, GeneratedClass, Method

C = "java.util.Comparator"
MIN, MAX = -(1 << 31), (1 << 31) - 1

# (n, s, b, t): b and t may be null; strings are Latin-1 (the case mapping modelled)
ROWS = [(0, "a", None, None), (1, "A", 0, "x"), (-1, "b", -1, "X"), (MIN, "B", 127, None),
        (MAX, "ab", 128, "y"), (5, "aB", None, "Y"), (5, "", 1000, ""), (0, "\u00df", 0, "\u00ff"),
        (1, "\u00b5", -128, "x"), (MAX, "a", 1, "\u00b5"), (-7, "ab", None, "xy")]
INDICES = list(range(len(ROWS) + 1))  # 0 is null

KEYS_INT = ["(R r) -> r.n", "R::n", "(R r) -> r.s.length()", "(R r) -> r.n / 2"]
KEYS_OBJ = ["(R r) -> r.s", "R::s", "(R r) -> r.b", "(R r) -> r.t", "R::t", "(R r) -> r.n"]
NULLABLE = ["(R r) -> r.t", "(R r) -> r.b"]
STRING_KEYS = ["R::s", "(R r) -> r.s", "(R r) -> r.t"]
LAMBDAS = ["(R p, R q) -> p.n - q.n", "(R p, R q) -> Integer.compare(p.n, q.n)",
           "(R p, R q) -> { int d = p.s.compareTo(q.s); return d != 0 ? d : q.n - p.n; }",
           "(R p, R q) -> p.s.length() - q.s.length()"]


class _Chain:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def of_values(self, depth: int) -> str:
        """A comparator of keys (Strings or Integers, maybe null)."""
        rng = self.rng
        base = rng.choice([f"{C}.naturalOrder()", f"{C}.reverseOrder()", "java.util.Collections.reverseOrder()",
                           f"{C}.nullsFirst({C}.naturalOrder())", f"{C}.nullsLast({C}.reverseOrder())",
                           f"{C}.nullsFirst(null)"])
        if depth > 0 and rng.random() < 0.3:
            base = rng.choice([f"{C}.nullsLast({self.of_values(depth - 1)})",
                               f"{C}.nullsFirst({self.of_values(depth - 1)})"])
        return base

    def of_strings(self) -> str:
        rng = self.rng
        return rng.choice(["String.CASE_INSENSITIVE_ORDER", f"{C}.nullsFirst(String.CASE_INSENSITIVE_ORDER)",
                           f"{C}.nullsLast(String.CASE_INSENSITIVE_ORDER.reversed())",
                           f"{C}.<String>naturalOrder()", self.of_values(1)])

    def base(self) -> str:
        rng = self.rng
        return rng.choice([
            lambda: f"{C}.comparingInt({rng.choice(KEYS_INT)})",
            lambda: f"{C}.comparingLong((R r) -> (long) r.n * {rng.choice([3, -1, 1 << 20])})",
            lambda: f"{C}.comparingDouble((R r) -> r.n / {rng.choice(['2.0', '-3.0', '0.0'])})",
            lambda: f"{C}.comparing({rng.choice(KEYS_OBJ)})",
            lambda: f"{C}.comparing({rng.choice(NULLABLE)}, {self.of_values(1)})",
            lambda: f"{C}.comparing({rng.choice(STRING_KEYS)}, {self.of_strings()})",
            lambda: rng.choice(LAMBDAS),
            lambda: f"{C}.nullsFirst({self.chain(1)})",
            lambda: f"{C}.nullsLast({self.chain(1)})",
            lambda: f"java.util.Collections.reverseOrder({self.chain(1)})",
            lambda: f"{C}.comparing((R r) -> r.b, {C}.nullsLast({C}.<Integer>naturalOrder()))"])()

    def then(self, chain: str) -> str:
        rng = self.rng
        return chain + rng.choice([
            lambda: f".thenComparing({self.base()})",
            lambda: f".thenComparing({rng.choice(KEYS_OBJ)})",
            lambda: f".thenComparing({rng.choice(STRING_KEYS)}, {self.of_strings()})",
            lambda: f".thenComparingInt({rng.choice(KEYS_INT)})",
            lambda: ".thenComparingLong((R r) -> r.n)",
            lambda: ".thenComparingDouble((R r) -> r.s.length() * 0.5)",
            lambda: ".reversed()", lambda: ".reversed()"])()

    def chain(self, depth: int) -> str:
        chain = self.base()
        more = self.rng.randint(0, depth)
        if more and chain.startswith("("):  # a lambda needs its type before a call on it
            chain = f"(({C}<R>) {chain})"
        for _ in range(more):
            chain = self.then(chain)
        return chain


PREAMBLE = """\
    static final class R {
        final int n; final String s; final Integer b; final String t;
        R(int n, String s, Integer b, String t) { this.n = n; this.s = s; this.b = b; this.t = t; }
        int n() { return n; }
        String s() { return s; }
        String t() { return t; }
    }
    static R r(int k) {
        switch (k) {
%s
            default: return null;
        }
    }
""" % "\n".join(
    f"            case {k + 1}: return new R({n}, {_s!r}, {b}, {t!r});".replace("'", '"').replace("None", "null")
    .replace(f"R({MIN},", "R(Integer.MIN_VALUE,").replace(f"R({MAX},", "R(Integer.MAX_VALUE,")
    for k, (n, _s, b, t) in enumerate(ROWS))


def _method(rng: random.Random, name: str, fields: list[str]) -> Method:
    chain = _Chain(rng).chain(3)
    how = rng.randrange(4)
    lines = [f"    static int {name}(int a, int b) {{", "        R x = r(a);", "        R y = a == b ? x : r(b);"]
    if how == 0:
        lines.append(f"        {C}<R> c = {chain};")
        lines.append("        return c.compare(x, y);")
    elif how == 1:
        lines.append(f"        return java.util.Objects.compare(x, y, {chain});")
    else:
        field = f"C_{name}"
        fields.append(f"    static final {C}<R> {field} = {chain};")
        if how == 2:
            lines.append(f"        return {field}.compare(x, y);")
        else:
            lines.append(f"        int k = b;\n        {C}<R> c = {field}.thenComparing((R p, R q) -> "
                         "Integer.compare(p.n + k, q.n));")
            lines.append("        return c.compare(x, y);")
    lines.append("    }")
    return Method(name, [("int", "a"), ("int", "b")], "int", "\n".join(lines))


def generate(seed: int, methods: int, args_per_method: int, class_name: str = "Cmp") -> GeneratedClass:
    rng = random.Random(seed)
    fields: list[str] = []
    prog = GeneratedClass(class_name)
    for i in range(methods):
        m = _method(rng, f"f{i}", fields)
        prog.methods.append(m)
        pairs = [(rng.choice(INDICES[1:]), rng.choice(INDICES[1:])) for _ in range(args_per_method - 2)]
        pairs += [(rng.choice(INDICES), rng.choice(INDICES)), (a := rng.choice(INDICES[1:]), a)]
        prog.cases += [Case(m, p) for p in pairs]
    prog.preamble = PREAMBLE + "\n".join(fields) + "\n"
    return prog
