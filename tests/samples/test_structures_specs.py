"""The structures sample's JML reads and type-checks without an error, and its items are
the ones its ``expected-outcomes.txt`` lists. (The outcomes themselves wait for the engine
to check ``\\reach``: tests/samples/test_samples.py leaves the sample out until then.)"""
from __future__ import annotations

from sample_outcomes import SAMPLES, listed  # tests/ is on sys.path (its conftest.py)

from pytest_boundcheck.engine.project import Project


def test_every_specification_of_the_structures_sample_reads_and_type_checks():
    project = Project([SAMPLES / "structures"])
    classes = [cls for cls in project.program.project if cls.fqname.startswith("structures.")]
    errors = [f"{cls.fqname}::{check.id}: {error}"
              for cls in classes for check in project.jml_for(cls) for error in check.errors]
    assert not errors
    jml_items = {f"{cls.fqname}::{check.id}" for cls in classes for check in project.jml_for(cls)}
    listed_jml = {item.split("::", 1)[1] for item in listed("structures")
                  if not item.rpartition("::")[2].startswith(("equals-", "hashcode-"))}
    assert jml_items == listed_jml
