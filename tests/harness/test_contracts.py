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


def test_a_harness_the_registry_does_not_list_is_a_clear_error(tmp_path):
    import pytest
    (tmp_path / "Stray.java").write_text(
        "/**\n * a rule\n *\n * <p>Object.x: \"y\"\n *\n * @contract equals-stray\n */\n"
        "final class Stray { static void check(Object x) { } }\n")
    with pytest.raises(harness.ContractError, match="equals-stray"):
        harness.load_contracts(program_of([]), tmp_path)


def test_the_documented_contracts_are_the_registrys():
    """README.md's and docs/user/contracts.md's tables list exactly the registry's ids."""
    import re
    from pathlib import Path

    from pytest_boundcheck.harness.registry import CONTRACT_IDS
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text()
    ids = re.findall(r"^\| `([a-z]+-[a-z]+)` \|", readme, re.M)
    assert ids == list(CONTRACT_IDS)
