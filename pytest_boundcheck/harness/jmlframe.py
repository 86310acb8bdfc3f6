"""A method's frame (``assignable``) and ``\\fresh`` lowered to calls of the JML runtime
class ``boundcheck.jml.Frame`` in its harness.

Before the call the harness takes a snapshot of the heap (``Frame.snapshot``, given the
roots a JVM needs to find the pre-state's objects), then, under the guard of each case's
precondition, says which locations that case may assign, each evaluated in the
pre-state (JML Reference Manual, 9.9.9). After the call, on a normal return and on an
exception the harness catches, ``Frame.check`` fails naming the first location of a
pre-state object that changed outside every allowed one. Objects made by the method are
not in the snapshot: their fields are free. ``\\fresh(x)`` asks the snapshot whether
``x`` is an object made since (``Frame.fresh``).

A case without an ``assignable`` clause may assign ``\\everything`` (the manual's
default), unless the method is ``pure``: then ``\\nothing``. Where every case whose
precondition may hold assigns ``\\everything``, no frame is checked at all.
"""
from __future__ import annotations

from pathlib import Path

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.jmlprint import show
from pytest_boundcheck.frontend.types import ClassInfo
from pytest_boundcheck.harness.jmlexpr import (
    FRAME,
    Lowering,
    NotLowered,
    java_name,
    java_string,
)
from pytest_boundcheck.harness.jmlexpr import FRAME_RUNTIME as RUNTIME

EVERYTHING = None  # a case's frame that allows every location


def case_frames(cases: tuple[j.SpecCase, ...], pure: bool) -> list[tuple[j.Node, ...] | None]:
    """Each case's locations (the union of its ``assignable`` clauses), or ``EVERYTHING``:
    a case that names ``\\everything`` or ``\\not_specified``, or that has no
    ``assignable`` clause and is not of a ``pure`` method (whose default is ``\\nothing``)."""
    frames = []
    for case in cases:
        clauses = [c for c in case.clauses if isinstance(c, j.AssignableClause)]
        locations = tuple(loc for c in clauses for loc in c.locations)
        if not clauses and not pure or any(
                isinstance(loc, (j.Everything, j.NotSpecified)) for loc in locations):
            frames.append(EVERYTHING)
        else:
            frames.append(tuple(loc for loc in locations if not isinstance(loc, j.Nothing)))
    return frames


def uses_fresh(cases: tuple[j.SpecCase, ...]) -> bool:
    return any(_contains(clause, j.Fresh) for case in cases for clause in case.clauses)


def _contains(node, kind: type) -> bool:
    if isinstance(node, kind):
        return True
    if isinstance(node, tuple):
        return any(_contains(n, kind) for n in node)
    if isinstance(node, j.Node):
        return any(_contains(getattr(node, f), kind) for f in node.__dataclass_fields__)
    return False


def said(cls: ClassInfo, method_where: j.Node, cases: tuple[j.SpecCase, ...]) -> str:
    """What a frame violation names: the ``assignable`` clauses, or the ``pure`` method
    whose default frame is ``\\nothing``."""
    file = Path(cls.path).name
    places = [f"{file}:{c.line}:{c.column}" for case in cases for c in case.clauses
              if isinstance(c, j.AssignableClause)]
    if places:
        return f"assignable at {', '.join(places)}"
    return (f"assignable \\nothing (the default of a pure method) at "
            f"{file}:{method_where.line}:{method_where.column}")


class FrameWriter:
    """The statements that take the snapshot and allow each case's locations."""

    def __init__(self, cls: ClassInfo, low: Lowering):
        self.cls, self.low = cls, low

    def snapshot(self, roots: list[str]) -> str:
        return f"Object {FRAME} = {RUNTIME}.snapshot({', '.join(roots)});"

    def allows(self, frames: list[tuple[j.Node, ...] | None], guards: list[str]) -> list[str]:
        """Under each case's guard, its locations allowed, each evaluated in the pre-state:
        a location whose evaluation throws (``a.b.c`` where ``a.b`` is null) names no
        object and allows nothing."""
        lines = []
        for frame, guard in zip(frames, guards):
            calls = ([f"{RUNTIME}.allowEverything({FRAME});"] if frame is EVERYTHING
                     else [c for loc in frame for c in self.allow(loc)])
            for call in calls:
                lines.append(f"if ({guard}) try {{ {call} }} catch (RuntimeException jml$x) {{ }}")
        return lines

    def allow(self, loc: j.Node) -> list[str]:
        if isinstance(loc, j.UnsupportedExpr):
            raise NotLowered(loc.what)
        if isinstance(loc, j.Ident):
            if loc.name in self.low.names:
                return []  # a parameter: the method's own variable, not a heap location
            return [self.field(j.This(loc.line, column=loc.column), loc.name)]
        if isinstance(loc, j.Field):
            return [self.field(loc.target, loc.name)]
        if isinstance(loc, j.AllFields):
            return [f"{RUNTIME}.allowAll({FRAME}, {self.object(loc.target)});"]
        if isinstance(loc, j.Index):
            index = self.low.expr(loc.index)
            return [f"{RUNTIME}.allowElements({FRAME}, {self.low.expr(loc.array)}, "
                    f"{index}, {index});"]
        if isinstance(loc, j.ArrayRange):
            low = "0" if loc.low is None else self.low.expr(loc.low)
            high = "Integer.MAX_VALUE" if loc.high is None else self.low.expr(loc.high)
            return [f"{RUNTIME}.allowElements({FRAME}, {self.low.expr(loc.array)}, "
                    f"{low}, {high});"]
        raise NotLowered(f"the location {show(loc)}")

    def field(self, target: j.Node, name: str) -> str:
        """Field ``name`` of ``target``: of an object, or a static field, named through
        its class (``C.count``) or bare (``count``, declared static)."""
        owner = self.static_owner(target, name)
        if owner is not None:
            return f"{RUNTIME}.allowStatic({FRAME}, {owner}.class, {java_string(name)});"
        return f"{RUNTIME}.allow({FRAME}, {self.object(target)}, {java_string(name)});"

    def static_owner(self, target: j.Node, name: str) -> str | None:
        if isinstance(target, j.This):
            fld = self.cls.lookup_field(name)
            return java_name(fld.owner) if fld is not None and fld.static else None
        if isinstance(target, j.Ident) and target.name not in self.low.names \
                and self.cls.lookup_field(target.name) is None:
            return target.name  # a class, for its static field
        return None

    def object(self, target: j.Node) -> str:
        if isinstance(target, j.This):
            return self.low.this("the location this.*")
        return self.low.expr(target)
