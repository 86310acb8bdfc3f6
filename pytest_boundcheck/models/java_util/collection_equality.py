"""The java.util collections' equals and hashCode: the interfaces' own (List: in order,
31-fold; Set: same size and every element of one contained in the other, sum of hashes;
Map: same size and every key mapped to an equal value, sum of ``hash(key) ^ hash(value)``).
Every element's ``equals``/``hashCode`` is a virtual call the executor dispatches."""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.jdk import OBJECT
from pytest_boundcheck.frontend.types import INT
from pytest_boundcheck.models.common import bool_value
from pytest_boundcheck.models.java_util.collection_support import (
    classes_of,
    equals_arg,
    has_own_code,
    hashed,
    instances,
    lookup,
    on,
    pick,
)
from pytest_boundcheck.models.registry import Registry
from pytest_boundcheck.symex.collections import (
    INTERFACE_OF,
    LIST,
    MAP,
    SET,
    Seq,
    consistent,
    folded,
    how,
    kind_of,
    plain_equal,
    read,
    represented,
    stuck_on,
)
from pytest_boundcheck.symex.values import (
    Prim,
    Ref,
    mk_and,
    mk_ite,
    mk_not,
    mk_or,
    ref_to,
    same_object,
)

_U = "java.util."


def _equals(kind: str, compare, with_code=None):
    """AbstractList/Set/Map.equals: the same object, or an object of the interface with
    contents that ``compare(m, state, this, a, b, going, line)`` finds equal; of an object
    whose class has code of its own, as ``with_code(m, state, this, other, line)`` finds,
    where given and the other may be of fewer than ``config.summary_fanout`` such classes (as
    for a call on an object made from field values: a set compared with any of a library's
    dozens of Set classes runs out of time exploring them)."""
    def model_(m, state, this, args, line):
        o = args[0]
        found = instances(m, o, m.cls(INTERFACE_OF[kind]))
        ours = [p for p in found[True] if kind_of(p.cls) == kind and represented(p)]
        coded = [p for p in found[True] if with_code and has_own_code(p)]
        if len({p.cls for p in coded}) >= m.config.summary_fanout:
            coded = []  # so many classes' code, followed, is too much to explore: stuck
        unknown = found[None] + [p for p in found[True] if p not in ours and p not in coded]
        _, state = stuck_on(m, state, o, unknown,
                             f"{INTERFACE_OF[kind][len(_U):]}.equals with a {{}}", line)
        identical = same_object(m.ctx, this, o)
        equal = [identical]
        if ours:
            a, b = read(m, state, this), read(m, state, o.narrowed(ours))
            going = mk_and(mk_not(identical), o.member_guard(ours), a.size.term == b.size.term)
            going, state = compare(m, state, this, a, b, going, line)
            equal.append(going)
        if coded:
            other = o.narrowed(coded)
            same, state = m.when(state, mk_and(mk_not(identical), o.member_guard(coded)),
                                  lambda s: with_code(m, s, this, other, line),
                                  bool_value(z3.BoolVal(False, m.ctx)))
            equal.append(same.term)
        return bool_value(mk_or(m.ctx, equal)), state
    return model_


def _lists_equal(m, state, this, a: Seq, b: Seq, going, line):
    for k, (x, y) in enumerate(zip(a.keys, b.keys)):
        same, state = m.when(state, mk_and(going, folded(a.size.term > k)),
                              lambda s, x=x, y=y: equals_arg(m, s, x, y, line),
                              bool_value(z3.BoolVal(True, m.ctx)))
        going = mk_and(going, same.term)
    return going, state


def _sets_equal(m, state, this, a: Seq, b: Seq, going, line):
    """containsAll: every element of the other set is in this one. Of sets of strings,
    boxes and plain objects, also the converse as a formula, which equal sizes imply: the
    solver then need not count to see that set equality is symmetric and transitive."""
    if all(consistent(v) for v in a.keys + b.keys):
        going = mk_and(going, _contained(m, a, b))
    for k, y in enumerate(b.keys):
        def contained(s, y=y):
            hits, s = lookup(m, s, this, a, y, line)
            return bool_value(mk_or(m.ctx, hits)), s
        inside, state = m.when(state, mk_and(going, folded(b.size.term > k)), contained,
                                bool_value(z3.BoolVal(True, m.ctx)))
        going = mk_and(going, inside.term)
    return going, state


def _contained(m, a: Seq, b: Seq) -> z3.BoolRef:
    """Every element (entry) of ``a`` is one of ``b``'s, all of them plain (``consistent``)."""
    def same(x: int, y: int) -> z3.BoolRef:
        if a.values is None:
            return plain_equal(m, a.keys[x], b.keys[y])
        return mk_and(plain_equal(m, a.keys[x], b.keys[y]), plain_equal(m, a.values[x], b.values[y]))
    return mk_and(m.true, *[z3.Implies(folded(a.size.term > x), mk_or(m.ctx, [
        mk_and(folded(b.size.term > y), same(x, y)) for y in range(len(b.keys))]))
        for x in range(len(a.keys))])


def _maps_equal(m, state, this, a: Seq, b: Seq, going, line):
    """Every key of this map maps to an equal value in the other (a null value: the key is
    there, with null); for keys and values of strings, boxes and plain objects, also the
    converse (see ``_sets_equal``)."""
    if all(consistent(v) for v in a.keys + b.keys + a.values + b.values):
        going = mk_and(going, _contained(m, b, a))
    null = ref_to(m.cls(OBJECT), None, m.ctx)
    other = this  # the lookup rules are the other map's; both are hash-based or sorted
    for k, (key, value) in enumerate(zip(a.keys, a.values)):
        def matches(s, key=key, value=value):
            hits, s = lookup(m, s, other, b, key, line)
            got = pick(m, hits, b.values, null)
            eq, s = m.call_if(s, mk_not(value.null_guard()), value, "equals", [got], line,
                               bool_value(mk_and(got.null_guard(), mk_or(m.ctx, hits))))
            return eq, s
        same, state = m.when(state, mk_and(going, folded(a.size.term > k)), matches,
                              bool_value(z3.BoolVal(True, m.ctx)))
        going = mk_and(going, same.term)
    return going, state


def _set_equals_with_code(m, state, this: Ref, other: Ref, line: int):
    """The JDK's Set.equals of another set whose class has code of its own, run as the
    Java of ``libraries/java/util/SetEquality.java``: the other set's ``size()`` and
    iterator are its own code's, and this set's ``contains`` the model's."""
    helper = m.cls(_U + "SetEquality")
    sets = [o for _, o in this.non_null()]
    strict = [o for o in sets if how(o) == "strict"]
    results = []
    for targets, name in ((strict, "immutableSetEquals"),
                          ([o for o in sets if o not in strict], "abstractSetEquals")):
        if targets:
            method = m.methods_named(helper, name)[0]
            mine = this.narrowed(targets)
            result, state = m.when(state, this.member_guard(targets), lambda s: m.invoke(
                method, None, [mine, other], s, line), bool_value(z3.BoolVal(False, m.ctx)))
            results.append(result.term)
    return bool_value(mk_or(m.ctx, results)), state


def _map_equals_with_code(m, state, this: Ref, other: Ref, line: int):
    """The JDK's AbstractMap.equals of another map whose class has code of its own, run as
    the Java of ``libraries/java/util/MapEquality.java`` over this map's entries: the other
    map's ``size()``, ``get`` and ``containsKey`` are its own code's."""
    seq = read(m, state, this)
    array = m.cls(OBJECT + "[]")
    length = Prim(INT, z3.BitVecVal(len(seq.keys), 32, m.ctx))
    keys, state = m.allocate(state, array, length, seq.keys, line)
    values, state = m.allocate(state, array, length, seq.values, line)
    method = m.methods_named(m.cls(_U + "MapEquality"), "abstractMapEquals")[0]
    return m.invoke(method, None, [keys, values, seq.size, other, bool_value(mk_not(seq.unordered))],
                    state, line)


def _hash(fold):
    """hashCode as ``fold(h, element hashes...)`` over the slots within the size."""
    def model_(m, state, this, args, line):
        seq = read(m, state, this)
        h = z3.BitVecVal(1 if seq.kind == LIST else 0, 32, m.ctx)
        for k in range(len(seq.keys)):
            within = folded(seq.size.term > k)
            parts = []
            for items in filter(None, (seq.keys, seq.values)):
                e, state = m.when(state, within, lambda s, x=items[k]: hashed(m, s, x, line),
                                   Prim(INT, z3.BitVecVal(0, 32, m.ctx)))
                parts.append(e.term)
            h = mk_ite(within, fold(h, *parts), h)
        return Prim(INT, h), state
    return model_


def register(r: Registry) -> None:
    on(r, classes_of(LIST), "boolean equals(Object)", _equals(LIST, _lists_equal))
    on(r, classes_of(SET), "boolean equals(Object)", _equals(SET, _sets_equal, _set_equals_with_code))
    on(r, classes_of(MAP), "boolean equals(Object)", _equals(MAP, _maps_equal, _map_equals_with_code))
    on(r, classes_of(LIST), "int hashCode()", _hash(lambda h, e: 31 * h + e))
    on(r, classes_of(SET), "int hashCode()", _hash(lambda h, e: h + e))
    on(r, classes_of(MAP), "int hashCode()", _hash(lambda h, k, v: h + (k ^ v)))
