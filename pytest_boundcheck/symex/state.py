"""What symbolic execution carries along a path: the state (guard, locals, heap), the
call stack's frames, and the records of how paths end (thrown, stuck, cut)."""
from __future__ import annotations

from dataclasses import dataclass, field

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.location import Location
from pytest_boundcheck.frontend.types import ClassInfo, FieldInfo, MethodInfo
from pytest_boundcheck.symex.values import HeapObj, Ref, Value


class OutOfTime(Exception):
    """Symbolic execution ran past the time it had; the argument: the place it had reached."""


class OutOfSteps(Exception):
    """Code ran past the statements it was allowed (``Executor.step_limit``)."""


@dataclass
class State:
    guard: z3.BoolRef
    env: dict[str, Value]
    heap: dict[tuple[HeapObj, FieldInfo], Value]

    def under(self, guard: z3.BoolRef) -> "State":
        return State(guard, dict(self.env), dict(self.heap))


@dataclass
class Thrown:
    """An exception on its way out: the paths that throw it, and where. ``elsewhere`` is
    the part of those paths on which it escaped a call the harness made on an object of a
    class outside the hierarchy under test: that class's code threw it, so it is that
    class's violation, not the class under test's (``Executor.blame_callee``)."""
    guard: z3.BoolRef
    state: State
    exc: Ref
    where: Location
    message: str | None = None
    elsewhere: z3.BoolRef | None = None

    def moved(self, state: State, exc: Ref) -> Thrown:
        """The same exception thrown on, from ``state`` (a finally block ran, or a catch
        clause that does not catch it was passed)."""
        return Thrown(state.guard, state, exc, self.where, self.message, self.elsewhere)


class Dropped(list):
    """The handler of what code that builds an object throws: a path that throws builds
    no object, so its exception is counted (``Executor.endings``) and never read."""


@dataclass
class Event:
    """A stuck or cut path: its condition, what stopped it and where. A cut by one of the
    bounds names it (``bound``: "unroll", "inline-depth", "recursion" (the inline depth,
    reached by a method calling itself, directly or not), "delegation-depth",
    "max-length"), and, inside a call the harness made, that method (``called``:
    "Loop.equals"): a check none of whose executions finished says what cut them."""
    guard: z3.BoolRef
    what: str
    where: Location
    bound: str = ""
    called: str = ""


@dataclass
class Observation:
    """A call the harness made, to show with its result in a counterexample."""
    text: str
    reached: z3.BoolRef
    result: Value | None
    site: z3.ExprRef
    thrown: list[Thrown]


@dataclass
class HarnessCall:
    """A call the harness made (``text``: "x.equals(y)", of the method ``name``): the
    paths that reached it, and those on which it finished, returning or throwing. A call
    that no path finishes is one every path was cut in, past a bound."""
    text: str
    name: str
    reached: z3.BoolRef
    finished: z3.BoolRef


@dataclass
class FunctionUse:
    """One call of a method without code, taken as an unknown deterministic function."""
    receiver: Ref | None
    inputs: list[Value]  # the receiver and the arguments
    result: Value
    guard: z3.BoolRef  # the paths that made it
    # the exceptions its documentation lists (``jdk.RAISES``), each with where it is thrown
    throws: tuple[tuple[str, z3.BoolRef], ...] = ()
    by_value: bool = False  # the JDK's code receives the inputs (``symex.unknown._by_value``)


@dataclass
class Jump:
    label: str | None
    is_loop: bool
    switch: str | None = None  # "statement" or "expression" for the body of a switch
    breaks: list[State] = field(default_factory=list)
    continues: list[State] = field(default_factory=list)
    yields: list[tuple[State, Value, ast.Yield]] = field(default_factory=list)


@dataclass
class Frame:
    method: MethodInfo | None
    cls: ClassInfo
    this: Ref | None
    # each return: the state, the value, and where (line, column)
    returns: list[tuple[State, Value | None, tuple[int, int]]] = field(default_factory=list)
    jumps: list[Jump] = field(default_factory=list)
    constants: set[str] = field(default_factory=set)  # final locals with constant initialisers
    observe: bool = False

    @property
    def path(self) -> str | None:
        return self.cls.path
