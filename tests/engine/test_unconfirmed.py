"""Violations shown with objects the program's own code may never make are reported as
possible violations (xfail), not failures: no false alarms, and no pass either."""
from __future__ import annotations

import textwrap

from java_sources import OUTER  # tests/ is on sys.path (its conftest.py)

from pytest_boundcheck.report.text import message

SEALED = """
    public final class Sealed {
        private final String name;
        private Sealed(String name) { this.name = name; }
        @Override public boolean equals(Object o) { return o instanceof Sealed && ((Sealed) o).name.equals(name); }
        @Override public int hashCode() { return name.hashCode(); }
    }
    """


def outcomes(java, source: str, name: str) -> dict:
    """contract id -> result, of the class ``name`` in ``source``."""
    java.write(f"{name.partition('.')[0]}.java", source)
    return {contract: result for (_, contract), result in java.check({name}).items()}


def test_a_private_nested_class_built_with_arguments_its_outer_class_never_passes(java):
    key = outcomes(java, OUTER, "Outer.Key")
    symmetric = key["equals-symmetric"]
    assert symmetric.status == "failed"  # Key(null): NullPointerException in equals
    assert symmetric.unconfirmed.startswith(
        "reached only through new Outer.Key(String) of the private class Outer.Key, which only "
        "code of Outer calls (Outer.java:")
    outer = outcomes(java, OUTER, "Outer")
    assert {k: o.status for k, o in outer.items()} == dict.fromkeys(outer, "passed")


def test_a_class_made_from_any_field_values_gives_possible_violations(java):
    symmetric = outcomes(java, SEALED, "Sealed")["equals-symmetric"]
    assert symmetric.status == "failed"
    assert symmetric.unconfirmed == ("Sealed objects were made with any field values "
                                     "(no accessible constructor)")


def test_a_violation_that_needs_no_such_object_is_a_failure(java):
    """Sealed objects are made from field values, but the violation shows with a null tag:
    a failure, with a counterexample the program's own code can make."""
    java.write("Sealed.java", SEALED)
    symmetric = outcomes(java, """
        public final class Tagged {
            private final int n;
            private final Sealed tag;
            public Tagged(int n, Sealed tag) { this.n = n; this.tag = tag; }
            @Override public boolean equals(Object o) { return o instanceof Tagged t && t.n >= n; }
            @Override public int hashCode() { return 0; }
        }
        """, "Tagged")["equals-symmetric"]
    assert symmetric.status == "failed"
    assert symmetric.unconfirmed == ""
    assert "Sealed" not in message(symmetric).split("bounds:")[0]


def test_a_violation_that_needs_no_unknown_function_result_is_a_failure(java):
    """A violation shows when ``signum()`` of a BigInteger (code the check does not have)
    returns 7, and also, without it, with ``v`` 123456: the second is the failure."""
    outcome = outcomes(java, """
        import java.math.BigInteger;
        public final class Signed {
            private final int v;
            private final BigInteger big;
            public Signed(int v, BigInteger big) { this.v = v; this.big = big; }
            @Override public boolean equals(Object o) {
                if (!(o instanceof Signed s)) return false;
                if (big != null && big.signum() == 7) return true;
                return s.v == v || v == 123456 && s.v == -9;
            }
            @Override public int hashCode() { return 0; }
        }
        """, "Signed")
    assert outcome["equals-symmetric"].status == "failed"
    assert outcome["equals-symmetric"].unconfirmed == ""
    assert "123456" in message(outcome["equals-symmetric"])
    transitive = outcome["equals-transitive"]  # which only signum() can break
    assert transitive.status == "failed"
    assert transitive.unconfirmed.startswith("found with the results of BigInteger.signum()")


def test_an_argument_of_many_classes_and_an_enum_is_made(java):
    """More than 4 classes a constructor argument may have: the project classes among them
    are made from field values, an enum among them is still one of its constants."""
    kinds = "".join(f"final class K{i} implements Kind {{ public int weight() {{ return {i}; }} }}\n"
                    for i in range(5))
    java.write("Box.java", textwrap.dedent("""
        interface Kind { int weight(); }
        enum Plain implements Kind { ONE; public int weight() { return 1; } }
        public final class Box {
            private final int w;
            public Box(Kind kind) { this.w = kind == null ? 0 : kind.weight(); }
            @Override public boolean equals(Object o) { return o instanceof Box b && b.w == w; }
            @Override public int hashCode() { return w; }
        }
        """) + kinds)
    assert java.result("Box", "hashcode-consistent").status == "passed"


def test_a_constructor_cut_after_hashing_a_string_is_left_out(java):
    """Making a Tag runs past the loop bound after a String hash was defined: what it
    defined is forgotten and Tags are made from field values."""
    results = outcomes(java, """
        public final class Tag {
            private final int h;
            public Tag(String name) {
                int x = name.hashCode();
                for (int i = 0; i < 100000; i++) { x = x * 31 + i; }
                this.h = x;
            }
            @Override public boolean equals(Object o) { return o instanceof Tag t && t.h == h; }
            @Override public int hashCode() { return h; }
        }
        """, "Tag")
    assert {k: o.status for k, o in results.items()} == dict.fromkeys(results, "passed")
    assert "Tag: any field values (no constructor or factory completes: loop needs more than " \
        "8 unrolls)" in message(results["equals-symmetric"])


def test_a_class_declared_in_a_public_interface_is_public_api(java):
    """A class declared in an interface is public without saying so (JLS 9.5): the
    arguments of its constructor are any a caller passes, and the violation is a failure."""
    symmetric = outcomes(java, """
        public interface Shapes {
            final class Square {
                private final int side;
                public Square(int side) { this.side = side; }
                @Override public boolean equals(Object o) { return o instanceof Square s && s.side >= side; }
                @Override public int hashCode() { return 0; }
            }
        }
        """, "Shapes.Square")["equals-symmetric"]
    assert (symmetric.status, symmetric.unconfirmed) == ("failed", "")
