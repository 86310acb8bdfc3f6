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
    NothingFinished,
    ObjectsMade,
    OwnClassesOnly,
    SafetyNetReached,
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
                         f"longer than {round(a.trusted_after, 1):g} s of work; their own items check it)")
        elif a.kind == "functions":
            text += f"; assumed {_deterministic(a.subjects, a.raises)}"
            if a.classes is not None:
                text += (f" (called on objects that may be of {a.classes} classes or more with "
                         "their own code for it, not followed into each class's code)")
        elif a.kind == "set before use":
            one = len(a.subjects) == 1
            text += (f"; assumed the field{'' if one else 's'} {', '.join(a.subjects)}, which "
                     f"{a.made_by} leaves null, {'is' if one else 'are'} set before its objects "
                     "are used (--boundcheck-null-fields=off)")
        else:
            text += (f"; assumed the static fields {', '.join(a.subjects)} start as class "
                     "initialisation sets them")
            if a.writers:
                text += f" and keep that value ({', '.join(a.writers)} not called)"
    return text


def _deterministic(calls: tuple[str, ...], raises: tuple[str, ...]) -> str:
    """What the check took calls without code to be: deterministic functions that throw
    only the exceptions their documentation lists, or nothing."""
    one = len(calls) == 1
    thrown = (f"may throw {' or '.join(e.rpartition('.')[2] for e in raises)} (as "
              f"{'its' if one else 'their'} documentation says) and nothing else") if raises \
        else f"throw{'s' if one else ''} no exception"
    return (f"{', '.join(calls)} {'is a' if one else 'are'} deterministic function"
            f"{'' if one else 's'} of {'its' if one else 'their'} receiver and arguments that "
            f"{thrown}")


def counterexample_text(c: Counterexample, footer: str) -> str:
    """The counterexample: the rule, the Java that makes the objects, the objects side by
    side ('*' marks fields that differ) or a JML check's heap drawn, what calls without
    code returned, every call the contract made with its result and line, a JML check's
    path through its method and what the call changed, the violation, then ``footer``."""
    out = [c.summary, ""]
    if c.heap and c.reflective:  # its Java is the reproducer's; the drawing says the same
        out += ["  heap before the call (no constructor makes it: made by reflection in the "
                "reproducer):"]
    elif c.heap:
        out += [f"  {line}" for line in c.statements] + ["", "  heap before the call:"]
    else:
        out += [f"  {line}" for line in c.statements]
    out += [f"    {line}" for line in c.heap] + ([""] if c.heap or c.statements else [])
    if c.rows:
        rows = [[r.field, *r.values, "*" if r.differs else ""] for r in c.rows]
        table = tabulate(rows, headers=["field", *c.columns, ""], tablefmt="plain",
                         numalign="left", stralign="left", disable_numparse=True).splitlines()
        out += [f"  {line.rstrip()}" for line in table]
        if c.rows_left_out:
            out.append(f"  ... and {c.rows_left_out:,} other field{'s' if c.rows_left_out > 1 else ''}"
                       ", the same in every object and not read by the check")
        out.append("")
    if c.returned:
        out += [f"  {line}" for line in c.returned] + [""]
    if c.steps:
        width = max(len(s.call) for s in c.steps)
        rwidth = max(len(s.result) for s in c.steps)
        out += [f"  {s.call.ljust(width)}  -> {s.result.ljust(rwidth)}  ({s.at})" for s in c.steps]
        out.append("")
    if c.path:
        out += [f"  path: {c.path}", ""]
    if c.changes:
        out += ["  after the call:"] + [f"    {line}" for line in c.changes] + [""]
    if c.thrown:
        if c.exception == "AssertionError":
            out.append(f"violated: {c.message or f'assert at {c.thrown_at}'}")
        elif c.path:
            out.append(f"{c.exception} thrown at {c.thrown_at} escaped the call: no "
                       "specification case allows it")
        else:
            out.append(f"{c.exception} escaped the contract check (thrown at {c.thrown_at})")
    out.append(footer)
    return "\n".join(out)


# -------------------------------------------------------------------- each detail

def bounded_text(result: CheckResult | Detail) -> str:
    """Where a pass's executions were cut by a bound ("bounded at loop needs more than 8
    unrolls at Range.java:12:9"), or what the solver could not tell of it; "" for a pass
    no bound cut (and for any other result). Such a pass is shown as ``pass*``."""
    d = result.detail if isinstance(result, CheckResult) else result
    d = d.smaller if isinstance(d, WithinSmaller) else d
    if not isinstance(d, Held):
        return ""
    reached = [f"{b.what} at {', '.join(b.places)}" for b in d.bounded_at]
    reached += [d.reach_undecided] if d.reach_undecided else []
    return f"bounded at {'; '.join(reached)}" if reached else ""


def _held(d: Held) -> str:
    text = f"no violation within {within_text(d.within)}; {objects_text(d.objects)}" \
           f"{assumptions_text(d.assumptions)}"
    if d.objects_undecided:
        text += (f"; the solver could not decide ({d.objects_undecided}) whether any of the "
                 f"check's objects can be made")
    bounded = bounded_text(d)
    return f"{text}; {bounded}" if bounded else text


# a bound that cuts paths, by ``Bound.kind``: what it is called, the option that sets it
# (and its field of ``Bounds``), and what else to check in the code
_BOUND_NAMES = {
    "unroll": ("the loop bound", "unroll", "check that the loop ends"),
    "inline-depth": ("the inline depth", "inline_depth", "check that the calls end"),
    "delegation-depth": ("the delegation depth", "delegation_depth",
                         "check that the delegation ends"),
    "max-length": ("the length bound", "max_length",
                   "check the arrays and collections the code makes"),
}


def _nothing_finished(d: NothingFinished) -> str:
    """What cut every execution, where, and what to do about it. A recursion past the
    inline depth is said to be one: if it never ends, Java throws StackOverflowError
    there, a violation; the check cannot tell that from a recursion that ends deeper, so
    it is a skip, never a failure."""
    called = list(dict.fromkeys(m for b in d.cut_by for m in b.called))
    bounds = d.within.bounds
    cuts, remedies = [], []
    for b in d.cut_by:
        places = ", ".join(b.places)
        if b.kind == "recursion":
            cuts.append(f"a {b.what} (the inline depth, inline-depth={bounds.inline_depth}) "
                        f"at {places}: if it never ends, Java throws "
                        "StackOverflowError there, which breaks the contract, but the check "
                        "cannot tell it from a recursion that ends deeper")
            remedies += ["--boundcheck-inline-depth", "check that the recursion ends"]
        elif b.kind in _BOUND_NAMES:
            name, field, remedy = _BOUND_NAMES[b.kind]
            option = field.replace("_", "-")
            cuts.append(f"{name} ({option}={getattr(bounds, field)}) at {places}")
            remedies += [f"--boundcheck-{option}", remedy]
        else:
            cuts.append(f"{b.what} at {places}")
    options = [r for r in dict.fromkeys(remedies) if r.startswith("--")]
    checks = [r for r in dict.fromkeys(remedies) if not r.startswith("--")]
    advice = " or ".join(filter(None, [f"raise {', '.join(options)}" if options else "",
                                       " and ".join(checks)]))
    in_methods = f" ({', '.join(called)})" if called else ""
    return (f"no execution of {d.call}{in_methods} finished within the bounds: every path "
            f"that reaches it was cut by {'; '.join(cuts)}{f' — {advice}' if advice else ''}"
            f"; bounds: {within_text(d.within)}; {objects_text(d.objects)}")


def _found(d: Found) -> str:
    footer = (f"bounds: {within_text(d.within)}; {objects_text(d.objects)}"
              f"{assumptions_text(d.assumptions)}; {d.seconds:.2f} s of work")
    if d.same_cause_as or d.blamed_on:
        footer += f"\n{same_cause_text(d)}"
    elif d.null_cause:
        footer += (f"\nroot cause: {d.null_cause}, in a class without nullness annotations; its "
                   "other items that fail only because of such a null say \"same cause\" "
                   "(--boundcheck-null-fields=off makes no such nulls)")
    return counterexample_text(d.counterexample, footer)


def same_cause_text(d: Found) -> str:
    """Which other items report the only cause of a violation, and what it is."""
    if d.same_cause_as:
        return f"same cause as {d.same_cause_as}: {d.null_cause}"
    one = len(d.blamed_on) == 1
    names = ", ".join(d.blamed_on)
    return (f"same cause as the items of {names}: {'its' if one else 'their'} own code breaks the "
            "contracts of equals, hashCode or compareTo where this violation needs it to; "
            f"with {'it' if one else 'them'} taken to obey those contracts, the check finds no "
            "violation within the bounds")


def _gave_up(d: SolverGaveUp) -> str:
    return (f"the solver gave up ({d.reason}) after {d.seconds:.1f} s of work, within the work "
            f"budget of {d.timeout:g} s per item; bounds: {within_text(d.within)}")


def _unfinished(d: ExploringUnfinished) -> str:
    return (f"exploring the code had not ended {d.after:.1f} s of work into the work budget of "
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
    NothingFinished: _nothing_finished,
    NothingChecked: lambda d: (f"nothing was checked: every way of making the check's objects "
                               f"is ruled out; bounds: {within_text(d.within)}; "
                               f"{objects_text(d.objects)}"),
    AbstractWithoutSubclass: lambda d: (f"{d.class_name} is abstract and has no concrete project "
                                        "subclass: there is no object to check"),
    SafetyNetReached: lambda d: (f"wall-clock safety net of {d.seconds:g} s reached: the verdict "
                                 f"would not be reproducible; bounds: {bounds_text(d.bounds)}"),
    SolverFailed: lambda d: f"the solver failed ({d.message}); bounds: {bounds_text(d.bounds)}",
    OwnClassesOnly: lambda d: (f"{message(d.first)}; that with {d.others} of {d.class_name}'s "
                               "own classes only: the check with all their classes would explore "
                               "more in no longer, and was not begun"),
}
