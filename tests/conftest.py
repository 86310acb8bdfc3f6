"""What the tests of every stage share: Java sources checked through the engine API
(``Project.check``), as the plugin checks them but without pytest running them as items."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from sample_outcomes import SAMPLES

# pytester's in-process runs drop the modules a run imported; loading the engine here,
# before any run, keeps one copy of its modules (and of its type singletons) for all runs.
import pytest_boundcheck.engine.project  # noqa: F401
from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT, EngineConfig
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.engine.result import CheckResult, Verdict
from pytest_boundcheck.harness.registry import CONTRACT_IDS
from pytest_boundcheck.report.text import message

# how the plugin reports each verdict (an advisory one fails under
# --boundcheck-strict-compareto-equals)
OUTCOMES = {Verdict.PASS: "passed", Verdict.VIOLATION: "failed", Verdict.SKIPPED: "skipped",
            Verdict.POSSIBLE_VIOLATION: "xfailed", Verdict.ADVISORY: "xfailed",
            Verdict.SAME_CAUSE: "xfailed",
            Verdict.ERROR: "error"}


# A sample project is only read: its Project (the class table, the null policy's findings)
# and each check's result, by (class, contract id, bounds, config), serve every test of this
# process. A test that patches the engine checks sources of its own, never a sample.
_SAMPLE_PROJECTS: dict[Path, Project] = {}
_SAMPLE_RESULTS: dict[tuple, CheckResult] = {}


class JavaProject:
    """Java sources under ``root`` (a test's ``tmp_path``, or a sample project, which is
    only read), checked through the engine API."""

    def __init__(self, root: Path):
        self.root = root
        self.is_sample = root.parent == SAMPLES

    def project(self) -> Project:
        """The sources as the engine reads them: a sample's once per process, a test's own
        anew each time (the test may have written more since)."""
        if not self.is_sample:
            return Project([self.root])
        if self.root not in _SAMPLE_PROJECTS:
            _SAMPLE_PROJECTS[self.root] = Project([self.root])
        return _SAMPLE_PROJECTS[self.root]

    def _checked(self, project: Project, cls, contract, bounds: Bounds,
                 config: EngineConfig) -> CheckResult:
        if not self.is_sample:
            return project.check(cls, contract, bounds, config)
        key = (self.root, cls.fqname, contract.id, bounds, config)
        if key not in _SAMPLE_RESULTS:
            _SAMPLE_RESULTS[key] = project.check(cls, contract, bounds, config)
        return _SAMPLE_RESULTS[key]

    def sample(self, name: str) -> JavaProject:
        """The sample project ``sample_projects/<name>``."""
        return JavaProject(SAMPLES / name)

    def write(self, path: str, source: str) -> JavaProject:
        """``source``, dedented, as the file ``path`` under the root."""
        file = self.root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(textwrap.dedent(source))
        return self

    def check(self, classes=None, contracts=None, bounds: Bounds = Bounds(),
              config: EngineConfig = DEFAULT, where=None) -> dict[tuple[str, str], CheckResult]:
        """(class, contract id) -> the check's result, for every item the plugin would
        collect: every project class with a contract that applies, in the class table's
        order. ``classes`` (simple or qualified names), ``contracts`` (ids) and ``where``
        (of a class's simple name and a contract id) select among them, as ``-k`` does
        a run's items."""
        project = self.project()
        assert not project.errors, project.errors
        found = {}
        for cls in project.program.project:
            if classes is not None and cls.simple_name not in classes and cls.fqname not in classes:
                continue
            for contract in project.contracts_for(cls):
                if (contracts is None or contract.id in contracts) and \
                        (where is None or where(cls.simple_name, contract.id)):
                    found[(cls.fqname, contract.id)] = self._checked(project, cls, contract,
                                                                     bounds, config)
        return found

    def result(self, cls: str, contract: str, bounds: Bounds = Bounds(),
               config: EngineConfig = DEFAULT) -> CheckResult:
        """The one check of class ``cls`` (simple or qualified name) and ``contract``."""
        found = self.check({cls}, {contract}, bounds, config)
        assert len(found) == 1, f"{len(found)} items of {cls} and {contract}: {sorted(found)}"
        return next(iter(found.values()))

    def passes_with_constructors(self, cls: str, *contracts: str) -> None:
        """Each check of ``cls`` passes with objects its constructors make: none made from
        field values, which a construct the engine cannot run in them would force."""
        for contract in contracts:
            found = self.result(cls, contract)
            assert self.outcome(found) == "passed", message(found)
            assert "any field values" not in message(found)

    def check_all(self, source: str, bounds: Bounds = Bounds(),
                  config: EngineConfig = DEFAULT) -> dict[str, tuple[str, str]]:
        """``source`` as ``Subject.java``: contract id of its first class -> (status, message)."""
        self.write("Subject.java", source)
        project = Project([self.root])
        cls = project.program.project[0]
        return {c.id: (o.status, message(o)) for c in project.contracts_for(cls)
                for o in [project.check(cls, c, bounds, config)]}

    @staticmethod
    def statuses(results: dict[str, tuple[str, str]]) -> dict[str, str]:
        """contract id -> status, of ``check_all``'s results."""
        return {k: v[0] for k, v in results.items()}

    @staticmethod
    def outcome(result: CheckResult, strict: bool = False) -> str:
        """passed, failed, xfailed or skipped: the outcome the plugin reports for ``result``."""
        if strict and result.verdict is Verdict.ADVISORY:
            return "failed"
        return OUTCOMES[result.verdict]

    def outcomes(self, *args, strict: bool = False, **kwargs) -> dict[tuple[str, str], str]:
        """(class, contract id) -> the outcome the plugin reports, of ``check(...)``."""
        return {k: self.outcome(r, strict) for k, r in self.check(*args, **kwargs).items()}

    @staticmethod
    def expected(package: str, table: dict) -> dict[tuple[str, str], str]:
        """(class, contract id) -> outcome, from a table of class -> its outcomes, by
        contract id or in the registry's order of ids (classes in ``package``)."""
        prefix = f"{package}." if package else ""
        return {(prefix + cls, cid): outcome for cls, results in table.items()
                for cid, outcome in (results.items() if isinstance(results, dict)
                                     else zip(CONTRACT_IDS, results))}

    @staticmethod
    def lines(text: str | CheckResult) -> pytest.LineMatcher:
        """The lines of ``text`` (of a result: its ``message``), to match as pytester's
        output is (``fnmatch_lines``: the patterns in order, other lines between)."""
        text = message(text) if isinstance(text, CheckResult) else text
        return pytest.LineMatcher(text.splitlines())


@pytest.fixture
def java(tmp_path) -> JavaProject:
    """Java sources written under ``tmp_path`` (or a sample project: ``java.sample(name)``),
    checked through the engine API."""
    return JavaProject(tmp_path)
