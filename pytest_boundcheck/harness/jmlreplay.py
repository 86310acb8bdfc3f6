"""JML statements in method bodies as Java a JVM runs, for replaying a JML check's
violation (``--boundcheck-replay``): the copy of the checked class's file that replay
compiles runs them where they stand, each calling its clause's method
(``jmlbody``) in a class nested in the file's last top-level class.

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
  before the loop; a ``do`` loop's at the start of its body.

A clause that reads ``\\old``, an enhanced ``for``'s clauses, a ``for`` without a
condition's, a loop's that does not stand in a block, and the statements of other files
do not run on the JVM yet: a violation of one is reported as not replayed, naming it
(``not_replayed``), rather than as a disagreement.
"""
from __future__ import annotations


from tree_sitter import Node

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.parse import syntax_tree
from pytest_boundcheck.harness.jmlbody import TABLE

_KINDS = ("assert", "assume", "loop_invariant", "decreases")
_LOOPS = ("while_statement", "for_statement", "do_statement")


def not_replayed(program: Program, message: str | None) -> str:
    """Why a violation whose message is ``message`` cannot be replayed on the JVM; ""
    where it can (or is not a JML statement's)."""
    kind, _, rest = (message or "").partition(" at ")
    if kind not in _KINDS or ": " not in rest:
        return ""
    clause = f"{kind} at {rest.partition(': ')[0]}"
    found = program.derived.get(TABLE)
    if found is None or clause in found.replayed:  # (none: the message is an assert's)
        return ""
    return (f"the JML statement {clause} does not run on the JVM yet (a clause with \\old, "
            "an enhanced for's, or a statement of another file)")


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
    end = text.rindex("}")
    return text[:end] + "".join(found.nested[path]) + text[end:]


def _loop_edits(loop: Node, checks: list[tuple[str, str]]) -> list[tuple[int, str]]:
    """The insertions that check a loop's invariants at each of its tests and its
    ``decreases`` clauses where a test holds, as the engine does; a ``do`` loop's at the
    start of its body too (before its first test; its ``decreases`` only there)."""
    cond = loop.child_by_field_name("condition")
    held = "".join(f"{c} && " for kind, c in checks if kind == "loop_invariant")
    decreased = "" if loop.type == "do_statement" else \
        "".join(f" && {c}" for kind, c in checks if kind == "decreases")
    edits = [(cond.start_byte, f"({held}("), (cond.end_byte, f"){decreased})")]
    if loop.type == "do_statement":
        edits.append((loop.child_by_field_name("body").start_byte + 1,
                      "".join(f" {c};" for _, c in checks)))
    return edits


def _loops(root: Node):
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in _LOOPS:
            yield node
        stack.extend(node.children)

