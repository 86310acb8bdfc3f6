# pytester's in-process runs drop the modules a run imported; loading the engine here,
# before any run, keeps one copy of its modules (and of its type singletons) for all runs.
import pytest_boundcheck.engine.project  # noqa: F401
