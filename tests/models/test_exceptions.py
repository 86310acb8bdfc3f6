"""Every exception class the class table declares can be made, with any of the JDK's four
constructors: java.util.NoSuchElementException too, which the collections declare."""
from __future__ import annotations

import textwrap

import pytest

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.project import Project
from pytest_boundcheck.frontend.jdk import EXCEPTIONS
from pytest_boundcheck.report.text import message


@pytest.mark.parametrize("exception", ["java.util.NoSuchElementException",
                                       "java.lang.IllegalStateException"])
def test_an_exception_the_code_makes_escapes_as_a_violation(tmp_path, exception):
    (tmp_path / "Bag.java").write_text(textwrap.dedent(f"""
        public final class Bag {{
            private final int n;
            public Bag(int n) {{ this.n = n; }}
            int first() {{ if (n == 0) throw new {exception}("empty"); return n; }}
            @Override public boolean equals(Object o) {{ return o instanceof Bag b && b.n == n; }}
            @Override public int hashCode() {{ return first(); }}
        }}
        """))
    project = Project([tmp_path])
    cls = project.program.project[0]
    contract = next(c for c in project.contracts_for(cls) if c.id == "hashcode-consistent")
    result = project.check(cls, contract, Bounds())
    simple = exception.rpartition(".")[2]
    assert result.status == "failed", message(result)
    assert f"{simple} escaped the contract check (thrown at Bag.java:5)" in message(result)


def test_the_collections_exception_is_among_those_with_constructors():
    assert "java.util.NoSuchElementException" in EXCEPTIONS
