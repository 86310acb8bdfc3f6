"""The checks of one run, without pytest: discover, parse and build the class table once,
then check any (class, contract) on demand."""
from __future__ import annotations

from pathlib import Path

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT, EngineConfig
from pytest_boundcheck.engine import wiring
from pytest_boundcheck.engine.check import run_check
from pytest_boundcheck.engine.result import CheckResult
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
        self._by_file: dict[str, list[ClassInfo]] = {}  # path -> its classes, in order
        for c in self.program.project:
            self._by_file.setdefault(c.path, []).append(c)

    def classes_in(self, path: Path) -> list[ClassInfo]:
        """The project classes declared in one file, outer before nested, in source order."""
        return list(self._by_file.get(str(Path(path).resolve()), ()))

    def contracts_for(self, cls: ClassInfo) -> list[Contract]:
        return applicable.applicable(self.program, cls, self.contracts)

    def check(self, cls: ClassInfo, contract: Contract, bounds: Bounds,
              config: EngineConfig = DEFAULT) -> CheckResult:
        return run_check(self.program, cls, contract, bounds, self.universe, config)
