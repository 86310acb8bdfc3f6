"""Generated Java for the differential tests of boxes and of the JDK helpers (test_boxes_jvm.py).

Each family is a list of templates: a method body over parameters ``a`` and ``b`` of one
primitive type and a boolean ``f``, returning a long, written for one box class at a time
(``{B}`` is the box, ``{t}`` its primitive type). Arguments come from values around the
box caches' edges and from ``javagen.interesting``; ``b`` often equals ``a``, so that
boxes of equal values meet. The class, the JVM run and the engine's evaluation are
``javagen``'s.
"""
from __future__ import annotations

import random

import fpgen
from javagen import Case, GeneratedClass, Method, interesting, wrap

BOXES = {"Integer": "int", "Long": "long", "Short": "short", "Byte": "byte",
         "Character": "char", "Boolean": "boolean"}
FLOATING = {"Double": "double", "Float": "float"}
TYPES = {**BOXES, **FLOATING}
NUMBERS = ("Integer", "Long", "Short", "Byte", "Character")
CACHE_EDGES = (-129, -128, -127, -1, 0, 1, 126, 127, 128, 129, 255, 256, 1000)

# (body, the box classes it is written for)
BOXING = [
    ("{B} x = a; {B} y = b; return x == y ? 1 : 0;", BOXES),
    ("return {B}.valueOf(a) == {B}.valueOf(b) ? 1 : 0;", BOXES),
    ("{B} x = a; {B} y = {B}.valueOf(b); return x != y ? 1 : 0;", BOXES),
    ("{B} x = a; {B} y = x; return x == y ? 1 : 0;", BOXES),
    ("{B} x = new {B}(a); {B} y = a; return x == y ? 1 : x.equals(y) ? 2 : 3;", BOXES),
    ("{B} x = new {B}(a); return x.hashCode() + (x == new {B}(a) ? 1 : 0);", BOXES),
    ("Object x = a; Object y = b; return x == y ? 1 : 0;", BOXES),
    ("{B} x = a; {B} y = b; return x.equals(y) ? 1 : 0;", BOXES),
    ("Object x = a; Object y = (long) b; return x.equals(y) ? 1 : 0;", ("Integer", "Short", "Byte")),
    ("Object x = a; Object y = b; return x.equals(y) && y.equals(x) ? 1 : 0;", BOXES),
    ("{B} x = a; return x.hashCode();", BOXES),
    ("Object x = a; return x.hashCode();", BOXES),
    ("{B} x = a; {B} y = b; return x.compareTo(y);", BOXES),
    ("Comparable<{B}> x = a; return x.compareTo(b);", BOXES),
    ("{B} x = f ? null : a; return x == b ? 1 : 0;", BOXES),
    ("{B} x = f ? a : null; {B} y = b; return x.equals(y) ? 1 : 2;", BOXES),
    ("{B} x = f ? null : a; {B} y = b; return y.equals(x) ? 1 : 2;", BOXES),
    ("{B} x = f ? null : a; {t} y = x; return 7;", BOXES),
    ("{B} x = a; {B} y = b; return (x == y) == x.equals(y) ? 1 : 0;", BOXES),
    ("{B} x = a; {B} y = b; return x < y ? 1 : x > y ? 2 : 3;", NUMBERS),
    ("{B} x = a; {B} y = b; return x + y;", NUMBERS),
    ("{B} x = a; x++; {B} y = b; return x == y ? 1 : 0;", NUMBERS),
    ("{B} x = a; {B} y = x; x++; return x == y ? 1 : (long) x;", NUMBERS),
    ("{B} x = a; {B} y = b; return f ? x : y;", NUMBERS),
    ("{B} x = a; return f ? x : 0;", NUMBERS),
    ("{B} x = f ? null : a; return f ? 1 : x;", NUMBERS),
    ("{B} x = a; return x.longValue() + x.intValue() + x.shortValue() + x.byteValue();",
     ("Integer", "Long", "Short", "Byte")),
    ("{B} x = a; return x.charValue();", ("Character",)),
    ("{B} x = a; {B} y = b; return x.booleanValue() ^ y ? 1 : 0;", ("Boolean",)),
    ("{B} x = a; {B} y = b; return x & y | !x ? 1 : 0;", ("Boolean",)),
    ("{B} x = a; return f ? (x ? 1 : 2) : 3;", ("Boolean",)),
    ("Object x = (Object) a; return ({t}) x == b ? 1 : 0;", BOXES),
    ("Object x = f ? (Object) a : (Object) \"s\"; return x instanceof {B} ? 1 : 0;", BOXES),
    ("return java.util.Objects.equals(a, b) ? 1 : 0;", BOXES),
    ("{B} x = f ? null : a; return java.util.Objects.equals(x, b) ? 1 : 0;", BOXES),
    ("{B} x = f ? null : a; return java.util.Objects.hashCode(x);", BOXES),
    ("{B} x = f ? null : a; return java.util.Objects.hash(x, b, f);", BOXES),
    ("return java.util.Objects.hash(a, b);", BOXES),
]

HELPERS = [
    ("return {B}.compare(a, b);", BOXES),
    ("return {B}.hashCode(a);", BOXES),
    ("return {B}.valueOf(a).hashCode() == {B}.hashCode(a) ? 1 : 0;", BOXES),
    ("return {B}.signum(a) + 10 * {B}.signum(b);", ("Integer", "Long")),
    ("return {B}.bitCount(a);", ("Integer", "Long")),
    ("return {B}.rotateLeft(a, (int) b);", ("Integer", "Long")),
    ("return {B}.rotateRight(a, (int) b);", ("Integer", "Long")),
    ("return {B}.numberOfLeadingZeros(a);", ("Integer", "Long")),
    ("return {B}.numberOfTrailingZeros(a);", ("Integer", "Long")),
    ("return {B}.highestOneBit(a);", ("Integer", "Long")),
    ("return {B}.lowestOneBit(a);", ("Integer", "Long")),
    ("return {B}.reverse(a);", ("Integer", "Long")),
    ("return {B}.reverseBytes(a);", ("Integer", "Long")),
    ("return {B}.compareUnsigned(a, b);", ("Integer", "Long")),
    ("return {B}.divideUnsigned(a, b);", ("Integer", "Long")),
    ("return {B}.remainderUnsigned(a, b);", ("Integer", "Long")),
    ("return {B}.sum(a, b) + {B}.max(a, b) * 3 + {B}.min(a, b) * 7;", ("Integer", "Long")),
    ("return {B}.toUnsignedLong(a);", ("Integer", "Short", "Byte")),
    ("return {B}.toUnsignedInt(a);", ("Short", "Byte")),
    ("return Boolean.logicalXor(a, b) ? 1 : Boolean.logicalAnd(a, f) ? 2 : Boolean.logicalOr(b, f) ? 3 : 4;",
     ("Boolean",)),
    ("return Math.abs(a);", ("Integer", "Long")),
    ("return Math.min(a, b) + 3 * Math.max(a, b);", ("Integer", "Long")),
    ("return Math.floorMod(a, b);", ("Integer", "Long")),
    ("return Math.floorDiv(a, b);", ("Integer", "Long")),
    ("return Math.floorDiv((long) a, (int) b) + Math.floorMod((long) a, (int) b);", ("Integer", "Long")),
    ("return Math.addExact(a, b);", ("Integer", "Long")),
    ("return Math.subtractExact(a, b);", ("Integer", "Long")),
    ("return Math.multiplyExact(a, b);", ("Integer", "Long")),
    ("return Math.multiplyExact((long) a, (int) b);", ("Integer", "Long")),
    ("return Math.negateExact(a);", ("Integer", "Long")),
    ("return Math.incrementExact(a) + Math.decrementExact(b);", ("Integer", "Long")),
    ("return Math.absExact(a);", ("Integer", "Long")),
    ("return Math.toIntExact((long) a * b);", ("Integer", "Short", "Byte")),
    ("{B} x = f ? null : a; return java.util.Objects.isNull(x) ? 1 : java.util.Objects.nonNull(x) ? 2 : 3;",
     BOXES),
    ("{B} x = f ? null : a; return java.util.Objects.requireNonNull(x).hashCode();", BOXES),
    ("{B} x = f ? null : a; return java.util.Objects.requireNonNull(x, \"x\") == x ? 1 : 0;", BOXES),
    ("{B} x = f ? null : a; {B} y = b; return java.util.Objects.requireNonNullElse(x, y).hashCode();",
     BOXES),
    ("{B} x = f ? null : a; return java.util.Objects.requireNonNullElse(x, null).hashCode();", BOXES),
    ("return java.util.Objects.checkIndex((int) a, (int) b);", ("Integer", "Long", "Short")),
    (("{B} x = a; return System.identityHashCode(null)"
      " + (System.identityHashCode(x) == System.identityHashCode(x) ? 1 : 0);"), BOXES),
]

# arrays and java.util.Arrays (braces doubled for str.format)
ARRAYS = [
    ("{t}[] x = {{a, b}}; {t}[] y = {{a, b}}; return x == y ? 1 : java.util.Arrays.equals(x, y) ? 2 : 3;",
     BOXES),
    ("{t}[] x = {{a, b}}; {t}[] y = f ? x : new {t}[] {{b, a}}; return java.util.Arrays.equals(x, y) ? 1 : 0;",
     BOXES),
    ("{t}[] x = f ? null : new {t}[] {{a}}; return java.util.Arrays.hashCode(x);", BOXES),
    ("{t}[] x = {{a, b, a}}; return java.util.Arrays.hashCode(x);", BOXES),
    ("{t}[] x = new {t}[2]; x[1] = a; return java.util.Arrays.hashCode(x) + x.length;", BOXES),
    ("{t}[] x = {{a, b}}; return java.util.Arrays.hashCode(new {t}[] {{x[f ? 2 : 1]}});", BOXES),
    (("{t}[] x = {{a, b}}; {t}[] y = x.clone(); y[0] = b;"
      " return (x == y ? 1 : 0) + (java.util.Arrays.equals(x, y) ? 2 : 0);"), BOXES),
    ("{t}[] x = {{a, b}}; return java.util.Arrays.hashCode(java.util.Arrays.copyOf(x, f ? 3 : 1));", BOXES),
    ("{t}[] x = {{a, b}}; return java.util.Arrays.copyOf(x, f ? -1 : 0).length;", BOXES),
    (("{B}[] x = {{a, b, null}}; long n = 0; for ({B} v : x) {{ if (v != null) n += 7 * n + v.hashCode(); }}"
      " return n;"), BOXES),
    ("{t}[] x = {{a, b}}; long n = 1; for ({t} v : x) {{ if (f) break; n += {B}.hashCode(v); }} return n;",
     BOXES),
    ("Object[] x = {{a, b}}; Object[] y = {{a, f ? b : a}}; return java.util.Arrays.equals(x, y) ? 1 : 0;",
     BOXES),
    ("Object[] x = {{a, null, b}}; return java.util.Arrays.hashCode(x) + 3L * java.util.Objects.hash(x);",
     BOXES),
    ("Object[] x = f ? null : new Object[] {{a}}; return java.util.Objects.hash(x) + 3L * java.util.Objects.hash(null);",
     ("Integer", "Boolean")),
    (("{t}[][] x = {{{{a}}, {{b}}}}; {t}[][] y = {{{{a}}, {{f ? a : b}}}};"
      " return java.util.Arrays.deepEquals(x, y) ? 1 : 0;"), BOXES),
    ("{t}[][] x = {{{{a, b}}, null}}; return java.util.Arrays.deepHashCode(x);", BOXES),
    (("{B}[][] x = {{{{a}}, {{b, null}}}}; {B}[][] y = {{{{a}}, {{f ? b : a, null}}}};"
      " return java.util.Arrays.deepEquals(x, y) ? java.util.Arrays.deepHashCode(y) : 0;"), BOXES),
    ("{B}[] x = {{a, b}}; Object[] o = x; if (f) o[0] = \"s\"; return 1;", BOXES),
    ("{t}[] x = new {t}[f ? -1 : 2]; return x.length;", BOXES),
    ("{t}[] x = f ? null : new {t}[1]; return x.length;", BOXES),
    ("{t}[][] x = new {t}[2][f ? 1 : 0]; return x[1].length + 10 * x.length;", BOXES),
    ("{t}[] x = {{a, b}}; x[f ? 0 : 1]++; x[1] += a; return java.util.Arrays.hashCode(x);", NUMBERS),
    (("{t}[] x = {{a}}; Object o = x; return (o == x ? 1 : 0) + (o.equals(x) ? 2 : 0)"
      " + (x.hashCode() == System.identityHashCode(o) ? 4 : 0);"), BOXES),
    ("{t}[] x = {{a}}; Object o = f ? x : \"s\"; return o instanceof {t}[] ? (({t}[]) o).length : 5;", BOXES),
]


# arrays of floating-point values: Arrays.equals compares as Double.equals does (NaN equals
# NaN, 0.0 differs from -0.0), where == on the elements does not
FLOATING_ARRAYS = [
    ("{t}[] x = {{a, b}}; {t}[] y = {{a, f ? a : b}}; return java.util.Arrays.equals(x, y) ? 1 : 0;",
     FLOATING),
    (("{t}[] x = {{a, b}}; {t}[] y = {{b, a}};"
      " return (java.util.Arrays.equals(x, y) ? 1 : 0) + 2 * (x[0] == y[1] ? 1 : 0);"), FLOATING),
    ("{t}[] x = f ? null : new {t}[] {{a, b}}; return java.util.Arrays.hashCode(x);", FLOATING),
    (("{t}[] x = {{a, b}};"
      " return java.util.Arrays.hashCode(x) + 31L * java.util.Arrays.hashCode(java.util.Arrays.copyOf(x, f ? 3 : 1));"),
     FLOATING),
    (("{t}[][] x = {{{{a}}, {{b}}}}; {t}[][] y = {{{{f ? b : a}}, {{b}}}};"
      " return java.util.Arrays.deepEquals(x, y) ? java.util.Arrays.deepHashCode(x) : 1;"), FLOATING),
    ("{B}[] x = {{a, b}}; {B}[] y = {{a, b}}; return java.util.Arrays.equals(x, y) ? java.util.Arrays.hashCode(y) : 1;",
     FLOATING),
]


def argument(rng: random.Random, t: str) -> int | bool | float:
    if t == "boolean":
        return rng.random() < 0.5
    if t in FLOATING.values():
        return fpgen.interesting(rng, t)
    if rng.random() < 0.7:
        return wrap(t, rng.choice(CACHE_EDGES))
    return interesting(rng, t)


def generate(templates, seed: int, per_template: int, class_name: str,
             symbolic_every: int = 3) -> GeneratedClass:
    """One method per (template, box class), each called with ``per_template`` argument
    tuples spread over the box classes; every ``symbolic_every``-th case also symbolically."""
    rng = random.Random(seed)
    prog = GeneratedClass(class_name)
    for k, (body, boxes) in enumerate(templates):
        methods = []
        for box in boxes:
            t = TYPES[box]
            params = [(t, "a"), (t, "b"), ("boolean", "f")]
            name = f"m{k}{box}"
            source = (f"    static long {name}({t} a, {t} b, boolean f) {{\n"
                      f"        {body.format(B=box, t=t)}\n    }}\n")
            methods.append(Method(name, params, "long", source))
        prog.methods += methods
        for i in range(per_template):
            m = methods[i % len(methods)]
            t = m.params[0][0]
            a = argument(rng, t)
            b = a if rng.random() < 0.5 else argument(rng, t)
            prog.cases.append(Case(m, (a, b, rng.random() < 0.3)))
    for k, case in enumerate(prog.cases):
        case.symbolic = k % symbolic_every == 0
    return prog
