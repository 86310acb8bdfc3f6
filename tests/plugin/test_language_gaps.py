"""Java that real projects write and the engine once skipped or could not parse: a
``compareTo`` inherited as an interface's default method, ``Iface.super.m()`` calls,
``var`` locals, and annotations on a variable-arity parameter's type (``String @Nullable
... names``). Each is collected and checked like any other code."""
from __future__ import annotations

from test_plugin import outcomes, write  # tests/plugin is on sys.path

RANKED = """\
    package p;

    public interface Ranked extends Comparable<Ranked> {
        int rank();

        @Override
        default int compareTo(Ranked other) {
            return %s;
        }
    }
"""
LEVEL = """\
    package p;

    public final class Level implements Ranked {
        private final int rank;

        public Level(int rank) {
            this.rank = rank;
        }

        @Override
        public int rank() {
            return rank;
        }
    }
"""
COMPARE_ITEMS = ("compareto-antisymmetric", "compareto-transitive", "compareto-substitutable",
                 "compareto-equals")
EQUALS_ITEMS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
                "hashcode-consistent")


def run(plugin) -> dict[str, str]:
    """Outcome by item of the sources written, as ``Class::contract``."""
    found = outcomes(plugin.inline_run("--boundcheck", "src"))
    return {nodeid.split("::", 1)[1].rsplit(".", 1)[-1]: outcome for nodeid, outcome in found.items()}


def levels(plugin, comparison: str) -> dict[str, str]:
    write(plugin.pytester, "src/p/Ranked.java", RANKED % comparison)
    write(plugin.pytester, "src/p/Level.java", LEVEL)
    return run(plugin)


def test_a_compareto_inherited_as_an_interface_default_method_is_checked(plugin):
    """compareto-equals: distinct levels of one rank compare as 0, but Object's equals
    tells them apart (advisory)."""
    assert levels(plugin, "Integer.compare(rank(), other.rank())") == {
        **{f"Level::{c}": "passed" for c in COMPARE_ITEMS}, "Level::compareto-equals": "xfailed"}


def test_an_inherited_default_compareto_s_overflow_is_found(plugin):
    found = levels(plugin, "rank() - other.rank()")
    assert found["Level::compareto-antisymmetric"] == "failed"


NAMED = """\
    package p;

    public interface Named {
        String name();

        default int nameHash() {
            return name().%s;
        }
    }
"""
LABEL = """\
    package p;

    import java.lang.annotation.ElementType;
    import java.lang.annotation.Target;

    public final class Label implements Named {
        @Target(ElementType.TYPE_USE)
        @interface Nullable {
        }

        private final String name;

        public Label(String name, String @Nullable ... aliases) {
            var given = name == null ? "" : name;
            this.name = given;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public int nameHash() {
            return Named.super.nameHash();
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Label)) {
                return false;
            }
            var other = (Label) o;
            var same = other.name.%s(name);
            return same;
        }

        @Override
        public int hashCode() {
            return nameHash();
        }
    }
"""


def labels(plugin, hash_call: str, comparison: str) -> dict[str, str]:
    write(plugin.pytester, "src/p/Named.java", NAMED % hash_call)
    write(plugin.pytester, "src/p/Label.java", LABEL % comparison)
    return run(plugin)


def test_interface_super_calls_var_locals_and_annotated_varargs_are_checked(plugin):
    assert labels(plugin, "length()", "equals") == {f"Label::{c}": "passed" for c in EQUALS_ITEMS}


def test_what_an_interface_super_call_runs_decides_the_hash_contract(plugin):
    """``Named.super.nameHash()`` runs the default method: a hash of the text itself
    breaks the contract of an ``equals`` that ignores case."""
    found = labels(plugin, "hashCode()", "equalsIgnoreCase")
    assert found == {**{f"Label::{c}": "passed" for c in EQUALS_ITEMS},
                     "Label::hashcode-consistent": "failed"}
