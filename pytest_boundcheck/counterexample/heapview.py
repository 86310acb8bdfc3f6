"""A JML counterexample's heap drawn as a reader draws it on paper, and what the call changed.

A JML check starts from a heap (with ``--boundcheck-objects=fields``, any heap), so its
counterexample shows the objects and the links between them rather than the contracts'
table of two objects side by side. Each object of a project class is written once, as
``Node#1(value=3)`` (its class, a number, its fields other than links); a link to an
object already written names it. A linked structure is drawn as a chain along its
class's first field of its own type (``next``, ``left``):

    self = IntList(size=2)
    self.head -> Node#1(value=3) -> Node#2(value=1) -> null
    Node#2.prev -> Node#1

so that a back-link or a cycle shows as a name. The changes a call made are listed as
``self.size: 2 -> 3``, with the objects it made written the same way.
"""
from __future__ import annotations

from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import INT, ClassInfo, FieldInfo
from pytest_boundcheck.harness.jmlexpr import SELF
from pytest_boundcheck.symex import collections as collections_model
from pytest_boundcheck.symex import lambdas as functional
from pytest_boundcheck.symex.values import HeapObj, Prim, Ref, Value

LINE_WIDTH = 96      # a chain longer than this goes on, indented, on the next line
WIDE_OBJECT = 12     # of a class with more fields, only those that matter are written
SHOWN_CHANGES = 12   # changes listed before the rest are counted


class HeapView:
    """The objects of one counterexample, named and drawn. ``read(obj, field)`` gives a
    field's value in the heap drawn (the heap before the call, or after it)."""

    def __init__(self, rendering, read, names: dict[HeapObj, str] | None = None,
                 counts: dict[str, int] | None = None):
        self.r, self.read = rendering, read
        self.names: dict[HeapObj, str] = dict(names or {})
        self.counts: dict[str, int] = dict(counts or {})
        self.lines: list[str] = []
        self.drawn: set[HeapObj] = set()
        self._links: list[tuple[HeapObj, FieldInfo | None]] = []  # drawn, links to draw

    # -------------------------------------------------------------- what an object is
    def is_node(self, obj: HeapObj | None) -> bool:
        """Is ``obj`` an object drawn with its fields (one of the project's classes)?"""
        return obj is not None and obj.cls.is_project and obj.kind != "enum" \
            and not obj.opaque and obj.cls.element is None and not functional.is_closure(obj) \
            and collections_model.kind_of(obj.cls) is None

    def target(self, v: Value) -> HeapObj | None:
        return self.r.target(v) if isinstance(v, Ref) else None

    def name(self, obj: HeapObj) -> str:
        if obj not in self.names:
            simple = obj.cls.simple_name.rpartition(".")[2]
            self.counts[simple] = self.counts.get(simple, 0) + 1
            self.names[obj] = f"{simple}#{self.counts[simple]}"
        return self.names[obj]

    # ------------------------------------------------------------------- values
    def text(self, v: Value) -> str:
        """A value as written in a drawing: a number or literal, an object's name."""
        if isinstance(v, Prim):
            return self.r.java(v, named=True, shown=True)
        obj = self.target(v)
        if obj is None:
            return "null"
        if self.is_node(obj):
            return self.name(obj)
        if obj.opaque:
            return f"a {obj.cls.simple_name}"
        if obj.cls.element is not None:
            length = self.r.number(Prim(INT, obj.content))
            items = [self.text(self.read(obj, self.r.heap.element_field(obj.cls, k)))
                     for k in range(length)]
            return "{" + ", ".join(items) + "}"
        if obj.cls.fqname == jdk.STRING or obj.is_box or obj.kind == "enum":
            return self.r.java(v, shown=True)
        return f"a {obj.cls.simple_name}"

    def described(self, obj: HeapObj, skip: FieldInfo | None, links_inline: bool) -> str:
        """``Node#1(value=3, prev=null)``: the object's name and its fields, but for its
        links to other objects (drawn as links unless ``links_inline``) and ``skip`` (the
        field its chain follows). Of a wide object, only the fields that are not at their
        default value or that the check read, and a count of the rest."""
        fields = [f for f in obj.cls.instance_fields() if f is not skip]
        values = [(f, self.read(obj, f)) for f in fields]
        if not links_inline:
            values = [(f, v) for f, v in values if not self.is_node(self.target(v))]
        left = 0
        if len(fields) > WIDE_OBJECT:
            read = self.r.heap.fields_read()
            kept = [(f, v) for f, v in values if f in read or not self.r.is_default(v)]
            left, values = len(values) - len(kept), kept
        parts = [f"{f.name}={self.text(v)}" for f, v in values]
        if left:
            parts.append(f"{left:,} other field{'s' if left > 1 else ''} at their defaults")
        name = self.name(obj)  # a root is named by its parameter, and headed by its class
        head = name if "#" in name else obj.cls.simple_name.rpartition(".")[2]
        return f"{head}({', '.join(parts)})"

    # ------------------------------------------------------------------ drawing
    def draw(self, roots: list[tuple[str, Value]]) -> list[str]:
        """The objects reachable from ``roots`` (the check's parameters), each root
        first, then its links, depth first."""
        for label, v in roots:
            obj = self.target(v)
            if not self.is_node(obj):
                self.lines.append(f"{label} = {self.text(v)}")
            elif obj in self.drawn:
                self.lines.append(f"{label} = {self.names[obj]}")
            else:
                self.names.setdefault(obj, label)
                self.lines.append(f"{label} = {self.described(obj, None, False)}")
                self.drawn.add(obj)
                self._links.append((obj, None))
            self._draw_links()
        while True:  # objects only an array names: each on a line of its own
            named = [o for o in self.names if o not in self.drawn and self.is_node(o)]
            if not named:
                return self.lines
            self.lines.append(self.described(named[0], None, False))
            self.drawn.add(named[0])
            self._links.append((named[0], None))
            self._draw_links()

    def _draw_links(self) -> None:
        while self._links:
            obj, followed = self._links.pop(0)
            for f in obj.cls.instance_fields():
                linked = self.target(self.read(obj, f))
                if f is not followed and self.is_node(linked):
                    self.chain(f"{self.names[obj]}.{f.name}", linked)

    def chain(self, label: str, obj: HeapObj | None) -> None:
        """``label -> A(..) -> B(..) -> null``, along each object's own-typed field (the
        first, and named at the end where its class has several)."""
        parts, along = [label], None
        while True:
            if obj is None or obj in self.drawn:
                parts.append("null" if obj is None else self.names[obj])
                break
            follow = own_link(obj.cls)
            parts.append(self.described(obj, follow, False))
            self.drawn.add(obj)
            self._links.append((obj, follow))
            if follow is None:
                break
            along = along or follow
            value = self.read(obj, follow)
            obj = self.target(value)
            if obj is not None and not self.is_node(obj):
                parts.append(self.text(value))
                break
        several = along is not None and len(own_links(along.owner)) > 1
        self.lines.extend(wrapped(parts, f"   (along {along.name})" if several else ""))

    def changes(self, before: HeapView, roots: list[tuple[str, Value]]) -> list[str]:
        """``self.size: 2 -> 3`` for each field of an object ``before`` drew whose value
        differs in this heap (the one after the call, naming objects as ``before`` did);
        then the roots ``before`` did not draw (a constructor's new object) and the
        objects the call made that those values name, written with their fields."""
        changed = []
        for obj in [o for o in before.names if o in before.drawn]:
            for f in obj.cls.instance_fields():
                old, new = before.text(before.read(obj, f)), self.text(self.read(obj, f))
                if old != new:
                    changed.append(f"{self.names[obj]}.{f.name}: {old} -> {new}")
        shown = changed[:SHOWN_CHANGES]
        if len(changed) > len(shown):
            shown.append(f"... and {len(changed) - len(shown)} more fields changed")
        for label, v in roots:
            obj = self.target(v)
            if self.is_node(obj) and obj not in before.drawn and obj not in self.names:
                self.names[obj] = label
                shown.append(f"{label} = {self.described(obj, None, True)}")
                self.drawn.add(obj)
        written = set(before.drawn) | self.drawn
        while True:  # describing one made object may name another
            made = [o for o in self.names if o not in written and o.kind == "new"]
            if not made:
                return shown
            written.add(made[0])
            shown.append(f"made: {self.described(made[0], None, True)}")


def own_links(cls: ClassInfo) -> list[FieldInfo]:
    """The instance fields of ``cls`` that can hold an object of ``cls``: its links."""
    return [f for f in cls.instance_fields() if isinstance(f.type, ClassInfo)
            and f.type.fqname != jdk.OBJECT and cls.is_subtype_of(f.type)]


def own_link(cls: ClassInfo) -> FieldInfo | None:
    links = own_links(cls)
    return links[0] if links else None


def wrapped(parts: list[str], tail: str) -> list[str]:
    """``a -> b -> c`` on lines of at most ``LINE_WIDTH``, the rest indented."""
    lines, line = [], parts[0]
    for part in parts[1:]:
        if len(line) + 4 + len(part) > LINE_WIDTH and line.strip():
            lines.append(line)
            line = "    -> " + part
        else:
            line += " -> " + part
    lines.append(line + tail)
    return lines


def before_and_after(rendering, params: list[tuple[str, Value]],
                     fired) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A JML check's heap before the call, drawn from its parameters, and the changes
    in the heap where the violation was thrown (``fired``: its ``Thrown``), a
    constructor's new object (the harness's local ``self``) among them."""
    heap = rendering.heap
    before = HeapView(rendering, heap.value_at_start)
    drawn = before.draw(params) if any(before.is_node(before.target(v)) for _, v in params) \
        else []  # numbers and arrays alone: their declarations say it all
    if fired is None:
        return tuple(drawn), ()
    after_heap = fired.state.heap

    def after(obj: HeapObj, f: FieldInfo) -> Value:
        value = after_heap.get((obj, f))
        return value if value is not None else heap.value_at_start(obj, f)
    after_view = HeapView(rendering, after, before.names, before.counts)
    constructed = rendering.record.traced.name == "<init>" and SELF in fired.state.env
    made = [(SELF, fired.state.env[SELF])] if constructed else []
    return tuple(drawn), tuple(after_view.changes(before, made))
