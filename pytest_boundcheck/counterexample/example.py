"""A counterexample as data: what the failure shows, and the Java that makes its objects.
Text is made of it in one place (``report.text``); reproducers and SARIF read it too."""
from __future__ import annotations

from dataclasses import dataclass

from pytest_boundcheck.frontend.location import Location


@dataclass(frozen=True)
class Step:
    """One call the contract's harness made: ``x.equals(y)``, what it returned (as Java,
    or ``throws NullPointerException``) and where it returned or threw (``at``, as shown;
    ``location`` where that is a place in the sources)."""
    call: str
    result: str
    at: str
    location: Location | None = None


@dataclass(frozen=True)
class FieldRow:
    """One field of the objects shown side by side: its value in each column's object as
    Java, "" where that object's class has no such field."""
    field: str
    values: tuple[str, ...]

    @property
    def differs(self) -> bool:
        """Do the objects hold different values here (or only some have the field)?"""
        shown = {v for v in self.values if v}
        return len(shown) > 1 or "" in self.values and bool(shown) and len(self.values) > 1


@dataclass(frozen=True)
class Counterexample:
    summary: str                    # the rule broken, in words
    statements: tuple[str, ...]     # the Java that makes the objects, as shown (simple names)
    columns: tuple[str, ...]        # the objects shown side by side: "x (Point2D)"
    rows: tuple[FieldRow, ...]
    returned: tuple[str, ...]       # what calls without code returned: "// f() on x returned 1"
    steps: tuple[Step, ...]
    thrown: bool                    # something escaped the harness (always, for a violation)
    exception: str                  # its simple name: AssertionError, NullPointerException...
    message: str | None             # an AssertionError's message: the rule as the harness says it
    thrown_at: Location | None      # where it was thrown
    code: tuple[str, ...]           # Java statements that make the objects, in ``package``
    package: str
    reflective: bool                # the code uses the reflection helpers ``allocate`` and ``set``
    exact: bool                     # every object could be written as Java
    # fields of a wide class left out of ``rows``: the same in every object, never read
    rows_left_out: int = 0
    # a JML check's: the heap before the call, drawn (``heapview``), in place of ``rows``;
    # the fields the call changed and the objects it made; the lines of the checked
    # method that the violating run went through ("IntList.java:12 -> 13")
    heap: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()
    path: str = ""
