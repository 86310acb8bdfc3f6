"""The contracts' registry: the one place their ids, their families' pytest markers and
their columns in the summary table are written. It imports nothing, so that the plugin can
register the markers without loading the engine. A contract's rule in words, and whether
it is advisory, are its harness's (``contracts``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    """Contracts that one kind of method's code is checked for: its pytest marker."""
    name: str
    description: str

    @property
    def marker(self) -> str:
        return f"boundcheck_{self.name}"


@dataclass(frozen=True)
class Entry:
    """A contract as the registry lists it: its id and its column's heading in the
    summary table. Its rule in words and whether it is advisory are its harness's."""
    id: str
    heading: str

    @property
    def family(self) -> str:
        """equals, hashcode or compareto: the part of an id before the first dash."""
        return self.id.partition("-")[0]


# The contracts, in the order items and columns list them: the one place their ids are
# written. Each has a harness in ``contracts/`` whose Javadoc names it (``@contract id``).
REGISTRY = (
    Entry("equals-reflexive", "reflexive"), Entry("equals-symmetric", "symmetric"),
    Entry("equals-transitive", "transitive"), Entry("equals-null", "null"),
    Entry("hashcode-consistent", "hashCode"), Entry("compareto-antisymmetric", "cmp-anti"),
    Entry("compareto-transitive", "cmp-trans"), Entry("compareto-substitutable", "cmp-subst"),
    Entry("compareto-equals", "cmp-equals"),
)
FAMILIES = (
    Family("equals", "an equals contract: reflexive, symmetric, transitive, null"),
    Family("hashcode", "the hashCode contract: equal objects have equal hash codes"),
    Family("compareto", "a compareTo contract"),
)
CONTRACT_IDS = tuple(e.id for e in REGISTRY)
