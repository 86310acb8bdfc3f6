"""JML statements in method bodies as Java a JVM runs, for replaying a JML check's
violation (``--boundcheck-replay``): the copy of the checked class's file that replay
compiles runs them where they stand, each calling its clause's method
(``jmlbody``) in a class nested in the top-level class that holds the statement's class.

- ``assert P``: ``assert C$jmlbody.m0$c0(this, x) : "assert at ...";`` before the
  statement it precedes, or before the brace ending its block (on the same line: the
  file's lines stay where they were);
- ``assume P``: the same, throwing an ``IllegalStateException`` where false: the engine
  found a state where it holds, and a JVM that disagrees says so;
- ``loop_invariant P``: in its loop's condition, ``(held(...) && (cond))``, checked at
  every test as the engine checks it; for a ``do`` loop also at the start of its body,
  which is where the engine's check before the first test stands;
- ``decreases E``: in its loop's condition after the test, ``((cond) && decreased(...))``,
  at every iteration's start, with the value at the last one kept in an array declared
  before the loop; a ``do`` loop's at the start of its body;
- an enhanced ``for``'s: at the start of its body, which is where each test that goes
  on leads, and its invariants after the loop too, for the test that ends it (a loop a
  ``break`` leaves is not replayed: the end of the loop is not always its test there);
- ``\\old(e)``: the locals the engine keeps, set before the method's first statement.

A ``for`` without a condition's clauses, a loop's that does not stand in a block, and the
statements of a file other than the checked class's do not run on the JVM: a violation
of one is reported as not replayed, naming it (``not_replayed``), rather than as a
disagreement.
"""
from __future__ import annotations

from tree_sitter import Node

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.parse import declaration_end, syntax_tree
from pytest_boundcheck.harness.jmlbody import TABLE

_KINDS = ("assert", "assume", "loop_invariant", "decreases")
_LOOPS = ("while_statement", "for_statement", "do_statement", "enhanced_for_statement")


def not_replayed(program: Program, message: str | None, path: str) -> str:
    """Why a violation whose message is ``message`` cannot be replayed on the JVM by the
    copy of the file ``path`` (the checked class's); "" where it can (or is not a JML
    statement's)."""
    kind, _, rest = (message or "").partition(" at ")
    if kind not in _KINDS or ": " not in rest:
        return ""
    clause = f"{kind} at {rest.partition(': ')[0]}"
    found = program.derived.get(TABLE)
    if found is None:  # (the message is a Java assert's)
        return ""
    why = found.replayed.get(path, {}).get(clause, "it is in another file than the checked class")
    return f"the JML statement {clause} does not run on the JVM: {why}" if why else ""


def replay_source(program: Program, path: str, text: str) -> str:
    """The file ``path`` (``text``) with its JML statements that a JVM can run as Java."""
    found = program.derived.get(TABLE)
    if found is None or not (found.java.get(path) or found.loop_java.get(path)):
        return text
    data = text.encode()  # (columns count bytes, as tree-sitter's)
    starts = [0]
    starts.extend(i + 1 for i, byte in enumerate(data) if byte == 0x0A)
    edits = [(starts[line - 1] + column - 1, java) for line, column, java in found.java[path]]
    checks: dict[tuple[int, int], list[tuple[str, str]]] = {}
    for line, column, kind, check in found.loop_java.get(path, ()):
        checks.setdefault((line, column), []).append((kind, check))
    if checks:
        for loop in _loops(syntax_tree(data)):
            key = (loop.start_point.row + 1, loop.start_point.column + 1)
            if key in checks:
                edits.extend(_loop_edits(loop, checks[key]))
    for at, java in sorted(edits, key=lambda e: e[0], reverse=True):
        data = data[:at] + java.encode() + data[at:]
    text = data.decode()
    # each class on its top-level class's closing line, so that the lines after it keep
    # their numbers (a reproducer finds its class's declaration by its line)
    nests = [(declaration_end(text, line), " ".join(nested.split("\n")))
             for line, nested in found.nested[path]]
    for end, nested in sorted(((e, n) for e, n in nests if e is not None), reverse=True):
        text = text[:end] + nested + text[end:]
    return text


def _loop_edits(loop: Node, checks: list[tuple[str, str]]) -> list[tuple[int, str]]:
    """The insertions that check a loop's invariants at each of its tests and its
    ``decreases`` clauses where a test holds, as the engine does; a ``do`` loop's at the
    start of its body too (before its first test; its ``decreases`` only there)."""
    if loop.type == "enhanced_for_statement":
        return _enhanced_for_edits(loop, checks)
    cond = loop.child_by_field_name("condition")
    held = "".join(f"{c} && " for kind, c in checks if kind == "loop_invariant")
    decreased = "" if loop.type == "do_statement" else \
        "".join(f" && {c}" for kind, c in checks if kind == "decreases")
    edits = [(cond.start_byte, f"({held}("), (cond.end_byte, f"){decreased})")]
    if loop.type == "do_statement":
        edits.append((loop.child_by_field_name("body").start_byte + 1,
                      "".join(f" {c};" for _, c in checks)))
    return edits


def _enhanced_for_edits(loop: Node, checks: list[tuple[str, str]]) -> list[tuple[int, str]]:
    """An enhanced ``for``'s checks at the start of its body (braced, for a body that is
    a statement alone), and its invariants after it; the latter first, for an insertion
    at one offset ends up before the ones listed before it."""
    body = loop.child_by_field_name("body")
    after = "".join(f" {c};" for kind, c in checks if kind == "loop_invariant")
    return [(loop.end_byte, after), (body.start_byte, "{" + "".join(f" {c};" for _, c in checks)),
            (body.end_byte, " }")]


def _loops(root: Node):
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in _LOOPS:
            yield node
        stack.extend(node.children)

