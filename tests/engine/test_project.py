"""A project's files: each one the front end cannot take is an error of its own, and the
other files' classes are still in the class table."""
from __future__ import annotations

from pytest_boundcheck.engine import project as project_module
from pytest_boundcheck.engine.project import Project


def test_a_front_end_failure_on_one_file_costs_that_file_alone(java, monkeypatch):
    java.write("p/A.java", "package p;\nclass A {}\n").write("p/B.java", "package p;\nclass B {}\n")
    parse = project_module.parse_file

    def failing_on_b(path: str, encoding: str):
        if path.endswith("B.java"):
            raise RecursionError("maximum recursion depth exceeded")
        return parse(path, encoding)

    monkeypatch.setattr(project_module, "parse_file", failing_on_b)
    project = Project([java.root])
    assert [c.fqname for c in project.program.project] == ["p.A"]
    [(path, error)] = project.errors.items()
    assert path.name == "B.java"
    assert error.detail == ("boundcheck's front end failed on this file (RecursionError: "
                            "maximum recursion depth exceeded); please report it")


def test_neither_of_two_classes_of_one_name_enters_the_class_table(java):
    java.write("a/p/Money.java", "package p;\nclass Money {}\n")
    java.write("b/p/Money.java", "package p;\nclass Money {}\n")
    java.write("b/p/Rate.java", "package p;\nclass Rate { Money money; }\n")
    project = Project([java.root / "a", java.root / "b"])
    assert [c.fqname for c in project.program.project] == ["p.Rate"]
    assert sorted(str(p.relative_to(java.root.resolve())) for p in project.errors) == \
        ["a/p/Money.java", "b/p/Money.java"]
    rate = project.program.project[0]
    assert rate.fields["money"].type.origin == "external"  # a class without source
