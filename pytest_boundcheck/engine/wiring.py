"""The composition root: the models wired into the class table and the executor, and the
solver stage's aids into exploring. The stages before the engine never import a later
one; what they need of one is handed to them here."""
from __future__ import annotations

import functools

import z3

from pytest_boundcheck import models
from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.config.tuning import DEFAULT, EngineConfig
from pytest_boundcheck.config.workclock import WorkClock
from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.types import ClassInfo
from pytest_boundcheck.solve.weaken import Weigher, WithoutFloatingPoint
from pytest_boundcheck.symex.executor import Executor, SolverAids
from pytest_boundcheck.symex.model_api import ModelTable


@functools.cache
def model_table() -> ModelTable:
    """The models of every area, gathered once per process (the table never changes)."""
    return models.build()


def program_of(units: list[ast.CompilationUnit]) -> Program:
    """The class table of ``units``, with the JDK's classes and the libraries' models."""
    return Program(units, modelled=model_table().declarations(), libraries=models.library_units())


def solver_aids(config: EngineConfig = DEFAULT) -> SolverAids:
    """Fresh aids for one check: both remember the terms they have seen. Making one
    object may take a third of what the solver may bit-blast for one question."""
    weaker, weigher = WithoutFloatingPoint(), Weigher(config.blast_budget_mb // 3)
    return SolverAids(weakened=weaker.weakened, too_large=weigher.too_large)


def executor(program: Program, bounds: Bounds, ctx: z3.Context, universe: list[ClassInfo],
             own: frozenset[ClassInfo] = frozenset(), seconds: float | None = None,
             trusting: bool = False, config: EngineConfig = DEFAULT,
             clock: WorkClock | None = None) -> Executor:
    """An executor for one exploration, with the models and the solver stage's aids."""
    return Executor(program, bounds, ctx, universe, own, seconds, trusting,
                    models=model_table(), aids=solver_aids(config), config=config, clock=clock)
