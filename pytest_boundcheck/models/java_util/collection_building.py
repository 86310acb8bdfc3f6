"""Making and changing java.util collections: constructors, add, put, clear and a map's
remove, and the
factories (``List.of``, ``Set.copyOf``, ``Arrays.asList``, ``Collections.emptyList``,
``Collections.unmodifiableList``...). Past the length bound a path is cut."""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.jdk import OBJECT
from pytest_boundcheck.frontend.types import INT, ClassInfo
from pytest_boundcheck.models.common import bool_value
from pytest_boundcheck.models.java_util.collection_support import (
    classes_of,
    in_known_order,
    lookup,
    on,
    pick,
    view,
)
from pytest_boundcheck.models.registry import Registry
from pytest_boundcheck.symex.collections import (
    ENTRIES,
    INTERFACE_OF,
    KINDS,
    LIST,
    MAP,
    ORDERED,
    SET,
    SORTED,
    VALUES,
    Seq,
    empty,
    folded,
    how,
    int_constant,
    kind_of,
    read,
    represented,
    store,
    stuck_on,
)
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
    ref_to,
)

_U = "java.util."


def _mutable(m, state, this: Ref, line: int):
    """Where ``this`` is unmodifiable, UnsupportedOperationException; where its class is
    unknown, unsupported."""
    fixed = [o for o in this.targets if o is not None and how(o) in ("fixed", "strict", "view")]
    state = m.throw(state, this.member_guard(fixed), "java.lang.UnsupportedOperationException", line)
    unknown = [o for o in this.targets if o is not None and how(o) == "any" and o.opaque]
    return m.stuck_unless(state, this.member_guard(unknown),
                           f"changing a {this.targets[-1].cls.simple_name} of unknown class", line)


def _added(m, state, this: Ref, seq: Seq, v: Value, line: int, when=None):
    """``seq`` with ``v`` added (where ``when`` holds): appended to a list, to a set unless
    it is there; (seq, added, state). Past the length bound the path is cut."""
    when = m.true if when is None else when
    fresh = when
    if seq.kind == SET:
        def absent(s):
            hits, s = lookup(m, s, this, seq, v, line)
            return bool_value(mk_not(mk_or(m.ctx, hits))), s
        there, state = m.when(state, when, absent, bool_value(z3.BoolVal(False, m.ctx)))
        fresh = mk_and(when, there.term)
    n = m.max_length
    state = m.bounded_unless(state, mk_or(m.ctx, [mk_not(fresh), folded(seq.size.term < n)]),
                              f"collections longer than --boundcheck-max-length ({n})", line,
                              "max-length")
    obj = m.cls(OBJECT)
    keys = [merge_values(m.ctx, obj, [(mk_and(fresh, folded(seq.size.term == k)), v), (m.true, x)])
            for k, x in enumerate(seq.keys)]
    size = Prim(INT, mk_ite(fresh, z3.simplify(seq.size.term + 1), seq.size.term))
    return Seq(seq.kind, size, keys, seq.values, seq.unordered), fresh, state


def _put(m, state, this: Ref, seq: Seq, key: Value, value: Value, line: int, when=None):
    """``seq`` with ``key`` mapped to ``value`` (where ``when`` holds); (seq, previous value,
    whether the key was there, state)."""
    when = m.true if when is None else when
    null = ref_to(m.cls(OBJECT), None, m.ctx)

    hits: list = []

    def find(s):
        found, s = lookup(m, s, this, seq, key, line)
        hits.extend(found)
        return bool_value(mk_or(m.ctx, found)), s
    there, state = m.when(state, when, find, bool_value(z3.BoolVal(False, m.ctx)))
    hits = [mk_and(when, h) for h in hits] or [z3.BoolVal(False, m.ctx)] * len(seq.keys)
    obj = m.cls(OBJECT)
    absent = mk_and(when, mk_not(there.term))
    grown, _, state = _added(m, state, this, Seq(LIST, seq.size, seq.keys, None, seq.unordered),
                             key, line, absent)
    values = [merge_values(m.ctx, obj, [(h, value), (mk_and(absent, folded(seq.size.term == k)), value),
                                         (m.true, x)])
              for k, (h, x) in enumerate(zip(hits, seq.values))]
    return (Seq(MAP, grown.size, grown.keys, values, seq.unordered),
            pick(m, hits, seq.values, null), mk_and(when, there.term), state)


def add(m, state, this, args, line):
    state = _mutable(m, state, this, line)
    seq, added, state = _added(m, state, this, read(m, state, this), args[0], line)
    return bool_value(added), store(m, state, this, seq)


def put(m, state, this, args, line):
    state = _mutable(m, state, this, line)
    seq, old, _, state = _put(m, state, this, read(m, state, this), *args, line)
    return old, store(m, state, this, seq)


def clear(m, state, this, args, line):
    """``Collection.clear()`` and ``Map.clear()``: empty. UnsupportedOperationException from
    an immutable or unmodifiable one always, from a fixed-size one (``Arrays.asList``, the
    empty ones of ``Collections``) where it has elements; a HashMap's key, value or entry
    view clears its map, which is not modelled."""
    views = [o for o in this.targets if o is not None and o.cls.fqname.startswith(_U + "HashMap.")]
    state = m.stuck_unless(state, this.member_guard(views), "clear() of a HashMap's view", line)
    seq = read(m, state, this)
    refused = [o for o in this.targets if o is not None and how(o) in ("strict", "view")]
    fixed = [o for o in this.targets if o is not None and how(o) == "fixed"]
    state = m.throw(state, mk_or(m.ctx, [this.member_guard(refused), mk_and(
        this.member_guard(fixed), folded(seq.size.term > 0))]), "java.lang.UnsupportedOperationException", line)
    unknown = [o for o in this.targets if o is not None and how(o) == "any" and o.opaque]
    state = m.stuck_unless(state, this.member_guard(unknown),
                           f"changing a {this.targets[-1].cls.simple_name} of unknown class", line)
    return None, store(m, state, this, empty(m, seq.kind))


def map_remove(m, state, this, args, line):
    """``Map.remove(key)``: the value the key mapped, and its entry gone (the later ones
    move up, in their order); null where there was none. UnsupportedOperationException
    from an immutable or unmodifiable map, whether or not it holds the key; the empty map
    of Collections has nothing to remove."""
    refused = [o for o in this.targets if o is not None and how(o) in ("strict", "view")]
    state = m.throw(state, this.member_guard(refused), "java.lang.UnsupportedOperationException", line)
    unknown = [o for o in this.targets if o is not None and how(o) == "any" and o.opaque]
    state = m.stuck_unless(state, this.member_guard(unknown),
                           f"changing a {this.targets[-1].cls.simple_name} of unknown class", line)
    seq = read(m, state, this)
    hits, state = lookup(m, state, this, seq, args[0], line)
    null = ref_to(m.cls(OBJECT), None, m.ctx)
    gone = [mk_or(m.ctx, hits[:k + 1]) for k in range(len(seq.keys))]

    def moved_up(items: list) -> list:
        return [merge_values(m.ctx, m.cls(OBJECT), [(g, (items + [null])[k + 1]), (m.true, x)])
                for k, (g, x) in enumerate(zip(gone, items))]
    found = mk_or(m.ctx, hits)
    size = Prim(INT, mk_ite(found, z3.simplify(seq.size.term - 1), seq.size.term))
    left = Seq(MAP, size, moved_up(seq.keys), moved_up(seq.values), seq.unordered)
    return pick(m, hits, seq.values, null), store(m, state, this, left)


def _source(m, state, ref: Ref, kinds, line: int, ordered: bool = True) -> tuple[Seq, object]:
    """The contents of a collection code copies (NullPointerException if null), in an
    order the model knows where the copy keeps it (``ordered``); copying from classes
    not modelled here is unsupported."""
    state = m.null_check(state, ref, line)
    others = [o for o in ref.targets
              if o is not None and (kind_of(o.cls) not in kinds or not represented(o))]
    ref, state = stuck_on(m, state, ref, others, "copying a {}", line)
    ref = ref.narrowed(o for o in ref.targets if o is not None)
    if not ref.non_null():  # every path threw or got stuck above
        raise DeadPath
    seq = read(m, state, ref)
    return seq, in_known_order(m, state, seq, ref, line) if ordered else state


def _filled(m, state, this: Ref, src: Seq, line: int, strict: bool = False):
    """A new collection's contents: ``src``'s elements (entries) added one by one; ``strict``:
    no nulls (NullPointerException) and, for ``Set.of`` and ``Map.of``, no duplicates
    (IllegalArgumentException)."""
    kind = kind_of(this.type)
    seq = empty(m, kind)
    for k in range(len(src.keys)):
        within = folded(src.size.term > k)
        if strict:
            nulls = [src.keys[k]] + ([src.values[k]] if kind == MAP else [])
            state = m.throw(state, mk_and(within, mk_or(m.ctx, [v.null_guard() for v in nulls])),
                             "java.lang.NullPointerException", line)
        if kind == MAP:
            seq, _, dup, state = _put(m, state, this, seq, src.keys[k], src.values[k], line, within)
        else:
            seq, fresh, state = _added(m, state, this, seq, src.keys[k], line, within)
            dup = mk_and(within, mk_not(fresh))
        if strict is True:
            state = m.throw(state, dup, "java.lang.IllegalArgumentException", line)
    return seq, state


def _ordered_by_comparator(m, state, this, args, line):
    """A TreeSet or TreeMap ordered by a comparator: that order is not modelled."""
    m.unsupported(state, f"a {this.type.simple_name} ordered by a Comparator", line)


def _constructor(copying: bool):
    def model_(m, state, this, args, line):
        kind = kind_of(this.type)
        if not args:
            return None, store(m, state, this, empty(m, kind))
        if not copying:
            state = m.throw(state, args[0].term < 0, "java.lang.IllegalArgumentException", line)
            return None, store(m, state, this, empty(m, kind))
        src, state = _source(m, state, args[0], (MAP,) if kind == MAP else (LIST, SET, VALUES), line,
                             this.type.fqname in ORDERED)
        if kind in (LIST, src.kind):  # a set's or map's contents are already unique
            return None, store(m, state, this, Seq(kind, src.size, src.keys, src.values, src.unordered))
        seq, state = _filled(m, state, this, src, line)
        return None, store(m, state, this, seq)
    return model_


def _factory(fqname: str, strict: bool | str, copy: bool = False):
    """``List.of``, ``Set.copyOf``, ``Arrays.asList`` and the like: a new collection of
    ``fqname`` from the arguments (``copy``: from the collection given)."""
    def model_(m, state, this, args, line):
        kind = kind_of(m.cls(fqname))
        if copy:
            src, state = _source(m, state, args[0], (LIST, SET, VALUES), line, kind == LIST)
        else:
            if len(args) == 1 and isinstance(args[0].type, ClassInfo) and args[0].type.element is not None:
                m.unsupported(state, "a collection from an existing array (a view of it)", line)
            n = len(args) // (2 if kind == MAP else 1)
            if n > m.max_length:
                m.cut(state, f"a collection of {n} elements (--boundcheck-max-length is "
                              f"{m.max_length})", line, "max-length")
            null = ref_to(m.cls(OBJECT), None, m.ctx)
            pad = [null] * (m.max_length - n)
            keys, values = (args[0::2], args[1::2]) if kind == MAP else (args, None)
            src = Seq(kind, int_constant(m, n), list(keys) + pad, None if values is None else list(values) + pad,
                      z3.BoolVal(False, m.ctx))
        ref, state = m.new_object(state, m.cls(fqname), line)
        if kind == LIST:
            if strict:
                state = m.throw(state, mk_or(m.ctx, [mk_and(folded(src.size.term > k), v.null_guard())
                                                       for k, v in enumerate(src.keys)]),
                                 "java.lang.NullPointerException", line)
            seq = Seq(LIST, src.size, src.keys, None, src.unordered)
        else:
            seq, state = _filled(m, state, ref, src, line, strict)
        return ref.typed(m.cls(INTERFACE_OF[kind])), store(m, state, ref, seq)
    return model_


def _unmodifiable(fqname: str):
    def model_(m, state, this, args, line):
        state = m.null_check(state, args[0], line)
        ref, state = view(m, state, fqname, line, args[0])
        return ref.typed(args[0].type), state
    return model_


def register(r: Registry) -> None:
    on(r, classes_of(LIST, SET, VALUES, ENTRIES) + [_U + "Collection"], "boolean add(Object)", add)
    on(r, classes_of(MAP), "Object put(Object, Object)", put)
    on(r, classes_of(LIST, SET, VALUES, ENTRIES, MAP) + [_U + "Collection"], "void clear()", clear)
    on(r, classes_of(MAP), "Object remove(Object)", map_remove)
    for name, (kind, behaves) in KINDS.items():
        if behaves == "mutable":
            simple = name.rpartition(".")[2]
            on(r, [name], f"{simple}()", _constructor(False))
            on(r, [name], f"{simple}({'Map' if kind == MAP else 'Collection'})", _constructor(True))
            if name not in SORTED:
                on(r, [name], f"{simple}(int)", _constructor(False))
            else:
                on(r, [name], f"{simple}(Comparator)", _ordered_by_comparator)
    on(r, [_U + "List"], "static List of(Object...)", _factory(_U + "ImmutableCollections.ListN", True))
    on(r, [_U + "Set"], "static Set of(Object...)", _factory(_U + "ImmutableCollections.SetN", True))
    for pairs in range(11):
        on(r, [_U + "Map"], f"static Map of({', '.join(['Object'] * 2 * pairs)})",
           _factory(_U + "ImmutableCollections.MapN", True))
    on(r, [_U + "List"], "static List copyOf(Collection)",
       _factory(_U + "ImmutableCollections.ListN", True, copy=True))
    on(r, [_U + "Set"], "static Set copyOf(Collection)",
       _factory(_U + "ImmutableCollections.SetN", "nulls", copy=True))
    on(r, [_U + "Arrays"], "static List asList(Object...)", _factory(_U + "Arrays.ArrayList", False))
    for what in ("List", "Set", "Map"):
        on(r, [_U + "Collections"], f"static {what} empty{what}()",
           _factory(f"{_U}Collections.Empty{what}", False))
    for what in ("List", "Set", "Map"):
        on(r, [_U + "Collections"], f"static {what} unmodifiable{what}({what})",
           _unmodifiable(f"{_U}Collections.Unmodifiable{what}"))
