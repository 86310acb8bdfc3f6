"""The plugin's own tests run pytest on Java sources with pytester, each twice: in one
process ("serial") and with pytest-xdist's workers ("xdist"). What the plugin shows must
hold in both; where xdist changes it by design (the layout of a verbose line), a test says
how."""
from __future__ import annotations

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


@pytest.fixture(params=["serial", "xdist"])
def plugin(request, pytester) -> PluginRun:
    """Runs pytest with the plugin on ``pytester``'s directory, without xdist and with it."""
    return PluginRun(pytester, request.param)
