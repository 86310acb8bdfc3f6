"""A place in the Java sources: file, line and column (1-based; column 0 where only the
line is known). Written as ``File.java:12``, as a Java developer reads it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    path: str | None
    line: int
    column: int = 0

    def __str__(self) -> str:
        name = (self.path or "?").replace("\\", "/").rpartition("/")[2]
        return f"{name}:{self.line}"
