"""boundcheck.jml.Heap: the objects a JML harness reaches, for ``\\reach`` and for the
domain of quantifiers over objects (``harness.jmlexpr``).

Reachability is over the path's heap as it stands: the objects the roots' fields hold
(initial objects, or made by the path), as the path has left those fields. It is the
transitive closure of the links (the fields the path may have left holding an object),
built by Warshall's rounds, one per object, so the formula stays quantifier-free and
exact: a path of the closure is one the heap has, and every path of the heap is one of
the closure. A heap's closure is made once and shared by every root that walks the same
links: an acyclicity invariant (``!\\reach(n.next).has(n)`` for each ``n``) has a root
per object, and a fixpoint per root built the same paths once per root (docs/dev/jml-performance.md).
Measured by hand, a sorted list's check with such an unrolled encoding proves at ten
nodes in about a second, where a rank function per object, the other encoding, makes
the solver time out. The real class, for reproducers and replay, is
``counterexample/java/boundcheck/jml/Heap.java``, which follows the same fields.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.jdk import OBJECT
from pytest_boundcheck.frontend.types import INT
from pytest_boundcheck.harness.jmlharness import followed
from pytest_boundcheck.models.common import bool_value
from pytest_boundcheck.models.registry import model
from pytest_boundcheck.symex.values import (
    HeapObj,
    Prim,
    Ref,
    make_ref,
    mk_and,
    mk_not,
    mk_or,
    ref_to,
)

HEAP = "boundcheck.jml.Heap"


@model(HEAP, "static boolean reaches(Object, Object)")
def heap_reaches(m, state, this, args, line):
    """Is the second object in ``\\reach`` of the first (following every reference field)?"""
    root, target = args
    return bool_value(_member(m, reached(m, state, [root], None), target)), state


@model(HEAP, "static boolean reaches(Object, Object, String)")
def heap_reaches_by(m, state, this, args, line):
    """As ``reaches``, following only the fields named by the third argument, which the
    harness writes as a literal."""
    root, target, name = args
    field = literal(m, name)
    if field is None:
        m.unsupported(state, "boundcheck.jml.Heap.reaches with a field name computed at run time",
                      line)
    return bool_value(_member(m, reached(m, state, [root], field), target)), state


@model(HEAP, "static Object[] objects(Class, Object...)")
def heap_objects(m, state, this, args, line):
    """The objects of the class given reachable from the roots, as an array of one
    element per candidate object: the object where it is reached, null where not (the
    JVM's array holds the reached objects alone; harnesses skip nulls)."""
    kind, *roots = args
    classes = {o.meta for o in kind.targets if o is not None}
    if len(classes) != 1:
        m.unsupported(state, "boundcheck.jml.Heap.objects of a class computed at run time", line)
    wanted = classes.pop()
    member = reached(m, state, roots, None)
    elements = [make_ref(m.cls(OBJECT), [(guard, obj), (mk_not(guard), None)])
                for obj, guard in member.items() if obj.cls.is_subtype_of(wanted)]
    length = Prim(INT, z3.BitVecVal(len(elements), 32, m.ctx))
    # an array has at least ``max_length`` element slots, those past its length unread
    padding = [ref_to(m.cls(OBJECT), None, m.ctx)] * (m.max_length - len(elements))
    return m.allocate(state, m.cls(OBJECT + "[]"), length, elements + padding, line)


def reached(m, state, roots: list[Ref], field: str | None) -> dict[HeapObj, z3.BoolRef]:
    """Each object the roots may lead to, with the condition that it is reachable from
    one, following the reference fields (only those named ``field``, if given).
    Remembered for the same roots and the same links: a quantifier asks once per object."""
    starts = [o for r in roots for o in r.targets if _followable(o)]
    objects, links = _links(m, state, starts, field)
    signature = tuple((p.num, c.num, g.get_id()) for p, c, g in links)
    key = ("reach", tuple(r.id.get_id() for r in roots), field, signature)
    return m.remembered(key, lambda: _from_roots(
        m, roots, objects, m.remembered(("closure", field, signature),
                                        lambda: _closure(m, links))))


def _from_roots(m, roots: list[Ref], objects: list[HeapObj],
                closure: dict[HeapObj, dict[HeapObj, z3.BoolRef]]) -> dict[HeapObj, z3.BoolRef]:
    """Each of ``objects`` with the condition that some root holds it or holds an object
    that reaches it (``closure``)."""
    m.charge(len(objects) * len(objects) * len(roots))
    member: dict[HeapObj, list[z3.BoolRef]] = {c: [] for c in objects}
    for root in roots:
        for guard, start in root.non_null():
            if start not in member:
                continue
            member[start].append(guard)
            for c, path in closure.get(start, {}).items():
                member[c].append(mk_and(guard, path))
    return {c: mk_or(m.ctx, conditions) for c, conditions in member.items()}


def _closure(m, links) -> dict[HeapObj, dict[HeapObj, z3.BoolRef]]:
    """Object -> each object it reaches by one link or more, with the condition that it
    does: the transitive closure of the ``links`` (Warshall's: after round k, the paths
    whose inner objects are among the first k). Made once for a heap's links and shared
    by every root that walks them: the roots of a quantifier's body (``n.next`` for each
    ``n``) are many, and a fixpoint per root would build the same paths once per root."""
    nodes = list(dict.fromkeys([p for p, _, _ in links] + [c for _, c, _ in links]))
    m.charge(len(nodes) ** 3)  # the terms its rounds may build
    paths: dict[HeapObj, dict[HeapObj, z3.BoolRef]] = {a: {} for a in nodes}
    for source, target, guard in links:
        known = paths[source].get(target)
        paths[source][target] = guard if known is None else mk_or(m.ctx, [known, guard])
    for k in nodes:
        onward = list(paths[k].items())
        for a in nodes:
            to_k = paths[a].get(k)
            if to_k is None:
                continue
            for b, from_k in onward:
                via = mk_and(to_k, from_k)
                known = paths[a].get(b)
                paths[a][b] = via if known is None else mk_or(m.ctx, [known, via])
    return paths


def _links(m, state, starts: list[HeapObj], field: str | None):
    """The objects the ``starts`` may lead to on this path (the objects their followed
    fields may hold, as the path's heap holds them, and so on), and (object, object it
    may point to, condition) for each followed field of each. Reading an initial object's
    field may make more initial objects, which are then among those it may hold."""
    found: dict[HeapObj, None] = dict.fromkeys(starts)
    links: list[tuple[HeapObj, HeapObj, z3.BoolRef]] = []
    read: set[HeapObj] = set()
    while len(read) < len(found):
        for obj in [o for o in found if o not in read]:
            read.add(obj)
            for fld in obj.cls.instance_fields():
                if not followed(fld) or field is not None and fld.name != field:
                    continue
                held = m.read(state, obj, fld)
                m.charge(len(held.targets) if isinstance(held, Ref) else 1)
                for g, target in held.non_null():
                    if _followable(target):
                        links.append((obj, target, g))
                        found.setdefault(target)
    return list(found), links


def _followable(obj: HeapObj | None) -> bool:
    """An object reachability counts and follows: one of a project class, not an enum
    constant (nor an array, or a JDK object: strings, boxes, collections)."""
    return obj is not None and obj.cls.is_project and obj.cls.element is None \
        and obj.kind in ("slot", "new") and not obj.opaque


def _member(m, member: dict[HeapObj, z3.BoolRef], target: Ref) -> z3.BoolRef:
    return mk_or(m.ctx, [mk_and(g, member[o]) for g, o in target.non_null() if o in member])


def literal(m, ref: Ref) -> str | None:
    """The text of a String the path knows exactly, else None."""
    if len(ref.targets) != 1 or ref.targets[0] is None:
        return None
    text = m.text_of(ref)
    if not z3.is_bv_value(text.length) or not all(z3.is_bv_value(c) for c in text.chars):
        return None
    return "".join(chr(c.as_long()) for c in text.chars[:text.length.as_long()])
