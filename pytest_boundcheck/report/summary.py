"""Report stage, the part that needs no pytest: the end-of-session table of classes by contracts."""
from __future__ import annotations

from tabulate import tabulate

from pytest_boundcheck.harness.registry import CONTRACT_IDS, REGISTRY
from pytest_boundcheck.report.text import counted

# column headings: short enough that nine columns fit a terminal
SHORT = {e.id: e.heading for e in REGISTRY}
CELLS = {"passed": "pass", "failed": "FAIL", "skipped": "skip", "xfailed": "xfail", "error": "ERROR"}


def summary_table(results: dict[tuple[str, str], str],
                  bounded: dict[tuple[str, str], str] | None = None) -> str:
    """``results`` maps (class, contract id) to passed/failed/skipped/xfailed/error;
    ``bounded``, the passes some of whose executions a bound cut, to where ("bounded at
    ..."): their cells are ``pass*``, and a footnote under the table says where each was
    cut, since what lies past a bound was not checked."""
    bounded = bounded or {}
    contracts = [c for c in CONTRACT_IDS if any(k[1] == c for k in results)]
    classes = sorted({k[0] for k in results})
    rows = [[cls] + [_cell(results, bounded, (cls, c)) for c in contracts] for cls in classes]
    headers = ["class"] + [SHORT.get(c, c) for c in contracts]
    if any(k[1] not in SHORT for k in results):
        headers.append("jml")
        for row, cls in zip(rows, classes):
            row.append(_jml_cell([_cell(results, bounded, k) for k in results
                                  if k[0] == cls and k[1] not in SHORT]))
    counts = {}
    for status in results.values():
        counts[status] = counts.get(status, 0) + 1
    starred = sorted(k for k in bounded if results.get(k) == "passed")
    total = ", ".join(f"{n} {status}" + (f" ({len(starred)} of them pass*)"
                                         if status == "passed" and starred else "")
                      for status, n in sorted(counts.items()))
    notes = ["pass*: passed within the bounds, but some executions were cut by a bound and "
             "not checked past it:"] if starred else []
    notes += [f"  {cls}::{contract}: {bounded[(cls, contract)]}" for cls, contract in starred]
    return "\n".join([tabulate(rows, headers=headers, tablefmt="simple"),
                      f"{counted(len(classes), 'class', 'classes')}: {total}", *notes])


def _jml_cell(cells: list[str]) -> str:
    """A class's JML items in one cell (one column per method would not fit a terminal):
    their common outcome, else the outcomes other than a pass counted, ``FAIL 1/4``
    (all passes, some of them ``pass*``: ``pass*``)."""
    if len(set(cells)) <= 1:
        return cells[0] if cells else ""
    counts = {c: cells.count(c) for c in cells if c not in ("pass", "pass*")}
    return " ".join(f"{c} {n}/{len(cells)}" for c, n in counts.items()) or "pass*"


def _cell(results: dict[tuple[str, str], str], bounded: dict[tuple[str, str], str],
          key: tuple[str, str]) -> str:
    status = results.get(key, "")
    return "pass*" if status == "passed" and key in bounded else CELLS.get(status, "")
