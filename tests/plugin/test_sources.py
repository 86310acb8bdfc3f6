"""Which Java files a run collects, and how a file that cannot be checked costs that file
only: two classes of one name, package directories named like build outputs, sources
in another encoding, symbolic links and their loops. The collection of each runs
with xdist's workers too (``under_xdist``: conftest.py)."""
from __future__ import annotations

import os
import textwrap

import pytest


def value_class(package: str, name: str, equals: str = "o instanceof {name} k && k.v == v") -> str:
    """A class of one int, whose equals is ``equals``: with the default, every item passes."""
    return textwrap.dedent(f"""\
        package {package};

        public final class {name} {{
            private final int v;

            public {name}(int v) {{ this.v = v; }}

            @Override public boolean equals(Object o) {{ return {equals.format(name=name)}; }}

            @Override public int hashCode() {{ return v; }}
        }}
        """)


def write(pytester: pytest.Pytester, path: str, text: str | bytes) -> None:
    file = pytester.path / path
    file.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        file.write_bytes(text)
    else:
        file.write_text(text)


@pytest.mark.under_xdist  # collected by each worker
def test_two_classes_of_one_name_are_each_a_collection_error_naming_both(plugin):
    """Two roots (two modules) declaring p.Money: one of them would silently go unchecked,
    so neither is; the other classes' items still run."""
    write(plugin.pytester, "a/p/Money.java", value_class("p", "Money"))
    write(plugin.pytester, "b/p/Money.java", value_class("p", "Money", "o instanceof {name}"))
    write(plugin.pytester, "a/p/Other.java", value_class("p", "Other"))
    result = plugin.runpytest("--boundcheck", "a", "b")
    result.stdout.fnmatch_lines([
        "*ERROR collecting a/p/Money.java*",
        "Money.java:3:1: class p.Money is also declared at b/p/Money.java:3:1, and a run "
        "checks one class of a name: *; this file's classes are not checked",
        "*ERROR collecting b/p/Money.java*",
        "Money.java:3:1: class p.Money is also declared at a/p/Money.java:3:1, *",
    ])
    result.assert_outcomes(passed=5, errors=2)
    assert result.ret == pytest.ExitCode.TESTS_FAILED


@pytest.mark.under_xdist  # collected by each worker
def test_packages_named_like_build_outputs_are_collected(plugin):
    for package in ("build", "target", "out"):
        write(plugin.pytester, f"src/com/acme/{package}/Customer.java",
              value_class(f"com.acme.{package}", "Customer"))
    result = plugin.runpytest("--boundcheck", "src", "-v")
    result.assert_outcomes(passed=15)
    result.stdout.fnmatch_lines(["*src/com/acme/build/Customer.java::com.acme.build.Customer::"
                                 "equals-reflexive*"])


def test_build_outputs_are_skipped_at_a_root_s_top_and_beside_a_build_file(plugin):
    """``./target`` of ``pytest --boundcheck .``, and a module's ``target`` beside its
    pom.xml, hold copies the compiler made: the sources are collected, not those."""
    write(plugin.pytester, "src/p/Money.java", value_class("p", "Money"))
    write(plugin.pytester, "target/generated/p/Money.java", value_class("p", "Money"))
    write(plugin.pytester, "module/pom.xml", "<project/>\n")
    write(plugin.pytester, "module/src/q/Rate.java", value_class("q", "Rate"))
    write(plugin.pytester, "module/target/classes/q/Rate.java", value_class("q", "Rate"))
    write(plugin.pytester, "module/build/q/Rate.java", value_class("q", "Rate"))
    result = plugin.runpytest("--boundcheck", ".")
    result.assert_outcomes(passed=10)


LATIN_1 = textwrap.dedent("""\
    package p;

    public final class Label {
        private final String text;

        public Label(String text) { this.text = text == null ? "" : text; }

        @Override public boolean equals(Object o) {
            return o instanceof Label l && ("\u00e9t\u00e9".equals(text) || text.equals(l.text));
        }

        @Override public int hashCode() { return 0; }
    }
    """).encode("iso-8859-1")


@pytest.mark.under_xdist  # collected by each worker
def test_a_file_that_is_not_utf8_is_its_own_collection_error(plugin):
    write(plugin.pytester, "src/p/Label.java", LATIN_1)
    write(plugin.pytester, "src/p/Money.java", value_class("p", "Money"))
    result = plugin.runpytest("--boundcheck", "src")
    result.stdout.fnmatch_lines([
        "*ERROR collecting src/p/Label.java*",
        "Label.java:9:42: byte 0xe9 is not UTF-8 text; if the file is in another encoding, "
        "name it with --boundcheck-encoding (as javac's -encoding); this file's classes are "
        "not checked",
    ])
    result.assert_outcomes(passed=5, errors=1)


def test_the_encoding_option_reads_the_sources_as_javac_s_encoding_does(plugin):
    """Read as ISO-8859-1, the literal is "été": the counterexample shows it, and only
    the symmetry that literal breaks fails."""
    write(plugin.pytester, "src/p/Label.java", LATIN_1)
    plugin.pytester.makeini("[pytest]\nboundcheck = src\nboundcheck_encoding = ISO-8859-1\n")
    result = plugin.runpytest("-k", "symmetric")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(['*Label ? = new Label(new String("\\u00e9t\\u00e9"));'])


def test_an_encoding_python_does_not_know_is_a_usage_error(plugin):
    write(plugin.pytester, "src/p/Money.java", value_class("p", "Money"))
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-encoding", "klingon")
    result.stderr.fnmatch_lines(["*--boundcheck-encoding*'klingon' is not an encoding*"])
    assert result.ret == pytest.ExitCode.USAGE_ERROR


@pytest.mark.parametrize("loops", [
    {"src/p/loop": ".."},
    {"src/p/up": "..", "src/p/top": "../..", "src/p/here": "."},
])
@pytest.mark.under_xdist  # collected by each worker
def test_symbolic_link_loops_collect_each_file_once(plugin, loops):
    write(plugin.pytester, "src/p/Money.java", value_class("p", "Money"))
    write(plugin.pytester, "src/p/q/Rate.java", value_class("p.q", "Rate"))
    for link, target in loops.items():
        os.symlink(target, plugin.pytester.path / link)
    result = plugin.runpytest("--boundcheck", "src")
    result.assert_outcomes(passed=10)


def test_links_out_of_the_root_are_collected_once(plugin, tmp_path_factory):
    """A linked directory and a linked file elsewhere are sources like the others; a
    second link to either adds nothing."""
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (elsewhere / "shared").mkdir()
    (elsewhere / "shared" / "Rate.java").write_text(value_class("shared", "Rate"))
    (elsewhere / "Code.java").write_text(value_class("p", "Code"))
    write(plugin.pytester, "src/p/Money.java", value_class("p", "Money"))
    for name in ("shared", "again"):
        os.symlink(elsewhere / "shared", plugin.pytester.path / "src" / name)
    for name in ("Code.java", "Copy.java"):
        os.symlink(elsewhere / "Code.java", plugin.pytester.path / "src" / "p" / name)
    result = plugin.runpytest("--boundcheck", "src", "-v")
    result.assert_outcomes(passed=15)
    result.stdout.fnmatch_lines(["*src/again/Rate.java::shared.Rate::equals-reflexive*"])
