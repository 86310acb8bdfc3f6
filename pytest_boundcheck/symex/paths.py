"""Paths and their endings: throwing, getting stuck on what the engine does not model,
being cut by a bound, branching and merging states, and asking whether a path can be
taken.
"""
from __future__ import annotations

import collections
import operator

import z3

from pytest_boundcheck.frontend.types import MethodInfo
from pytest_boundcheck.symex.runtime_types import value_kind
from pytest_boundcheck.symex.state import Event, Frame, Location, State, Thrown
from pytest_boundcheck.symex.values import (
    DeadPath,
    Ref,
    Value,
    checked,
    is_false,
    merge_values,
    mk_and,
    mk_join,
    mk_not,
    ref_to,
)


class PathsMixin:
    """The executor's paths and how they end (``Executor``)."""

    def _init_paths(self) -> None:
        self.handlers: list[list[Thrown]] = [[]]
        self.dropped = 0  # paths that threw while building an object (they build none)
        self.stuck: list[Event] = []
        self.cuts: list[Event] = []
        self._oracle: z3.Solver | None = None
        self._oracle_known = 0
        self._last_snapshot: dict = {}  # the heap of the last exception filed: ``_snapshot``
        # per asker (a call's dispatch, a loop's next iteration): its questions in a row
        # the oracle could not answer
        self._oracle_misses: collections.Counter[str] = collections.Counter()

    @property
    def frame(self) -> Frame:
        return self.frames[-1]

    def here(self, line: int, column: int = 0) -> Location:
        return Location(self.frame.path, line, column)

    def unsupported(self, state: State, what: str, line: int, path: str | None = None,
                    column: int = 0):
        """This path reaches something the engine does not model (at ``line`` of the
        current method's file, or of ``path``): it ends here."""
        where = Location(path, line, column) if path is not None else self.here(line, column)
        self._stuck(Event(state.guard, what, where))
        raise DeadPath

    def stuck_unless(self, state: State, cond: z3.BoolRef, what: str, line: int) -> State:
        """The paths where ``cond`` holds reach something the engine does not model and
        end here; the others go on."""
        return self._end_where(self.stuck, state, cond, what, line)

    def bounded_unless(self, state: State, cond: z3.BoolRef, what: str, line: int,
                       bound: str = "") -> State:
        """The paths where ``cond`` does not hold run past what the engine represents
        (past ``bound``, see ``Event``, if one of the bounds): they are cut here (the
        result says it was bounded); the others go on."""
        return self._end_where(self.cuts, state, mk_not(cond), what, line, bound)

    def _end_where(self, events: list[Event], state: State, cond: z3.BoolRef, what: str,
                   line: int, bound: str = "") -> State:
        g = mk_and(state.guard, cond)
        if not is_false(g):
            if events is self.stuck:
                self._stuck(Event(g, what, self.here(line)))
            else:
                self.cut_at(g, what, line, bound=bound)
        rest = mk_and(state.guard, mk_not(cond))
        if is_false(rest):
            raise DeadPath
        return State(rest, state.env, state.heap)

    def _called(self) -> MethodInfo | None:
        """The method the harness called that the current path is in; None outside one
        (making the check's objects, or the harness's own code)."""
        return self.frames[1].method if self.start is not None and len(self.frames) > 1 else None

    def _stuck(self, event: Event) -> None:
        """Record a path that reached something not modelled. Inside a method the harness
        called on an object of a project class outside the hierarchy under test (in
        ``y.equals(x)``, y of an unrelated class), the check is about that class's code,
        not the one under test: its objects are left out there, and the result says so."""
        called = self._called()
        owner = called.owner if called is not None else None
        if self.own and owner is not None and owner.is_project and owner not in self.own:
            self.cuts.append(Event(event.guard, f"{owner.simple_name} objects left out: their "
                                                f"{called.name} reaches {event.what}", event.where,
                                   called=f"{owner.simple_name}.{called.name}"))
        else:
            self.stuck.append(event)

    def cut(self, state: State, what: str, line: int, column: int = 0, bound: str = ""):
        """This path runs past ``bound`` (see ``Event``) at ``line``: it ends here, cut."""
        self.cut_at(state.guard, what, line, column, bound)
        raise DeadPath

    def cut_at(self, guard: z3.BoolRef, what: str, line: int, column: int = 0,
               bound: str = "") -> None:
        """File the paths ``guard`` as cut here (``cut``), with the method the harness
        called that they are in."""
        called = self._called()
        self.cuts.append(Event(guard, what, self.here(line, column), bound,
                               f"{called.owner.simple_name}.{called.name}" if called else ""))

    def throw(self, state: State, cond: z3.BoolRef, exc_class: str, line: int,
              message: str | None = None) -> State:
        """Throw a new ``exc_class`` where ``cond`` holds; go on where it does not."""
        g = mk_and(state.guard, cond)
        if not is_false(g):
            cls = self.program.classes[exc_class]
            obj = self.heap_object(cls, f"new {cls.simple_name}", "new")
            self.raise_(self._snapshot(state, g), ref_to(cls, obj, self.ctx), line, message)
        rest = mk_and(state.guard, mk_not(cond))
        if is_false(rest):
            raise DeadPath
        return State(rest, state.env, state.heap)

    def _snapshot(self, state: State, guard: z3.BoolRef) -> State:
        """``state.under(guard)`` for an exception filed on the way: its heap is the last
        snapshot's where the heap has not changed since. A method that reads many fields
        files a NullPointerException at each read, and a copy of the heap with each made
        memory grow as fields times reads (2,000 fields: gigabytes). Filed states' heaps
        are only read, or copied (``under``) where a handler goes on from them."""
        heap, last = state.heap, self._last_snapshot
        if len(last) != len(heap) or not all(map(operator.is_, last.values(), heap.values())) \
                or not all(map(operator.is_, last.keys(), heap.keys())):  # compared in C
            last = self._last_snapshot = dict(heap)
            self.held_fields += len(last)
        return State(guard, dict(state.env), last)

    def raise_(self, state: State, exc: Ref, line: int, message: str | None = None,
               column: int = 0) -> None:
        self.handlers[-1].append(Thrown(state.guard, state, exc, self.here(line, column), message))

    def branch(self, state: State, cond: z3.BoolRef, run):
        """Run ``run(state')`` on the paths where ``cond`` holds; None if none get through."""
        g = mk_and(state.guard, cond)
        if is_false(g):
            return None
        try:
            return run(State(g, dict(state.env), state.heap))
        except DeadPath:
            return None

    def merge(self, states: list[State | None], env_from: State | None = None) -> State | None:
        states = [s for s in states if s is not None]
        if not states:
            return None
        if len(states) == 1 and env_from is None:
            return states[0]
        guard = mk_join(self.ctx, [s.guard for s in states])
        if env_from is not None:
            env = env_from.env
        else:
            env = {}
            for name, v in states[0].env.items():
                vals = [s.env.get(name) for s in states]
                if any(x is None or value_kind(x) != value_kind(v) for x in vals):
                    continue
                env[name] = v if all(x is v for x in vals) else merge_values(
                    self.ctx, v.type, [(s.guard, x) for s, x in zip(states, vals)])
        heap = dict(states[0].heap) if len(states) == 1 else self._merge_heaps(states)
        self.held_fields += len(heap)
        return State(guard, env, heap)

    def endings(self) -> tuple[int, int, int, int]:
        """How many paths have ended other than by completing: thrown (here, or while
        building objects), stuck, cut."""
        return len(self.handlers[-1]), self.dropped, len(self.stuck), len(self.cuts)

    def rejoined(self, before: z3.BoolRef, state: State, endings: tuple) -> State:
        """``state``, with the guard ``before`` if no path has ended otherwise since
        ``endings`` (every execution that had ``before`` got here): one short guard
        instead of the disjunction of the ways here, inside which the equalities of each
        way would be hidden from the solver stage. Counted, not asked of a solver:
        bit-blasting every constraint so far to ask it can exhaust Z3's memory."""
        return state if self.endings() != endings else State(before, state.env, state.heap)

    def _merge_heaps(self, states: list[State]) -> dict:
        keys: dict = {}
        for s in states:
            for k in s.heap:
                keys[k] = None
        heap = {}
        for key in keys:
            vals = [s.heap.get(key) for s in states]
            first = next(v for v in vals if v is not None)
            if all(v is first for v in vals):
                heap[key] = first
                continue
            obj, fld = key
            if self.has_unwritten(obj, fld):
                vals = [v if v is not None else self.unwritten(s, obj, fld) for s, v in zip(states, vals)]
            pairs = [(s.guard, v) for s, v in zip(states, vals) if v is not None]
            heap[key] = merge_values(self.ctx, first.type, pairs)
        return heap

    def feasible(self, guard: z3.BoolRef, asker: str = "call") -> bool:
        """Can some execution take this path? Asked before inlining one of many possible
        implementations of a call: in ``x.equals(y) && y.equals(z)`` only the classes
        ``x`` can equal need their ``equals`` explored; and before another iteration of a
        loop, whose bound the path's own guard may not show (``i < rows`` where a
        constraint made ``rows`` an array's length). Unknown within the resource limit
        counts as feasible; an ``asker`` whose questions go unanswered stops asking
        without silencing the others. Floating-point operations are replaced by any value
        of their sort (weaker facts, so still never infeasible wrongly): Z3 would
        bit-blast them before the limit applies, and may run out of memory doing so."""
        if is_false(guard):
            return False
        if self._oracle is None:
            self._oracle = z3.Solver(ctx=self.ctx)
            self._oracle.set("random_seed", 0)
            self._oracle.set("rlimit", self.config.feasibility_rlimit)
        while self._oracle_known < len(self.constraints):
            self._oracle.add(self.aids.weakened(self.constraints[self._oracle_known]))
            self._oracle_known += 1
        if self._oracle_misses[asker] >= self.config.oracle_misses:
            return True
        self._oracle.push()
        self._oracle.add(self.aids.weakened(guard))
        result = checked(self._oracle)
        self._oracle.pop()
        self.clock.sync()  # the question's units, counted in the exploration's context
        self._oracle_misses[asker] = self._oracle_misses[asker] + 1 if result == z3.unknown else 0
        return result != z3.unsat

    @staticmethod
    def _joined(state: State | None) -> State:
        if state is None:
            raise DeadPath
        return state

    def when(self, state: State, cond: z3.BoolRef, run, otherwise: Value):
        """``run(state)`` (a value and a state) on the paths where ``cond`` holds,
        ``otherwise`` elsewhere."""
        called = self.branch(state, cond, run)
        skipped = self.branch(state, mk_not(cond), lambda s: s)
        if called is None:
            return otherwise, self._joined(skipped)
        value, s = called
        if skipped is None:
            return value, s
        merged = merge_values(self.ctx, value.type, [(s.guard, value), (skipped.guard, otherwise)])
        return merged, self.merge([s, skipped])
