"""Models of the JDK and of libraries the project uses without their source.

Each area's module (``java_lang.string``, ``java_util.collection_queries``...) holds the
models of one part of the API, marked with the Java signatures they implement
(``registry.model``). ``build`` gathers them, in the order of ``AREAS``, into the one table
the engine hands to the class table and the executor. Library classes modelled in Java
are the ``.java`` files under ``libraries/`` (``library_units``). The JML runtime classes'
models (``jml/``, one module per class of ``jdk.JML_RUNTIME``) are areas like the others.
"""
from __future__ import annotations

import functools
from pathlib import Path

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.parse import parse_file
from pytest_boundcheck.models.java_lang import bits, boxes, math, object, parsing, string
from pytest_boundcheck.models.java_util import (
    arrays,
    collection_building,
    collection_equality,
    collection_queries,
    comparators,
    objects,
)
from pytest_boundcheck.models.jml import frame, heap
from pytest_boundcheck.models.registry import Registry
from pytest_boundcheck.symex.model_api import ModelTable

AREAS = (object, string, parsing, boxes, bits, math, objects, arrays, collection_queries,
         collection_equality, collection_building, comparators, heap, frame)
LIBRARIES = Path(__file__).resolve().parent / "libraries"


def build() -> ModelTable:
    """Every area's models, in one table."""
    registry = Registry()
    for area in AREAS:
        registry.area(area)
    return registry.table()


@functools.cache
def library_units() -> tuple[ast.CompilationUnit, ...]:
    """The library models written in Java (``libraries/``), parsed once per process."""
    return tuple(parse_file(str(p)) for p in sorted(LIBRARIES.rglob("*.java")))
