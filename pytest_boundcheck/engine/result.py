"""What one check found, as data: a verdict, and the record it rests on.

A ``CheckResult`` holds a verdict (``Verdict``), for a skip the kind of reason
(``SkipReason``), and one detail record saying what was found and within which bounds:
``Held`` (no violation), ``Found`` (a violation, with its counterexample), or one of the
reasons a check ends undecided or unsupported. Text is made of it in one place
(``report.text``), and it goes to JSON and back without loss (``to_json``/``from_json``),
which caching, baselines and SARIF rest on.
"""
from __future__ import annotations

import dataclasses
import enum
import json
from dataclasses import dataclass, field
from typing import Union

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.counterexample.example import Counterexample, FieldRow, Step
from pytest_boundcheck.frontend.location import Location
from pytest_boundcheck.symex.objects import MadeFromFields, ObjectsMade


class Verdict(str, enum.Enum):
    PASS = "pass"
    VIOLATION = "violation"
    POSSIBLE_VIOLATION = "possible violation"  # found with objects or results the program may not make
    ADVISORY = "advisory"  # a violation of a contract the JDK only recommends
    SKIPPED = "skipped"
    # a violation whose only cause another item reports: a null a caller passed (an item of
    # the class), or another class's code that breaks its contracts (that class's items)
    SAME_CAUSE = "same cause"
    ERROR = "error"  # the engine failed, or it and the JVM disagree


class SkipReason(str, enum.Enum):
    UNSUPPORTED = "unsupported"  # the check reaches code the engine does not model
    UNDECIDED = "undecided"  # exploring or solving did not end in its time
    NOTHING_CHECKED = "nothing checked"  # no object the check needs can be made
    SOLVER_FAILED = "solver failed"


# ------------------------------------------------------------------ what a check rests on

@dataclass(frozen=True)
class CheckBounds:
    """The bounds a check held within, and which of them it met: arrays and collections
    (their length bound), strings (what it assumed of its input strings)."""
    bounds: Bounds
    arrays: bool = False
    collections: bool = False
    strings: str = ""


@dataclass(frozen=True)
class Assumption:
    """What a result rests on besides the code. ``kind``: "contracts" (``subjects`` obey
    the contracts of equals, hashCode and compareTo; ``trusted_after``: project classes
    among them trusted after exploring them exactly took that many seconds), "functions"
    (the calls ``subjects`` are deterministic functions; ``classes``: calls on objects of
    that many classes or more, not followed; ``raises``: the only exceptions they may throw,
    as their documentation lists them), "statics" (the static fields ``subjects``
    start as class initialisation sets them; ``writers``: the methods that may assign
    them another value, taken not to have been called), "set before use" (the fields
    ``subjects`` that the constructor or factory ``made_by`` leaves null are set before its
    objects are used: ``Bounds.null_fields`` off)."""
    kind: str
    subjects: tuple[str, ...]
    trusted_after: float | None = None
    classes: int | None = None
    raises: tuple[str, ...] = ()
    writers: tuple[str, ...] = ()
    made_by: str = ""


@dataclass(frozen=True)
class Bound:
    """A bound some execution reached, at these places; which of the options' bounds it
    is (``kind``, as ``symex.state.Event`` names it, "" for none) and in which of the
    methods the harness called (``called``: "Loop.equals")."""
    what: str
    places: tuple[str, ...]
    kind: str = ""
    called: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unsupported:
    what: str
    where: Location


# ---------------------------------------------------------------- what a check found

@dataclass(frozen=True)
class Held:
    """No violation within the bounds."""
    within: CheckBounds
    objects: ObjectsMade
    assumptions: tuple[Assumption, ...] = ()
    objects_undecided: str = ""  # why the solver could not tell whether any object can be made
    bounded_at: tuple[Bound, ...] = ()
    reach_undecided: str = ""  # the bounds the solver could not tell are reached, and why


@dataclass(frozen=True)
class Found:
    """A violation; ``unconfirmed``: why it might not occur in the program ("" if it does);
    ``null_cause``: the null a caller passed that it needs (``Bounds.null_fields``), and
    ``same_cause_as``: the item of the class that reports that cause, if not this one;
    ``blamed_on``: the project classes whose own code breaks the contracts of equals,
    hashCode or compareTo where the violation needs it to (their items report it), with
    which obeying them the class's code holds (``verdict._blamed_elsewhere``)."""
    counterexample: Counterexample
    within: CheckBounds
    objects: ObjectsMade
    assumptions: tuple[Assumption, ...]
    seconds: float  # from the item's start to the counterexample
    unconfirmed: str = ""
    advisory: bool = False
    null_cause: str = ""
    same_cause_as: str = ""
    blamed_on: tuple[str, ...] = ()


@dataclass(frozen=True)
class SolverGaveUp:
    reason: str
    seconds: float
    timeout: float
    within: CheckBounds


@dataclass(frozen=True)
class ExploringUnfinished:
    after: float  # seconds into the item's time limit
    timeout: float
    at: Location
    bounds: Bounds


@dataclass(frozen=True)
class UnsupportedReached:
    """Some execution reaches code the engine does not model: these constructs, with
    these objects (``reached_with``: "x a Registry"); or the solver could not tell
    (``undecided``: why)."""
    constructs: tuple[Unsupported, ...]
    reached_with: tuple[str, ...] = ()
    undecided: str = ""


@dataclass(frozen=True)
class NoObjectMade:
    """No object of ``class_name`` can be made by code the engine follows."""
    class_name: str
    why: str


@dataclass(frozen=True)
class NothingChecked:
    """Every way of making the check's objects is ruled out."""
    within: CheckBounds
    objects: ObjectsMade


@dataclass(frozen=True)
class NothingFinished:
    """A call the contract makes (``call``: "x.equals(y)") that executions reach but none
    finishes within the bounds, returning or throwing: each is cut inside it by one of
    ``cut_by``. What the contract asserts of its result was never evaluated."""
    within: CheckBounds
    objects: ObjectsMade
    call: str
    cut_by: tuple[Bound, ...]


@dataclass(frozen=True)
class AbstractWithoutSubclass:
    class_name: str


@dataclass(frozen=True)
class SolverFailed:
    message: str
    bounds: Bounds


@dataclass(frozen=True)
class SafetyNetReached:
    """The item's wall-clock safety net (``Bounds.wall_seconds``) ran out before its work
    budget did: whatever it had found then would depend on the machine's load."""
    seconds: float
    bounds: Bounds


@dataclass(frozen=True)
class OwnClassesOnly:
    """The check with the other objects of the receiver's own classes (``first``) did not
    end exploring, and the whole check (with ``others`` of every class) was not begun."""
    first: "Detail"
    others: str
    class_name: str


@dataclass(frozen=True)
class WithinSmaller:
    """The check within the bounds set was undecided; this is the one within smaller bounds."""
    undecided: "Detail"
    smaller: "Detail"


Detail = Union[Held, Found, SolverGaveUp, ExploringUnfinished, UnsupportedReached, NoObjectMade,
               NothingChecked, NothingFinished, AbstractWithoutSubclass, SolverFailed,
               OwnClassesOnly, WithinSmaller, SafetyNetReached]


def verdict_of(detail: Detail) -> tuple[Verdict, SkipReason | None]:
    """The verdict a detail gives, and for a skip, its kind of reason."""
    if isinstance(detail, WithinSmaller):
        verdict, reason = verdict_of(detail.smaller)
        return (verdict, reason) if verdict is not Verdict.SKIPPED else (verdict, SkipReason.UNDECIDED)
    if isinstance(detail, Held):
        return Verdict.PASS, None
    if isinstance(detail, Found):
        if detail.same_cause_as or detail.blamed_on:
            return Verdict.SAME_CAUSE, None
        if detail.unconfirmed:
            return Verdict.POSSIBLE_VIOLATION, None
        return (Verdict.ADVISORY if detail.advisory else Verdict.VIOLATION), None
    if isinstance(detail, UnsupportedReached):
        return Verdict.SKIPPED, SkipReason.UNDECIDED if detail.undecided else SkipReason.UNSUPPORTED
    reasons = {SolverGaveUp: SkipReason.UNDECIDED, ExploringUnfinished: SkipReason.UNDECIDED,
               OwnClassesOnly: SkipReason.UNDECIDED, NoObjectMade: SkipReason.UNSUPPORTED,
               NothingChecked: SkipReason.NOTHING_CHECKED,
               NothingFinished: SkipReason.NOTHING_CHECKED,
               AbstractWithoutSubclass: SkipReason.NOTHING_CHECKED,
               SolverFailed: SkipReason.SOLVER_FAILED, SafetyNetReached: SkipReason.UNDECIDED}
    return Verdict.SKIPPED, reasons[type(detail)]


def undecided(detail: Detail) -> str:
    """"exploring" or "solving" where the check ran out of time doing that, else ""."""
    if isinstance(detail, WithinSmaller):
        return undecided(detail.smaller)
    if isinstance(detail, (ExploringUnfinished, OwnClassesOnly)):
        return "exploring"
    if isinstance(detail, SolverGaveUp) or isinstance(detail, UnsupportedReached) and detail.undecided:
        return "solving"
    return ""


@dataclass
class CheckResult:
    """One (class, contract) check's result."""
    class_name: str  # fully qualified
    contract: str  # the contract's id
    detail: Detail
    timings: dict[str, float] = field(default_factory=dict)  # seconds per phase

    @property
    def verdict(self) -> Verdict:
        return verdict_of(self.detail)[0]

    @property
    def reason(self) -> SkipReason | None:
        return verdict_of(self.detail)[1]

    @property
    def found(self) -> Found | None:
        """The violation's record, if the check found one (within smaller bounds too)."""
        detail = self.detail.smaller if isinstance(self.detail, WithinSmaller) else self.detail
        return detail if isinstance(detail, Found) else None

    @property
    def counterexample(self) -> Counterexample | None:
        return self.found.counterexample if self.found else None

    @property
    def unconfirmed(self) -> str:
        return self.found.unconfirmed if self.found else ""

    @property
    def undecided(self) -> str:
        return undecided(self.detail)

    @property
    def status(self) -> str:
        """passed, failed or skipped: how the check ends as a test, before the plugin
        turns possible violations and advisory ones into expected failures."""
        return {Verdict.PASS: "passed", Verdict.SKIPPED: "skipped"}.get(self.verdict, "failed")

    @property
    def seconds(self) -> float:
        return sum(self.timings.values())

    def to_json(self) -> str:
        return json.dumps(_encoded(self), sort_keys=True)

    @staticmethod
    def from_json(text: str) -> "CheckResult":
        return _decoded(json.loads(text))


# ------------------------------------------------------------------------------ JSON

_TYPES = {cls.__name__: cls for cls in (
    CheckResult, Held, Found, SolverGaveUp, ExploringUnfinished, UnsupportedReached, NoObjectMade,
    NothingChecked, NothingFinished, AbstractWithoutSubclass, SolverFailed, OwnClassesOnly,
    WithinSmaller, SafetyNetReached, CheckBounds, MadeFromFields, ObjectsMade, Assumption, Bound,
    Unsupported, Bounds, Location, Counterexample, Step, FieldRow)}


def _encoded(value):
    """A result's value as JSON data: a record as its fields and type name, in order."""
    if dataclasses.is_dataclass(value):
        return {"type": type(value).__name__,
                **{f.name: _encoded(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    if isinstance(value, (list, tuple)):
        return [_encoded(v) for v in value]
    if isinstance(value, dict):
        return {k: _encoded(v) for k, v in value.items()}
    return value


def _decoded(data):
    """The inverse of ``_encoded``: lists become tuples, as records hold them (a result's
    timings are a dict of numbers and stay one)."""
    if isinstance(data, list):
        return tuple(_decoded(v) for v in data)
    if isinstance(data, dict) and "type" in data and data["type"] in _TYPES:
        cls = _TYPES[data["type"]]
        return cls(**{k: _decoded(v) for k, v in data.items() if k != "type"})
    if isinstance(data, dict):
        return {k: _decoded(v) for k, v in data.items()}
    return data
