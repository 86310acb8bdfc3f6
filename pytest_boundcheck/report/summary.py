"""Report stage, the part that needs no pytest: the end-of-session table of classes by contracts."""
from __future__ import annotations

from tabulate import tabulate

from pytest_boundcheck.harness.registry import CONTRACT_IDS, REGISTRY
from pytest_boundcheck.report.text import counted

# column headings: short enough that nine columns fit a terminal
SHORT = {e.id: e.heading for e in REGISTRY}
CELLS = {"passed": "pass", "failed": "FAIL", "skipped": "skip", "xfailed": "xfail", "error": "ERROR"}


def summary_table(results: dict[tuple[str, str], str]) -> str:
    """``results`` maps (class, contract id) to passed/failed/skipped/xfailed/error."""
    contracts = [c for c in CONTRACT_IDS if any(k[1] == c for k in results)]
    contracts += sorted({k[1] for k in results} - set(contracts))
    classes = sorted({k[0] for k in results})
    rows = [[cls] + [CELLS.get(results.get((cls, c), ""), "") for c in contracts] for cls in classes]
    headers = ["class"] + [SHORT.get(c, c) for c in contracts]
    counts = {}
    for status in results.values():
        counts[status] = counts.get(status, 0) + 1
    total = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
    return (tabulate(rows, headers=headers, tablefmt="simple")
            + f"\n{counted(len(classes), 'class', 'classes')}: {total}")
