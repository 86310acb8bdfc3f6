"""Library models: the JDK classes and methods that project code may touch.

A JDK class is a ``ClassInfo`` like any project class; its methods carry a
``model`` instead of a body. Adding a JDK method is one decorated function
here: the decorator holds its Java signature, the body its exact semantics.

A model is called as ``model(ex, state, this, args, line)`` and returns
``(value, state)``. ``ex`` is the executor; the model may use ``ex.ctx``,
``ex.throw``, ``ex.call_method``, ``ex.identity_hash``, ``ex.text_of``, ``ex.string_hash``,
``ex.new_string``, ``ex.class_object`` and ``ex.unsupported``. String semantics
are in ``strings.py``.
"""
from __future__ import annotations

import math
from typing import Callable

import z3

from . import semantics, strings
from .jtypes import (BOOLEAN, CHAR, DOUBLE, FLOAT, INT, LONG, PRIMITIVES, ClassInfo, FieldInfo,
                     MethodInfo, Param)
from .values import Prim, make_ref, merge_values, mk_and, mk_ite, mk_not, mk_or, ref_eq

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
for _box in ("Integer", "Long", "Short", "Byte", "Double", "Float"):
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
                   ("StringIndexOutOfBoundsException", "IndexOutOfBoundsException"),
                   ("NumberFormatException", "IllegalArgumentException")):
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
    ("Double", "NaN"): ("double", math.nan), ("Float", "NaN"): ("float", math.nan),
    ("Double", "POSITIVE_INFINITY"): ("double", math.inf),
    ("Float", "POSITIVE_INFINITY"): ("float", math.inf),
    ("Double", "NEGATIVE_INFINITY"): ("double", -math.inf),
    ("Float", "NEGATIVE_INFINITY"): ("float", -math.inf),
    ("Double", "MAX_VALUE"): ("double", float.fromhex("0x1.fffffffffffffp1023")),
    ("Float", "MAX_VALUE"): ("float", float.fromhex("0x1.fffffep127")),
    ("Double", "MIN_VALUE"): ("double", float.fromhex("0x1p-1074")),
    ("Float", "MIN_VALUE"): ("float", float.fromhex("0x1p-149")),
    ("Double", "MIN_NORMAL"): ("double", float.fromhex("0x1p-1022")),
    ("Float", "MIN_NORMAL"): ("float", float.fromhex("0x1p-126")),
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
        return semantics.long_hash(p.term)
    if p.type.is_floating:
        return semantics.floating_hash(p)
    return semantics.convert(p, INT).term


def canonical_bits(ex, p: Prim) -> Prim:
    """``doubleToLongBits``/``floatToIntBits`` as a named variable (``ex.named``): equals
    and hashCode of one object then share it, and where equals makes two objects' bits
    equal, Z3 puts one for the other instead of proving that two copies of the bit
    arithmetic agree (seconds for two double fields, milliseconds this way)."""
    return ex.named(semantics.fp_bits(p), "bits")


def primitive_hash(ex, p: Prim) -> z3.BitVecRef:
    """hashCode of the box that autoboxing makes of ``p``, floating point by its named bits."""
    return box_hash(canonical_bits(ex, p) if p.type.is_floating else p)


def _hash_of(ex, state, v, line):
    """``Objects.hashCode(v)``: 0 for null, else v.hashCode() (boxed for primitives)."""
    if isinstance(v, Prim):
        return primitive_hash(ex, v), state
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


# ------------------------------------------ objects of classes without source
# See ``Executor.opaque_key``: equals, hashCode and compareTo obey their contracts.

# JDK classes whose natural ordering its Javadoc says is consistent with equals: their
# objects are equal exactly when compareTo returns 0 (BigDecimal's is not: 2.0 vs 2.00).
ORDER_CONSISTENT_WITH_EQUALS = frozenset(
    [f"java.time.{name}" for name in ("Instant", "Duration", "LocalDate", "LocalTime",
                                      "LocalDateTime", "MonthDay", "OffsetDateTime", "OffsetTime",
                                      "Year", "YearMonth", "ZonedDateTime")]
    + ["java.math.BigInteger", "java.util.UUID", "java.util.Date", "java.io.File"])


def obeys_contract(name: str, args) -> bool:
    """Is this a call whose meaning the contracts fix for any class: equals(Object),
    hashCode(), compareTo(T) with a reference argument?"""
    return (name, len(args)) in (("hashCode", 0), ("equals", 1), ("compareTo", 1)) and all(
        not isinstance(a, Prim) for a in args)


def opaque_call(ex, state, this, name, args, line):
    """``this.name(args)`` on opaque objects (``this`` is not null here)."""
    receivers = this.non_null()
    if name == "hashCode":
        return _per_object(receivers, ex.opaque_hash), state
    other = args[0]
    if name == "equals":
        return _bool(mk_or(ex.ctx, [
            mk_and(g, h, ex.opaque_key(o, "equality") == ex.opaque_key(p, "equality"))
            for g, o in receivers for h, p in other.non_null() if p.opaque])), state
    state = ex.throw(state, other.null_guard(), "java.lang.NullPointerException", line)
    known = [p for p in other.targets if p is not None and not p.opaque]
    if known:
        state = ex.stuck_unless(state, other.member_guard(known),
                                f"{receivers[0][1].cls.simple_name}.compareTo of a "
                                f"{known[0].cls.simple_name}", line)
    pairs = [(mk_and(g, h), ex.opaque_comparison(o, p))
             for g, o in receivers for h, p in other.non_null() if p.opaque]
    if not pairs:  # every path threw or got stuck above
        ex.unsupported(state, "compareTo without a comparable argument", line)
    term = pairs[-1][1]
    for g, t in reversed(pairs[:-1]):
        term = mk_ite(g, t, term)
    return _int(term), state


# ----------------------------------------------------------------- String
# Exact contents (strings.py): a length within the bound and 16-bit chars.

def _text_or_null(ex, state, ref, line):
    """The text of a String argument; a null one throws NullPointerException."""
    state = ex.throw(state, ref.null_guard(), "java.lang.NullPointerException", line)
    return ex.text_of(ref), state


@model(STRING, "String()")
@model(STRING, "String(String)")
def string_init(ex, state, this, args, line):
    """A new String: another object, with the argument's text (or none)."""
    text = strings.constant(ex.ctx, "")
    if args:
        text, state = _text_or_null(ex, state, args[0], line)
    this.targets[0].content = text  # a new object: its one target
    return None, state


@model(STRING, "boolean equals(Object)")
def string_equals(ex, state, this, args, line):
    """The same object, or another String of equal text."""
    _require_refs(ex, state, args, line, "String.equals")
    other = args[0]
    if this.id.eq(other.id):
        return _bool(mk_not(other.null_guard())), state
    terms = [ref_eq(ex.ctx, this, other)]
    for g, s in this.non_null():
        for h, o in other.non_null():
            if o.cls.fqname == STRING and o is not s:
                terms.append(mk_and(g, h, strings.equal(ex.text(s), ex.text(o))))
    return _bool(mk_or(ex.ctx, terms)), state


@model(STRING, "int hashCode()")
def string_hash_code(ex, state, this, args, line):
    return _int(ex.string_hash(ex.text_of(this))), state


@model(STRING, "int compareTo(String)")
def string_compare_to(ex, state, this, args, line):
    other, state = _text_or_null(ex, state, args[0], line)
    return _int(strings.compare(ex.text_of(this), other)), state


@model(STRING, "int length()")
def string_length(ex, state, this, args, line):
    return _int(ex.text_of(this).length), state


@model(STRING, "boolean isEmpty()")
def string_is_empty(ex, state, this, args, line):
    return _bool(ex.text_of(this).length == 0), state


@model(STRING, "char charAt(int)")
def string_char_at(ex, state, this, args, line):
    text, index = ex.text_of(this), args[0].term
    state = ex.throw(state, strings.out_of_bounds(text, index),
                     "java.lang.StringIndexOutOfBoundsException", line)
    return Prim(CHAR, strings.char_at(text, index)), state


@model(STRING, "boolean equalsIgnoreCase(String)")
def string_equals_ignore_case(ex, state, this, args, line):
    mine, empty = ex.text_of(this), strings.constant(ex.ctx, "")
    other = strings.merge([(g, empty if o is None else ex.text(o)) for g, o in args[0].cases])
    state = ex.latin1_only(state, [mine, other], "String.equalsIgnoreCase", line)
    same = strings.equals_ignore_case(mine, other, lambda c: _upper(ex, c))
    return _bool(mk_and(mk_not(args[0].null_guard()), same)), state


@model(STRING, "String toLowerCase()")
def string_to_lower_case(ex, state, this, args, line):
    return _case_mapped(ex, state, this, line, upper=False)


@model(STRING, "String toUpperCase()")
def string_to_upper_case(ex, state, this, args, line):
    return _case_mapped(ex, state, this, line, upper=True)


def _case_mapped(ex, state, this, line, upper):
    """A new string, or the string itself where no char changes (as the JDK does)."""
    text = ex.text_of(this)
    what = "String.toUpperCase" if upper else "String.toLowerCase"
    state = ex.latin1_only(state, [text], what, line)
    mapped = ex.new_string(strings.to_upper(text) if upper else strings.to_lower(text), line)
    changed = strings.changes_case(text, upper)
    return merge_values(ex.ctx, this.type, [(changed, mapped), (ex.true, this)]), state


@model(STRING, "String concat(String)")
def string_concat(ex, state, this, args, line):
    """A new string, or this one when the argument is empty (as the JDK does)."""
    mine = ex.text_of(this)
    other, state = _text_or_null(ex, state, args[0], line)
    joined = ex.new_string(strings.concat(mine, other), line)
    return merge_values(ex.ctx, this.type, [(other.length != 0, joined), (ex.true, this)]), state


@model(STRING, "boolean startsWith(String)")
def string_starts_with(ex, state, this, args, line):
    prefix, state = _text_or_null(ex, state, args[0], line)
    return _bool(strings.starts_with(ex.text_of(this), prefix)), state


@model(STRING, "boolean contains(CharSequence)")
def string_contains(ex, state, this, args, line):
    part = args[0]
    others = [o for o in part.targets if o is not None and o.cls.fqname != STRING]
    if others:
        state = ex.stuck_unless(state, part.member_guard(others),
                                f"String.contains of a {others[0].cls.simple_name}", line)
    text, state = _text_or_null(ex, state, part.narrowed(o for o in part.targets if o not in others),
                                line)
    return _bool(strings.contains(ex.text_of(this), text)), state


@model(STRING, "String toString()")
def string_to_string(ex, state, this, args, line):
    return this, state


@model(STRING, "static String valueOf(int)")
@model(STRING, "static String valueOf(long)")
@model(STRING, "static String valueOf(char)")
@model(STRING, "static String valueOf(boolean)")
def string_value_of(ex, state, this, args, line):
    text, state = ex.string_conversion(state, args[0], line)
    return ex.new_string(text, line), state


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
@model("java.lang.Double", "static int hashCode(double)")
@model("java.lang.Float", "static int hashCode(float)")
def box_static_hash_code(ex, state, this, args, line):
    return _int(primitive_hash(ex, args[0])), state


@model("java.lang.Double", "static int compare(double, double)")
@model("java.lang.Float", "static int compare(float, float)")
def floating_compare(ex, state, this, args, line):
    """Not by ``<``: -0.0 is less than 0.0, and NaN equals itself and is greater than
    everything else. That order is the signed order of the bits with the negative
    numbers' reversed, which keeps floating-point comparisons out of the formula; and
    ``compare(a, b) == 0`` is the equality of their named bits (``canonical_bits``)."""
    a, b = (canonical_bits(ex, x).term for x in args)
    minus, zero, plus = (z3.BitVecVal(v, 32, ex.ctx) for v in (-1, 0, 1))
    less = semantics.total_order_key(a) < semantics.total_order_key(b)
    return _int(z3.If(a == b, zero, z3.If(less, minus, plus))), state


@model("java.lang.Double", "static long doubleToLongBits(double)")
@model("java.lang.Float", "static int floatToIntBits(float)")
def floating_to_bits(ex, state, this, args, line):
    return canonical_bits(ex, args[0]), state


@model("java.lang.Double", "static long doubleToRawLongBits(double)")
@model("java.lang.Float", "static int floatToRawIntBits(float)")
def floating_to_raw_bits(ex, state, this, args, line):
    return semantics.fp_raw_bits(args[0]), state


@model("java.lang.Double", "static double longBitsToDouble(long)")
@model("java.lang.Float", "static float intBitsToFloat(int)")
def floating_from_bits(ex, state, this, args, line):
    bits = args[0]
    return semantics.fp_from_bits(bits, DOUBLE if bits.type is LONG else FLOAT), state


@model("java.lang.Double", "static boolean isNaN(double)")
@model("java.lang.Float", "static boolean isNaN(float)")
def floating_is_nan(ex, state, this, args, line):
    return _bool(z3.fpIsNaN(args[0].term, ex.ctx)), state


@model("java.lang.Double", "static boolean isInfinite(double)")
@model("java.lang.Float", "static boolean isInfinite(float)")
def floating_is_infinite(ex, state, this, args, line):
    return _bool(z3.fpIsInf(args[0].term, ex.ctx)), state


@model("java.lang.Double", "static boolean isFinite(double)")
@model("java.lang.Float", "static boolean isFinite(float)")
def floating_is_finite(ex, state, this, args, line):
    x = args[0].term
    return _bool(mk_not(z3.Or(z3.fpIsNaN(x, ex.ctx), z3.fpIsInf(x, ex.ctx)))), state


def _upper(ex, c):
    """A char's upper case, named: equalsIgnoreCase equates upper cases, and code that
    hashes them then hashes equal variables, which the solver substitutes."""
    return ex.named(Prim(CHAR, strings.upper_char(c)), "upper").term


@model("java.lang.Character", "static char toUpperCase(char)")
def character_to_upper_case(ex, state, this, args, line):
    state = ex.latin1_only(state, [strings.value_of(args[0])], "Character.toUpperCase", line)
    return Prim(CHAR, _upper(ex, args[0].term)), state


@model("java.lang.Character", "static char toLowerCase(char)")
def character_to_lower_case(ex, state, this, args, line):
    state = ex.latin1_only(state, [strings.value_of(args[0])], "Character.toLowerCase", line)
    return Prim(CHAR, strings.lower_char(args[0].term)), state


# ------------------------------------------------------------------- Math

@model("java.lang.Math", "static int abs(int)")
@model("java.lang.Math", "static long abs(long)")
def math_abs(ex, state, this, args, line):
    x = args[0]
    return Prim(x.type, z3.If(x.term < 0, -x.term, x.term)), state


@model("java.lang.Math", "static double abs(double)")
@model("java.lang.Math", "static float abs(float)")
def math_abs_floating(ex, state, this, args, line):
    """abs(-0.0) is 0.0; abs(NaN) is NaN."""
    x = args[0]
    return Prim(x.type, z3.fpAbs(x.term, ex.ctx)), state


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


@model("java.lang.Math", "static double min(double, double)")
@model("java.lang.Math", "static float min(float, float)")
def math_min_floating(ex, state, this, args, line):
    return _floating_extreme(ex, args, "<", negative_zero=True), state


@model("java.lang.Math", "static double max(double, double)")
@model("java.lang.Math", "static float max(float, float)")
def math_max_floating(ex, state, this, args, line):
    return _floating_extreme(ex, args, ">", negative_zero=False), state


def _floating_extreme(ex, args, op, negative_zero):
    """Math.min/max on floating point: NaN if either is NaN; of 0.0 and -0.0, min is -0.0
    and max is 0.0 (IEEE leaves that open, and so does Z3's fpMin)."""
    a, b = args
    nan = z3.Or(z3.fpIsNaN(a.term, ex.ctx), z3.fpIsNaN(b.term, ex.ctx))
    # of two equal values only zeros differ: keep a where its sign is the one wanted
    keep_a = z3.Or(semantics.compare(op, a, b).term,
                   z3.And(semantics.compare("==", a, b).term,
                          z3.fpIsNegative(a.term, ex.ctx) == negative_zero))
    return Prim(a.type, z3.If(nan, z3.fpNaN(semantics.fp_sort(ex.ctx, a.type)),
                              z3.If(keep_a, a.term, b.term)))


@model("java.lang.Math", "static double signum(double)")
@model("java.lang.Math", "static float signum(float)")
def math_signum_floating(ex, state, this, args, line):
    """±1.0, or the argument itself when it is ±0.0 or NaN."""
    x = args[0]
    one, minus_one = (semantics.constant(ex.ctx, x.type, v).term for v in (1, -1))
    keep = z3.Or(z3.fpIsZero(x.term, ex.ctx), z3.fpIsNaN(x.term, ex.ctx))
    return Prim(x.type, z3.If(keep, x.term, z3.If(z3.fpIsNegative(x.term, ex.ctx), minus_one, one))), state


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
        if a.type.is_floating:
            a, b = canonical_bits(ex, a), canonical_bits(ex, b)
        return _bool(semantics.box_equals(a, b)), state
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
