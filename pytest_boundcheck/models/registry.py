"""How a model says which JDK or library methods it implements, and how the models are
gathered into the one table the engine hands to the class table and the executor.

A model function is marked with the Java signatures it implements::

    @model("java.lang.Math", "static int abs(int)", "static long abs(long)")
    def math_abs(m, state, this, args, line): ...

Marking only sets an attribute of the function: importing an area's module registers
nothing. ``models.build`` reads the marked functions of each area's module, in the order
they are defined, then calls the module's ``register(registry)`` where one has models
made in a loop (one per box class, say).
"""
from __future__ import annotations

import types
from typing import Callable

from pytest_boundcheck.symex.model_api import ModelTable

_MARK = "boundcheck_models"


def model(owner: str, *signatures: str):
    """Mark a function as the model of ``owner``'s methods with these Java signatures."""
    def mark(fn: Callable) -> Callable:
        fn.__dict__.setdefault(_MARK, []).extend((owner, s) for s in signatures)
        return fn
    return mark


class Registry:
    """The models gathered so far, in order; one model per (owner, signature)."""

    def __init__(self):
        self.methods: dict[tuple[str, str], Callable] = {}
        self.constants: dict[tuple[str, str], Callable] = {}

    def method(self, owner: str, signature: str, fn: Callable) -> None:
        key = (owner, signature)
        if key in self.methods:
            raise ValueError(f"two models of {owner}: {signature}")
        self.methods[key] = fn

    def constant(self, owner: str, name: str, maker: Callable) -> None:
        """The maker of a JDK constant ``java.lang.{owner}.{name}``: ``maker(m)``."""
        self.constants[(owner, name)] = maker

    def area(self, module: types.ModuleType) -> None:
        """The models of one area's module: its marked functions, then its ``register``."""
        for value in list(vars(module).values()):
            if callable(value) and getattr(value, "__module__", None) == module.__name__:
                for owner, signature in getattr(value, _MARK, ()):
                    self.method(owner, signature, value)
        register = getattr(module, "register", None)
        if register is not None:
            register(self)

    def table(self) -> ModelTable:
        return ModelTable(dict(self.methods), dict(self.constants))
