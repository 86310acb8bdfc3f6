"""The bounds a check holds within. Integers are always Java's own widths."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bounds:
    objects: int = 3        # initial objects per type
    unroll: int = 8         # loop iterations
    inline_depth: int = 8   # nested calls
    timeout: float = 10.0   # seconds per check, for the solver

    def describe(self) -> str:
        return (f"int 32-bit, {self.objects} objects/type, {self.unroll} unrolls, "
                f"inline depth {self.inline_depth}")
