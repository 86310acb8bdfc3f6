"""The bounds a check holds within. Integers are always Java's own widths."""
from __future__ import annotations

from dataclasses import dataclass, replace

# The work budget of a JML item where the user set none: a method of a balanced tree, its
# rotations and its invariants' quantifiers over the heap take the solver more than a
# contract item's budget (docs/user/jml.md, "Budget")
JML_TIMEOUT = 20.0


@dataclass(frozen=True)
class Bounds:
    objects: int = 3        # initial objects per type
    unroll: int = 8         # loop iterations
    inline_depth: int = 8   # nested calls
    delegation_depth: int = 2  # calls of one method nested through objects made from field values
    timeout: float = 10.0   # work per check, in reference seconds (``config.workclock``)
    jml_timeout: float = 0.0  # work per JML check; 0: ``timeout`` (``for_item``)
    wall_limit: float = 0.0  # wall-clock seconds per check, a safety net; 0: ``wall_seconds``
    # how the initial objects are made: "constructors", "fields" (any field values), or ""
    # (not set): fields for JML items, constructors for contract items (``for_item``)
    objects_mode: str = ""
    calls: int = 2          # method calls on an object after its constructor
    string_length: int = 3  # chars of a string a check starts from
    max_length: int = 3     # elements of an array or a collection
    # nulls that only a caller passing null to a constructor, factory or method of a class
    # without nullness annotations makes: "once" (made; a violation that needs one is
    # reported once per class) or "off" (never made)
    null_fields: str = "once"

    def wall_seconds(self) -> float:
        """The wall-clock safety net of a check: the ``wall_limit`` set, else far more than
        its work budget takes on a loaded machine (30 times it, and 5 minutes at least), so
        that it stops only a check whose work the clock does not count."""
        return self.wall_limit or max(300.0, 30 * self.timeout)

    def for_item(self, jml: bool) -> Bounds:
        """The bounds of one item, its objects mode decided where none was set: a JML
        item's pre-state is any heap within the bounds (as TACO, JForge and InspectJ take
        it: the invariants, not the constructors, say which states are inputs), a contract
        item's objects are made by the classes' constructors; and its work budget, a JML
        item's ``jml_timeout`` where one is set."""
        mode = self.objects_mode or ("fields" if jml else "constructors")
        timeout = (self.jml_timeout or self.timeout) if jml else self.timeout
        return replace(self, objects_mode=mode, timeout=timeout)

    def smaller(self) -> Bounds:
        """The bounds a check that ran out of time within these is tried again at: each
        bound that multiplies the code to explore, cut to a small scope (most violations
        of these contracts show with one element and one call)."""
        return replace(self, unroll=min(self.unroll, 2), inline_depth=min(self.inline_depth, 4),
                       max_length=min(self.max_length, 1), calls=min(self.calls, 1),
                       objects=min(self.objects, 2))
