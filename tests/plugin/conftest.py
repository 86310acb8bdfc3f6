"""The plugin's own tests run pytest on Java sources with pytester, in one process
("serial"). A test marked ``under_xdist`` runs a second time with pytest-xdist's workers
("xdist"): one for each feature whose behaviour xdist can change (collection, which the
controller and each worker do; the reports and summary, which reach the controller from
the workers; the null policy's first item, which must not depend on the worker that runs
it; replay and reproducers, done in the workers). Where xdist changes what a user sees by
design (the layout of a verbose line), the test says how."""
from __future__ import annotations

import textwrap

import pytest

XDIST = ("-n", "2", "-p", "xdist")


class PluginRun:
    """pytester's runs of pytest with the plugin, in one process or with xdist's workers."""

    def __init__(self, pytester: pytest.Pytester, mode: str):
        self.pytester, self.mode = pytester, mode
        self.extra = XDIST if mode == "xdist" else ()

    @property
    def xdist(self) -> bool:
        return self.mode == "xdist"

    def runpytest(self, *args: str) -> pytest.RunResult:
        return self.pytester.runpytest(*args, *self.extra)

    def inline_run(self, *args: str) -> pytest.HookRecorder:
        return self.pytester.inline_run(*args, *self.extra)

    def write_package(self, package: str, sources: dict[str, str]) -> None:
        """One file ``package/Name.java`` for each class name and its (indented) source."""
        folder = self.pytester.path / package
        folder.mkdir(parents=True, exist_ok=True)
        for name, source in sources.items():
            (folder / f"{name}.java").write_text(textwrap.dedent(source))


def pytest_generate_tests(metafunc):
    """``plugin`` is serial, and xdist too for a test marked ``under_xdist``: starting
    xdist's workers (each importing the engine and Z3) doubles a test's cost, worth paying
    where xdist is what could break."""
    if "plugin" in metafunc.fixturenames:
        modes = ["serial", "xdist"] if metafunc.definition.get_closest_marker("under_xdist") \
            else ["serial"]
        metafunc.parametrize("plugin", modes, indirect=True)


@pytest.fixture
def plugin(request, pytester) -> PluginRun:
    """Runs pytest with the plugin on ``pytester``'s directory: serially, and with xdist's
    workers where the test is marked ``under_xdist``."""
    return PluginRun(pytester, request.param)
