"""java.util collections, exact within ``--boundcheck-max-length`` elements.

A collection is an object whose contents are pseudo-fields, as an array's are: its size
``#size`` and ``max_length`` slots ``[k]`` (a map's keys) and ``{k}`` (a map's values),
so that the heap and its merging serve them as they serve fields. A Set is such a
sequence whose elements are pairwise unequal, a Map one whose keys are. Views
(``Collections.unmodifiableList``, ``keySet()``...) hold the collection they show in
``#of`` and read through it; an iterator holds its collection and position.

``equals`` and ``hashCode`` are the interfaces' own (List: in order, 31-fold; Set: same
size and every element of one contained in the other, sum of hashes; Map: same size and
every key mapped to an equal value, sum of ``hash(key) ^ hash(value)``), and every
element's ``equals``/``hashCode`` is a virtual call the executor dispatches. Hash-based
collections find an element by hash and then equals, as HashMap does; lists by equals.

Iteration order is the JVM's only where it is defined: lists, LinkedHashSet/Map, and
the collections a check starts from (written as LinkedHashSet/Map in counterexamples).
Iterating a HashSet, HashMap, TreeSet or ``Set.of``/``Map.of`` made by the code is
reported as unsupported, and so is anything else not modelled here.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass

import z3

from pytest_boundcheck.models import jdk
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex import strings
from pytest_boundcheck.frontend.types import BOOLEAN, INT, ClassInfo, FieldInfo
from pytest_boundcheck.symex.values import (
    DeadPath,
    Prim,
    Ref,
    Value,
    merge_values,
    mk_and,
    mk_ite,
    mk_not,
    mk_or,
    ref_eq,
    ref_to,
    same_object,
)

LIST, SET, MAP, VALUES, ENTRIES = "list", "set", "map", "values", "entries"

_U = "java.util."
# class -> (kind, how its contents behave): "mutable" (add/put), "fixed" (add throws
# UnsupportedOperationException), "strict" (fixed, and null elements or queries throw
# NullPointerException, as List.of's do), "view" (reads through #of; add throws)
_KINDS: dict[str, tuple[str, str]] = {
    _U + "ArrayList": (LIST, "mutable"), _U + "LinkedList": (LIST, "mutable"),
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
_INTERFACES = {_U + "List": LIST, _U + "Set": SET, _U + "Map": MAP}
# classes whose iteration order the model knows (insertion order); for the others (hash
# or sort order) it is the JVM's, and iterating them is unsupported
_ORDERED = {_U + n for n in ("ArrayList", "LinkedList", "ImmutableCollections.ListN",
                            "Arrays.ArrayList", "LinkedHashSet", "LinkedHashMap",
                            "Collections.EmptyList", "Collections.EmptySet", "Collections.EmptyMap")}
_SORTED = {_U + "TreeSet", _U + "TreeMap"}
_ENTRY, _ITERATOR = _U + "AbstractMap.SimpleImmutableEntry", _U + "ArrayList.Itr"
NO_SUCH_ELEMENT = _U + "NoSuchElementException"
# the declared types a check's collections may have: any contents within the bound
_ANY_CONTENT = {_U + n for n in ("List", "ArrayList", "LinkedList", "Set", "HashSet",
                                "LinkedHashSet", "Map", "HashMap", "LinkedHashMap")}


def _declare() -> None:
    """The java.util classes in jdk.py's class table, with the JDK's supertypes."""
    ser = ("java.io.Serializable",)
    for name, (kind, _) in _KINDS.items():
        face = {LIST: "List", SET: "Set", MAP: "Map", ENTRIES: "Set", VALUES: "Collection"}[kind]
        sup = {_U + "LinkedHashSet": _U + "HashSet", _U + "LinkedHashMap": _U + "HashMap"}
        jdk._CLASSES[name] = ("class", "", sup.get(name, jdk.OBJECT), (_U + face,) + ser)
    jdk._CLASSES[_U + "TreeSet"] = ("class", "", jdk.OBJECT, (_U + "NavigableSet",) + ser)
    jdk._CLASSES[_U + "TreeMap"] = ("class", "", jdk.OBJECT, (_U + "NavigableMap",) + ser)
    jdk._CLASSES[_U + "AbstractMap"] = ("class", "abstract", jdk.OBJECT, (_U + "Map",))
    jdk._CLASSES[_ENTRY] = ("class", "", jdk.OBJECT, (_U + "Map.Entry",) + ser)
    jdk._CLASSES[_ITERATOR] = ("class", "", jdk.OBJECT, (_U + "Iterator",))
    jdk._CLASSES[_U + "Collections"] = ("class", "final", jdk.OBJECT, ())
    jdk._CLASSES[NO_SUCH_ELEMENT] = ("class", "", "java.lang.RuntimeException", ())


_declare()


def kind_of(cls: ClassInfo) -> str | None:
    """list, set, map, values or entries for a modelled collection class or interface."""
    if cls.fqname in _KINDS:
        return _KINDS[cls.fqname][0]
    return _INTERFACES.get(cls.fqname)


def _how(obj) -> str:
    """How an object's contents behave; a collection a check starts from is "any"."""
    return "any" if obj.cls.fqname in _INTERFACES else _KINDS[obj.cls.fqname][1]


def met(ex) -> bool:
    """Did the check meet a collection (its results then state the length bound)?"""
    return any(kind_of(o.cls) is not None and _modelled(ex, o) for o in ex.objects)


# ------------------------------------------------------------ pseudo-fields

_FIELDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _field(ex, cls: ClassInfo, name: str) -> FieldInfo:
    """The pseudo-field ``name`` of ``cls``'s objects: ``#size`` and ``#at`` are ints."""
    own = _FIELDS.setdefault(cls, {})
    if name not in own:
        t = INT if name in ("#size", "#at") else ex.program.classes[jdk.OBJECT]
        own[name] = FieldInfo(name, t, cls, static=False, final=False)
    return own[name]


def _slot(k: int, value: bool = False) -> str:
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


def _object_type(ex):
    return ex.program.classes[jdk.OBJECT]


def _int(ex, v: int) -> Prim:
    return semantics.constant(ex.ctx, INT, v)


def _folded(test: z3.BoolRef) -> z3.BoolRef:
    """A comparison of two constants as its truth value (a loop's index, a size the code
    chose), so that the folding in ``mk_and`` and ``mk_ite`` sees it."""
    return z3.simplify(test) if all(z3.is_bv_value(a) for a in test.children()) else test


def _bool(term) -> Prim:
    return Prim(BOOLEAN, term)


def read(ex, state, ref: Ref) -> Seq:
    """The contents of the collection ``ref`` points to where it is not null."""
    parts = [(g, _own(ex, state, o)) for g, o in ref.non_null()]
    if len(parts) == 1:
        return parts[0][1]
    first = parts[0][1]
    obj = _object_type(ex)

    def merged(get):
        return merge_values(ex.ctx, obj, [(g, get(s)) for g, s in parts])
    n = ex.bounds.max_length
    return Seq(first.kind, merge_values(ex.ctx, INT, [(g, s.size) for g, s in parts]),
               [merged(lambda s, k=k: s.keys[k]) for k in range(n)],
               None if first.values is None else [merged(lambda s, k=k: s.values[k]) for k in range(n)],
               mk_or(ex.ctx, [mk_and(g, s.unordered) for g, s in parts]))


def _own(ex, state, obj) -> Seq:
    kind, how = kind_of(obj.cls), _how(obj)
    if how == "view":
        inner = read(ex, state, ex.read(state, obj, _field(ex, obj.cls, "#of")))
        if kind == SET and inner.kind == MAP:  # keySet()
            return Seq(SET, inner.size, inner.keys, None, inner.unordered)
        if kind == VALUES:
            return Seq(kind, inner.size, inner.values, None, inner.unordered)
        if kind == ENTRIES:
            return Seq(kind, inner.size, inner.keys, inner.values, inner.unordered)
        return inner
    n = ex.bounds.max_length
    size = ex.read(state, obj, _field(ex, obj.cls, "#size"))
    keys = [ex.read(state, obj, _field(ex, obj.cls, _slot(k))) for k in range(n)]
    values = ([ex.read(state, obj, _field(ex, obj.cls, _slot(k, True))) for k in range(n)]
              if kind == MAP else None)
    unordered = how != "any" and obj.cls.fqname not in _ORDERED
    return Seq(kind, size, keys, values, z3.BoolVal(unordered, ex.ctx))


def _store(ex, state, ref: Ref, seq: Seq):
    """The state where the collections ``ref`` may point to hold ``seq``."""
    heap = dict(state.heap)
    for g, o in ref.non_null():
        slots = [("#size", seq.size)] + [(_slot(k), v) for k, v in enumerate(seq.keys)]
        if seq.values is not None:
            slots += [(_slot(k, True), v) for k, v in enumerate(seq.values)]
        for name, v in slots:
            fld = _field(ex, o.cls, name)
            old = state.heap.get((o, fld))
            if old is None:  # a new collection gets its first contents
                old = ex.read(state, o, fld) if o.kind == "slot" else v
            heap[(o, fld)] = merge_values(ex.ctx, fld.type, [(g, v), (ex.true, old)])
    return type(state)(state.guard, state.env, heap)


def _empty(ex, kind: str) -> Seq:
    null = ref_to(_object_type(ex), None, ex.ctx)
    n = ex.bounds.max_length
    return Seq(kind, _int(ex, 0), [null] * n, [null] * n if kind == MAP else None,
               z3.BoolVal(False, ex.ctx))


def _view(ex, state, fqname: str, line: int, of: Ref):
    """A new view of class ``fqname`` showing the collection ``of``."""
    cls = ex.program.classes[fqname]
    of, state = _modelled_only(ex, state, of, "{} in a " + cls.simple_name, line)
    ref, state = ex.new_object(state, cls, line)
    heap = dict(state.heap)
    heap[(ref.targets[0], _field(ex, cls, "#of"))] = of
    return ref, type(state)(state.guard, state.env, heap)


# -------------------------------------------------- collections a check starts from

def any_content(cls: ClassInfo) -> bool:
    return cls.fqname in _ANY_CONTENT


def any_collection(ex, cls: ClassInfo, label: str):
    """A collection of any size within the bound whose elements (a map's keys and values)
    range as an Object field's do: null, a string or a plain object; a set's elements and a
    map's keys pairwise unequal. Of an interface type, its class is unknown (opaque)."""
    obj = ex.heap_object(cls, label, "slot", opaque=cls.is_interface)
    size = z3.BitVec(f"{label}.size@{obj.num}", 32, ex.ctx)
    bound = ex.bounds.max_length
    ex.constraints.append(z3.ULE(size, bound))
    ex.selectors[str(size)] = (size, list(range(bound + 1)))
    ex.split_early.add(str(size))
    ex.initial[(obj, _field(ex, cls, "#size"))] = Prim(INT, size)
    domain = ex.domain(_object_type(ex))
    keys = []
    for k in range(bound):
        keys.append(_element(ex, f"{label}[{k}]@{obj.num}", domain))
        ex.initial[(obj, _field(ex, cls, _slot(k)))] = keys[-1]
        if kind_of(cls) == MAP:
            ex.initial[(obj, _field(ex, cls, _slot(k, True)))] = _element(
                ex, f"{label}{{{k}}}@{obj.num}", domain)
    if kind_of(cls) != LIST:
        ex.constraints += [z3.Implies(z3.ULT(j, size), mk_not(_plain_equal(ex, keys[i], keys[j])))
                           for j in range(bound) for i in range(j)]
    return obj


def same_contents(ex, a, b) -> z3.BoolRef:
    """Two collections made by ``any_collection`` hold the same elements (a map's keys and
    values), in the same order: what two results of one function of equal inputs hold."""
    def contents(obj):
        names = ["#size"] + [_slot(k, value) for k in range(ex.bounds.max_length)
                             for value in ((False, True) if kind_of(obj.cls) == MAP else (False,))]
        return [ex.initial[(obj, _field(ex, obj.cls, name))] for name in names]
    (size_a, size_b), *slots = zip(contents(a), contents(b))
    return mk_and(size_a.term == size_b.term, *[ref_eq(ex.ctx, x, y) for x, y in slots])


def _element(ex, name: str, domain) -> Ref:
    """null or an initial object of ``domain``: a choice the solver does not split on (each
    collection has ``max_length`` of them, each of several objects)."""
    ref = ex.choice(name, _object_type(ex), domain, nullable=True)
    ex.selectors.pop(name, None)
    return ref


def _plain_equal(ex, a: Ref, b: Ref) -> z3.BoolRef:
    """``Objects.equals`` of two references to null, strings, boxes or plain objects
    (``_consistent`` ones): pair by pair of objects, without running code."""
    terms = [ref_eq(ex.ctx, a, b)]
    for g, x in a.non_null():
        for h, y in b.non_null():
            if x is y or x.cls is not y.cls or x.cls.fqname == jdk.OBJECT:
                continue
            if x.is_box:
                box = jdk.BOXES[x.cls.fqname]
                same = box.equal(ex, Prim(box.prim, x.content), Prim(box.prim, y.content))
            else:
                same = strings.equal(ex.text(x), ex.text(y))
            terms.append(mk_and(g, h, same))
    return mk_or(ex.ctx, terms)


def _consistent(v: Ref) -> bool:
    """Does ``v`` denote only null, strings, boxes and plain objects? Their equals and
    hashCode are the JDK's and agree; they are computed here object by object."""
    return all(o is None or o.is_box or o.cls.fqname in (jdk.STRING, jdk.OBJECT) for o in v.targets)


_HASHES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _plain_hash(ex, obj) -> z3.BitVecRef:
    """The hash code of a string, box or plain object, one term per object and check."""
    known = _HASHES.setdefault(ex, {})
    if obj not in known:
        if obj.is_box:
            box = jdk.BOXES[obj.cls.fqname]
            known[obj] = box.hash(ex, Prim(box.prim, obj.content))
        elif obj.cls.fqname == jdk.STRING:
            known[obj] = ex.string_hash(ex.text(obj))
        else:
            known[obj] = ex.identity_hash(obj)
    return known[obj]


# ----------------------------------------------------------- element helpers

def _equals_arg(ex, state, v: Ref, item: Ref, line: int):
    """``v == null ? item == null : v.equals(item)``, as lists look elements up."""
    if _consistent(v) and _consistent(item):
        return _bool(_plain_equal(ex, v, item)), state
    return ex.call_if(state, mk_not(v.null_guard()), v, "equals", [item], line,
                      _bool(item.null_guard()))


def _hashed_match(ex, state, v: Ref, item: Ref, line: int, hv):
    """HashMap's test: equal hashes, then ``item == v || v.equals(item)``. Strings, boxes
    and plain objects hash alike when equal, so for them the hashes need not be asked."""
    if _consistent(v) and _consistent(item):
        return _equals_arg(ex, state, v, item, line)
    hi, state = jdk._hash_of(ex, state, item, line)
    ident = ref_eq(ex.ctx, item, v)
    eq, state = ex.call_if(state, mk_and(hi == hv, mk_not(ident), mk_not(v.null_guard())), v,
                           "equals", [item], line, _bool(z3.BoolVal(False, ex.ctx)))
    return _bool(mk_and(hi == hv, z3.Or(ident, eq.term))), state


def _first(ex, state, seq: Seq, items: list, test):
    """The slots where ``test(state, item)`` first holds, asked in order while it does not:
    (a condition per slot, state)."""
    hits, going = [], ex.true
    for k, item in enumerate(items):
        asked = mk_and(going, _folded(seq.size.term > k))
        found, state = ex.when(state, asked, lambda s, item=item: test(s, item),
                               _bool(z3.BoolVal(False, ex.ctx)))
        hits.append(mk_and(asked, found.term))
        going = mk_and(going, mk_not(found.term))
    return hits, state


def _lookup(ex, state, this: Ref, seq: Seq, v: Value, line: int, items=None):
    """Where ``v`` is among the elements (a map's keys, or ``items``): by hash and equals in
    sets and maps, by equals in lists; a TreeSet or TreeMap only of strings and boxes."""
    if seq.kind in (LIST, VALUES) or items is not None:
        return _first(ex, state, seq, items or seq.keys,
                      lambda s, item: _equals_arg(ex, s, v, item, line))
    sorted_ = [o for o in this.targets if o is not None and o.cls.fqname in _SORTED]
    if sorted_:
        odd = [o for o in v.targets if o is None or not (o.cls.fqname == jdk.STRING or o.is_box)]
        state = ex.stuck_unless(state, mk_and(this.member_guard(sorted_), v.member_guard(odd)),
                                f"a {sorted_[0].cls.simple_name} of objects other than strings "
                                f"and boxes (ordered by compareTo)", line)
    plain = _consistent(v) and all(_consistent(x) for x in seq.keys)
    hv, state = (None, state) if plain else jdk._hash_of(ex, state, v, line)
    return _first(ex, state, seq, seq.keys, lambda s, item: _hashed_match(ex, s, v, item, line, hv))


def _pick(ex, hits: list, items: list, otherwise):
    return merge_values(ex.ctx, _object_type(ex), list(zip(hits, items)) + [(ex.true, otherwise)])


def _strict(ex, state, this: Ref, v: Ref, line: int):
    """``List.of``'s and the like reject a null query with NullPointerException."""
    strict = [o for o in this.targets if o is not None and _how(o) == "strict"]
    return ex.throw(state, mk_and(this.member_guard(strict), v.null_guard()),
                    "java.lang.NullPointerException", line)


def _ordered(ex, state, seq: Seq, this: Ref, line: int):
    return ex.stuck_unless(state, seq.unordered,
                           f"the iteration order of a {this.targets[-1].cls.simple_name} (the "
                           f"JVM's hash or sort order)", line)


# ------------------------------------------------------------------ models

def _on(owners, signature: str):
    """Register one model for several classes (each gets its own method); receivers the
    model does not know (a ``Collection`` or ``TreeSet`` field of unknown contents, a
    project class's ``Map.Entry``) are unsupported there."""
    name = signature.partition("(")[0].split()[-1]

    def register(fn):
        def guarded(ex, state, this, args, line):
            if this is not None:
                this, state = _modelled_only(ex, state, this, "{}." + name, line)
            return fn(ex, state, this, args, line)
        for owner in owners:
            jdk.model(owner, signature)(guarded)
        return fn
    return register


def _stuck_on(ex, state, ref: Ref, odd: list, use: str, line: int):
    """``ref`` narrowed to the objects not in ``odd``, and the state stuck where it points
    to one of those (to say so if a violation needs it); ``use`` says what needed them,
    ``{}`` standing for the first one's class."""
    if not odd:
        return ref, state
    state = ex.stuck_unless(state, ref.member_guard(odd), use.format(odd[0].cls.simple_name), line)
    return ref.narrowed(o for o in ref.targets if o not in odd), state


def _modelled_only(ex, state, ref: Ref, use: str, line: int):
    """``ref`` narrowed to the objects whose contents this module keeps (``_stuck_on``),
    and of them to those of one shape: elements, or a map's keys and values (a Set that
    may be a map's entry set or any set a call returned is read as neither); a dead path
    where none is left (every path threw or got stuck): nothing to read."""
    odd = [o for o in ref.targets if o is not None and not _modelled(ex, o)]
    ref, state = _stuck_on(ex, state, ref, odd, use + " (no model of its contents)", line)
    paired = [o for o in ref.targets if o is not None and kind_of(o.cls) in (MAP, ENTRIES)]
    if paired:
        odd = [o for o in ref.targets if o is not None and o not in paired and kind_of(o.cls)]
        instead = f" (where it may be a {paired[0].cls.simple_name} instead)"
        ref, state = _stuck_on(ex, state, ref, odd, use + instead, line)
    if not ref.non_null():
        raise DeadPath
    return ref, state


def _modelled(ex, obj) -> bool:
    """Is ``obj`` an object whose contents this module keeps?"""
    if obj.cls.fqname in (_ENTRY, _ITERATOR):
        return obj.kind == "new"
    if kind_of(obj.cls) is None:
        return False
    return obj.kind != "slot" or (obj, _field(ex, obj.cls, "#size")) in ex.initial


def _of(*kinds: str) -> list[str]:
    return ([n for n, (k, _) in _KINDS.items() if k in kinds]
            + [n for n, k in _INTERFACES.items() if k in kinds])


_COLLECTIONS = _of(LIST, SET, VALUES, ENTRIES) + [_U + "Collection"]


@_on(_COLLECTIONS + _of(MAP), "int size()")
def size(ex, state, this, args, line):
    return read(ex, state, this).size, state


@_on(_COLLECTIONS + _of(MAP), "boolean isEmpty()")
def is_empty(ex, state, this, args, line):
    return _bool(read(ex, state, this).size.term == 0), state


@_on(_of(LIST, SET, VALUES) + [_U + "Collection"], "boolean contains(Object)")
def contains(ex, state, this, args, line):
    state = _strict(ex, state, this, args[0], line)
    hits, state = _lookup(ex, state, this, read(ex, state, this), args[0], line)
    return _bool(mk_or(ex.ctx, hits)), state


@_on(_of(MAP), "boolean containsKey(Object)")
def contains_key(ex, state, this, args, line):
    return contains(ex, state, this, args, line)


@_on(_of(MAP), "boolean containsValue(Object)")
def contains_value(ex, state, this, args, line):
    state = _strict(ex, state, this, args[0], line)
    seq = read(ex, state, this)
    hits, state = _lookup(ex, state, this, seq, args[0], line, seq.values)
    return _bool(mk_or(ex.ctx, hits)), state


@_on(_of(MAP), "Object get(Object)")
def map_get(ex, state, this, args, line):
    state = _strict(ex, state, this, args[0], line)
    seq = read(ex, state, this)
    hits, state = _lookup(ex, state, this, seq, args[0], line)
    return _pick(ex, hits, seq.values, ref_to(_object_type(ex), None, ex.ctx)), state


@_on(_of(LIST), "Object get(int)")
def list_get(ex, state, this, args, line):
    """The element at an index; outside the list, the exception its class throws."""
    seq, i = read(ex, state, this), args[0]
    out = z3.Or(i.term < 0, i.term >= seq.size.term)
    for guard, exc in _index_exceptions(ex, state, this):
        state = ex.throw(state, mk_and(guard, out), f"java.lang.{exc}", line)
    return _at(ex, state, seq, i, line)


def _index_exceptions(ex, state, ref: Ref):
    """(guard, exception) for ``get`` past the end, per class: ArrayList's and LinkedList's
    IndexOutOfBoundsException, the array-backed lists' ArrayIndexOutOfBoundsException
    (``Arrays.asList``, which also writes a check's lists; ``List.of`` of 0 or more than 2
    elements; ``List.of`` of 1 or 2 is List12, with IndexOutOfBoundsException)."""
    out = []
    for g, o in ref.non_null():
        name = o.cls.fqname
        if _how(o) == "view":
            inner = _index_exceptions(ex, state, ex.read(state, o, _field(ex, o.cls, "#of")))
            out += [(mk_and(g, h), exc) for h, exc in inner]
        elif name in (_U + "ArrayList", _U + "LinkedList", _U + "Collections.EmptyList"):
            out.append((g, "IndexOutOfBoundsException"))
        elif name == _U + "ImmutableCollections.ListN":
            size = ex.read(state, o, _field(ex, o.cls, "#size")).term
            pair = z3.And(size >= 1, size <= 2)
            out += [(mk_and(g, pair), "IndexOutOfBoundsException"),
                    (mk_and(g, mk_not(pair)), "ArrayIndexOutOfBoundsException")]
        else:
            out.append((g, "ArrayIndexOutOfBoundsException"))
    return out


def _at(ex, state, seq: Seq, i: Prim, line: int):
    """The element at position ``i`` (within the size); of an entry set, a new entry."""
    hits = [_folded(i.term == k) for k in range(len(seq.keys))]
    null = ref_to(_object_type(ex), None, ex.ctx)
    if seq.kind != ENTRIES:
        return _pick(ex, hits, seq.keys, null), state
    ref, state = ex.new_object(state, ex.program.classes[_ENTRY], line)
    heap = dict(state.heap)
    for name, items in (("#key", seq.keys), ("#value", seq.values)):
        heap[(ref.targets[0], _field(ex, ref.type, name))] = _pick(ex, hits, items, null)
    return ref, type(state)(state.guard, state.env, heap)


@_on(_COLLECTIONS, "Object #at(int)")
def at(ex, state, this, args, line):
    """The element an enhanced ``for`` reads at position ``i`` (see ``for_each``)."""
    seq = read(ex, state, this)
    return _at(ex, _ordered(ex, state, seq, this, line), seq, args[0], line)


@_on(_COLLECTIONS, "Iterator iterator()")
def iterator(ex, state, this, args, line):
    state = _ordered(ex, state, read(ex, state, this), this, line)
    cls = ex.program.classes[_ITERATOR]
    ref, state = ex.new_object(state, cls, line)
    heap = dict(state.heap)
    heap[(ref.targets[0], _field(ex, cls, "#of"))] = this
    heap[(ref.targets[0], _field(ex, cls, "#at"))] = _int(ex, 0)
    return ref, type(state)(state.guard, state.env, heap)


def _cursor(ex, state, it: Ref, line: int):
    """(collection, position, state) of an iterator: of the iterators ``it`` may be, those
    over collections of one shape (``_modelled_only``)."""
    def field(name):
        return merge_values(ex.ctx, None if name == "#of" else INT,
                            [(g, ex.read(state, o, _field(ex, o.cls, name))) for g, o in it.non_null()])
    of, state = _modelled_only(ex, state, field("#of"), "an iterator over a {}", line)
    return of, field("#at"), state


@_on([_ITERATOR, _U + "Iterator"], "boolean hasNext()")
def has_next(ex, state, this, args, line):
    of, pos, state = _cursor(ex, state, this, line)
    return _bool(pos.term < read(ex, state, of).size.term), state


@_on([_ITERATOR, _U + "Iterator"], "Object next()")
def next_(ex, state, this, args, line):
    of, pos, state = _cursor(ex, state, this, line)
    seq = read(ex, state, of)
    state = ex.throw(state, pos.term >= seq.size.term, NO_SUCH_ELEMENT, line)
    value, state = _at(ex, state, seq, pos, line)
    fld = _field(ex, this.targets[-1].cls, "#at")
    heap = dict(state.heap)
    for g, o in this.non_null():
        heap[(o, fld)] = merge_values(ex.ctx, INT, [(g, Prim(INT, pos.term + 1)),
                                                    (ex.true, ex.read(state, o, fld))])
    return value, type(state)(state.guard, state.env, heap)


@_on(_of(MAP), "Set keySet()")
def key_set(ex, state, this, args, line):
    return _view(ex, state, _U + "HashMap.KeySet", line, this)


@_on(_of(MAP), "Collection values()")
def values(ex, state, this, args, line):
    return _view(ex, state, _U + "HashMap.Values", line, this)


@_on(_of(MAP), "Set entrySet()")
def entry_set(ex, state, this, args, line):
    return _view(ex, state, _U + "HashMap.EntrySet", line, this)


def _entry_part(name: str):
    def model_(ex, state, this, args, line):
        return merge_values(ex.ctx, _object_type(ex), [(g, ex.read(state, o, _field(ex, o.cls, name)))
                                                       for g, o in this.non_null()]), state
    return model_


_on([_ENTRY, _U + "Map.Entry"], "Object getKey()")(_entry_part("#key"))
_on([_ENTRY, _U + "Map.Entry"], "Object getValue()")(_entry_part("#value"))


@_on([_ENTRY], "int hashCode()")
def entry_hash_code(ex, state, this, args, line):
    hk, state = jdk._hash_of(ex, state, _entry_part("#key")(ex, state, this, args, line)[0], line)
    hv, state = jdk._hash_of(ex, state, _entry_part("#value")(ex, state, this, args, line)[0], line)
    return Prim(INT, hk ^ hv), state


@_on([_ENTRY], "boolean equals(Object)")
def entry_equals(ex, state, this, args, line):
    """``o instanceof Map.Entry e && Objects.equals(key, e.getKey()) && Objects.equals(value,
    e.getValue())``; the other entry's methods are dispatched (it may be a project class)."""
    o, iface = args[0], ex.program.classes[_U + "Map.Entry"]
    entries = _instances(ex, o, iface)
    state = ex.stuck_unless(state, o.member_guard(entries[None]),
                            "Map.Entry.equals with an object of unknown class", line)
    if not entries[True]:
        return _bool(z3.BoolVal(False, ex.ctx)), state
    other = o.narrowed(entries[True]).typed(iface)
    result = o.member_guard(entries[True])
    for name in ("getKey", "getValue"):
        mine = _entry_part("#" + name[3:].lower())(ex, state, this, [], line)[0]

        def same(s, mine=mine, name=name):
            theirs, s = ex.call_method(s, other, name, [], line)
            return jdk.objects_equals(ex, s, None, [mine, theirs], line)
        eq, state = ex.when(state, result, same, _bool(z3.BoolVal(False, ex.ctx)))
        result = mk_and(result, eq.term)
    return _bool(result), state


def _own_code(obj) -> bool:
    """Is ``obj`` of a class whose code the engine runs (a project's or a library model's)
    and that this module does not model: its collection methods are its own code's."""
    return kind_of(obj.cls) is None and obj.cls.has_source and not obj.opaque


def _instances(ex, o: Ref, iface: ClassInfo) -> dict:
    """The non-null targets of ``o`` that are (True), are not (False) or may be (None) an
    ``iface``; objects of modelled classes of another kind are not."""
    out = {True: [], False: [], None: []}
    for p in o.targets:
        if p is not None:
            decided = None if p.opaque and not p.cls.is_subtype_of(iface) else p.cls.subtype_decided(iface)
            out[decided].append(p)
    return out


# ------------------------------------------------------ equals and hashCode

_INTERFACE_OF = {LIST: _U + "List", SET: _U + "Set", MAP: _U + "Map"}


def _equals(kind: str, compare, with_code=None):
    """AbstractList/Set/Map.equals: the same object, or an object of the interface with
    contents that ``compare(ex, state, this, a, b, going, line)`` finds equal; of an object
    whose class has code of its own, as ``with_code(ex, state, this, other, line)`` finds,
    where given and the other may be of fewer than ``SUMMARY_FANOUT`` such classes (as for
    a call on an object made from field values: guava's sets compared with any of its
    dozens of Set classes ran out of time exploring them)."""
    def model_(ex, state, this, args, line):
        from pytest_boundcheck.symex.executor import SUMMARY_FANOUT  # (symex imports this module)
        o = args[0]
        found = _instances(ex, o, ex.program.classes[_INTERFACE_OF[kind]])
        ours = [p for p in found[True] if kind_of(p.cls) == kind and _modelled(ex, p)]
        coded = [p for p in found[True] if with_code and _own_code(p)]
        if len({p.cls for p in coded}) >= SUMMARY_FANOUT:
            coded = []  # so many classes' code, followed, is too much to explore: stuck
        unknown = found[None] + [p for p in found[True] if p not in ours and p not in coded]
        _, state = _stuck_on(ex, state, o, unknown,
                             f"{_INTERFACE_OF[kind][len(_U):]}.equals with a {{}}", line)
        identical = same_object(ex.ctx, this, o)
        equal = [identical]
        if ours:
            a, b = read(ex, state, this), read(ex, state, o.narrowed(ours))
            going = mk_and(mk_not(identical), o.member_guard(ours), a.size.term == b.size.term)
            going, state = compare(ex, state, this, a, b, going, line)
            equal.append(going)
        if coded:
            other = o.narrowed(coded)
            same, state = ex.when(state, mk_and(mk_not(identical), o.member_guard(coded)),
                                  lambda s: with_code(ex, s, this, other, line),
                                  _bool(z3.BoolVal(False, ex.ctx)))
            equal.append(same.term)
        return _bool(mk_or(ex.ctx, equal)), state
    return model_


def _lists_equal(ex, state, this, a: Seq, b: Seq, going, line):
    for k, (x, y) in enumerate(zip(a.keys, b.keys)):
        same, state = ex.when(state, mk_and(going, _folded(a.size.term > k)),
                              lambda s, x=x, y=y: _equals_arg(ex, s, x, y, line),
                              _bool(z3.BoolVal(True, ex.ctx)))
        going = mk_and(going, same.term)
    return going, state


def _sets_equal(ex, state, this, a: Seq, b: Seq, going, line):
    """containsAll: every element of the other set is in this one. Of sets of strings,
    boxes and plain objects, also the converse as a formula, which equal sizes imply: the
    solver then need not count to see that set equality is symmetric and transitive."""
    if all(_consistent(v) for v in a.keys + b.keys):
        going = mk_and(going, _contained(ex, a, b))
    for k, y in enumerate(b.keys):
        def contained(s, y=y):
            hits, s = _lookup(ex, s, this, a, y, line)
            return _bool(mk_or(ex.ctx, hits)), s
        inside, state = ex.when(state, mk_and(going, _folded(b.size.term > k)), contained,
                                _bool(z3.BoolVal(True, ex.ctx)))
        going = mk_and(going, inside.term)
    return going, state


def _contained(ex, a: Seq, b: Seq) -> z3.BoolRef:
    """Every element (entry) of ``a`` is one of ``b``'s, all of them plain (``_consistent``)."""
    def same(x: int, y: int) -> z3.BoolRef:
        if a.values is None:
            return _plain_equal(ex, a.keys[x], b.keys[y])
        return mk_and(_plain_equal(ex, a.keys[x], b.keys[y]), _plain_equal(ex, a.values[x], b.values[y]))
    return mk_and(ex.true, *[z3.Implies(_folded(a.size.term > x), mk_or(ex.ctx, [
        mk_and(_folded(b.size.term > y), same(x, y)) for y in range(len(b.keys))]))
        for x in range(len(a.keys))])


def _maps_equal(ex, state, this, a: Seq, b: Seq, going, line):
    """Every key of this map maps to an equal value in the other (a null value: the key is
    there, with null); for keys and values of strings, boxes and plain objects, also the
    converse (see ``_sets_equal``)."""
    if all(_consistent(v) for v in a.keys + b.keys + a.values + b.values):
        going = mk_and(going, _contained(ex, b, a))
    null = ref_to(_object_type(ex), None, ex.ctx)
    other = this  # the lookup rules are the other map's; both are hash-based or sorted
    for k, (key, value) in enumerate(zip(a.keys, a.values)):
        def matches(s, key=key, value=value):
            hits, s = _lookup(ex, s, other, b, key, line)
            got = _pick(ex, hits, b.values, null)
            eq, s = ex.call_if(s, mk_not(value.null_guard()), value, "equals", [got], line,
                               _bool(mk_and(got.null_guard(), mk_or(ex.ctx, hits))))
            return eq, s
        same, state = ex.when(state, mk_and(going, _folded(a.size.term > k)), matches,
                              _bool(z3.BoolVal(True, ex.ctx)))
        going = mk_and(going, same.term)
    return going, state


def _set_equals_with_code(ex, state, this: Ref, other: Ref, line: int):
    """The JDK's Set.equals of another set whose class has code of its own, run as the
    Java of ``libraries/java/util/SetEquality.java``: the other set's ``size()`` and
    iterator are its own code's, and this set's ``contains`` the model's."""
    helper = ex.program.classes[_U + "SetEquality"]
    sets = [o for _, o in this.non_null()]
    strict = [o for o in sets if _how(o) == "strict"]
    results = []
    for targets, name in ((strict, "immutableSetEquals"),
                          ([o for o in sets if o not in strict], "abstractSetEquals")):
        if targets:
            method = ex.program.methods_named(helper, name)[0]
            mine = this.narrowed(targets)
            result, state = ex.when(state, this.member_guard(targets), lambda s: ex.invoke(
                method, None, [mine, other], s, line)[:2], _bool(z3.BoolVal(False, ex.ctx)))
            results.append(result.term)
    return _bool(mk_or(ex.ctx, results)), state


_on(_of(LIST), "boolean equals(Object)")(_equals(LIST, _lists_equal))
_on(_of(SET), "boolean equals(Object)")(_equals(SET, _sets_equal, _set_equals_with_code))
_on(_of(MAP), "boolean equals(Object)")(_equals(MAP, _maps_equal))


def _hash(fold):
    """hashCode as ``fold(h, element hashes...)`` over the slots within the size."""
    def model_(ex, state, this, args, line):
        seq = read(ex, state, this)
        h = z3.BitVecVal(1 if seq.kind == LIST else 0, 32, ex.ctx)
        for k in range(len(seq.keys)):
            within = _folded(seq.size.term > k)
            parts = []
            for items in filter(None, (seq.keys, seq.values)):
                e, state = ex.when(state, within, lambda s, x=items[k]: _hashed(ex, s, x, line),
                                   Prim(INT, z3.BitVecVal(0, 32, ex.ctx)))
                parts.append(e.term)
            h = mk_ite(within, fold(h, *parts), h)
        return Prim(INT, h), state
    return model_


def _hashed(ex, state, v, line):
    """``Objects.hashCode(v)``: of strings, boxes and plain objects one term per object
    (the same element read through two references is then one term once the solver fixes
    which object each is), of others by calling their hashCode."""
    plain = [(g, o) for g, o in v.non_null() if _consistent(ref_to(o.cls, o, ex.ctx))]
    others = [o for o in v.targets if o is not None and (v.guard(o), o) not in plain]
    h = _int(ex, 0)
    if others:
        h, state = ex.call_if(state, v.member_guard(others), v.narrowed(others), "hashCode", [],
                              line, h)
    term = h.term
    for g, o in plain:
        term = mk_ite(g, _plain_hash(ex, o), term)
    return Prim(INT, term), state


_on(_of(LIST), "int hashCode()")(_hash(lambda h, e: 31 * h + e))
_on(_of(SET), "int hashCode()")(_hash(lambda h, e: h + e))
_on(_of(MAP), "int hashCode()")(_hash(lambda h, k, v: h + (k ^ v)))


# ------------------------------------------------------------ construction

def _mutable(ex, state, this: Ref, line: int):
    """Where ``this`` is unmodifiable, UnsupportedOperationException; where its class is
    unknown, unsupported."""
    fixed = [o for o in this.targets if o is not None and _how(o) in ("fixed", "strict", "view")]
    state = ex.throw(state, this.member_guard(fixed), "java.lang.UnsupportedOperationException", line)
    unknown = [o for o in this.targets if o is not None and _how(o) == "any" and o.opaque]
    return ex.stuck_unless(state, this.member_guard(unknown),
                           f"changing a {this.targets[-1].cls.simple_name} of unknown class", line)


def _added(ex, state, this: Ref, seq: Seq, v: Value, line: int, when=None):
    """``seq`` with ``v`` added (where ``when`` holds): appended to a list, to a set unless
    it is there; (seq, added, state). Past the length bound the path is cut."""
    when = ex.true if when is None else when
    fresh = when
    if seq.kind == SET:
        def absent(s):
            hits, s = _lookup(ex, s, this, seq, v, line)
            return _bool(mk_not(mk_or(ex.ctx, hits))), s
        there, state = ex.when(state, when, absent, _bool(z3.BoolVal(False, ex.ctx)))
        fresh = mk_and(when, there.term)
    n = ex.bounds.max_length
    state = ex.bounded_unless(state, mk_or(ex.ctx, [mk_not(fresh), _folded(seq.size.term < n)]),
                              f"collections longer than --boundcheck-max-length ({n})", line)
    obj = _object_type(ex)
    keys = [merge_values(ex.ctx, obj, [(mk_and(fresh, _folded(seq.size.term == k)), v), (ex.true, x)])
            for k, x in enumerate(seq.keys)]
    size = Prim(INT, mk_ite(fresh, z3.simplify(seq.size.term + 1), seq.size.term))
    return Seq(seq.kind, size, keys, seq.values, seq.unordered), fresh, state


def _put(ex, state, this: Ref, seq: Seq, key: Value, value: Value, line: int, when=None):
    """``seq`` with ``key`` mapped to ``value`` (where ``when`` holds); (seq, previous value,
    whether the key was there, state)."""
    when = ex.true if when is None else when
    null = ref_to(_object_type(ex), None, ex.ctx)

    hits: list = []

    def find(s):
        found, s = _lookup(ex, s, this, seq, key, line)
        hits.extend(found)
        return _bool(mk_or(ex.ctx, found)), s
    there, state = ex.when(state, when, find, _bool(z3.BoolVal(False, ex.ctx)))
    hits = [mk_and(when, h) for h in hits] or [z3.BoolVal(False, ex.ctx)] * len(seq.keys)
    obj = _object_type(ex)
    absent = mk_and(when, mk_not(there.term))
    grown, _, state = _added(ex, state, this, Seq(LIST, seq.size, seq.keys, None, seq.unordered),
                             key, line, absent)
    values = [merge_values(ex.ctx, obj, [(h, value), (mk_and(absent, _folded(seq.size.term == k)), value),
                                         (ex.true, x)])
              for k, (h, x) in enumerate(zip(hits, seq.values))]
    return (Seq(MAP, grown.size, grown.keys, values, seq.unordered),
            _pick(ex, hits, seq.values, null), mk_and(when, there.term), state)


@_on(_of(LIST, SET, VALUES, ENTRIES) + [_U + "Collection"], "boolean add(Object)")
def add(ex, state, this, args, line):
    state = _mutable(ex, state, this, line)
    seq, added, state = _added(ex, state, this, read(ex, state, this), args[0], line)
    return _bool(added), _store(ex, state, this, seq)


@_on(_of(MAP), "Object put(Object, Object)")
def put(ex, state, this, args, line):
    state = _mutable(ex, state, this, line)
    seq, old, _, state = _put(ex, state, this, read(ex, state, this), *args, line)
    return old, _store(ex, state, this, seq)


def _source(ex, state, ref: Ref, kinds, line: int, ordered: bool = True) -> tuple[Seq, object]:
    """The contents of a collection code copies (NullPointerException if null), in an
    order the model knows where the copy keeps it (``ordered``); copying from classes
    not modelled here is unsupported."""
    state = ex.null_check(state, ref, line)
    others = [o for o in ref.targets
              if o is not None and (kind_of(o.cls) not in kinds or not _modelled(ex, o))]
    ref, state = _stuck_on(ex, state, ref, others, "copying a {}", line)
    ref = ref.narrowed(o for o in ref.targets if o is not None)
    if not ref.non_null():  # every path threw or got stuck above
        raise DeadPath
    seq = read(ex, state, ref)
    return seq, _ordered(ex, state, seq, ref, line) if ordered else state


def _filled(ex, state, this: Ref, src: Seq, line: int, strict: bool = False):
    """A new collection's contents: ``src``'s elements (entries) added one by one; ``strict``:
    no nulls (NullPointerException) and, for ``Set.of`` and ``Map.of``, no duplicates
    (IllegalArgumentException)."""
    kind = kind_of(this.type)
    seq = _empty(ex, kind)
    for k in range(len(src.keys)):
        within = _folded(src.size.term > k)
        if strict:
            nulls = [src.keys[k]] + ([src.values[k]] if kind == MAP else [])
            state = ex.throw(state, mk_and(within, mk_or(ex.ctx, [v.null_guard() for v in nulls])),
                             "java.lang.NullPointerException", line)
        if kind == MAP:
            seq, _, dup, state = _put(ex, state, this, seq, src.keys[k], src.values[k], line, within)
        else:
            seq, fresh, state = _added(ex, state, this, seq, src.keys[k], line, within)
            dup = mk_and(within, mk_not(fresh))
        if strict is True:
            state = ex.throw(state, dup, "java.lang.IllegalArgumentException", line)
    return seq, state


def _ordered_by_comparator(ex, state, this, args, line):
    """A TreeSet or TreeMap ordered by a comparator: that order is not modelled."""
    ex.unsupported(state, f"a {this.type.simple_name} ordered by a Comparator", line)


def _constructor(copying: bool):
    def model_(ex, state, this, args, line):
        kind = kind_of(this.type)
        if not args:
            return None, _store(ex, state, this, _empty(ex, kind))
        if not copying:
            state = ex.throw(state, args[0].term < 0, "java.lang.IllegalArgumentException", line)
            return None, _store(ex, state, this, _empty(ex, kind))
        src, state = _source(ex, state, args[0], (MAP,) if kind == MAP else (LIST, SET, VALUES), line,
                             this.type.fqname in _ORDERED)
        if kind in (LIST, src.kind):  # a set's or map's contents are already unique
            return None, _store(ex, state, this, Seq(kind, src.size, src.keys, src.values, src.unordered))
        seq, state = _filled(ex, state, this, src, line)
        return None, _store(ex, state, this, seq)
    return model_


for _name, (_kind, _how_) in _KINDS.items():
    if _how_ == "mutable":
        _simple = _name.rpartition(".")[2]
        _on([_name], f"{_simple}()")(_constructor(False))
        _on([_name], f"{_simple}({'Map' if _kind == MAP else 'Collection'})")(_constructor(True))
        if _name not in _SORTED:
            _on([_name], f"{_simple}(int)")(_constructor(False))
        else:
            _on([_name], f"{_simple}(Comparator)")(_ordered_by_comparator)


def _factory(fqname: str, strict: bool | str, copy: bool = False):
    """``List.of``, ``Set.copyOf``, ``Arrays.asList`` and the like: a new collection of
    ``fqname`` from the arguments (``copy``: from the collection given)."""
    def model_(ex, state, this, args, line):
        kind = kind_of(ex.program.classes[fqname])
        if copy:
            src, state = _source(ex, state, args[0], (LIST, SET, VALUES), line, kind == LIST)
        else:
            if len(args) == 1 and isinstance(args[0].type, ClassInfo) and args[0].type.element is not None:
                ex.unsupported(state, "a collection from an existing array (a view of it)", line)
            n = len(args) // (2 if kind == MAP else 1)
            if n > ex.bounds.max_length:
                ex.cut(state, f"a collection of {n} elements (--boundcheck-max-length is "
                              f"{ex.bounds.max_length})", line)
            null = ref_to(_object_type(ex), None, ex.ctx)
            pad = [null] * (ex.bounds.max_length - n)
            keys, values = (args[0::2], args[1::2]) if kind == MAP else (args, None)
            src = Seq(kind, _int(ex, n), list(keys) + pad, None if values is None else list(values) + pad,
                      z3.BoolVal(False, ex.ctx))
        ref, state = ex.new_object(state, ex.program.classes[fqname], line)
        if kind == LIST:
            if strict:
                state = ex.throw(state, mk_or(ex.ctx, [mk_and(_folded(src.size.term > k), v.null_guard())
                                                       for k, v in enumerate(src.keys)]),
                                 "java.lang.NullPointerException", line)
            seq = Seq(LIST, src.size, src.keys, None, src.unordered)
        else:
            seq, state = _filled(ex, state, ref, src, line, strict)
        return ref.typed(ex.program.classes[_INTERFACE_OF[kind]]), _store(ex, state, ref, seq)
    return model_


_on([_U + "List"], "static List of(Object...)")(_factory(_U + "ImmutableCollections.ListN", True))
_on([_U + "Set"], "static Set of(Object...)")(_factory(_U + "ImmutableCollections.SetN", True))
for _pairs in range(11):
    _on([_U + "Map"], f"static Map of({', '.join(['Object'] * 2 * _pairs)})")(
        _factory(_U + "ImmutableCollections.MapN", True))
_on([_U + "List"], "static List copyOf(Collection)")(
    _factory(_U + "ImmutableCollections.ListN", True, copy=True))
_on([_U + "Set"], "static Set copyOf(Collection)")(
    _factory(_U + "ImmutableCollections.SetN", "nulls", copy=True))
_on([_U + "Arrays"], "static List asList(Object...)")(_factory(_U + "Arrays.ArrayList", False))
for _what, _kind in (("List", LIST), ("Set", SET), ("Map", MAP)):
    _on([_U + "Collections"], f"static {_what} empty{_what}()")(
        _factory(f"{_U}Collections.Empty{_what}", False))


def _unmodifiable(fqname: str):
    def model_(ex, state, this, args, line):
        state = ex.null_check(state, args[0], line)
        ref, state = _view(ex, state, fqname, line, args[0])
        return ref.typed(args[0].type), state
    return model_


for _what in ("List", "Set", "Map"):
    _on([_U + "Collections"], f"static {_what} unmodifiable{_what}({_what})")(
        _unmodifiable(f"{_U}Collections.Unmodifiable{_what}"))


# -------------------------------------------------------------- iteration

_LOOPS = iter(range(1, 1 << 62))


def for_each(ex, stmt, ref: Ref, state):
    """``for (T x : c) body`` over a collection as ``for (int i = 0; i < c.size() && i <
    max_length; i++) { T x = (T) c.#at(i); body }`` over hidden locals."""
    from pytest_boundcheck.frontend import javaast as ast
    collection = ex.program.classes[_U + "Collection"]
    state = ex.null_check(state, ref, stmt.line)
    others = [o for o in ref.targets
              if o is not None and (kind_of(o.cls) in (None, MAP) or not _modelled(ex, o))]
    ref, state = _stuck_on(ex, state, ref, others, "enhanced for over a {}", stmt.line)
    n, line = next(_LOOPS), stmt.line
    c, i = f"#collection{n}", f"#index{n}"
    state.env[c] = ref.typed(collection)

    def less(bound):
        return ast.Binary(line, "<", ast.Name(line, i), bound)
    item = ast.MethodCall(line, ast.Name(line, c), "#at", (ast.Name(line, i),))
    loop = ast.Loop(
        line, (ast.LocalVar(line, ast.TypeName("int"), i, ast.Literal(line, "int", 0)),),
        ast.Binary(line, "&&", less(ast.MethodCall(line, ast.Name(line, c), "size", ())),
                   less(ast.Literal(line, "int", ex.bounds.max_length))),
        (ast.Update(line, "++", True, ast.Name(line, i)),),
        ast.Block(line, (ast.LocalVar(line, stmt.type, stmt.name,
                                      _as_declared(stmt.type, item)),
                         stmt.body)),
        label=stmt.label)
    state = ex.exec_stmt(loop, state)
    del state.env[c]
    return state


def _as_declared(t, item):
    """The element as the loop variable takes it: cast to its box for a primitive variable
    (``for (int x : ints)``), else by the cast the compiler inserts for the type argument,
    which the check does not know (``check_cast``)."""
    from pytest_boundcheck.frontend import javaast as ast
    if t.name == "var":
        return item
    if t.dims or t.name not in ("int", "long", "short", "byte", "char", "boolean", "float", "double"):
        return ast.Cast(item.line, t, item, inserted=True)
    return ast.Cast(item.line, t, item)


# ---------------------------------------------------------------- printing

def java(r, obj, shown: bool) -> str:
    """A collection as Java: shown (to read) as ``[a, b]`` or ``{k=v}``; as code, a local
    made of ``Arrays.asList`` (which takes nulls), in an order the JVM keeps."""
    if obj in r.names and not shown:
        return r.names[obj]
    kind, keys, values = _at_start(r, obj)
    items = [r.java(v, shown=shown) for v in keys]
    if shown:
        if values is None:
            return f"[{', '.join(items)}]"
        return "{" + ", ".join(f"{k}={r.java(v, shown=True)}" for k, v in zip(items, values)) + "}"
    ex = r.ex
    name = r.fresh_name(obj.cls)
    r.names[obj] = name
    type_ = r.type_name(obj.cls if obj.cls.fqname in _ANY_CONTENT else ex.program.classes[
        _INTERFACE_OF.get(kind, _U + "Collection")])
    impl = obj.cls if not obj.cls.is_interface else ex.program.classes[
        {LIST: _U + "ArrayList", SET: _U + "LinkedHashSet", MAP: _U + "LinkedHashMap"}[kind]]
    if kind == MAP:
        r.lines.append(f"{type_} {name} = new {r.type_name(impl)}<>();")
        r.lines += [f"{name}.put({k}, {r.java(v)});" for k, v in zip(items, values)]
        return name
    as_list = f"{r.type_name(ex.program.classes[_U + 'Arrays'])}.asList({', '.join(items)})"
    made = as_list if obj.cls.fqname == _U + "List" else f"new {r.type_name(impl)}<>({as_list})"
    r.lines.append(f"{type_} {name} = {made};")
    return name


def _at_start(r, obj):
    """(kind, keys, values) of a collection when the harness began, as the model has them."""
    ex = r.ex
    if _how(obj) == "view":
        inner = r.target(ex.value_at_start(obj, _field(ex, obj.cls, "#of")))
        kind, keys, values = _at_start(r, inner)
        return kind_of(obj.cls), values if kind_of(obj.cls) == VALUES else keys, \
            values if kind_of(obj.cls) in (MAP, ENTRIES) else None
    n = int(r.number(ex.value_at_start(obj, _field(ex, obj.cls, "#size"))))
    keys = [ex.value_at_start(obj, _field(ex, obj.cls, _slot(k))) for k in range(n)]
    values = ([ex.value_at_start(obj, _field(ex, obj.cls, _slot(k, True))) for k in range(n)]
              if kind_of(obj.cls) == MAP else None)
    return kind_of(obj.cls), keys, values
