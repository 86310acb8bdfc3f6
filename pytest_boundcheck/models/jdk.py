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
import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable

import z3

from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex import strings
from pytest_boundcheck.frontend.types import (BOOLEAN, BYTE, CHAR, DOUBLE, FLOAT, INT, LONG, NULL, PRIMITIVES, SHORT,
                     ClassInfo, FieldInfo, JType, MethodInfo, Param, PrimType)
from pytest_boundcheck.symex.values import (Prim, make_ref, merge_values, mk_and, mk_ite, mk_not, mk_or, ref_eq,
                     same_object)

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
    "java.lang.System": ("class", "final", OBJECT, ()),
    "java.util.Objects": ("class", "final", OBJECT, ()),
    "java.util.Arrays": ("class", "final", OBJECT, ()),
    "java.util.Collections": ("class", "", OBJECT, ()),
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
                   ("NegativeArraySizeException", "RuntimeException"),
                   ("ArrayStoreException", "RuntimeException"),
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
        "java.util.function.ToIntFunction": (), "java.util.function.ToLongFunction": (),
        "java.util.function.ToDoubleFunction": (),
        "java.util.function.UnaryOperator": ("java.util.function.Function",),
        "java.util.function.BinaryOperator": ("java.util.function.BiFunction",),
        "java.lang.reflect.Type": (), "java.lang.reflect.ParameterizedType": ("java.lang.reflect.Type",),
        "java.lang.reflect.GenericArrayType": ("java.lang.reflect.Type",),
        "java.lang.reflect.WildcardType": ("java.lang.reflect.Type",),
        "java.lang.reflect.TypeVariable": ("java.lang.reflect.Type",),
        "java.lang.annotation.Annotation": ()}.items():
    _CLASSES[_name] = ("interface", "", None, _supers)

# The class of every lambda and method reference (``functional.py``): it implements all the
# functional interfaces above, and a call of an abstract method on it runs its body.
LAMBDA = "<lambda>"
_CLASSES[LAMBDA] = ("class", "final", OBJECT, ("java.lang.Runnable", "java.util.Comparator", *(
    n for n in _CLASSES if n.startswith("java.util.function."))))

# type variables of generic JDK types whose methods the models declare with them
_TYPE_VARS = {"java.lang.Comparable": ("T",), "java.lang.Enum": ("E",),
              "java.util.Comparator": ("T",), "java.util.function.Function": ("T", "R"),
              **dict.fromkeys(["java.util.function.ToIntFunction", "java.util.function.ToLongFunction",
                               "java.util.function.ToDoubleFunction"], ("T",))}

# methods every class has from Object; JDK classes other than these override them
OBJECT_METHODS = frozenset({"equals", "hashCode", "toString"})


# The equals of library classes the class table does not model, where project classes
# extend them: "identity" (they keep Object's), "class" (equal only to objects of the
# receiver's exact class, by a getClass() test first) or the interface whose objects alone
# they may equal (``AbstractSet``: any ``Set``). Read by the harness stage.
LIBRARY_EQUALS = {
    "java.text.MessageFormat": "class",
    **dict.fromkeys(["java.text.Format", "java.util.TimeZone", "java.util.StringTokenizer",
                     "java.io.Reader", "java.io.Writer", "java.io.InputStream",
                     "java.io.OutputStream", "java.io.ObjectInputStream",
                     "java.io.ObjectOutputStream", "java.lang.Thread", "java.lang.ClassLoader",
                     "java.util.Spliterators.AbstractSpliterator", "java.util.AbstractCollection",
                     "java.util.AbstractQueue", "java.lang.ref.WeakReference",
                     "java.lang.ref.SoftReference", "java.lang.ref.PhantomReference",
                     "java.util.concurrent.locks.ReentrantLock",
                     "java.util.concurrent.locks.ReentrantReadWriteLock",
                     "java.util.concurrent.locks.AbstractOwnableSynchronizer",
                     "java.util.concurrent.locks.AbstractQueuedSynchronizer",
                     "java.util.concurrent.atomic.AtomicReference",
                     "java.util.concurrent.atomic.AtomicInteger",
                     "java.util.concurrent.atomic.AtomicLong", "java.util.concurrent.FutureTask",
                     "java.util.concurrent.Semaphore",
                     "java.util.concurrent.AbstractExecutorService", "java.io.FilterInputStream",
                     "java.io.FilterOutputStream", "java.io.ByteArrayOutputStream",
                     "java.io.IOException", "java.util.concurrent.TimeoutException"], "identity"),
    **dict.fromkeys(["java.util.AbstractSet", "java.util.EnumSet"], "java.util.Set"),
    **dict.fromkeys(["java.util.AbstractList", "java.util.AbstractSequentialList"],
                    "java.util.List"),
    **dict.fromkeys(["java.util.AbstractMap", "java.util.IdentityHashMap", "java.util.EnumMap"],
                    "java.util.Map"),
}


def _library_supertypes() -> dict[str, tuple[str | None, tuple[str, ...]]]:
    """Every public type of the Java SE API (JDK 17) -> (its superclass, None for an
    interface; the interfaces it implements directly), as ``tools/JdkSupertypes.java``
    prints them. A project class with such a supertype is a subtype of those and of no
    other type (a ScheduledFuture is not a Set), so an instanceof test on it is decided."""
    table = {}
    for line in (Path(__file__).parent.parent / "frontend" / "jdk_supertypes.txt").read_text().splitlines():
        name, superclass, *interfaces = line.split()
        table[name] = (None if superclass == "-" else superclass, tuple(interfaces))
    return table


LIBRARY_SUPERTYPES = _library_supertypes()


def is_library_interface(cls: ClassInfo) -> bool:
    """Is this class without source an interface of the Java SE API? (In the table an
    interface has no superclass, as ``java.lang.Object`` has none.)"""
    return (cls.origin == "external" and cls.fqname in LIBRARY_SUPERTYPES
            and cls.fqname != OBJECT and LIBRARY_SUPERTYPES[cls.fqname][0] is None)


def library_superclass(cls: ClassInfo) -> ClassInfo | None:
    """The library class without source above a project class (or a JDK class whose equals
    the class table names but does not model: AbstractMap), unless it keeps Object's
    equals and hashCode: its part of the object is unknown, and its equals and hashCode
    (inherited, or called by ``super``) compare that part by a key, as for an object
    without source."""
    above = cls.superclass if cls.is_project else None
    while above is not None and above.is_project:
        above = above.superclass
    if above is None or above.origin not in ("external", "jdk"):
        return None
    known = LIBRARY_EQUALS.get(above.fqname)
    if known == "identity" or (known is None and above.origin == "jdk"):
        return None
    return above


def keeps_object_methods(cls: ClassInfo) -> bool:
    """Does this JDK class use Object's equals, hashCode and toString?"""
    return cls.fqname in (OBJECT, "java.lang.Class", LAMBDA) or cls.element is not None or \
        is_throwable(cls)


def is_throwable(cls: ClassInfo) -> bool:
    return any(t.fqname == "java.lang.Throwable" for t in cls.supertypes())

# static final constants: (class, name) -> (type, value)
_CONSTANTS = {
    ("Integer", "MIN_VALUE"): ("int", -(1 << 31)), ("Integer", "MAX_VALUE"): ("int", (1 << 31) - 1),
    ("Long", "MIN_VALUE"): ("long", -(1 << 63)), ("Long", "MAX_VALUE"): ("long", (1 << 63) - 1),
    ("Short", "MIN_VALUE"): ("short", -(1 << 15)), ("Short", "MAX_VALUE"): ("short", (1 << 15) - 1),
    ("Byte", "MIN_VALUE"): ("byte", -128), ("Byte", "MAX_VALUE"): ("byte", 127),
    ("Character", "MIN_VALUE"): ("char", 0), ("Character", "MAX_VALUE"): ("char", 0xFFFF),
    ("Integer", "SIZE"): ("int", 32), ("Long", "SIZE"): ("int", 64),
    ("Boolean", "TRUE"): ("java.lang.Boolean", True), ("Boolean", "FALSE"): ("java.lang.Boolean", False),
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
    ("Math", "PI"): ("double", math.pi), ("Math", "E"): ("double", math.e),  # the same doubles
}

# methods the class table declares without a model: abstract ones, and ones a
# call resolves to but the engine reports as unsupported
_DECLARED = (
    ("java.lang.Comparable", "abstract int compareTo(T)"),
    (OBJECT, "String toString()"),
)

_MODELS: list[tuple[str, str, Callable | None]] = []


def constant(owner: str, name: str, type_: str, value) -> None:
    """Register a static final field of ``java.lang.{owner}``: a number, or a callable
    ``value(ex)`` that makes its value (once per check)."""
    _CONSTANTS[(owner, name)] = (type_, value)


def model(owner: str, signature: str):
    """Register a model, e.g. ``@model("java.lang.Math", "static int abs(int)")``."""
    def register(fn: Callable) -> Callable:
        _MODELS.append((owner, signature, fn))
        return fn
    return register


def array_class(classes: dict[str, ClassInfo], element) -> ClassInfo:
    """The class of arrays of ``element`` (made once per class table): an Object that is
    Cloneable and Serializable, with a ``clone()`` that copies it."""
    name = (element.fqname if isinstance(element, ClassInfo) else str(element)) + "[]"
    if name not in classes:
        cls = ClassInfo(name, "array", frozenset({"final"}), origin="jdk", element=element,
                        superclass=classes[OBJECT],
                        interfaces=[classes["java.lang.Cloneable"], classes["java.io.Serializable"]])
        cls.methods.append(MethodInfo("clone", cls, [], cls, model=array_clone))
        classes[name] = cls
    return classes[name]


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
    for name, type_vars in _TYPE_VARS.items():
        classes[name].type_vars = dict.fromkeys(type_vars, classes[OBJECT])
    for (owner, fname), (tname, value) in _CONSTANTS.items():
        cls = classes[f"java.lang.{owner}"]
        ftype = PRIMITIVES[tname] if tname in PRIMITIVES else classes[tname]
        cls.fields[fname] = FieldInfo(fname, ftype, cls, static=True, final=True, init=value)
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
        if word.endswith("[]"):
            return array_class(classes, jtype(word[:-2]))
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


def _sign_of_difference(x, y, less=lambda a, b: a < b):
    """-1, 0 or 1 as an int, comparing two bit-vectors of one width (signed unless ``less``)."""
    ctx = x.ctx
    return z3.If(less(x, y), z3.BitVecVal(-1 % (1 << 32), 32, ctx),
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


def _compare_signs(ex, a: Prim, b: Prim):
    """Integer.compare and Long.compare: the sign of the difference."""
    return _sign_of_difference(a.term, b.term)


def _compare_difference(ex, a: Prim, b: Prim):
    """Short, Byte and Character.compare return the difference itself, not its sign."""
    return semantics.convert(a, INT).term - semantics.convert(b, INT).term


def _compare_booleans(ex, a: Prim, b: Prim):
    """Boolean.compare: false before true."""
    one, zero = (z3.BitVecVal(v, 32, a.term.ctx) for v in (1, 0))
    return _sign_of_difference(z3.If(a.term, one, zero), z3.If(b.term, one, zero))


def _same_value(ex, a: Prim, b: Prim) -> z3.BoolRef:
    return a.term == b.term


def _value_hash(ex, p: Prim) -> z3.BitVecRef:
    return box_hash(p)


def _compare_floating(ex, a: Prim, b: Prim):
    """Double.compare and Float.compare. Not by ``<``: -0.0 is less than 0.0, and NaN
    equals itself and is greater than everything else. That order is the signed order of
    the bits with the negative numbers' reversed, which keeps floating-point comparisons
    out of the formula; and ``compare(a, b) == 0`` is the equality of their named bits
    (``canonical_bits``)."""
    x, y = canonical_bits(ex, a).term, canonical_bits(ex, b).term
    minus, zero, plus = (z3.BitVecVal(v, 32, ex.ctx) for v in (-1, 0, 1))
    less = semantics.total_order_key(x) < semantics.total_order_key(y)
    return z3.If(x == y, zero, z3.If(less, minus, plus))


def _same_bits(ex, a: Prim, b: Prim) -> z3.BoolRef:
    """Double.equals and Float.equals: equal canonical bits (NaN equals NaN, 0.0 is not -0.0)."""
    return canonical_bits(ex, a).term == canonical_bits(ex, b).term


def _bits_hash(ex, p: Prim) -> z3.BitVecRef:
    return box_hash(canonical_bits(ex, p))


@dataclass(frozen=True)
class Box:
    """A box class (JLS 5.1.7): the primitive it holds, the values whose box ``valueOf``
    shares (a range; True: every value; False: none), and how its equals, hashCode and
    compareTo see the value. Double and Float are one entry each with their own rules."""
    prim: PrimType
    cache: tuple[int, int] | bool
    compare: Callable  # (ex, a, b) -> int term
    equal: Callable = _same_value  # (ex, a, b) -> bool term
    hash: Callable = _value_hash  # (ex, p) -> int term

    def shared(self, p: Prim) -> z3.BoolRef:
        """Is the box of ``p`` the one cached box of its value?"""
        if isinstance(self.cache, bool):
            return z3.BoolVal(self.cache, p.term.ctx)
        lo, hi = (semantics.constant(p.term.ctx, self.prim, v) for v in self.cache)
        return mk_and(semantics.compare("<=", lo, p).term, semantics.compare("<=", p, hi).term)


BOXES = {
    "java.lang.Integer": Box(INT, (-128, 127), _compare_signs),
    "java.lang.Long": Box(LONG, (-128, 127), _compare_signs),
    "java.lang.Short": Box(SHORT, (-128, 127), _compare_difference),
    "java.lang.Byte": Box(BYTE, True, _compare_difference),
    "java.lang.Character": Box(CHAR, (0, 127), _compare_difference),
    "java.lang.Boolean": Box(BOOLEAN, True, _compare_booleans),
    "java.lang.Double": Box(DOUBLE, False, _compare_floating, _same_bits, _bits_hash),
    "java.lang.Float": Box(FLOAT, False, _compare_floating, _same_bits, _bits_hash),
}


def box_class(t: PrimType) -> str:
    """The box class of a primitive type (JLS 5.1.7)."""
    return next(name for name, box in BOXES.items() if box.prim is t)


def unboxed_type(t: JType) -> PrimType | None:
    """The primitive type a value of type ``t`` is as a number: its own, or its box's."""
    if isinstance(t, PrimType):
        return t
    box = BOXES.get(t.fqname) if isinstance(t, ClassInfo) else None
    return box.prim if box is not None else None


def each_box(signature: str):
    """Register a model for every box class; ``{t}`` in the signature stands for its
    primitive type, ``{B}`` for its simple name. The model gets the ``Box`` first."""
    def register(fn: Callable) -> Callable:
        for name, box in BOXES.items():
            model(name, signature.format(t=box.prim, B=name.rpartition(".")[2]))(partial(fn, box))
        return fn
    return register


def _hash_of(ex, state, v, line):
    """``Objects.hashCode(v)``: 0 for null, else v.hashCode()."""
    zero = _int(z3.BitVecVal(0, 32, ex.ctx))
    h, state = ex.call_if(state, mk_not(v.null_guard()), v, "hashCode", [], line, zero)
    return ex.named(h, "hashCode").term, state


def _per_object(cases, term_of):
    """An int term choosing ``term_of(object)`` by the reference's case guards."""
    term = term_of(cases[-1][1])
    for g, o in reversed(cases[:-1]):
        term = mk_ite(g, term_of(o), term)
    return _int(term)


# ----------------------------------------------------------------- Object

@model(OBJECT, "Object()")
@model("java.lang.Enum", "Enum()")
@model("java.lang.Number", "Number()")
def object_init(ex, state, this, args, line):
    return None, state


@model(OBJECT, "boolean equals(Object)")
def object_equals(ex, state, this, args, line):
    return _bool(ref_eq(ex.ctx, this, args[0])), state


@model(OBJECT, "int hashCode()")
def object_hash_code(ex, state, this, args, line):
    return _per_object(this.non_null(), ex.identity_hash), state


@model(OBJECT, "Class getClass()")
def object_get_class(ex, state, this, args, line):
    unknown = [o for o in this.targets if o is not None and o.class_unknown]
    if unknown:
        state = ex.stuck_unless(state, this.member_guard(unknown),
                                f"getClass() of a {unknown[0].cls.simple_name} (its class is unknown)", line)
    cases = [(g, ex.class_object(o.cls)) for g, o in this.non_null() if not o.class_unknown]
    return make_ref(ex.program.classes[CLASS], cases), state


CLASS = "java.lang.Class"


def class_name(cls: ClassInfo) -> str | None:
    """``Class.getName()``: the binary name, nested classes after a '$'; None for names
    the class table does not know exactly (arrays, local and anonymous classes)."""
    if cls.element is not None or not cls.fqname.rpartition(".")[2].isidentifier():
        return None
    if cls.outer is None:
        return cls.fqname
    outer = class_name(cls.outer)
    return outer and f"{outer}${cls.fqname.rpartition('.')[2]}"


def class_text(cls: ClassInfo) -> str | None:
    """``Class.toString()``: "class " or "interface " and the name."""
    name = class_name(cls)
    return name and f"{'interface' if cls.is_interface else 'class'} {name}"


@model(CLASS, "String getName()")
def class_get_name(ex, state, this, args, line):
    """The name, one String per class (the JVM keeps it)."""
    unknown = [o for o in this.targets if o is not None and (o.meta is None or class_name(o.meta) is None)]
    if unknown:
        state = ex.stuck_unless(state, this.member_guard(unknown), "the name of a class the "
                                "class table does not name exactly", line)
    cases = [(g, ex.string_literal(class_name(o.meta)).targets[0])
             for g, o in this.non_null() if o not in unknown]
    return make_ref(ex.program.classes[STRING], cases), state


@model(CLASS, "boolean isAssignableFrom(Class)")
def class_is_assignable_from(ex, state, this, args, line):
    """``A.class.isAssignableFrom(B.class)``: B is A or a subtype of it, where the class
    table can tell."""
    other = args[0]
    state = ex.throw(state, other.null_guard(), "java.lang.NullPointerException", line)
    pairs = [(mk_and(g, h), o.meta, p.meta) for g, o in this.non_null() for h, p in other.non_null()]
    unknown = mk_or(ex.ctx, [g for g, a, b in pairs if a is None or b is None
                             or b.subtype_decided(a) is None])
    pairs = [(g, a, b) for g, a, b in pairs if a is not None and b is not None]
    state = ex.stuck_unless(state, unknown, "Class.isAssignableFrom of a class without source", line)
    return _bool(mk_or(ex.ctx, [g for g, a, b in pairs if b.subtype_decided(a)])), state


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
    """``this.name(args)`` on keyed objects (``ex.keyed``), or by the library part of
    project objects (``library_superclass``); ``this`` is not null here."""
    receivers = this.non_null()
    if name == "hashCode":
        return _per_object(receivers, ex.opaque_hash), state
    other = args[0]
    if name == "equals":
        return _bool(mk_or(ex.ctx, [
            mk_and(g, h, ex.opaque_key(o, "equality") == ex.opaque_key(p, "equality"))
            for g, o in receivers for h, p in other.non_null()
            if ex.keyed(p) or library_superclass(p.cls) is not None])), state
    state = ex.throw(state, other.null_guard(), "java.lang.NullPointerException", line)
    known = [p for p in other.targets if p is not None and not ex.keyed(p)]
    if known:
        state = ex.stuck_unless(state, other.member_guard(known),
                                f"{receivers[0][1].cls.simple_name}.compareTo of a "
                                f"{known[0].cls.simple_name}", line)
    pairs = [(mk_and(g, h), ex.opaque_comparison(o, p))
             for g, o in receivers for h, p in other.non_null() if ex.keyed(p)]
    if not pairs:  # every path threw or got stuck above
        ex.unsupported(state, "compareTo without a comparable argument", line)
    term = pairs[-1][1]
    for g, t in reversed(pairs[:-1]):
        term = mk_ite(g, t, term)
    return _int(term), state


# Methods without code or model whose names say they are not functions of their inputs:
# they read a clock, a random source or a stream, or change their receiver. The others
# are taken as deterministic functions (``Executor._call_without_code``).
NOT_FUNCTIONS = re.compile(r"(next|has(Next|More)|read|write|add|put|remove|set|clear|append|insert"
                           r"|delete|increment|decrement|getAnd|compute|poll|offer|push|pop|reset"
                           r"|flush|close|update|store|load|submit|execute|invoke|call|run|start"
                           r"|random|now|currentTimeMillis|nanoTime)([A-Z0-9_].*)?")


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


# ------------------------------------------------------------------ boxes
# A box is an object whose ``content`` is its primitive value; ``ex.box`` and
# ``ex.unbox`` are the conversions, ``BOXES`` says how each class treats the value.

@each_box("boolean equals(Object)")
def box_equals(box, ex, state, this, args, line):
    """True for a box of the same class holding an equal value."""
    terms = [mk_and(g, h, box.equal(ex, _content(box, s), _content(box, o)))
             for g, s in this.non_null() for h, o in args[0].non_null() if o.cls is s.cls]
    return _bool(mk_or(ex.ctx, terms)), state


@each_box("int hashCode()")
def box_hash_code(box, ex, state, this, args, line):
    return _per_object(this.non_null(), lambda o: box.hash(ex, _content(box, o))), state


@each_box("int compareTo({B})")
def box_compare_to(box, ex, state, this, args, line):
    a, state = ex.unbox(state, this, line)
    b, state = ex.unbox(state, args[0], line)
    return _int(box.compare(ex, a, b)), state


@model("java.lang.Character", "char charValue()")
@model("java.lang.Boolean", "boolean booleanValue()")
def box_value(ex, state, this, args, line):
    return ex.unbox(state, this, line)


def number_value(t: PrimType, ex, state, this, args, line):
    """Number.intValue() and its siblings: the value, converted as a cast converts it."""
    return ex.unbox(state, this, line, t)


for _t in (INT, LONG, SHORT, BYTE):
    model("java.lang.Number", f"{_t} {_t}Value()")(partial(number_value, _t))


@each_box("static {B} valueOf({t})")
def box_value_of(box, ex, state, this, args, line):
    return ex.box(args[0], line), state


@each_box("static int compare({t}, {t})")
def box_compare(box, ex, state, this, args, line):
    return _int(box.compare(ex, *args)), state


@each_box("static int hashCode({t})")
def box_static_hash_code(box, ex, state, this, args, line):
    return _int(box.hash(ex, args[0])), state


def _content(box: Box, obj) -> Prim:
    return Prim(box.prim, obj.content)


# ---------------------------------------------- Integer and Long bit twiddling

@model("java.lang.Integer", "static int signum(int)")
@model("java.lang.Long", "static int signum(long)")
def signum(ex, state, this, args, line):
    x = args[0].term
    return _int(_sign_of_difference(x, z3.BitVecVal(0, x.size(), ex.ctx))), state


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


@model("java.lang.Integer", "static int compareUnsigned(int, int)")
@model("java.lang.Long", "static int compareUnsigned(long, long)")
def compare_unsigned(ex, state, this, args, line):
    return _int(_sign_of_difference(args[0].term, args[1].term, z3.ULT)), state


@model("java.lang.Integer", "static int bitCount(int)")
@model("java.lang.Long", "static int bitCount(long)")
def bit_count(ex, state, this, args, line):
    x = args[0].term
    return _int(z3.Sum([z3.ZeroExt(31, z3.Extract(i, i, x)) for i in range(x.size())])), state


@model("java.lang.Integer", "static int numberOfLeadingZeros(int)")
@model("java.lang.Long", "static int numberOfLeadingZeros(long)")
def number_of_leading_zeros(ex, state, this, args, line):
    x = args[0].term
    return _int(_first_one(x, reversed(range(x.size())))), state


@model("java.lang.Integer", "static int numberOfTrailingZeros(int)")
@model("java.lang.Long", "static int numberOfTrailingZeros(long)")
def number_of_trailing_zeros(ex, state, this, args, line):
    x = args[0].term
    return _int(_first_one(x, range(x.size()))), state


def _first_one(x, positions):
    """How many bits of ``x``, visited in ``positions`` order, come before the first 1."""
    positions = list(positions)
    term = z3.BitVecVal(len(positions), 32, x.ctx)
    for k, i in reversed(list(enumerate(positions))):
        term = z3.If(z3.Extract(i, i, x) == 1, z3.BitVecVal(k, 32, x.ctx), term)
    return term


@model("java.lang.Integer", "static int highestOneBit(int)")
@model("java.lang.Long", "static long highestOneBit(long)")
def highest_one_bit(ex, state, this, args, line):
    x = args[0]
    top = z3.BitVecVal(1 << (x.type.bits - 1), x.type.bits, ex.ctx)
    shift = z3.ZeroExt(x.type.bits - 32, _first_one(x.term, reversed(range(x.type.bits))))
    return Prim(x.type, x.term & z3.LShR(top, shift)), state


@model("java.lang.Integer", "static int lowestOneBit(int)")
@model("java.lang.Long", "static long lowestOneBit(long)")
def lowest_one_bit(ex, state, this, args, line):
    x = args[0]
    return Prim(x.type, x.term & -x.term), state


@model("java.lang.Integer", "static int reverse(int)")
@model("java.lang.Long", "static long reverse(long)")
def reverse_bits(ex, state, this, args, line):
    x = args[0]
    return Prim(x.type, z3.Concat([z3.Extract(i, i, x.term) for i in range(x.type.bits)])), state


@model("java.lang.Integer", "static int reverseBytes(int)")
@model("java.lang.Long", "static long reverseBytes(long)")
def reverse_bytes(ex, state, this, args, line):
    x = args[0]
    return Prim(x.type, z3.Concat([z3.Extract(i + 7, i, x.term) for i in range(0, x.type.bits, 8)])), state


@model("java.lang.Integer", "static int rotateLeft(int, int)")
@model("java.lang.Long", "static long rotateLeft(long, int)")
def rotate_left(ex, state, this, args, line):
    x, distance = args
    return Prim(x.type, z3.RotateLeft(x.term, _rotation(x, distance))), state


@model("java.lang.Integer", "static int rotateRight(int, int)")
@model("java.lang.Long", "static long rotateRight(long, int)")
def rotate_right(ex, state, this, args, line):
    x, distance = args
    return Prim(x.type, z3.RotateRight(x.term, _rotation(x, distance))), state


def _rotation(x: Prim, distance: Prim):
    """The distance as the shifts inside rotate use it: masked to the width."""
    return semantics.convert(distance, x.type).term & (x.type.bits - 1)


@model("java.lang.Integer", "static long toUnsignedLong(int)")
@model("java.lang.Short", "static long toUnsignedLong(short)")
@model("java.lang.Byte", "static long toUnsignedLong(byte)")
def to_unsigned_long(ex, state, this, args, line):
    x = args[0]
    return Prim(LONG, z3.ZeroExt(64 - x.type.bits, x.term)), state


@model("java.lang.Short", "static int toUnsignedInt(short)")
@model("java.lang.Byte", "static int toUnsignedInt(byte)")
def to_unsigned_int(ex, state, this, args, line):
    x = args[0]
    return _int(z3.ZeroExt(32 - x.type.bits, x.term)), state


def _division(ex, state, args, line):
    """The promoted operands of a division, where the divisor is not zero
    (ArithmeticException where it is)."""
    a, b = semantics.binary_promote(*args)
    return a, b, ex.throw(state, b.term == 0, "java.lang.ArithmeticException", line, "/ by zero")


def _unsigned(op, ex, state, this, args, line):
    """Integer.divideUnsigned and its siblings."""
    a, b, state = _division(ex, state, args, line)
    return Prim(a.type, op(a.term, b.term)), state


for _name, _op in (("divideUnsigned", z3.UDiv), ("remainderUnsigned", z3.URem)):
    model("java.lang.Integer", f"static int {_name}(int, int)")(partial(_unsigned, _op))
    model("java.lang.Long", f"static long {_name}(long, long)")(partial(_unsigned, _op))


@model("java.lang.Integer", "static int sum(int, int)")
@model("java.lang.Long", "static long sum(long, long)")
def box_sum(ex, state, this, args, line):
    return semantics.arithmetic("+", *args), state


@model("java.lang.Boolean", "static boolean logicalAnd(boolean, boolean)")
def logical_and(ex, state, this, args, line):
    return _bool(mk_and(args[0].term, args[1].term)), state


@model("java.lang.Boolean", "static boolean logicalOr(boolean, boolean)")
def logical_or(ex, state, this, args, line):
    return _bool(mk_or(ex.ctx, [args[0].term, args[1].term])), state


@model("java.lang.Boolean", "static boolean logicalXor(boolean, boolean)")
def logical_xor(ex, state, this, args, line):
    return _bool(z3.Xor(args[0].term, args[1].term)), state


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
@model("java.lang.Integer", "static int min(int, int)")
@model("java.lang.Long", "static long min(long, long)")
def math_min(ex, state, this, args, line):
    a, b = semantics.binary_promote(*args)
    return Prim(a.type, z3.If(a.term <= b.term, a.term, b.term)), state


@model("java.lang.Math", "static int max(int, int)")
@model("java.lang.Math", "static long max(long, long)")
@model("java.lang.Integer", "static int max(int, int)")
@model("java.lang.Long", "static long max(long, long)")
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
    a, b, state = _division(ex, state, args, line)
    r = z3.SRem(a.term, b.term)
    adjust = z3.And(r != 0, (r ^ b.term) < 0)  # signs differ: move toward the divisor
    return semantics.convert(Prim(a.type, z3.If(adjust, r + b.term, r)), args[1].type), state


@model("java.lang.Math", "static int floorDiv(int, int)")
@model("java.lang.Math", "static long floorDiv(long, long)")
@model("java.lang.Math", "static long floorDiv(long, int)")
def math_floor_div(ex, state, this, args, line):
    """The quotient rounded toward negative infinity; MIN_VALUE / -1 wraps as ``/`` does."""
    a, b, state = _division(ex, state, args, line)
    q = a.term / b.term
    adjust = z3.And((a.term ^ b.term) < 0, q * b.term != a.term)
    return Prim(a.type, z3.If(adjust, q - 1, q)), state


def _exact(op: str, ex, state, this, args, line):
    """Math.addExact and its siblings: ArithmeticException where the result overflows."""
    a, b = args if len(args) == 2 else (semantics.constant(ex.ctx, args[0].type, 0), args[0])
    state = ex.throw(state, semantics.overflows(op, a, b), "java.lang.ArithmeticException", line,
                     "integer overflow")
    return semantics.arithmetic(op, a, b), state


for _op, _name in (("+", "add"), ("-", "subtract"), ("*", "multiply")):
    for _sig in ("int {}(int, int)", "long {}(long, long)"):
        model("java.lang.Math", "static " + _sig.format(_name + "Exact"))(partial(_exact, _op))
model("java.lang.Math", "static long multiplyExact(long, int)")(partial(_exact, "*"))
for _t in ("int", "long"):
    model("java.lang.Math", f"static {_t} negateExact({_t})")(partial(_exact, "-"))


@model("java.lang.Math", "static int incrementExact(int)")
@model("java.lang.Math", "static long incrementExact(long)")
def math_increment_exact(ex, state, this, args, line):
    return _exact("+", ex, state, this, [args[0], semantics.constant(ex.ctx, args[0].type, 1)], line)


@model("java.lang.Math", "static int decrementExact(int)")
@model("java.lang.Math", "static long decrementExact(long)")
def math_decrement_exact(ex, state, this, args, line):
    return _exact("-", ex, state, this, [args[0], semantics.constant(ex.ctx, args[0].type, 1)], line)


@model("java.lang.Math", "static int absExact(int)")
@model("java.lang.Math", "static long absExact(long)")
def math_abs_exact(ex, state, this, args, line):
    x = args[0]
    state = ex.throw(state, x.term == semantics.constant(ex.ctx, x.type, semantics.lowest(x.type)).term,
                     "java.lang.ArithmeticException", line, "Overflow to represent absolute value")
    return math_abs(ex, state, this, args, line)


@model("java.lang.Math", "static int toIntExact(long)")
def math_to_int_exact(ex, state, this, args, line):
    x = args[0]
    narrowed = semantics.convert(x, INT)
    state = ex.throw(state, semantics.convert(narrowed, LONG).term != x.term,
                     "java.lang.ArithmeticException", line, "integer overflow")
    return narrowed, state


@model("java.lang.System", "static int identityHashCode(Object)")
def system_identity_hash_code(ex, state, this, args, line):
    v = args[0]
    return _per_object(v.cases, lambda o: z3.BitVecVal(0, 32, ex.ctx) if o is None
                       else ex.identity_hash(o)), state


# ---------------------------------------------------------------- Objects

@model("java.util.Objects", "static boolean equals(Object, Object)")
def objects_equals(ex, state, this, args, line):
    """a == b || (a != null && a.equals(b)). Two cached boxes of one value are equal too,
    so ``a == b`` may compare heap objects only: the solver then sees the values' equality."""
    a, b = args
    identical = same_object(ex.ctx, a, b)
    calls = mk_and(mk_not(identical), mk_not(a.null_guard()))
    return ex.call_if(state, calls, a, "equals", [b], line, _bool(identical))


@model("java.util.Objects", "static int hashCode(Object)")
def objects_hash_code(ex, state, this, args, line):
    h, state = _hash_of(ex, state, args[0], line)
    return _int(h), state


@model("java.util.Objects", "static int hash(Object...)")
def objects_hash(ex, state, this, args, line):
    """Arrays.hashCode of its arguments: of the array itself when one Object[] (or null)
    is passed."""
    if len(args) == 1 and (args[0].type is NULL or isinstance(args[0].type, ClassInfo)
                           and isinstance(args[0].type.element, ClassInfo)):
        return arrays_hash_code(ex, state, this, args, line)
    result = z3.BitVecVal(1, 32, ex.ctx)
    for v in args:
        h, state = _hash_of(ex, state, v, line)
        result = 31 * result + h
    return _int(result), state


@model("java.util.Objects", "static boolean isNull(Object)")
def objects_is_null(ex, state, this, args, line):
    return _bool(args[0].null_guard()), state


@model("java.util.Objects", "static boolean nonNull(Object)")
def objects_non_null(ex, state, this, args, line):
    return _bool(mk_not(args[0].null_guard())), state


@model("java.util.Objects", "static Object requireNonNull(Object)")
@model("java.util.Objects", "static Object requireNonNull(Object, String)")
def objects_require_non_null(ex, state, this, args, line):
    v = args[0]
    state = ex.throw(state, v.null_guard(), "java.lang.NullPointerException", line)
    return v.narrowed(o for o in v.targets if o is not None), state


@model("java.util.Objects", "static Object requireNonNullElse(Object, Object)")
def objects_require_non_null_else(ex, state, this, args, line):
    """The first if it is not null, else the second, which must not be null."""
    v, fallback = args
    is_null = v.null_guard()
    state = ex.throw(state, mk_and(is_null, fallback.null_guard()), "java.lang.NullPointerException",
                     line)
    fallback = fallback.narrowed(o for o in fallback.targets if o is not None)
    return merge_values(ex.ctx, v.type, [(is_null, fallback), (ex.true, v)]), state


@model("java.util.Objects", "static int checkIndex(int, int)")
def objects_check_index(ex, state, this, args, line):
    index, length = args
    state = ex.throw(state, z3.Or(index.term < 0, index.term >= length.term),
                     "java.lang.IndexOutOfBoundsException", line)
    return index, state


# ----------------------------------------------------------------- arrays

def array_clone(ex, state, this, args, line):
    """A new array of the same class, length and elements (a shallow copy)."""
    length, elements = ex.array_contents(state, this)
    ref, state = ex.allocate(state, this.type, length, elements, line)
    return ref.typed(this.type), state


_PRIMITIVE_ARRAYS = ("int", "long", "short", "byte", "char", "boolean", "float", "double")


def _elementwise(ex, state, a, b, line, equal):
    """Arrays.equals over two arrays: the same object, or both non-null with equal lengths
    and ``equal(state, x, y, k)`` for each element, asked in order while they are equal."""
    both = mk_and(mk_not(a.null_guard()), mk_not(b.null_guard()), mk_not(same_object(ex.ctx, a, b)))
    la, xs = ex.array_contents(state, a)
    lb, ys = ex.array_contents(state, b)
    going = mk_and(both, la.term == lb.term)
    for k, (x, y) in enumerate(zip(xs, ys)):
        asked = mk_and(going, la.term > k)
        same, state = ex.when(state, asked, lambda s, x=x, y=y: equal(s, x, y),
                              _bool(z3.BoolVal(True, ex.ctx)))
        going = mk_and(going, z3.Or(la.term <= k, same.term))
    return _bool(mk_or(ex.ctx, [same_object(ex.ctx, a, b), going])), state


def _fold_hash(ex, state, a, line, hash_of):
    """Arrays.hashCode: 0 for null, else 31 * h + hash(element) over the elements, from 1."""
    length, xs = ex.array_contents(state, a)
    h = z3.BitVecVal(1, 32, ex.ctx)
    for k, x in enumerate(xs):
        more = mk_and(mk_not(a.null_guard()), length.term > k)
        e, state = ex.when(state, more, lambda s, x=x: hash_of(s, x), _int(z3.BitVecVal(0, 32, ex.ctx)))
        h = z3.If(length.term > k, 31 * h + e.term, h)
    return _int(z3.If(a.null_guard(), z3.BitVecVal(0, 32, ex.ctx), h)), state


def _deep(ex, state, v, line, on_array, otherwise):
    """``on_array`` for an element that is an array (by its static type), ``otherwise``
    for any other; an array hidden behind a plain Object type is not modelled."""
    if v.type.element is not None:
        return on_array(state, v)
    hidden = [o for o in v.targets if o is not None and o.cls.element is not None]
    if hidden:
        state = ex.stuck_unless(state, v.member_guard(hidden), "Arrays.deep* on an array held as an Object",
                                line)
    return otherwise(state, v)


def _primitive_equal(ex, state, x, y):
    return _bool(BOXES[box_class(x.type)].equal(ex, x, y)), state


def _primitive_hash(ex, state, x):
    return _int(BOXES[box_class(x.type)].hash(ex, x)), state


def arrays_primitive_equals(ex, state, this, args, line):
    return _elementwise(ex, state, *args, line, lambda s, x, y: _primitive_equal(ex, s, x, y))


def arrays_primitive_hash_code(ex, state, this, args, line):
    return _fold_hash(ex, state, args[0], line, lambda s, x: _primitive_hash(ex, s, x))


for _t in _PRIMITIVE_ARRAYS:
    model("java.util.Arrays", f"static boolean equals({_t}[], {_t}[])")(arrays_primitive_equals)
    model("java.util.Arrays", f"static int hashCode({_t}[])")(arrays_primitive_hash_code)


def arrays_copy_of(ex, state, this, args, line):
    """A new array of the given length: the first elements copied, the rest default (a
    copy as long as the original needs no defaults: slots past a length are never seen)."""
    a, n = args
    state = ex.null_check(state, a, line)
    length, xs = ex.array_contents(state, a)
    default = ex.default_value(a.type.element)
    values = xs if n.term.eq(length.term) else [
        merge_values(ex.ctx, a.type.element, [(length.term > k, x), (ex.true, default)])
        for k, x in enumerate(xs)]
    return ex.new_array(state, a.type, [n], line, values)


for _t in _PRIMITIVE_ARRAYS + ("Object",):
    model("java.util.Arrays", f"static {_t}[] copyOf({_t}[], int)")(arrays_copy_of)


@model("java.util.Arrays", "static boolean equals(Object[], Object[])")
def arrays_equals(ex, state, this, args, line):
    return _elementwise(ex, state, *args, line,
                        lambda s, x, y: objects_equals(ex, s, None, [x, y], line))


@model("java.util.Arrays", "static int hashCode(Object[])")
def arrays_hash_code(ex, state, this, args, line):
    return _fold_hash(ex, state, args[0], line, lambda s, x: _hashed(ex, s, x, line))


@model("java.util.Arrays", "static boolean deepEquals(Object[], Object[])")
def arrays_deep_equals(ex, state, this, args, line):
    def deep(s, x, y):
        def arrays(s2, x2):
            deeper = arrays_primitive_equals if isinstance(x2.type.element, PrimType) else arrays_deep_equals
            return deeper(ex, s2, None, [x2, y], line)
        return _deep(ex, s, x, line, arrays, lambda s2, x2: objects_equals(ex, s2, None, [x2, y], line))
    return _elementwise(ex, state, *args, line, deep)


@model("java.util.Arrays", "static int deepHashCode(Object[])")
def arrays_deep_hash_code(ex, state, this, args, line):
    def deep(s, x):
        def arrays(s2, x2):
            deeper = (arrays_primitive_hash_code if isinstance(x2.type.element, PrimType)
                      else arrays_deep_hash_code)
            return deeper(ex, s2, None, [x2], line)
        return _deep(ex, s, x, line, arrays, lambda s2, x2: _hashed(ex, s2, x2, line))
    return _fold_hash(ex, state, args[0], line, deep)


def _hashed(ex, state, v, line):
    h, state = _hash_of(ex, state, v, line)
    return _int(h), state


# ------------------------------------------------------------- exceptions
# Their constructors keep nothing of their arguments: no model reads an exception's message
# (``Executor._unread_args``).

for _name, (_kind, _, _sup, _) in list(_CLASSES.items()):
    if _name.endswith(("Exception", "Error", "Throwable")):
        _simple = _name.rpartition(".")[2]
        for _sig in (f"{_simple}()", f"{_simple}(String)", f"{_simple}(String, Throwable)",
                     f"{_simple}(Throwable)"):
            model(_name, _sig)(object_init)


from pytest_boundcheck.models.java_util import collections as collections_model
from pytest_boundcheck.models.java_util import comparators
from pytest_boundcheck.symex import lambdas as functional  # noqa: E402,F401  (their models register on import)
