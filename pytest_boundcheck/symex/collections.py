"""How java.util collections are represented, exact within ``--boundcheck-max-length``
elements: what the executor and the collection models (``models.java_util``) share.

A collection is an object whose contents are pseudo-fields, as an array's are: its size
``#size`` and ``max_length`` slots ``[k]`` (a map's keys) and ``{k}`` (a map's values),
so that the heap and its merging serve them as they serve fields. A Set is such a
sequence whose elements are pairwise unequal, a Map one whose keys are. Views
(``Collections.unmodifiableList``, ``keySet()``...) hold the collection they show in
``#of`` and read through it; an iterator holds its collection and position.

Iteration order is the JVM's only where it is defined: lists, LinkedHashSet/Map, and
the collections a check starts from (written as LinkedHashSet/Map in counterexamples).

The functions that models call take ``m``, a ``ModelContext`` (the executor passes its
own); those that make a check's objects take the executor.
"""
from __future__ import annotations

from dataclasses import dataclass

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.jdk import ITERATOR, MAP_ENTRY, OBJECT, STRING
from pytest_boundcheck.frontend.types import INT, ClassInfo, FieldInfo
from pytest_boundcheck.symex import semantics, strings
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.values import (
    Prim,
    Ref,
    merge_values,
    mk_and,
    mk_not,
    mk_or,
    ref_eq,
    ref_to,
)

LIST, SET, MAP, VALUES, ENTRIES = "list", "set", "map", "values", "entries"

_U = "java.util."
# class -> (kind, how its contents behave): "mutable" (add/put), "fixed" (add throws
# UnsupportedOperationException), "strict" (fixed, and null elements or queries throw
# NullPointerException, as List.of's do), "view" (reads through #of; add throws)
KINDS: dict[str, tuple[str, str]] = {
    _U + "ArrayList": (LIST, "mutable"), _U + "LinkedList": (LIST, "mutable"),
    _U + "Vector": (LIST, "mutable"),
    _U + "ImmutableCollections.ListN": (LIST, "strict"), _U + "Arrays.ArrayList": (LIST, "fixed"),
    _U + "Collections.UnmodifiableList": (LIST, "view"), _U + "Collections.EmptyList": (LIST, "fixed"),
    _U + "Collections.EmptySet": (SET, "fixed"), _U + "Collections.EmptyMap": (MAP, "fixed"),
    _U + "HashSet": (SET, "mutable"), _U + "LinkedHashSet": (SET, "mutable"),
    _U + "TreeSet": (SET, "mutable"), _U + "ImmutableCollections.SetN": (SET, "strict"),
    _U + "Collections.UnmodifiableSet": (SET, "view"), _U + "HashMap.KeySet": (SET, "view"),
    _U + "HashMap.EntrySet": (ENTRIES, "view"), _U + "HashMap.Values": (VALUES, "view"),
    _U + "HashMap": (MAP, "mutable"), _U + "LinkedHashMap": (MAP, "mutable"),
    _U + "TreeMap": (MAP, "mutable"), _U + "ImmutableCollections.MapN": (MAP, "strict"),
    _U + "Collections.UnmodifiableMap": (MAP, "view"),
}
INTERFACES = {_U + "List": LIST, _U + "Set": SET, _U + "Map": MAP}
INTERFACE_OF = {LIST: _U + "List", SET: _U + "Set", MAP: _U + "Map"}
# classes whose iteration order the model knows (insertion order); for the others (hash
# or sort order) it is the JVM's, and iterating them is unsupported
ORDERED = {_U + n for n in ("ArrayList", "LinkedList", "Vector", "ImmutableCollections.ListN",
                           "Arrays.ArrayList", "LinkedHashSet", "LinkedHashMap",
                           "Collections.EmptyList", "Collections.EmptySet", "Collections.EmptyMap")}
SORTED = {_U + "TreeSet", _U + "TreeMap"}
# the declared types a check's collections may have: any contents within the bound
ANY_CONTENT = {_U + n for n in ("List", "ArrayList", "LinkedList", "Vector", "Set", "HashSet",
                               "LinkedHashSet", "Map", "HashMap", "LinkedHashMap")}


def kind_of(cls: ClassInfo) -> str | None:
    """list, set, map, values or entries for a represented collection class or interface."""
    if cls.fqname in KINDS:
        return KINDS[cls.fqname][0]
    return INTERFACES.get(cls.fqname)


def how(obj) -> str:
    """How an object's contents behave; a collection a check starts from is "any"."""
    return "any" if obj.cls.fqname in INTERFACES else KINDS[obj.cls.fqname][1]


def any_content(cls: ClassInfo) -> bool:
    return cls.fqname in ANY_CONTENT


def represented(obj) -> bool:
    """Is ``obj`` an object whose contents are represented here: a collection, entry or
    iterator the code made, or a collection a check starts from (``any_collection``)?"""
    if obj.cls.fqname in (MAP_ENTRY, ITERATOR):
        return obj.kind == "new"
    if kind_of(obj.cls) is None:
        return False
    return obj.kind != "slot" or any_content(obj.cls)


def met(objects) -> bool:
    """Did a check with these objects meet a collection (its results then state the
    length bound)?"""
    return any(kind_of(o.cls) is not None and represented(o) for o in objects)


# ------------------------------------------------------------ pseudo-fields

def field(m, cls: ClassInfo, name: str) -> FieldInfo:
    """The pseudo-field ``name`` of ``cls``'s objects: ``#size`` and ``#at`` are ints."""
    return m.pseudo_field(cls, name, INT if name in ("#size", "#at") else m.cls(OBJECT))


def slot(k: int, value: bool = False) -> str:
    return f"{{{k}}}" if value else f"[{k}]"


@dataclass
class Seq:
    """A collection's contents where a reference points to it: the size, the elements (a
    map's keys) and a map's values, ``max_length`` slots each; ``unordered``: the
    condition that its iteration order is the JVM's choice."""
    kind: str
    size: Prim
    keys: list
    values: list | None
    unordered: z3.BoolRef


def folded(test: z3.BoolRef) -> z3.BoolRef:
    """A comparison of two constants as its truth value (a loop's index, a size the code
    chose), so that the folding in ``mk_and`` and ``mk_ite`` sees it."""
    return z3.simplify(test) if all(z3.is_bv_value(a) for a in test.children()) else test


def int_constant(m, v: int) -> Prim:
    return semantics.constant(m.ctx, INT, v)


def read(m, state, ref: Ref) -> Seq:
    """The contents of the collection ``ref`` points to where it is not null."""
    parts = [(g, _own(m, state, o)) for g, o in ref.non_null()]
    if len(parts) == 1:
        return parts[0][1]
    first = parts[0][1]
    obj = m.cls(OBJECT)

    def merged(get):
        return merge_values(m.ctx, obj, [(g, get(s)) for g, s in parts])
    n = m.max_length
    return Seq(first.kind, merge_values(m.ctx, INT, [(g, s.size) for g, s in parts]),
               [merged(lambda s, k=k: s.keys[k]) for k in range(n)],
               None if first.values is None else [merged(lambda s, k=k: s.values[k]) for k in range(n)],
               mk_or(m.ctx, [mk_and(g, s.unordered) for g, s in parts]))


def _own(m, state, obj) -> Seq:
    kind, behaves = kind_of(obj.cls), how(obj)
    if behaves == "view":
        inner = read(m, state, m.read(state, obj, field(m, obj.cls, "#of")))
        if kind == SET and inner.kind == MAP:  # keySet()
            return Seq(SET, inner.size, inner.keys, None, inner.unordered)
        if kind == VALUES:
            return Seq(kind, inner.size, inner.values, None, inner.unordered)
        if kind == ENTRIES:
            return Seq(kind, inner.size, inner.keys, inner.values, inner.unordered)
        return inner
    n = m.max_length
    size = m.read(state, obj, field(m, obj.cls, "#size"))
    keys = [m.read(state, obj, field(m, obj.cls, slot(k))) for k in range(n)]
    values = ([m.read(state, obj, field(m, obj.cls, slot(k, True))) for k in range(n)]
              if kind == MAP else None)
    unordered = behaves != "any" and obj.cls.fqname not in ORDERED
    return Seq(kind, size, keys, values, z3.BoolVal(unordered, m.ctx))


def store(m, state, ref: Ref, seq: Seq):
    """The state where the collections ``ref`` may point to hold ``seq``."""
    heap = dict(state.heap)
    for g, o in ref.non_null():
        slots = [("#size", seq.size)] + [(slot(k), v) for k, v in enumerate(seq.keys)]
        if seq.values is not None:
            slots += [(slot(k, True), v) for k, v in enumerate(seq.values)]
        for name, v in slots:
            fld = field(m, o.cls, name)
            old = state.heap.get((o, fld))
            if old is None:  # a new collection gets its first contents
                old = m.read(state, o, fld) if o.kind == "slot" else v
            heap[(o, fld)] = merge_values(m.ctx, fld.type, [(g, v), (m.true, old)])
    return type(state)(state.guard, state.env, heap)


def empty(m, kind: str) -> Seq:
    null = ref_to(m.cls(OBJECT), None, m.ctx)
    n = m.max_length
    return Seq(kind, int_constant(m, 0), [null] * n, [null] * n if kind == MAP else None,
               z3.BoolVal(False, m.ctx))


# ------------------------------------------------- elements compared without code

def plain_equal(m, a: Ref, b: Ref) -> z3.BoolRef:
    """``Objects.equals`` of two references to null, strings, boxes or plain objects
    (``consistent`` ones): pair by pair of objects, without running code."""
    terms = [ref_eq(m.ctx, a, b)]
    for g, x in a.non_null():
        for h, y in b.non_null():
            if x is y or x.cls is not y.cls or x.cls.fqname == OBJECT:
                continue
            if x.is_box:
                box = BOXES[x.cls.fqname]
                same = box.equal(m, Prim(box.prim, x.content), Prim(box.prim, y.content))
            else:
                same = strings.equal(m.text(x), m.text(y))
            terms.append(mk_and(g, h, same))
    return mk_or(m.ctx, terms)


def consistent(v: Ref) -> bool:
    """Does ``v`` denote only null, strings, boxes and plain objects? Their equals and
    hashCode are the JDK's and agree; they are computed object by object."""
    return all(o is None or o.is_box or o.cls.fqname in (STRING, OBJECT) for o in v.targets)


# -------------------------------------------------- collections a check starts from

def any_collection(ex, cls: ClassInfo, label: str):
    """A collection of any size within the bound whose elements (a map's keys and values)
    range as an Object field's do: null, a string or a plain object; a set's elements and a
    map's keys pairwise unequal. Of an interface type, its class is unknown (opaque)."""
    m = ex.model_context
    obj = ex.heap_object(cls, label, "slot", opaque=cls.is_interface)
    size = z3.BitVec(f"{label}.size@{obj.num}", 32, ex.ctx)
    bound = ex.bounds.max_length
    ex.constraints.append(z3.ULE(size, bound))
    ex.selectors[str(size)] = (size, list(range(bound + 1)))
    ex.split_early.add(str(size))
    ex.initial[(obj, field(m, cls, "#size"))] = Prim(INT, size)
    domain = ex.domain(m.cls(OBJECT))
    keys = []
    for k in range(bound):
        keys.append(_element(ex, f"{label}[{k}]@{obj.num}", domain))
        ex.initial[(obj, field(m, cls, slot(k)))] = keys[-1]
        if kind_of(cls) == MAP:
            ex.initial[(obj, field(m, cls, slot(k, True)))] = _element(
                ex, f"{label}{{{k}}}@{obj.num}", domain)
    if kind_of(cls) != LIST:
        ex.constraints += [z3.Implies(z3.ULT(j, size), mk_not(plain_equal(m, keys[i], keys[j])))
                           for j in range(bound) for i in range(j)]
    return obj


def holds_plain_object(ex, obj) -> z3.BoolRef:
    """Does a collection made by ``any_collection`` hold a plain ``new Object()`` among its
    elements (a map's keys or values)? Such an element is of no type a caller's type
    argument names but ``Object``."""
    m = ex.model_context
    size = ex.initial[(obj, field(m, obj.cls, "#size"))].term
    held = []
    for k in range(ex.bounds.max_length):
        for value in (False, True) if kind_of(obj.cls) == MAP else (False,):
            element = ex.initial[(obj, field(m, obj.cls, slot(k, value)))]
            plain = [o for o in element.targets if o is not None and o.cls.fqname == OBJECT]
            if plain:
                held.append(mk_and(z3.ULT(k, size), element.member_guard(plain)))
    return mk_or(ex.ctx, held)


def same_contents(ex, a, b) -> z3.BoolRef:
    """Two collections made by ``any_collection`` hold the same elements (a map's keys and
    values), in the same order: what two results of one function of equal inputs hold."""
    m = ex.model_context

    def contents(obj):
        names = ["#size"] + [slot(k, value) for k in range(ex.bounds.max_length)
                             for value in ((False, True) if kind_of(obj.cls) == MAP else (False,))]
        return [ex.initial[(obj, field(m, obj.cls, name))] for name in names]
    (size_a, size_b), *slots = zip(contents(a), contents(b))
    return mk_and(size_a.term == size_b.term, *[ref_eq(ex.ctx, x, y) for x, y in slots])


def _element(ex, name: str, domain) -> Ref:
    """null or an initial object of ``domain``: a choice the solver does not split on (each
    collection has ``max_length`` of them, each of several objects)."""
    ref = ex.choice(name, ex.program.classes[OBJECT], domain, nullable=True)
    ex.selectors.pop(name, None)
    return ref


# -------------------------------------------------------------- iteration

def for_each_loop(stmt: ast.ForEach, collection: str, index: str, max_length: int) -> ast.Loop:
    """``for (T x : c) body`` over a collection, as ``for (int i = 0; i < c.size() && i <
    max_length; i++) { T x = (T) c.#at(i); body }`` over the hidden locals ``collection``
    and ``index``."""
    line = stmt.line

    def less(bound):
        return ast.Binary(line, "<", ast.Name(line, index), bound)
    item = ast.MethodCall(line, ast.Name(line, collection), "#at", (ast.Name(line, index),))
    return ast.Loop(
        line, (ast.LocalVar(line, ast.TypeName("int"), index, ast.Literal(line, "int", 0)),),
        ast.Binary(line, "&&", less(ast.MethodCall(line, ast.Name(line, collection), "size", ())),
                   less(ast.Literal(line, "int", max_length))),
        (ast.Update(line, "++", True, ast.Name(line, index)),),
        ast.Block(line, (ast.LocalVar(line, stmt.type, stmt.name, _as_declared(stmt.type, item)),
                         stmt.body)),
        label=stmt.label, column=stmt.column)  # (where its JML clauses are found)


def _as_declared(t, item):
    """The element as the loop variable takes it: cast to its box for a primitive variable
    (``for (int x : ints)``), else by the cast the compiler inserts for the type argument,
    which the check does not know (``check_cast``)."""
    if t.name == "var":
        return item
    if t.dims or t.name not in ("int", "long", "short", "byte", "char", "boolean", "float", "double"):
        return ast.Cast(item.line, t, item, inserted=True)
    return ast.Cast(item.line, t, item)


def stuck_on(m, state, ref: Ref, odd: list, use: str, line: int):
    """``ref`` narrowed to the objects not in ``odd``, and the state stuck where it points
    to one of those (to say so if a violation needs it); ``use`` says what needed them,
    ``{}`` standing for the first one's class."""
    if not odd:
        return ref, state
    state = m.stuck_unless(state, ref.member_guard(odd), use.format(odd[0].cls.simple_name), line)
    return ref.narrowed(o for o in ref.targets if o not in odd), state
