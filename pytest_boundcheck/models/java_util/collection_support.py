"""What the models of java.util collections share: finding an element by equals (and hash),
the receivers a model knows, and how they are registered.

Receivers a model does not know (a ``Collection`` or ``TreeSet`` field of unknown
contents, a project class's ``Map.Entry``) are unsupported where a call reaches them.
"""
from __future__ import annotations

from functools import partial

import z3

from pytest_boundcheck.frontend.jdk import OBJECT, STRING
from pytest_boundcheck.frontend.types import INT, ClassInfo
from pytest_boundcheck.models.common import bool_value, hash_of
from pytest_boundcheck.models.registry import Registry
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.collections import (
    ENTRIES,
    INTERFACES,
    KINDS,
    LIST,
    MAP,
    SET,
    SORTED,
    VALUES,
    Seq,
    consistent,
    field,
    folded,
    how,
    int_constant,
    kind_of,
    plain_equal,
    represented,
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
    ref_eq,
    ref_to,
)

_U = "java.util."


def on(r: Registry, owners, signature: str, fn) -> None:
    """Register one model for several classes (each gets its own method); where the
    receiver may be an object whose contents are not represented, that path is stuck."""
    name = signature.partition("(")[0].split()[-1]
    for owner in owners:
        r.method(owner, signature, partial(_guarded, fn, name))


def _guarded(fn, name, m, state, this, args, line):
    if this is not None:
        this, state = represented_only(m, state, this, "{}." + name, line)
    return fn(m, state, this, args, line)


def view(m, state, fqname: str, line: int, of: Ref):
    """A new view of class ``fqname`` showing the collection ``of``."""
    cls = m.cls(fqname)
    of, state = represented_only(m, state, of, "{} in a " + cls.simple_name, line)
    ref, state = m.new_object(state, cls, line)
    heap = dict(state.heap)
    heap[(ref.targets[0], field(m, cls, "#of"))] = of
    return ref, type(state)(state.guard, state.env, heap)


def plain_hash(m, obj) -> z3.BitVecRef:
    """The hash code of a string, box or plain object, one term per object and check."""
    def make():
        if obj.is_box:
            box = BOXES[obj.cls.fqname]
            return box.hash(m, Prim(box.prim, obj.content))
        if obj.cls.fqname == STRING:
            return m.string_hash(m.text(obj))
        return m.identity_hash(obj)
    return m.remembered(("plain hash", obj), make)


def equals_arg(m, state, v: Ref, item: Ref, line: int):
    """``v == null ? item == null : v.equals(item)``, as lists look elements up."""
    if consistent(v) and consistent(item):
        return bool_value(plain_equal(m, v, item)), state
    return m.call_if(state, mk_not(v.null_guard()), v, "equals", [item], line,
                      bool_value(item.null_guard()))


def hashed_match(m, state, v: Ref, item: Ref, line: int, hv):
    """HashMap's test: equal hashes, then ``item == v || v.equals(item)``. Strings, boxes
    and plain objects hash alike when equal, so for them the hashes need not be asked."""
    if consistent(v) and consistent(item):
        return equals_arg(m, state, v, item, line)
    hi, state = hash_of(m, state, item, line)
    ident = ref_eq(m.ctx, item, v)
    eq, state = m.call_if(state, mk_and(hi == hv, mk_not(ident), mk_not(v.null_guard())), v,
                           "equals", [item], line, bool_value(z3.BoolVal(False, m.ctx)))
    return bool_value(mk_and(hi == hv, z3.Or(ident, eq.term))), state


def first_hits(m, state, seq: Seq, items: list, test):
    """The slots where ``test(state, item)`` first holds, asked in order while it does not:
    (a condition per slot, state)."""
    hits, going = [], m.true
    for k, item in enumerate(items):
        asked = mk_and(going, folded(seq.size.term > k))
        found, state = m.when(state, asked, lambda s, item=item: test(s, item),
                               bool_value(z3.BoolVal(False, m.ctx)))
        hits.append(mk_and(asked, found.term))
        going = mk_and(going, mk_not(found.term))
    return hits, state


def lookup(m, state, this: Ref, seq: Seq, v: Value, line: int, items=None):
    """Where ``v`` is among the elements (a map's keys, or ``items``): by hash and equals in
    sets and maps, by equals in lists; a TreeSet or TreeMap only of strings and boxes."""
    if seq.kind in (LIST, VALUES) or items is not None:
        return first_hits(m, state, seq, items or seq.keys,
                      lambda s, item: equals_arg(m, s, v, item, line))
    sorted_ = [o for o in this.targets if o is not None and o.cls.fqname in SORTED]
    if sorted_:
        odd = [o for o in v.targets if o is None or not (o.cls.fqname == STRING or o.is_box)]
        state = m.stuck_unless(state, mk_and(this.member_guard(sorted_), v.member_guard(odd)),
                                f"a {sorted_[0].cls.simple_name} of objects other than strings "
                                f"and boxes (ordered by compareTo)", line)
    plain = consistent(v) and all(consistent(x) for x in seq.keys)
    hv, state = (None, state) if plain else hash_of(m, state, v, line)
    return first_hits(m, state, seq, seq.keys, lambda s, item: hashed_match(m, s, v, item, line, hv))


def pick(m, hits: list, items: list, otherwise):
    return merge_values(m.ctx, m.cls(OBJECT), list(zip(hits, items)) + [(m.true, otherwise)])


def strict_query(m, state, this: Ref, v: Ref, line: int):
    """``List.of``'s and the like reject a null query with NullPointerException."""
    strict = [o for o in this.targets if o is not None and how(o) == "strict"]
    return m.throw(state, mk_and(this.member_guard(strict), v.null_guard()),
                    "java.lang.NullPointerException", line)


def in_known_order(m, state, seq: Seq, this: Ref, line: int):
    """Stuck where the iteration order is the JVM's hash or sort order."""
    return m.stuck_unless(state, seq.unordered,
                           f"the iteration order of a {this.targets[-1].cls.simple_name} (the "
                           f"JVM's hash or sort order)", line)


def represented_only(m, state, ref: Ref, use: str, line: int):
    """``ref`` narrowed to the objects whose contents this module keeps (``stuck_on``),
    and of them to those of one shape: elements, or a map's keys and values (a Set that
    may be a map's entry set or any set a call returned is read as neither); a dead path
    where none is left (every path threw or got stuck): nothing to read."""
    odd = [o for o in ref.targets if o is not None and not represented(o)]
    ref, state = stuck_on(m, state, ref, odd, use + " (no model of its contents)", line)
    paired = [o for o in ref.targets if o is not None and kind_of(o.cls) in (MAP, ENTRIES)]
    if paired:
        odd = [o for o in ref.targets if o is not None and o not in paired and kind_of(o.cls)]
        instead = f" (where it may be a {paired[0].cls.simple_name} instead)"
        ref, state = stuck_on(m, state, ref, odd, use + instead, line)
    if not ref.non_null():
        raise DeadPath
    return ref, state


def classes_of(*kinds: str) -> list[str]:
    return ([n for n, (k, _) in KINDS.items() if k in kinds]
            + [n for n, k in INTERFACES.items() if k in kinds])



COLLECTIONS = classes_of(LIST, SET, VALUES, ENTRIES) + [_U + "Collection"]


def has_own_code(obj) -> bool:
    """Is ``obj`` of a class whose code the engine runs (a project's or a library model's)
    and that this module does not model: its collection methods are its own code's."""
    return kind_of(obj.cls) is None and obj.cls.has_source and not obj.opaque


def instances(m, o: Ref, iface: ClassInfo) -> dict:
    """The non-null targets of ``o`` that are (True), are not (False) or may be (None) an
    ``iface``; objects of modelled classes of another kind are not."""
    out = {True: [], False: [], None: []}
    for p in o.targets:
        if p is not None:
            decided = None if p.opaque and not p.cls.is_subtype_of(iface) else p.cls.subtype_decided(iface)
            out[decided].append(p)
    return out


def hashed(m, state, v, line):
    """``Objects.hashCode(v)``: of strings, boxes and plain objects one term per object
    (the same element read through two references is then one term once the solver fixes
    which object each is), of others by calling their hashCode."""
    plain = [(g, o) for g, o in v.non_null() if consistent(ref_to(o.cls, o, m.ctx))]
    others = [o for o in v.targets if o is not None and (v.guard(o), o) not in plain]
    h = int_constant(m, 0)
    if others:
        h, state = m.call_if(state, v.member_guard(others), v.narrowed(others), "hashCode", [],
                              line, h)
    term = h.term
    for g, o in plain:
        term = mk_ite(g, plain_hash(m, o), term)
    return Prim(INT, term), state
