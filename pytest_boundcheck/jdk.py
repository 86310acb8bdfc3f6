"""Library models: the JDK classes and methods that project code may touch.

A JDK class is a ``ClassInfo`` like any project class; its methods carry a
``model`` instead of a body. Adding a JDK method is one decorated function
here: the decorator holds its Java signature, the body its exact semantics.

A model is called as ``model(ex, state, this, args, line)`` and returns
``(value, state)``. ``ex`` is the executor; the model may use ``ex.ctx``,
``ex.throw``, ``ex.call_method``, ``ex.identity_hash``, ``ex.string_hash``,
``ex.class_object`` and ``ex.unsupported``.
"""
from __future__ import annotations

from typing import Callable

import z3

from . import semantics
from .jtypes import BOOLEAN, INT, LONG, PRIMITIVES, ClassInfo, FieldInfo, MethodInfo, Param
from .values import Prim, make_ref, mk_and, mk_ite, mk_not, mk_or, ref_eq

OBJECT = "java.lang.Object"
STRING = "java.lang.String"

# fqname -> (kind, modifiers, superclass, interfaces)
_CLASSES: dict[str, tuple[str, str, str | None, tuple[str, ...]]] = {
    OBJECT: ("class", "", None, ()),
    "java.lang.Comparable": ("interface", "", None, ()),
    "java.lang.CharSequence": ("interface", "", None, ()),
    "java.lang.Cloneable": ("interface", "", None, ()),
    "java.io.Serializable": ("interface", "", None, ()),
    STRING: ("class", "final", OBJECT, ("java.lang.Comparable", "java.lang.CharSequence",
                                         "java.io.Serializable")),
    "java.lang.Class": ("class", "final", OBJECT, ()),
    "java.lang.Enum": ("class", "abstract", OBJECT, ("java.lang.Comparable", "java.io.Serializable")),
    "java.lang.Number": ("class", "abstract", OBJECT, ("java.io.Serializable",)),
    "java.lang.Math": ("class", "final", OBJECT, ()),
    "java.util.Objects": ("class", "final", OBJECT, ()),
    "java.lang.Throwable": ("class", "", OBJECT, ("java.io.Serializable",)),
    "java.lang.Exception": ("class", "", "java.lang.Throwable", ()),
    "java.lang.Error": ("class", "", "java.lang.Throwable", ()),
    "java.lang.AssertionError": ("class", "", "java.lang.Error", ()),
    "java.lang.RuntimeException": ("class", "", "java.lang.Exception", ()),
    "java.lang.CloneNotSupportedException": ("class", "", "java.lang.Exception", ()),
}
for _box in ("Integer", "Long", "Short", "Byte"):
    _CLASSES[f"java.lang.{_box}"] = ("class", "final", "java.lang.Number", ("java.lang.Comparable",))
for _box in ("Character", "Boolean"):
    _CLASSES[f"java.lang.{_box}"] = ("class", "final", OBJECT, ("java.lang.Comparable",
                                                                 "java.io.Serializable"))
for _exc, _sup in (("ArithmeticException", "RuntimeException"),
                   ("NullPointerException", "RuntimeException"),
                   ("ClassCastException", "RuntimeException"),
                   ("IllegalArgumentException", "RuntimeException"),
                   ("IllegalStateException", "RuntimeException"),
                   ("UnsupportedOperationException", "RuntimeException"),
                   ("IndexOutOfBoundsException", "RuntimeException"),
                   ("ArrayIndexOutOfBoundsException", "IndexOutOfBoundsException"),
                   ("NumberFormatException", "IllegalArgumentException"),
                   ("LinkageError", "Error"),
                   ("IncompatibleClassChangeError", "LinkageError")):
    _CLASSES[f"java.lang.{_exc}"] = ("class", "", f"java.lang.{_sup}", ())

# JDK interfaces the class table knows by their supertypes alone: code may hold them,
# compare them with == and test them with instanceof; calling their methods is unsupported.
for _name, _supers in {
        "java.lang.Iterable": (), "java.lang.Runnable": (), "java.lang.AutoCloseable": (),
        "java.lang.Appendable": (), "java.lang.Readable": (),
        "java.io.Closeable": ("java.lang.AutoCloseable",),
        "java.util.Collection": ("java.lang.Iterable",), "java.util.List": ("java.util.Collection",),
        "java.util.Set": ("java.util.Collection",), "java.util.SortedSet": ("java.util.Set",),
        "java.util.NavigableSet": ("java.util.SortedSet",), "java.util.Queue": ("java.util.Collection",),
        "java.util.Deque": ("java.util.Queue",), "java.util.Map": (),
        "java.util.SortedMap": ("java.util.Map",), "java.util.NavigableMap": ("java.util.SortedMap",),
        "java.util.Map.Entry": (), "java.util.Iterator": (), "java.util.Comparator": (),
        "java.util.RandomAccess": (), "java.util.function.Supplier": (),
        "java.util.function.Function": (), "java.util.function.BiFunction": (),
        "java.util.function.Consumer": (), "java.util.function.BiConsumer": (),
        "java.util.function.Predicate": (), "java.util.function.BiPredicate": (),
        "java.util.function.UnaryOperator": ("java.util.function.Function",),
        "java.util.function.BinaryOperator": ("java.util.function.BiFunction",),
        "java.lang.reflect.Type": (), "java.lang.reflect.ParameterizedType": ("java.lang.reflect.Type",),
        "java.lang.reflect.GenericArrayType": ("java.lang.reflect.Type",),
        "java.lang.reflect.WildcardType": ("java.lang.reflect.Type",),
        "java.lang.reflect.TypeVariable": ("java.lang.reflect.Type",),
        "java.lang.annotation.Annotation": ()}.items():
    _CLASSES[_name] = ("interface", "", None, _supers)

# methods every class has from Object; JDK classes other than these override them
OBJECT_METHODS = frozenset({"equals", "hashCode", "toString"})


def keeps_object_methods(cls: ClassInfo) -> bool:
    """Does this JDK class use Object's equals, hashCode and toString?"""
    return cls.fqname in (OBJECT, "java.lang.Class") or any(
        t.fqname == "java.lang.Throwable" for t in cls.supertypes())

# static final constants: (class, name) -> (type, value)
_CONSTANTS = {
    ("Integer", "MIN_VALUE"): ("int", -(1 << 31)), ("Integer", "MAX_VALUE"): ("int", (1 << 31) - 1),
    ("Long", "MIN_VALUE"): ("long", -(1 << 63)), ("Long", "MAX_VALUE"): ("long", (1 << 63) - 1),
    ("Short", "MIN_VALUE"): ("short", -(1 << 15)), ("Short", "MAX_VALUE"): ("short", (1 << 15) - 1),
    ("Byte", "MIN_VALUE"): ("byte", -128), ("Byte", "MAX_VALUE"): ("byte", 127),
    ("Character", "MIN_VALUE"): ("char", 0), ("Character", "MAX_VALUE"): ("char", 0xFFFF),
    ("Integer", "SIZE"): ("int", 32), ("Long", "SIZE"): ("int", 64),
}

# methods the class table declares without a model: abstract ones, and ones a
# call resolves to but the engine reports as unsupported
_DECLARED = (
    ("java.lang.Comparable", "abstract int compareTo(T)"),
    (OBJECT, "String toString()"),
)

_MODELS: list[tuple[str, str, Callable | None]] = []


def model(owner: str, signature: str):
    """Register a model, e.g. ``@model("java.lang.Math", "static int abs(int)")``."""
    def register(fn: Callable) -> Callable:
        _MODELS.append((owner, signature, fn))
        return fn
    return register


def build_classes() -> dict[str, ClassInfo]:
    """Fresh JDK class entries, hierarchy, constants and modelled methods included."""
    classes = {name: ClassInfo(name, kind, frozenset(mods.split()), origin="jdk")
               for name, (kind, mods, _, _) in _CLASSES.items()}
    for name, (_, _, sup, ifaces) in _CLASSES.items():
        classes[name].superclass = classes[sup] if sup else None
        classes[name].interfaces = [classes[i] for i in ifaces]
    for name, cls in classes.items():
        outer = classes.get(name.rpartition(".")[0])
        if outer is not None:  # a nested type such as java.util.Map.Entry
            cls.outer = outer
            outer.members[name.rpartition(".")[2]] = cls
    classes["java.lang.Comparable"].type_vars = {"T": classes[OBJECT]}
    classes["java.lang.Enum"].type_vars = {"E": classes[OBJECT]}
    for (owner, fname), (tname, value) in _CONSTANTS.items():
        cls = classes[f"java.lang.{owner}"]
        cls.fields[fname] = FieldInfo(fname, PRIMITIVES[tname], cls, static=True, final=True, init=value)
    for owner, signature, fn in [(o, s, None) for o, s in _DECLARED] + _MODELS:
        cls = classes[owner]
        method = _method_from_signature(cls, signature, classes)
        method.model = fn
        (cls.ctors if method.name == "<init>" else cls.methods).append(method)
    return classes


def _method_from_signature(cls: ClassInfo, signature: str, classes) -> MethodInfo:
    head, _, params = signature.partition("(")
    words = head.split()
    simple = cls.fqname.rpartition(".")[2]
    is_ctor = words == [simple]

    def jtype(word: str):
        if word in PRIMITIVES:
            return PRIMITIVES[word]
        if word in cls.type_vars:
            return cls.type_vars[word]
        return next(c for n, c in classes.items() if n.rpartition(".")[2] == word)

    plist, varargs = [], False
    for p in filter(None, (s.strip() for s in params.rstrip(")").split(","))):
        varargs = p.endswith("...")
        word = p.rstrip(".")
        plist.append(Param(jtype(word), f"arg{len(plist)}", is_type_var=word in cls.type_vars))
    if is_ctor:
        return MethodInfo("<init>", cls, plist, PRIMITIVES["void"])
    return MethodInfo(words[-1], cls, plist, jtype(words[-2]), static="static" in words,
                      abstract="abstract" in words, varargs=varargs)


# ---------------------------------------------------------------- helpers

def _int(term) -> Prim:
    return Prim(INT, term)


def _bool(term) -> Prim:
    return Prim(BOOLEAN, term)


def _sign_of_difference(x, y):
    """-1, 0 or 1 as an int, by signed comparison of two bit-vectors of one width."""
    ctx = x.ctx
    return z3.If(x < y, z3.BitVecVal(-1 % (1 << 32), 32, ctx),
                 z3.If(x == y, z3.BitVecVal(0, 32, ctx), z3.BitVecVal(1, 32, ctx)))


def box_hash(p: Prim) -> z3.BitVecRef:
    """hashCode of the box that autoboxing makes of ``p`` (Integer.hashCode etc.)."""
    if p.type is BOOLEAN:
        ctx = p.term.ctx
        return z3.If(p.term, z3.BitVecVal(1231, 32, ctx), z3.BitVecVal(1237, 32, ctx))
    if p.type is LONG:
        return z3.Extract(31, 0, p.term ^ z3.LShR(p.term, 32))
    return semantics.convert(p, INT).term


def _hash_of(ex, state, v, line):
    """``Objects.hashCode(v)``: 0 for null, else v.hashCode() (boxed for primitives)."""
    if isinstance(v, Prim):
        return box_hash(v), state
    zero = _int(z3.BitVecVal(0, 32, ex.ctx))
    h, state = ex.call_if(state, mk_not(v.null_guard()), v, "hashCode", [], line, zero)
    return h.term, state


def _require_refs(ex, state, args, line, what):
    if any(isinstance(a, Prim) for a in args):
        ex.unsupported(state, f"boxing a primitive in {what}", line)


def _per_object(cases, term_of):
    """An int term choosing ``term_of(object)`` by the reference's case guards."""
    term = term_of(cases[-1][1])
    for g, o in reversed(cases[:-1]):
        term = mk_ite(g, term_of(o), term)
    return _int(term)


# ----------------------------------------------------------------- Object

@model(OBJECT, "Object()")
@model("java.lang.Enum", "Enum()")
def object_init(ex, state, this, args, line):
    return None, state


@model(OBJECT, "boolean equals(Object)")
def object_equals(ex, state, this, args, line):
    _require_refs(ex, state, args, line, "Object.equals")
    return _bool(ref_eq(ex.ctx, this, args[0])), state


@model(OBJECT, "int hashCode()")
def object_hash_code(ex, state, this, args, line):
    return _per_object(this.non_null(), ex.identity_hash), state


@model(OBJECT, "Class getClass()")
def object_get_class(ex, state, this, args, line):
    opaque = [o for o in this.targets if o is not None and o.opaque]
    if opaque:
        state = ex.stuck_unless(state, this.member_guard(opaque),
                                f"getClass() of a {opaque[0].cls.simple_name} (its class is unknown)", line)
    cases = [(g, ex.class_object(o.cls)) for g, o in this.non_null() if not o.opaque]
    return make_ref(ex.program.classes["java.lang.Class"], cases), state


# ----------------------------------------------------------------- String
# Content is abstract in this version: equal contents are equal strings, and
# hashCode is an unknown function of the content (exact for literals).

@model(STRING, "boolean equals(Object)")
def string_equals(ex, state, this, args, line):
    _require_refs(ex, state, args, line, "String.equals")
    terms = []
    for g, s in this.non_null():
        for h, o in args[0].non_null():
            if o.cls.fqname == STRING:
                terms.append(mk_and(g, h, s.content == o.content))
    return _bool(mk_or(ex.ctx, terms)), state


@model(STRING, "int hashCode()")
def string_hash_code(ex, state, this, args, line):
    return _per_object(this.non_null(), ex.string_hash), state


@model(STRING, "int compareTo(String)")
def string_compare_to(ex, state, this, args, line):
    ex.unsupported(state, "String.compareTo (string contents are not modelled yet)", line)


# ------------------------------------------------------------------- Enum
# A project enum's constants are objects made once per check (``ex.enum_constants``);
# equals and hashCode are Object's: identity, and an unknown identity hash per constant.

@model("java.lang.Enum", "int ordinal()")
def enum_ordinal(ex, state, this, args, line):
    return _per_object(this.non_null(), lambda o: z3.BitVecVal(ex.ordinal(o), 32, ex.ctx)), state


@model("java.lang.Enum", "String name()")
def enum_name(ex, state, this, args, line):
    names = [(g, ex.string_literal(ex.constant_name(o)).targets[0]) for g, o in this.non_null()]
    return make_ref(ex.program.classes[STRING], names), state


@model("java.lang.Enum", "int compareTo(E)")
def enum_compare_to(ex, state, this, args, line):
    """The difference of the ordinals; a constant of another enum (through a raw type)
    throws ClassCastException."""
    other = args[0]
    state = ex.null_check(state, other, line)
    foreign = mk_or(ex.ctx, [mk_and(g, h) for g, a in this.non_null() for h, b in other.non_null()
                             if a.cls is not b.cls])
    state = ex.throw(state, foreign, "java.lang.ClassCastException", line)
    ordinals = [(g, ex.ordinal(o) if o.cls.kind == "enum" else 0) for g, o in other.non_null()]
    theirs = _per_object(ordinals, lambda n: z3.BitVecVal(n, 32, ex.ctx))
    ours = enum_ordinal(ex, state, this, [], line)[0]
    return _int(ours.term - theirs.term), state


# ---------------------------------------------------------- boxes, statics

@model("java.lang.Integer", "static int compare(int, int)")
@model("java.lang.Long", "static int compare(long, long)")
def box_compare(ex, state, this, args, line):
    a, b = args
    return _int(_sign_of_difference(a.term, b.term)), state


@model("java.lang.Short", "static int compare(short, short)")
@model("java.lang.Byte", "static int compare(byte, byte)")
@model("java.lang.Character", "static int compare(char, char)")
def small_box_compare(ex, state, this, args, line):
    """These return the difference itself, not its sign."""
    a, b = (semantics.convert(x, INT) for x in args)
    return _int(a.term - b.term), state


@model("java.lang.Boolean", "static int compare(boolean, boolean)")
def boolean_compare(ex, state, this, args, line):
    a, b = (z3.If(x.term, z3.BitVecVal(1, 32, ex.ctx), z3.BitVecVal(0, 32, ex.ctx)) for x in args)
    return _int(_sign_of_difference(a, b)), state


@model("java.lang.Integer", "static int signum(int)")
@model("java.lang.Long", "static int signum(long)")
def signum(ex, state, this, args, line):
    x = args[0].term
    return _int(_sign_of_difference(x, z3.BitVecVal(0, x.size(), ex.ctx))), state


@model("java.lang.Integer", "static int hashCode(int)")
@model("java.lang.Long", "static int hashCode(long)")
@model("java.lang.Short", "static int hashCode(short)")
@model("java.lang.Byte", "static int hashCode(byte)")
@model("java.lang.Character", "static int hashCode(char)")
@model("java.lang.Boolean", "static int hashCode(boolean)")
def box_static_hash_code(ex, state, this, args, line):
    return _int(box_hash(args[0])), state


# ------------------------------------------------------------------- Math

@model("java.lang.Math", "static int abs(int)")
@model("java.lang.Math", "static long abs(long)")
def math_abs(ex, state, this, args, line):
    x = args[0]
    return Prim(x.type, z3.If(x.term < 0, -x.term, x.term)), state


@model("java.lang.Math", "static int min(int, int)")
@model("java.lang.Math", "static long min(long, long)")
def math_min(ex, state, this, args, line):
    a, b = semantics.binary_promote(*args)
    return Prim(a.type, z3.If(a.term <= b.term, a.term, b.term)), state


@model("java.lang.Math", "static int max(int, int)")
@model("java.lang.Math", "static long max(long, long)")
def math_max(ex, state, this, args, line):
    a, b = semantics.binary_promote(*args)
    return Prim(a.type, z3.If(a.term >= b.term, a.term, b.term)), state


@model("java.lang.Math", "static int floorMod(int, int)")
@model("java.lang.Math", "static long floorMod(long, long)")
@model("java.lang.Math", "static int floorMod(long, int)")
def math_floor_mod(ex, state, this, args, line):
    """The result has the divisor's type (Java 9's floorMod(long, int) returns int)."""
    a, b = semantics.binary_promote(*args)
    state = ex.throw(state, b.term == 0, "java.lang.ArithmeticException", line)
    r = z3.SRem(a.term, b.term)
    adjust = z3.And(r != 0, (r ^ b.term) < 0)  # signs differ: move toward the divisor
    return semantics.convert(Prim(a.type, z3.If(adjust, r + b.term, r)), args[1].type), state


# ---------------------------------------------------------------- Objects

@model("java.util.Objects", "static boolean equals(Object, Object)")
def objects_equals(ex, state, this, args, line):
    a, b = args
    if isinstance(a, Prim) and isinstance(b, Prim):  # both boxed: same box type and value
        if a.type is not b.type:
            return _bool(z3.BoolVal(False, ex.ctx)), state
        return semantics.compare("==", a, b), state
    _require_refs(ex, state, args, line, "Objects.equals")
    # a == b || (a != null && a.equals(b))
    identical = ref_eq(ex.ctx, a, b)
    calls = mk_and(mk_not(identical), mk_not(a.null_guard()))
    return ex.call_if(state, calls, a, "equals", [b], line, _bool(identical))


@model("java.util.Objects", "static int hashCode(Object)")
def objects_hash_code(ex, state, this, args, line):
    h, state = _hash_of(ex, state, args[0], line)
    return _int(h), state


@model("java.util.Objects", "static int hash(Object...)")
def objects_hash(ex, state, this, args, line):
    result = z3.BitVecVal(1, 32, ex.ctx)
    for v in args:
        h, state = _hash_of(ex, state, v, line)
        result = 31 * result + h
    return _int(result), state


@model("java.util.Objects", "static Object requireNonNull(Object)")
@model("java.util.Objects", "static Object requireNonNull(Object, String)")
def objects_require_non_null(ex, state, this, args, line):
    v = args[0]
    if isinstance(v, Prim):
        return v, state
    state = ex.throw(state, v.null_guard(), "java.lang.NullPointerException", line)
    return v.narrowed(o for o in v.targets if o is not None), state


# ------------------------------------------------------------- exceptions

for _name, (_kind, _, _sup, _) in list(_CLASSES.items()):
    if _name.endswith(("Exception", "Error", "Throwable")):
        _simple = _name.rpartition(".")[2]
        for _sig in (f"{_simple}()", f"{_simple}(String)", f"{_simple}(String, Throwable)",
                     f"{_simple}(Throwable)"):
            model(_name, _sig)(object_init)
