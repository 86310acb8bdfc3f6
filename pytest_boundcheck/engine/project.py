"""The checks of one run, without pytest: discover, parse and build the class table once,
then check any (class, contract) on demand."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT, EngineConfig
from pytest_boundcheck.engine import wiring
from pytest_boundcheck.engine.check import run_check
from pytest_boundcheck.engine.result import CheckResult, WithinSmaller
from pytest_boundcheck.frontend import discover
from pytest_boundcheck.frontend.clashes import clashes
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlcheck import check_files
from pytest_boundcheck.frontend.parse import SourceError, decoded, parse_file
from pytest_boundcheck.frontend.types import ClassInfo
from pytest_boundcheck.harness import applicable, contracts
from pytest_boundcheck.harness.contracts import Contract
from pytest_boundcheck.harness.jmlchecks import JmlCheck, jml_checks


class Project:
    """``files`` are places (``discover.place``): a file's directory by its real path.
    ``errors``: the files whose classes are not checked (a syntax error, bytes that are not
    text in ``encoding``, a class name declared twice), each a collection error of its own."""

    def __init__(self, roots: list[Path], excludes: tuple[str, ...] = discover.DEFAULT_EXCLUDES,
                 encoding: str = "utf-8"):
        self.sources = discover.walk(roots, excludes)
        self.files = self.sources.files
        self.places = frozenset(self.files)
        self.errors: dict[Path, SourceError] = {}
        units = []
        for path in self.files:
            try:
                units.append(parse_file(str(path), encoding))
            except SourceError as e:
                self.errors[path] = e
            except OSError as e:
                self.errors[path] = SourceError(str(path), 0, 0, f"cannot read the file: {e}")
            except Exception as e:  # a front-end bug this file meets costs it alone
                self.errors[path] = SourceError(
                    str(path), 0, 0, f"boundcheck's front end failed on this file "
                                     f"({type(e).__name__}: {e}); please report it")
        clashing = clashes(units)
        self.errors.update((Path(path), error) for path, error in clashing.items())
        units = [unit for unit in units if unit.path not in clashing]
        self.program = wiring.program_of(units)
        self.contracts = contracts.load_contracts(self.program)
        self.universe = applicable.universe(self.program)
        self.jml = jml_checks(self.program, check_files(self.program,
                                                          _specified(units, encoding)))
        self._by_file: dict[str, list[ClassInfo]] = {}  # path -> its classes, in order
        for c in self.program.project:
            self._by_file.setdefault(c.path, []).append(c)
        # (class, contract id, bounds) -> the null a caller passed that the check's violation
        # needs, "" for none: which item of a class reports such a cause (``_null_root``)
        self._null_causes: dict[tuple[str, str, Bounds], str] = {}

    def classes_in(self, path: Path) -> list[ClassInfo]:
        """The project classes declared in one file, outer before nested, in source order."""
        return list(self._by_file.get(str(discover.place(Path(path).absolute())), ()))

    def contracts_for(self, cls: ClassInfo) -> list[Contract]:
        return applicable.applicable(self.program, cls, self.contracts)

    def jml_for(self, cls: ClassInfo) -> list[JmlCheck]:
        """The JML checks of ``cls``: its specified methods and constructors, and all of
        them if it has instance invariants (``harness.jmlchecks``)."""
        return self.jml.get(cls.fqname, [])

    def check(self, cls: ClassInfo, contract: Contract, bounds: Bounds,
              config: EngineConfig = DEFAULT) -> CheckResult:
        """One item's result. A violation that needs a null a caller passed (the null
        policy, ``Bounds.null_fields``) is reported by the first item of its class, in the
        registry's order, that has one; the others name that item as its cause."""
        result = run_check(self.program, cls, contract, bounds, self.universe, config)
        found = result.found
        self._null_causes[(cls.fqname, contract.id, bounds)] = found.null_cause if found else ""
        if found is None or not found.null_cause:
            return result
        root = self._null_root(cls, contract, bounds, config)
        if root is contract:
            return result
        same = dataclasses.replace(found, same_cause_as=f"{cls.simple_name}::{root.id}")
        detail = dataclasses.replace(result.detail, smaller=same) \
            if isinstance(result.detail, WithinSmaller) else same
        return dataclasses.replace(result, detail=detail)

    def _null_root(self, cls: ClassInfo, contract: Contract, bounds: Bounds,
                   config: EngineConfig) -> Contract:
        """The first of ``cls``'s contracts whose check's violation needs a null a caller
        passed (``contract``'s does): each earlier one is checked once per run, in any
        order of items, so that every item, serially or under xdist, names the same one."""
        for earlier in self.contracts_for(cls):
            if earlier is contract:
                break
            key = (cls.fqname, earlier.id, bounds)
            if key not in self._null_causes:
                self.check(cls, earlier, bounds, config)
            if self._null_causes[key]:
                return earlier
        return contract


def _specified(units, encoding: str) -> list:
    """The JML annotations of the files that have any (a file without ``//@`` or ``/*@``
    is not parsed twice), decoded as the Java was (``parse.decoded``: it succeeded then)."""
    found = []
    for unit in units:
        text = Path(unit.path).read_bytes()
        if b"//@" in text or b"/*@" in text:
            found.append(parse_jml(decoded(text, unit.path, encoding), unit.path))
    return found
