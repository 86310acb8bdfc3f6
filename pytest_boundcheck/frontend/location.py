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

    def with_column(self) -> str:
        """``File.java:12:9``, the column where it is known: a place to point at within
        a line (a call among others, a loop)."""
        return f"{self}:{self.column}" if self.column else str(self)
