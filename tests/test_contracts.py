"""The standard contracts are Java harnesses under contracts/, read by the same parser and class table."""
from pytest_boundcheck.engine.wiring import program_of
from pytest_boundcheck.harness import contracts as harness


def test_every_contract_id_has_a_harness_with_its_javadoc_sentence():
    contracts = harness.load_contracts(program_of([]))
    assert [c.id for c in contracts] == list(harness.CONTRACT_IDS)
    for c in contracts:
        assert c.summary and c.quote.startswith(("Object.", "Comparable.")), c.id
        assert c.method.name == "check" and c.method.static
        assert c.method.owner.origin == "contract"
    assert [c.id for c in contracts if c.advisory] == ["compareto-equals"]


def test_contract_families_select_the_markers():
    families = {c.id: c.family for c in harness.load_contracts(program_of([]))}
    assert families["equals-null"] == "equals"
    assert families["hashcode-consistent"] == "hashcode"
    assert families["compareto-transitive"] == "compareto"
