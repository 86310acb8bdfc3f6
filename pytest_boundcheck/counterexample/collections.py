"""java.util collections written as Java in a counterexample (``symex.collections`` says
how the check holds their contents)."""
from __future__ import annotations

from pytest_boundcheck.symex.collections import (
    ANY_CONTENT,
    ENTRIES,
    INTERFACE_OF,
    MAP,
    VALUES,
    field,
    how,
    kind_of,
    slot,
)

_U = "java.util."


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
    heap = r.heap
    name = r.fresh_name(obj.cls)
    r.names[obj] = name
    type_ = r.type_name(obj.cls if obj.cls.fqname in ANY_CONTENT else
                        heap.cls(INTERFACE_OF.get(kind, _U + "Collection")))
    impl = obj.cls if not obj.cls.is_interface else heap.cls(
        {"list": _U + "ArrayList", "set": _U + "LinkedHashSet", MAP: _U + "LinkedHashMap"}[kind])
    if kind == MAP:
        r.lines.append(f"{type_} {name} = new {r.type_name(impl)}<>();")
        r.lines += [f"{name}.put({k}, {r.java(v)});" for k, v in zip(items, values)]
        return name
    as_list = f"{r.type_name(heap.cls(_U + 'Arrays'))}.asList({', '.join(items)})"
    made = as_list if obj.cls.fqname == _U + "List" else f"new {r.type_name(impl)}<>({as_list})"
    r.lines.append(f"{type_} {name} = {made};")
    return name


def _at_start(r, obj):
    """(kind, keys, values) of a collection when the harness began, as the check holds them."""
    heap = r.heap
    if how(obj) == "view":
        inner = r.target(heap.value_at_start(obj, field(heap, obj.cls, "#of")))
        kind, keys, values = _at_start(r, inner)
        return kind_of(obj.cls), values if kind_of(obj.cls) == VALUES else keys, \
            values if kind_of(obj.cls) in (MAP, ENTRIES) else None
    n = int(r.number(heap.value_at_start(obj, field(heap, obj.cls, "#size"))))
    keys = [heap.value_at_start(obj, field(heap, obj.cls, slot(k))) for k in range(n)]
    values = ([heap.value_at_start(obj, field(heap, obj.cls, slot(k, True))) for k in range(n)]
              if kind_of(obj.cls) == MAP else None)
    return kind_of(obj.cls), keys, values
