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
from pytest_boundcheck.frontend.parse import JavaSyntaxError, parse_file
from pytest_boundcheck.frontend.types import ClassInfo
from pytest_boundcheck.harness import applicable, contracts
from pytest_boundcheck.harness.contracts import Contract


class Project:
    def __init__(self, roots: list[Path], excludes: tuple[str, ...] = discover.DEFAULT_EXCLUDES):
        self.files = discover.java_files(roots, excludes)
        self.errors: dict[Path, JavaSyntaxError] = {}
        units = []
        for path in self.files:
            try:
                units.append(parse_file(str(path)))
            except JavaSyntaxError as e:
                self.errors[path] = e
            except OSError as e:
                self.errors[path] = JavaSyntaxError(str(path), 0, 0, f"cannot read the file: {e}")
        self.program = wiring.program_of(units)
        self.contracts = contracts.load_contracts(self.program)
        self.universe = applicable.universe(self.program)
        # (class, contract id, bounds) -> the null a caller passed that the check's violation
        # needs, "" for none: which item of a class reports such a cause (``_null_root``)
        self._null_causes: dict[tuple[str, str, Bounds], str] = {}

    def classes_in(self, path: Path) -> list[ClassInfo]:
        """The project classes declared in one file, outer before nested, in source order."""
        path = str(Path(path).resolve())
        return [c for c in self.program.project if c.path == path]

    def contracts_for(self, cls: ClassInfo) -> list[Contract]:
        return applicable.applicable(self.program, cls, self.contracts)

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
