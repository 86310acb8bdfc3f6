"""The java.util collections' queries: size, contains, get, iteration, views and entries."""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.jdk import ITERATOR, MAP_ENTRY, NO_SUCH_ELEMENT, OBJECT
from pytest_boundcheck.frontend.types import INT
from pytest_boundcheck.models.common import bool_value, equal_objects, hash_of
from pytest_boundcheck.models.java_util.collection_support import (
    COLLECTIONS,
    classes_of,
    in_known_order,
    instances,
    lookup,
    on,
    pick,
    represented_only,
    strict_query,
    view,
)
from pytest_boundcheck.models.registry import Registry
from pytest_boundcheck.symex.collections import (
    ENTRIES,
    LIST,
    MAP,
    SET,
    SORTED,
    VALUES,
    Seq,
    field,
    folded,
    how,
    int_constant,
    read,
)
from pytest_boundcheck.symex.values import Prim, Ref, merge_values, mk_and, mk_not, mk_or, ref_to

_U = "java.util."


def size(m, state, this, args, line):
    return read(m, state, this).size, state


def is_empty(m, state, this, args, line):
    return bool_value(read(m, state, this).size.term == 0), state


def contains(m, state, this, args, line):
    state = strict_query(m, state, this, args[0], line)
    hits, state = lookup(m, state, this, read(m, state, this), args[0], line)
    return bool_value(mk_or(m.ctx, hits)), state


def contains_key(m, state, this, args, line):
    return contains(m, state, this, args, line)


def contains_value(m, state, this, args, line):
    state = strict_query(m, state, this, args[0], line)
    seq = read(m, state, this)
    hits, state = lookup(m, state, this, seq, args[0], line, seq.values)
    return bool_value(mk_or(m.ctx, hits)), state


def natural_order(m, state, this, args, line):
    """``comparator()`` of a TreeSet or TreeMap: null, for the natural ordering, the only
    one modelled (one made with a Comparator is unsupported)."""
    return ref_to(m.cls("java.util.Comparator"), None, m.ctx), state


def map_get(m, state, this, args, line):
    state = strict_query(m, state, this, args[0], line)
    seq = read(m, state, this)
    hits, state = lookup(m, state, this, seq, args[0], line)
    return pick(m, hits, seq.values, ref_to(m.cls(OBJECT), None, m.ctx)), state


def list_get(m, state, this, args, line):
    """The element at an index; outside the list, the exception its class throws."""
    seq, i = read(m, state, this), args[0]
    out = z3.Or(i.term < 0, i.term >= seq.size.term)
    for guard, exc in _index_exceptions(m, state, this):
        state = m.throw(state, mk_and(guard, out), f"java.lang.{exc}", line)
    return _at(m, state, seq, i, line)


def _index_exceptions(m, state, ref: Ref):
    """(guard, exception) for ``get`` past the end, per class: ArrayList's and LinkedList's
    IndexOutOfBoundsException, the array-backed lists' ArrayIndexOutOfBoundsException
    (``Arrays.asList``, which also writes a check's lists; ``List.of`` of 0 or more than 2
    elements; ``List.of`` of 1 or 2 is List12, with IndexOutOfBoundsException)."""
    out = []
    for g, o in ref.non_null():
        name = o.cls.fqname
        if how(o) == "view":
            inner = _index_exceptions(m, state, m.read(state, o, field(m, o.cls, "#of")))
            out += [(mk_and(g, h), exc) for h, exc in inner]
        elif name in (_U + "ArrayList", _U + "LinkedList", _U + "Collections.EmptyList"):
            out.append((g, "IndexOutOfBoundsException"))
        elif name == _U + "ImmutableCollections.ListN":
            size = m.read(state, o, field(m, o.cls, "#size")).term
            pair = z3.And(size >= 1, size <= 2)
            out += [(mk_and(g, pair), "IndexOutOfBoundsException"),
                    (mk_and(g, mk_not(pair)), "ArrayIndexOutOfBoundsException")]
        else:
            out.append((g, "ArrayIndexOutOfBoundsException"))
    return out


def _at(m, state, seq: Seq, i: Prim, line: int):
    """The element at position ``i`` (within the size); of an entry set, a new entry."""
    hits = [folded(i.term == k) for k in range(len(seq.keys))]
    null = ref_to(m.cls(OBJECT), None, m.ctx)
    if seq.kind != ENTRIES:
        return pick(m, hits, seq.keys, null), state
    ref, state = m.new_object(state, m.cls(MAP_ENTRY), line)
    heap = dict(state.heap)
    for name, items in (("#key", seq.keys), ("#value", seq.values)):
        heap[(ref.targets[0], field(m, ref.type, name))] = pick(m, hits, items, null)
    return ref, type(state)(state.guard, state.env, heap)


def at(m, state, this, args, line):
    """The element an enhanced ``for`` reads at position ``i`` (see ``for_each``)."""
    seq = read(m, state, this)
    return _at(m, in_known_order(m, state, seq, this, line), seq, args[0], line)


def iterator(m, state, this, args, line):
    state = in_known_order(m, state, read(m, state, this), this, line)
    cls = m.cls(ITERATOR)
    ref, state = m.new_object(state, cls, line)
    heap = dict(state.heap)
    heap[(ref.targets[0], field(m, cls, "#of"))] = this
    heap[(ref.targets[0], field(m, cls, "#at"))] = int_constant(m, 0)
    return ref, type(state)(state.guard, state.env, heap)


def _cursor(m, state, it: Ref, line: int):
    """(collection, position, state) of an iterator: of the iterators ``it`` may be, those
    over collections of one shape (``represented_only``)."""
    def part(name):
        return merge_values(m.ctx, None if name == "#of" else INT,
                            [(g, m.read(state, o, field(m, o.cls, name))) for g, o in it.non_null()])
    of, state = represented_only(m, state, part("#of"), "an iterator over a {}", line)
    return of, part("#at"), state


def has_next(m, state, this, args, line):
    of, pos, state = _cursor(m, state, this, line)
    return bool_value(pos.term < read(m, state, of).size.term), state


def next_(m, state, this, args, line):
    of, pos, state = _cursor(m, state, this, line)
    seq = read(m, state, of)
    state = m.throw(state, pos.term >= seq.size.term, NO_SUCH_ELEMENT, line)
    value, state = _at(m, state, seq, pos, line)
    fld = field(m, this.targets[-1].cls, "#at")
    heap = dict(state.heap)
    for g, o in this.non_null():
        heap[(o, fld)] = merge_values(m.ctx, INT, [(g, Prim(INT, pos.term + 1)),
                                                    (m.true, m.read(state, o, fld))])
    return value, type(state)(state.guard, state.env, heap)


def key_set(m, state, this, args, line):
    return view(m, state, _U + "HashMap.KeySet", line, this)


def values(m, state, this, args, line):
    return view(m, state, _U + "HashMap.Values", line, this)


def entry_set(m, state, this, args, line):
    return view(m, state, _U + "HashMap.EntrySet", line, this)


def _entry_part(name: str):
    def model_(m, state, this, args, line):
        return merge_values(m.ctx, m.cls(OBJECT), [(g, m.read(state, o, field(m, o.cls, name)))
                                                       for g, o in this.non_null()]), state
    return model_




def entry_hash_code(m, state, this, args, line):
    hk, state = hash_of(m, state, _entry_part("#key")(m, state, this, args, line)[0], line)
    hv, state = hash_of(m, state, _entry_part("#value")(m, state, this, args, line)[0], line)
    return Prim(INT, hk ^ hv), state


def entry_equals(m, state, this, args, line):
    """``o instanceof Map.Entry e && Objects.equals(key, e.getKey()) && Objects.equals(value,
    e.getValue())``; the other entry's methods are dispatched (it may be a project class)."""
    o, iface = args[0], m.cls(_U + "Map.Entry")
    entries = instances(m, o, iface)
    state = m.stuck_unless(state, o.member_guard(entries[None]),
                            "Map.Entry.equals with an object of unknown class", line)
    if not entries[True]:
        return bool_value(z3.BoolVal(False, m.ctx)), state
    other = o.narrowed(entries[True]).typed(iface)
    result = o.member_guard(entries[True])
    for name in ("getKey", "getValue"):
        mine = _entry_part("#" + name[3:].lower())(m, state, this, [], line)[0]

        def same(s, mine=mine, name=name):
            theirs, s = m.call_method(s, other, name, [], line)
            return equal_objects(m, s, mine, theirs, line)
        eq, state = m.when(state, result, same, bool_value(z3.BoolVal(False, m.ctx)))
        result = mk_and(result, eq.term)
    return bool_value(result), state


def for_each(m, state, this, args, line):
    """``forEach(action)``: NullPointerException for a null action (every modelled class
    checks it first, even when empty), then ``action.accept(e)`` for each element in
    iteration order, or ``action.accept(k, v)`` for each of a map's entries; the same
    bound as an enhanced ``for`` (a collection holds at most ``max_length`` elements). An
    action that changes the collection it walks (ConcurrentModificationException, or
    nothing, by class and timing) gets its path stuck."""
    action = args[0]
    state = m.null_check(state, action, line)
    seq = read(m, state, this)
    state = in_known_order(m, state, seq, this, line)
    done = int_constant(m, 0)
    for k in range(len(seq.keys)):
        element, state = _at(m, state, seq, int_constant(m, k), line) if seq.values is None \
            else (seq.keys[k], state)
        parts = [element] if seq.values is None else [element, seq.values[k]]

        def accept(s, parts=parts):
            return done, m.call_method(s, action, "accept", parts, line)[1]
        _, state = m.when(state, folded(seq.size.term > k), accept, done)
    after = read(m, state, this)
    return None, m.stuck_unless(state, _changed(m, seq, after),
                                f"a forEach action that changes the "
                                f"{this.targets[-1].cls.simple_name} it walks", line)


def _changed(m, before: Seq, after: Seq) -> z3.BoolRef:
    """Where a collection's contents differ between two readings (its size or a slot)."""
    def differs(a, b):
        if a is b:
            return z3.BoolVal(False, m.ctx)
        return a.term != b.term if isinstance(a, Prim) else a.id != b.id
    pairs = [(before.size, after.size)] + list(zip(before.keys, after.keys))
    pairs += list(zip(before.values or [], after.values or []))
    return mk_or(m.ctx, [differs(a, b) for a, b in pairs])


def register(r: Registry) -> None:
    on(r, COLLECTIONS + classes_of(MAP), "int size()", size)
    on(r, COLLECTIONS + classes_of(MAP), "boolean isEmpty()", is_empty)
    on(r, classes_of(LIST, SET, VALUES) + [_U + "Collection"], "boolean contains(Object)", contains)
    on(r, classes_of(MAP), "boolean containsKey(Object)", contains_key)
    on(r, classes_of(MAP), "boolean containsValue(Object)", contains_value)
    on(r, classes_of(MAP), "Object get(Object)", map_get)
    on(r, sorted(SORTED) + [_U + n for n in ("SortedMap", "SortedSet", "NavigableMap", "NavigableSet")],
       "Comparator comparator()", natural_order)
    on(r, classes_of(LIST), "Object get(int)", list_get)
    on(r, COLLECTIONS, "Object #at(int)", at)
    on(r, COLLECTIONS, "Iterator iterator()", iterator)
    on(r, COLLECTIONS + ["java.lang.Iterable"], "void forEach(Consumer)", for_each)
    on(r, classes_of(MAP), "void forEach(BiConsumer)", for_each)
    on(r, [ITERATOR, _U + "Iterator"], "boolean hasNext()", has_next)
    on(r, [ITERATOR, _U + "Iterator"], "Object next()", next_)
    on(r, classes_of(MAP), "Set keySet()", key_set)
    on(r, classes_of(MAP), "Collection values()", values)
    on(r, classes_of(MAP), "Set entrySet()", entry_set)
    on(r, [MAP_ENTRY], "int hashCode()", entry_hash_code)
    on(r, [MAP_ENTRY], "boolean equals(Object)", entry_equals)
    on(r, [MAP_ENTRY, _U + "Map.Entry"], "Object getKey()", _entry_part("#key"))
    on(r, [MAP_ENTRY, _U + "Map.Entry"], "Object getValue()", _entry_part("#value"))
