"""Harness stage: the contracts, their registry, and their harnesses.

The registry (``REGISTRY``, ``FAMILIES``) is the one place the contracts' ids, their
families and pytest markers, and their columns in the summary table are written. A
contract's harness is a Java file under ``contracts/``: a Javadoc whose first line says the
rule in words, an ``@contract`` id, ``@advisory`` if the JDK only recommends it, and a
static ``check`` method whose assertions the engine tries to break (``domains`` says what
its parameters range over; ``applicable`` which classes get which contracts).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.parse import parse_source
from pytest_boundcheck.frontend.types import MethodInfo
from pytest_boundcheck.harness.registry import CONTRACT_IDS


class ContractError(Exception):
    """A harness in ``contracts/`` that the registry does not list, or the reverse."""


@dataclass(frozen=True)
class Contract:
    id: str
    summary: str     # the rule in words, first line of the Javadoc
    quote: str       # the Javadoc sentence the contract enforces
    advisory: bool
    method: MethodInfo

    @property
    def family(self) -> str:
        """equals, hashcode or compareto: the part of an id before the first dash."""
        return self.id.partition("-")[0]

    @property
    def source(self) -> str:
        return self.method.owner.path


def contracts_dir() -> Path:
    """The shipped contracts: the source tree's ``contracts/`` when the package runs from
    its sources (an editable install's packaged copy is made once, at install time, and
    would hide every later edit of a harness), else the one packaged in the wheel."""
    tree = Path(__file__).resolve().parents[2]
    if (tree / "pyproject.toml").is_file() and (tree / "contracts").is_dir():
        return tree / "contracts"
    return Path(str(resources.files("pytest_boundcheck") / "contracts"))


def load_contracts(program: Program, directory: Path | None = None) -> list[Contract]:
    """Parse the contract harnesses into ``program``; in the registry's order."""
    directory = directory or contracts_dir()
    units = [parse_source(p.read_bytes(), str(p)) for p in sorted(directory.glob("*.java"))]
    found = {}
    for cls in program.add_units(units, origin="contract"):
        doc = cls.decl.doc or ""
        ident = re.search(r"@contract\s+(\S+)", doc)
        if ident is None:
            continue
        check = next(m for m in cls.methods if m.name == "check")
        found[ident.group(1)] = Contract(ident.group(1), _summary(doc), _quote(doc),
                                         "@advisory" in doc, check)
    unlisted = sorted(set(found) - set(CONTRACT_IDS))
    if unlisted:
        raise ContractError(f"{directory}: harnesses of contracts the registry does not list: "
                            f"{', '.join(unlisted)}")
    return [found[i] for i in CONTRACT_IDS if i in found]


def _doc_lines(doc: str) -> list[str]:
    lines = [re.sub(r"^\s*(/\*\*|\*/|\*)\s?", "", line).rstrip() for line in doc.splitlines()]
    return [line for line in lines if line not in ("", "/")]


def _summary(doc: str) -> str:
    return _doc_lines(doc)[0]


def _quote(doc: str) -> str:
    text = " ".join(_doc_lines(doc)[1:])
    match = re.search(r"<p>(.*?)(?=<p>|@)", text)
    return " ".join(match.group(1).split()) if match else ""
