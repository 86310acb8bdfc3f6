"""The JDK as the class table declares it: classes, supertypes, constants and the facts
about them that every stage reads. Data only: what a JDK method does is in ``models``.

A JDK class is a ``ClassInfo`` like any project class; its methods are declared by Java
signatures (``build_classes``), those the models give to the class table and the few
declared here that no model implements (abstract methods, and methods a call resolves to
but the engine reports as unsupported).
"""
from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Iterable

from pytest_boundcheck.frontend.types import (
    BOOLEAN,
    BYTE,
    CHAR,
    DOUBLE,
    FLOAT,
    INT,
    LONG,
    MODEL_MADE,
    PRIMITIVES,
    SHORT,
    ClassInfo,
    FieldInfo,
    Hierarchy,
    JType,
    MethodInfo,
    Param,
    PrimType,
)

OBJECT = "java.lang.Object"
STRING = "java.lang.String"
CLASS = "java.lang.Class"
# The class of every lambda and method reference (``symex.lambdas``): it implements all the
# functional interfaces, and a call of an abstract method on it runs its body.
LAMBDA = "<lambda>"
# the owner under which a model of a method of every array class is declared (``clone()``)
ARRAY = "[]"
_U = "java.util."

# fqname -> (kind, modifiers, superclass, interfaces)
_CLASSES: dict[str, tuple[str, str, str | None, tuple[str, ...]]] = {
    OBJECT: ("class", "", None, ()),
    "java.lang.Comparable": ("interface", "", None, ()),
    "java.lang.CharSequence": ("interface", "", None, ()),
    "java.lang.Cloneable": ("interface", "", None, ()),
    "java.io.Serializable": ("interface", "", None, ()),
    STRING: ("class", "final", OBJECT, ("java.lang.Comparable", "java.lang.CharSequence",
                                         "java.io.Serializable")),
    CLASS: ("class", "final", OBJECT, ()),
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
# exceptions outside java.lang that JDK methods without a model document (``RAISES``)
for _exc, _sup in (("java.util.IllegalFormatException", "java.lang.IllegalArgumentException"),
                   ("java.util.regex.PatternSyntaxException", "java.lang.IllegalArgumentException"),
                   ("java.time.DateTimeException", "java.lang.RuntimeException"),
                   ("java.time.format.DateTimeParseException", "java.time.DateTimeException")):
    _CLASSES[_exc] = ("class", "", _sup, ())

# The JML runtime classes that JML harnesses call (``harness.jmlexpr``): each is declared
# here, its static methods are engine models (``models/jml/``) and its real Java is in
# ``counterexample/java/`` (under its package's folders), which reproducers and replay
# compile beside a harness that names it.
JML_RUNTIME = ("boundcheck.jml.Heap", "boundcheck.jml.Frame")
for _name in JML_RUNTIME:
    _CLASSES[_name] = ("class", "final", OBJECT, ())

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

_CLASSES[LAMBDA] = ("class", "final", OBJECT, ("java.lang.Runnable", "java.util.Comparator", *(
    n for n in _CLASSES if n.startswith("java.util.function."))))

# The java.util collection classes the engine represents (``symex.collections``), with the
# JDK's supertypes: class -> the interface its contents are seen through.
COLLECTION_CLASSES = {
    _U + "ArrayList": "List", _U + "LinkedList": "List", _U + "Vector": "List",
    _U + "ImmutableCollections.ListN": "List",
    _U + "Arrays.ArrayList": "List", _U + "Collections.UnmodifiableList": "List",
    _U + "Collections.EmptyList": "List", _U + "Collections.EmptySet": "Set",
    _U + "Collections.EmptyMap": "Map", _U + "HashSet": "Set", _U + "LinkedHashSet": "Set",
    _U + "TreeSet": "Set", _U + "ImmutableCollections.SetN": "Set",
    _U + "Collections.UnmodifiableSet": "Set", _U + "HashMap.KeySet": "Set",
    _U + "HashMap.EntrySet": "Set", _U + "HashMap.Values": "Collection", _U + "HashMap": "Map",
    _U + "LinkedHashMap": "Map", _U + "TreeMap": "Map", _U + "ImmutableCollections.MapN": "Map",
    _U + "Collections.UnmodifiableMap": "Map",
}
MAP_ENTRY = _U + "AbstractMap.SimpleImmutableEntry"  # the entries an entry set gives out
ITERATOR = _U + "ArrayList.Itr"  # the iterator of every collection the engine represents
NO_SUCH_ELEMENT = _U + "NoSuchElementException"


def _declare_collections() -> None:
    """The collection classes in the table above, with the JDK's supertypes."""
    ser = ("java.io.Serializable",)
    sup = {_U + "LinkedHashSet": _U + "HashSet", _U + "LinkedHashMap": _U + "HashMap"}
    for name, face in COLLECTION_CLASSES.items():
        _CLASSES[name] = ("class", "", sup.get(name, OBJECT), (_U + face,) + ser)
    _CLASSES[_U + "TreeSet"] = ("class", "", OBJECT, (_U + "NavigableSet",) + ser)
    _CLASSES[_U + "TreeMap"] = ("class", "", OBJECT, (_U + "NavigableMap",) + ser)
    _CLASSES[_U + "AbstractMap"] = ("class", "abstract", OBJECT, (_U + "Map",))
    _CLASSES[MAP_ENTRY] = ("class", "", OBJECT, (_U + "Map.Entry",) + ser)
    _CLASSES[ITERATOR] = ("class", "", OBJECT, (_U + "Iterator",))
    _CLASSES[_U + "Collections"] = ("class", "final", OBJECT, ())
    _CLASSES[NO_SUCH_ELEMENT] = ("class", "", "java.lang.RuntimeException", ())


_declare_collections()

# the exception classes the table declares, in declaration order, whose constructors the
# models give (they keep nothing of their arguments: no model reads an exception's message)
EXCEPTIONS = tuple(name for name in _CLASSES if name.endswith(("Exception", "Error", "Throwable")))


# type variables of generic JDK types whose methods are declared with them
_TYPE_VARS = {"java.lang.Comparable": ("T",), "java.lang.Enum": ("E",),
              "java.util.Comparator": ("T",), "java.util.function.Function": ("T", "R"),
              **dict.fromkeys(["java.util.function.ToIntFunction", "java.util.function.ToLongFunction",
                               "java.util.function.ToDoubleFunction"], ("T",))}

# methods every class has from Object; JDK classes other than these override them
OBJECT_METHODS = frozenset({"equals", "hashCode", "toString"})

# methods the class table declares without a model: abstract ones (a lambda's body
# implements a functional interface's), and ones a call resolves to but the engine
# reports as unsupported
DECLARED = (
    ("java.lang.Comparable", "abstract int compareTo(T)"),
    (OBJECT, "String toString()"),
)
FUNCTIONAL = (
    ("java.util.Comparator", "abstract int compare(T, T)"),
    ("java.util.function.Function", "abstract R apply(T)"),
    ("java.util.function.BiFunction", "abstract Object apply(Object, Object)"),
    ("java.util.function.ToIntFunction", "abstract int applyAsInt(T)"),
    ("java.util.function.ToLongFunction", "abstract long applyAsLong(T)"),
    ("java.util.function.ToDoubleFunction", "abstract double applyAsDouble(T)"),
    ("java.util.function.Supplier", "abstract Object get()"),
    ("java.util.function.Predicate", "abstract boolean test(Object)"),
    ("java.util.function.BiPredicate", "abstract boolean test(Object, Object)"),
    ("java.util.function.Consumer", "abstract void accept(Object)"),
    ("java.util.function.BiConsumer", "abstract void accept(Object, Object)"),
    ("java.lang.Runnable", "abstract void run()"),
)

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

# JDK classes whose natural ordering its Javadoc says is consistent with equals: their
# objects are equal exactly when compareTo returns 0 (BigDecimal's is not: 2.0 vs 2.00).
ORDER_CONSISTENT_WITH_EQUALS = frozenset(
    [f"java.time.{name}" for name in ("Instant", "Duration", "LocalDate", "LocalTime",
                                      "LocalDateTime", "MonthDay", "OffsetDateTime", "OffsetTime",
                                      "Year", "YearMonth", "ZonedDateTime")]
    + ["java.math.BigInteger", "java.util.UUID", "java.util.Date", "java.io.File"])

# Immutable JDK classes whose equals compares all their state (the value-based classes of
# java.time, and BigInteger, BigDecimal, UUID): equal objects are interchangeable for the
# JDK's code, so a call without code into it sees them by value (``symex.unknown``), and
# their own methods and static factories return no null. Optional is not one: two equal
# Optionals may hold two objects that are equal but not interchangeable.
VALUE_BASED = frozenset(
    [f"java.time.{name}" for name in (
        "Instant", "Duration", "Period", "LocalDate", "LocalTime", "LocalDateTime",
        "MonthDay", "OffsetDateTime", "OffsetTime", "Year", "YearMonth", "ZonedDateTime",
        "ZoneId", "ZoneOffset", "temporal.ValueRange", "chrono.HijrahDate",
        "chrono.JapaneseDate", "chrono.MinguoDate", "chrono.ThaiBuddhistDate")]
    + ["java.math.BigInteger", "java.math.BigDecimal", "java.util.UUID"])
# Methods of those classes whose Javadoc says they may return null.
NULLABLE_RESULTS = frozenset({"query"})
# What methods of those classes return, where the code around a call does not show it
# (``date.toEpochDay() * 86400``): by name, for every class and overload that has it.
# "same": the receiver's class (or, for a static method, the class named).
_VALUE_ACCESSORS = {
    **dict.fromkeys(["getYear", "getMonthValue", "getDayOfMonth", "getDayOfYear", "getHour",
                     "getMinute", "getSecond", "getNano", "getTotalSeconds", "lengthOfMonth",
                     "lengthOfYear", "toSecondOfDay", "getYears", "getMonths", "getDays",
                     "signum", "scale", "precision", "bitLength", "bitCount", "intValue"], "int"),
    **dict.fromkeys(["toEpochDay", "toEpochSecond", "getEpochSecond", "toEpochMilli",
                     "toNanoOfDay", "getLong", "getSeconds", "toMillis", "toNanos", "toSeconds",
                     "toMinutes", "toHours", "toDays", "toTotalMonths", "longValue",
                     "getMostSignificantBits", "getLeastSignificantBits"], "long"),
    **dict.fromkeys(["isLeapYear", "isNegative", "isZero", "isSupported"], "boolean"),
    "toLocalDate": "java.time.LocalDate", "toLocalTime": "java.time.LocalTime",
    "toLocalDateTime": "java.time.LocalDateTime", "toInstant": "java.time.Instant",
    "getOffset": "java.time.ZoneOffset", "toString": STRING, "getId": STRING,
    "toBigInteger": "java.math.BigInteger", "unscaledValue": "java.math.BigInteger",
}
_SAME_CLASS = re.compile(r"(plus|minus|with)([A-Z].*)?")  # java.time's, on the receiver's class
_SAME_CLASS_STATIC = re.compile(r"of([A-Z].*)?|from|parse|between|valueOf")
_SAME_CLASS_MATH = frozenset({
    "add", "subtract", "multiply", "divide", "remainder", "mod", "pow", "negate", "abs", "min",
    "max", "gcd", "and", "or", "xor", "not", "andNot", "shiftLeft", "shiftRight", "setBit",
    "clearBit", "flipBit", "sqrt", "modPow", "modInverse", "plus", "round", "setScale",
    "movePointLeft", "movePointRight", "scaleByPowerOfTen", "stripTrailingZeros", "ulp"})


def is_function(owner: str, name: str) -> bool:
    """May a method ``name`` of ``owner`` without code be taken as a function of its
    inputs? Not where its name says otherwise (``NOT_FUNCTIONS``), unless the class is a
    value-based one, whose objects never change (``BigDecimal.add``, ``setScale``)."""
    return not NOT_FUNCTIONS.fullmatch(name) or owner in VALUE_BASED and (
        name in _SAME_CLASS_MATH or _VALUE_ACCESSORS.get(name) is not None)


# static methods that a value-based class inherits, and that return another class
_INHERITED_STATICS = {("java.time.ZoneOffset", "of", 2): "java.time.ZoneId",
                      ("java.time.ZoneOffset", "ofOffset", 2): "java.time.ZoneId"}


def value_result(owner: str, name: str, arity: int, static: bool) -> str | None:
    """The type (a name) that the method ``name`` of the value-based class ``owner`` with
    ``arity`` parameters returns, static or not, where ``VALUE_BASED``'s tables know it;
    else None."""
    if owner not in VALUE_BASED:
        return None
    if static:
        inherited = _INHERITED_STATICS.get((owner, name, arity))
        return inherited or (owner if _SAME_CLASS_STATIC.fullmatch(name) else None)
    if owner.startswith("java.time.") and _SAME_CLASS.fullmatch(name) \
            or owner.startswith("java.math.") and name in _SAME_CLASS_MATH:
        return owner
    return _VALUE_ACCESSORS.get(name)
# java.time's comparisons that its code defines by compareTo for an argument of the
# receiver's class: class -> the methods. (OffsetDateTime's, OffsetTime's and
# ZonedDateTime's compare instants, a coarser order than their compareTo's.)
COMPARED_BY_ORDER = {
    **dict.fromkeys([f"java.time.{name}" for name in ("LocalDate", "LocalDateTime")],
                    ("isBefore", "isAfter", "isEqual")),
    **dict.fromkeys([f"java.time.{name}" for name in ("LocalTime", "Instant", "Year", "YearMonth",
                                                      "MonthDay")], ("isBefore", "isAfter")),
}

# Methods without code or model whose names say they are not functions of their inputs:
# they read a clock, a random source or a stream, or change their receiver. The others
# are taken as deterministic functions (``symex.unknown``).
NOT_FUNCTIONS = re.compile(r"(next|has(Next|More)|read|write|add|put|remove|set|clear|append|insert"
                           r"|delete|increment|decrement|getAnd|compute|poll|offer|push|pop|reset"
                           r"|flush|close|update|store|load|submit|execute|invoke|call|run|start"
                           r"|random|now|currentTimeMillis|nanoTime)([A-Z0-9_].*)?")

# The unchecked exceptions that the Javadoc of JDK methods without a model lists: a call
# of one, taken as an unknown deterministic function (``symex.unknown``), may throw them,
# as a function of its receiver and arguments; other such calls are taken to throw
# nothing, and every result that rests on them says so. (class, method name) -> the
# exceptions, for all the method's overloads; a model, where one exists, is exact instead.
_NFE, _IAE = "java.lang.NumberFormatException", "java.lang.IllegalArgumentException"
_ARITHMETIC, _NO_ELEMENT = "java.lang.ArithmeticException", NO_SUCH_ELEMENT
_PATTERN, _DATE = "java.util.regex.PatternSyntaxException", "java.time.DateTimeException"
_BOUNDS = ("java.lang.StringIndexOutOfBoundsException",)
RAISES: dict[tuple[str, str], tuple[str, ...]] = {
    **{(f"java.lang.{box}", name): (_NFE,) for box, parse in (
        ("Integer", "Int"), ("Long", "Long"), ("Short", "Short"), ("Byte", "Byte"))
       for name in (f"parse{parse}", "valueOf", "decode", f"parseUnsigned{parse}")},
    **{(f"java.lang.{box}", name): ("java.lang.NullPointerException", _NFE)  # null first
       for box in ("Double", "Float") for name in (f"parse{box}", "valueOf")},
    **{(STRING, name): _BOUNDS for name in ("substring", "subSequence", "codePointAt",
                                           "codePointBefore", "codePointCount", "offsetByCodePoints")},
    **{(STRING, name): (_PATTERN,) for name in ("split", "matches", "replaceAll", "replaceFirst")},
    (STRING, "repeat"): (_IAE,), (STRING, "format"): ("java.util.IllegalFormatException",),
    (STRING, "formatted"): ("java.util.IllegalFormatException",),
    ("java.util.regex.Pattern", "compile"): (_PATTERN,),
    ("java.util.regex.Pattern", "matches"): (_PATTERN,),
    ("java.lang.Enum", "valueOf"): (_IAE,), ("java.lang.Character", "toChars"): (_IAE,),
    ("java.util.UUID", "fromString"): (_IAE,),
    **{(f"java.time.{cls}", "parse"): ("java.time.format.DateTimeParseException",)
       for cls in ("Instant", "Duration", "Period", "LocalDate", "LocalTime", "LocalDateTime",
                   "MonthDay", "OffsetDateTime", "OffsetTime", "Year", "YearMonth",
                   "ZonedDateTime")},
    **{(f"java.time.{cls}", "of"): (_DATE,)
       for cls in ("LocalDate", "LocalTime", "LocalDateTime", "MonthDay", "OffsetDateTime",
                   "OffsetTime", "Year", "YearMonth", "ZonedDateTime", "ZoneId", "ZoneOffset")},
    **{(f"java.math.{cls}", name): (_ARITHMETIC,)
       for cls in ("BigInteger", "BigDecimal")
       for name in ("divide", "mod", "remainder", "divideAndRemainder", "divideToIntegralValue",
                    "pow", "modPow", "modInverse", "sqrt", "setScale", "intValueExact",
                    "longValueExact", "shortValueExact", "byteValueExact", "toBigIntegerExact")},
    **{("java.util.Optional", name): (_NO_ELEMENT,) for name in ("get", "orElseThrow")},
    **{(f"java.util.Optional{kind}", f"getAs{kind}"): (_NO_ELEMENT,)
       for kind in ("Int", "Long", "Double")},
}


# java.time's methods that take arguments throw on values out of range or unsupported
# units (DateTimeException and its subclasses, ArithmeticException on overflow, and
# IllegalArgumentException from ValueRange.of and a few more), each as its Javadoc says;
# these take any argument of their type and are total but for a null, which the engine
# checks itself where it matters.
TIME_TOTAL = frozenset({"equals", "compareTo", "compare", "isBefore", "isAfter", "isEqual",
                        "isSupported", "isLeapYear", "isValidIntValue", "isValidValue"})
TIME_RAISES = (_DATE, _ARITHMETIC, _IAE)


def documented_exceptions(owner: ClassInfo, name: str, arity: int) -> tuple[str, ...]:
    """The unchecked exceptions ``RAISES`` lists for a method of ``owner`` (the static
    type of a call, or a supertype that declares the method) named ``name``; for a method
    of a ``java.time`` class with ``arity`` arguments outside ``RAISES``, ``TIME_RAISES``
    unless it is one of ``TIME_TOTAL``."""
    listed = next((RAISES[(t.fqname, name)] for t in owner.supertypes()
                   if (t.fqname, name) in RAISES), None)
    if listed is not None:
        return listed
    if arity and name not in TIME_TOTAL and owner.fqname.startswith("java.time."):
        return TIME_RAISES
    return ()


# Comparator's factories and combinators: they make no objects but comparators and run no
# code but their models, so a static final field they initialise is made once per check.
COMPARATOR_BUILDERS = frozenset({
    "naturalOrder", "reverseOrder", "comparing", "comparingInt", "comparingLong",
    "comparingDouble", "nullsFirst", "nullsLast", "thenComparing", "thenComparingInt",
    "thenComparingLong", "thenComparingDouble", "reversed"})

# the box classes (JLS 5.1.7) and the primitive each holds
BOXED: dict[str, PrimType] = {
    "java.lang.Integer": INT, "java.lang.Long": LONG, "java.lang.Short": SHORT,
    "java.lang.Byte": BYTE, "java.lang.Character": CHAR, "java.lang.Boolean": BOOLEAN,
    "java.lang.Double": DOUBLE, "java.lang.Float": FLOAT,
}


def box_class(t: PrimType) -> str:
    """The box class of a primitive type (JLS 5.1.7)."""
    return next(name for name, prim in BOXED.items() if prim is t)


def unboxed_type(t: JType) -> PrimType | None:
    """The primitive type a value of type ``t`` is as a number: its own, or its box's."""
    if isinstance(t, PrimType):
        return t
    return BOXED.get(t.fqname) if isinstance(t, ClassInfo) else None


# static final constants: (class, name) -> (type, value); ``MODEL_MADE``: a model makes it
CONSTANTS = {
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
    ("String", "CASE_INSENSITIVE_ORDER"): ("java.util.Comparator", MODEL_MADE),
}


def _library_supertypes() -> dict[str, tuple[str | None, tuple[str, ...]]]:
    """Every public type of the Java SE API (JDK 17) -> (its superclass, None for an
    interface; the interfaces it implements directly), as ``tools/JdkSupertypes.java``
    prints them. A project class with such a supertype is a subtype of those and of no
    other type (a ScheduledFuture is not a Set), so an instanceof test on it is decided."""
    table = {}
    for line in (Path(__file__).parent / "jdk_supertypes.txt").read_text().splitlines():
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
    return cls.fqname in (OBJECT, CLASS, LAMBDA) or cls.element is not None or is_throwable(cls)


def is_throwable(cls: ClassInfo) -> bool:
    return any(t.fqname == "java.lang.Throwable" for t in cls.supertypes())


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


# ------------------------------------------------------------ the class table's entries

def array_class(classes: dict[str, ClassInfo], element) -> ClassInfo:
    """The class of arrays of ``element`` (made once per class table): an Object that is
    Cloneable and Serializable, with a ``clone()`` that copies it."""
    name = (element.fqname if isinstance(element, ClassInfo) else str(element)) + "[]"
    if name not in classes:
        cls = ClassInfo(name, "array", frozenset({"final"}), origin="jdk", element=element,
                        hierarchy=classes[OBJECT].hierarchy,
                        superclass=classes[OBJECT],
                        interfaces=[classes["java.lang.Cloneable"], classes["java.io.Serializable"]])
        cls.methods.append(MethodInfo("clone", cls, [], cls, declared=(ARRAY, "Object clone()")))
        classes[name] = cls
    return classes[name]


def build_classes(modelled: Iterable[tuple[str, str]]) -> dict[str, ClassInfo]:
    """Fresh JDK class entries: hierarchy, constants, the methods declared here and those
    ``modelled`` ((owner, Java signature) pairs, in order)."""
    hierarchy = Hierarchy()
    classes = {name: ClassInfo(name, kind, frozenset(mods.split()), origin="jdk", hierarchy=hierarchy)
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
    for (owner, fname), (tname, value) in CONSTANTS.items():
        cls = classes[f"java.lang.{owner}"]
        ftype = PRIMITIVES[tname] if tname in PRIMITIVES else classes[tname]
        cls.fields[fname] = FieldInfo(fname, ftype, cls, static=True, final=True, init=value)
    for owner, signature in [*DECLARED, *modelled, *FUNCTIONAL]:
        if owner == ARRAY:  # declared by each array class (``array_class``)
            continue
        cls = classes[owner]
        method = _method_from_signature(cls, signature, classes)
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
    declared = (cls.fqname, signature)
    if is_ctor:
        return MethodInfo("<init>", cls, plist, PRIMITIVES["void"], declared=declared)
    return MethodInfo(words[-1], cls, plist, jtype(words[-2]), static="static" in words,
                      abstract="abstract" in words, varargs=varargs, declared=declared)
