"""Lombok-annotated classes: the generated members are checked like hand-written ones."""
from __future__ import annotations

import textwrap

from pytest_boundcheck.frontend import lombok
from pytest_boundcheck.frontend.parse import parse_source

def test_lombok_counterexample_uses_the_generated_constructor(java):
    found = java.sample("lombok").result("Person", "hashcode-consistent")
    assert java.outcome(found) == "failed"
    java.lines(found).fnmatch_lines([
        "  Person x = new Person(0);",
        "  Employee y = new Employee(0, 0);",
        "  x.equals(y)   -> true  (Person.java:*)",
        "  y.hashCode()  -> 3481  (Employee.java:*)",
    ])


def generated(source: str) -> dict[str, str]:
    """Names of the members Lombok would add to the first class of ``source``."""
    unit = parse_source(textwrap.dedent(source), "A.java")
    _, methods, ctors = lombok.members(unit.types[0], unit)
    return sorted(f"{m.name}({len(m.params)})" for m in methods + ctors)


def test_only_annotations_from_lombok_generate_members():
    assert generated("@Data class A { int x; }") == []
    assert generated("import lombok.Data; @Data class A { int x; }") == [
        "<init>(0)", "canEqual(1)", "equals(1)", "getX(0)", "hashCode(0)", "setX(1)"]
    assert generated("import lombok.*; @Value class A { int x; boolean on; }") == [
        "<init>(2)", "equals(1)", "getX(0)", "hashCode(0)", "isOn(0)"]


def test_hand_written_equals_or_hash_code_stops_both_being_generated():
    assert generated("""
        import lombok.EqualsAndHashCode;
        @EqualsAndHashCode class A { int x; public int hashCode() { return x; } }""") == []
