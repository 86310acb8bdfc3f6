"""A check's result as the text a user reads: the one place results become prose.

``message(result)`` is what a pass says it held within, a skip's reason, or a failure's
counterexample with its footer (the bounds, how the objects were made, what the result
rests on, the time).
"""
from __future__ import annotations

from tabulate import tabulate

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.counterexample.example import Counterexample
from pytest_boundcheck.engine.result import (
    AbstractWithoutSubclass,
    Assumption,
    CheckBounds,
    CheckResult,
    Detail,
    ExploringUnfinished,
    Found,
    Held,
    NoObjectMade,
    NothingChecked,
    ObjectsMade,
    OwnClassesOnly,
    SolverFailed,
    SolverGaveUp,
    UnsupportedReached,
    WithinSmaller,
)

SHOWN_NAMES = 4  # classes named per reason in what a result says of its objects


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for one: "1 element", "3 elements", "2 classes"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def message(result: CheckResult | Detail) -> str:
    """The text of a result (or of one of its details)."""
    detail = result.detail if isinstance(result, CheckResult) else result
    return _TEXTS[type(detail)](detail)


# ---------------------------------------------------------------- the parts of a text

def bounds_text(bounds: Bounds, arrays: bool = False, collections: bool = False) -> str:
    """The bounds in words; the length only for a check that met arrays or collections."""
    per_type = f"{bounds.objects} objects/type, " if bounds.objects_mode == "fields" else ""
    met = " and ".join(w for w, m in (("arrays", arrays), ("collections", collections)) if m)
    length = f", {met} up to {counted(bounds.max_length, 'element')}" if met else ""
    return (f"int 32-bit, {per_type}{bounds.unroll} unrolls, inline depth "
            f"{bounds.inline_depth}{length}")


def within_text(within: CheckBounds) -> str:
    """The bounds, with those of arrays, collections and strings where the check met them."""
    described = bounds_text(within.bounds, within.arrays, within.collections)
    return f"{described}, {within.strings}" if within.strings else described


def objects_text(objects: ObjectsMade) -> str:
    if objects.mode == "fields":
        return "objects: any field values"
    text = ("objects: built by constructors and factories, then up to "
            f"{counted(objects.calls, 'method call')}")
    for made in objects.from_fields:  # one cause may concern a hundred classes
        names = made.classes
        more = f" and {len(names) - SHOWN_NAMES} more" if len(names) > SHOWN_NAMES else ""
        text += f"; {', '.join(names[:SHOWN_NAMES])}{more}: any field values ({made.why})"
    return text


def assumptions_text(assumptions: tuple[Assumption, ...]) -> str:
    """What the result rests on besides the code, each part after "; "."""
    text = ""
    for a in assumptions:
        if a.kind == "contracts":
            text += (f"; assumed {', '.join(a.subjects)} obey{'s' if len(a.subjects) == 1 else ''} "
                     "the contracts of equals, hashCode and compareTo")
            if a.trusted_after is not None:
                text += (f" (of the project classes among them, exploring the code exactly took "
                         f"longer than {round(a.trusted_after, 1):g} s; their own items check it)")
        elif a.kind == "functions":
            text += f"; assumed {_deterministic(a.subjects)}"
            if a.classes is not None:
                text += (f" (called on objects that may be of {a.classes} classes or more with "
                         "their own code for it, not followed into each class's code)")
        else:
            text += (f"; assumed the static fields {', '.join(a.subjects)} start as class "
                     "initialisation sets them")
    return text


def _deterministic(calls: tuple[str, ...]) -> str:
    one = len(calls) == 1
    return (f"{', '.join(calls)} {'is a' if one else 'are'} deterministic function"
            f"{'' if one else 's'} of {'its' if one else 'their'} receiver and arguments")


def counterexample_text(c: Counterexample, footer: str) -> str:
    """The counterexample: the rule, the Java that makes the objects, the objects side by
    side ('*' marks fields that differ), what calls without code returned, every call
    the contract made with its result and line, the violation, then ``footer``."""
    out = [c.summary, ""] + [f"  {line}" for line in c.statements] + [""]
    if c.rows:
        rows = [[r.field, *r.values, _differs(r.values, len(c.columns))] for r in c.rows]
        table = tabulate(rows, headers=["field", *c.columns, ""], tablefmt="plain",
                         numalign="left", stralign="left", disable_numparse=True).splitlines()
        out += [f"  {line.rstrip()}" for line in table] + [""]
    if c.returned:
        out += [f"  {line}" for line in c.returned] + [""]
    if c.steps:
        width = max(len(s.call) for s in c.steps)
        rwidth = max(len(s.result) for s in c.steps)
        out += [f"  {s.call.ljust(width)}  -> {s.result.ljust(rwidth)}  ({s.at})" for s in c.steps]
        out.append("")
    if c.thrown:
        if c.exception == "AssertionError":
            out.append(f"violated: {c.message or 'assertion'}")
        else:
            out.append(f"{c.exception} escaped the contract check (thrown at {c.thrown_at})")
    out.append(footer)
    return "\n".join(out)


def _differs(values: tuple[str, ...], columns: int) -> str:
    shown = {v for v in values if v}
    return "*" if len(shown) > 1 or "" in values and shown and columns > 1 else ""


# -------------------------------------------------------------------- each detail

def _held(d: Held) -> str:
    text = f"no violation within {within_text(d.within)}; {objects_text(d.objects)}" \
           f"{assumptions_text(d.assumptions)}"
    if d.objects_undecided:
        text += (f"; the solver could not decide ({d.objects_undecided}) whether any of the "
                 f"check's objects can be made")
    reached = [f"{b.what} at {', '.join(b.places)}" for b in d.bounded_at]
    reached += [d.reach_undecided] if d.reach_undecided else []
    return text + (f"; bounded at {'; '.join(reached)}" if reached else "")


def _found(d: Found) -> str:
    footer = (f"bounds: {within_text(d.within)}; {objects_text(d.objects)}"
              f"{assumptions_text(d.assumptions)}; {d.seconds:.2f} s")
    if d.same_cause_as:
        footer += f"\nsame cause as {d.same_cause_as}: {d.null_cause}"
    elif d.null_cause:
        footer += (f"\nroot cause: {d.null_cause}, in a class without nullness annotations; its "
                   "other items that fail only because of such a null say \"same cause\" "
                   "(--boundcheck-null-fields=off makes no such nulls)")
    return counterexample_text(d.counterexample, footer)


def _gave_up(d: SolverGaveUp) -> str:
    return (f"the solver gave up ({d.reason}) after {d.seconds:.1f} s, within the time limit "
            f"of {d.timeout:g} s per item; bounds: {within_text(d.within)}")


def _unfinished(d: ExploringUnfinished) -> str:
    return (f"exploring the code had not ended {d.after:.1f} s into the time limit of "
            f"{d.timeout:g} s per item (at {d.at}); bounds: {bounds_text(d.bounds)}")


def _unsupported(d: UnsupportedReached) -> str:
    reached = "; ".join(dict.fromkeys(f"unsupported: {u.what} at {u.where}" for u in d.constructs))
    if d.undecided:
        return f"the solver could not decide ({d.undecided}) whether this is reachable: {reached}"
    return f"{reached} (reached with {', '.join(d.reached_with)})" if d.reached_with else reached


def _within_smaller(d: WithinSmaller) -> str:
    why = f"smaller bounds than those set, whose check was undecided: {message(d.undecided)}"
    if isinstance(d.smaller, Held):
        return f"{message(d.smaller)}; {why}"
    if isinstance(d.smaller, Found):
        return f"{message(d.smaller)}\nfound within {why}"
    return f"{message(d.undecided)}; then within smaller bounds: {message(d.smaller)}"


_TEXTS = {
    Held: _held,
    Found: _found,
    SolverGaveUp: _gave_up,
    ExploringUnfinished: _unfinished,
    UnsupportedReached: _unsupported,
    WithinSmaller: _within_smaller,
    NoObjectMade: lambda d: f"unsupported: no {d.class_name} can be made: {d.why}",
    NothingChecked: lambda d: (f"nothing was checked: every way of making the check's objects "
                               f"is ruled out; bounds: {within_text(d.within)}; "
                               f"{objects_text(d.objects)}"),
    AbstractWithoutSubclass: lambda d: (f"{d.class_name} is abstract and has no concrete project "
                                        "subclass: there is no object to check"),
    SolverFailed: lambda d: f"the solver failed ({d.message}); bounds: {bounds_text(d.bounds)}",
    OwnClassesOnly: lambda d: (f"{message(d.first)}; that with {d.others} of {d.class_name}'s "
                               "own classes only: the check with all their classes would explore "
                               "more in no longer, and was not begun"),
}
