"""Reproducers and replay through the plugin: every counterexample of every sample must fail
on a real JVM (the other samples' replay: test_replay.py).

Needs javac and java (``.ci/run`` installs a JDK); the JUnit part also needs the JUnit 5
console launcher (Debian's junit5 package, which ``.ci/run`` installs too).
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from test_plugin import confirmed

JUNIT = Path("/usr/share/java/junit-platform-console-standalone.jar")
SAMPLES = ("points", "orders", "accounts")

needs_jdk = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None,
                               reason="javac and java must be on PATH")


def copy_samples(pytester) -> list[str]:
    for name in SAMPLES:
        pytester.copy_example(name)
    return [p.name for p in pytester.path.iterdir() if p.is_dir()]


@needs_jdk
@pytest.mark.parametrize("mode", ["constructors", "fields"])
def test_every_counterexample_of_every_sample_is_confirmed_on_the_jvm(plugin, mode):
    roots = copy_samples(plugin.pytester)
    result = plugin.runpytest("--boundcheck", *roots, f"--boundcheck-objects={mode}",
                              "--boundcheck-replay", "-rx")
    text = result.stdout.str()
    outcomes = result.parseoutcomes()
    reported = outcomes.get("failed", 0) + outcomes.get("xfailed", 0)
    assert reported >= 10
    assert confirmed(text) == reported, text
    assert "disagree" not in text and "not replayed" not in text


@needs_jdk
@pytest.mark.under_xdist  # written by the workers
def test_reproducers_compile_and_fail_against_the_samples(plugin, tmp_path):
    roots = copy_samples(plugin.pytester)
    out = tmp_path / "repro"
    result = plugin.runpytest("--boundcheck", *roots, "--boundcheck-repro", str(out))
    failed = result.parseoutcomes()["failed"] + result.parseoutcomes()["xfailed"]
    mains = sorted(out.rglob("*Main.java"))
    tests = sorted(out.rglob("*Test.java"))
    assert len(mains) == len(tests) == failed

    classes = tmp_path / "classes"
    sources = [str(p) for p in plugin.pytester.path.rglob("*.java")]
    subprocess.run(["javac", "-nowarn", "-d", str(classes), *sources, *map(str, mains)],
                   check=True, capture_output=True)
    for main in mains:
        name = ".".join(main.relative_to(out).with_suffix("").parts)
        run = subprocess.run(["java", "-cp", str(classes), name], capture_output=True, text=True)
        assert run.returncode != 0, f"{name} did not fail: {run.stdout}"
        assert re.search(r"Exception in thread \"main\" java\.lang\.\w+", run.stderr), run.stderr

    if not JUNIT.exists():
        pytest.skip(f"no JUnit 5 console launcher at {JUNIT}")
    subprocess.run(["javac", "-nowarn", "-cp", f"{classes}:{JUNIT}", "-d", str(classes),
                    *map(str, tests)], check=True, capture_output=True)
    junit = subprocess.run(["java", "-jar", str(JUNIT), "--class-path", str(classes),
                            "--disable-banner", "--details=summary", "--scan-class-path"],
                           capture_output=True, text=True)
    summary = re.search(r"(\d+) tests failed", junit.stdout)
    assert summary is not None and int(summary.group(1)) == len(tests), junit.stdout


def write_demo(pytester, name: str, source: str) -> None:
    """``src/demo/<name>.java``: package ``demo``, then ``source``."""
    file = pytester.path / "src" / "demo" / f"{name}.java"
    file.parent.mkdir(parents=True)
    file.write_text("package demo;\n\n" + source)


def write_tagged(pytester) -> None:
    """A project class that needs a class from outside the project to compile."""
    write_demo(
        pytester, "Tagged",
        "import org.example.Tag;\n\n"
        "public final class Tagged {\n"
        "    private final int id;\n"
        "    private Tag tag;\n"
        "    public Tagged(int id) { this.id = id; }\n"
        "    @Override public boolean equals(Object o) { return o instanceof Tagged t && t.id == id; }\n"
        "}\n")


@needs_jdk
def test_sources_that_do_not_compile_alone_keep_their_verdict_without_replay(plugin):
    write_tagged(plugin.pytester)
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay", "-k", "hashcode")
    result.stdout.fnmatch_lines([
        "violated: x.equals(y), but their hash codes differ",
        "bounds: *",
        "not replayed: the project's sources do not compile alone (give their dependencies "
        "with --boundcheck-classpath): Tagged.java:3: *",
    ])
    result.assert_outcomes(failed=1)


@needs_jdk
def test_sources_replay_with_their_dependencies_on_the_classpath(plugin):
    write_tagged(plugin.pytester)
    dependency = plugin.pytester.path / "dep" / "org" / "example" / "Tag.java"
    dependency.parent.mkdir(parents=True)
    dependency.write_text("package org.example;\n\npublic final class Tag {}\n")
    subprocess.run(["javac", "-d", "classes", str(dependency)], cwd=plugin.pytester.path, check=True)
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay", "-k", "hashcode",
                              "--boundcheck-classpath", "classes")
    result.stdout.fnmatch_lines(["violated: x.equals(y), but their hash codes differ",
                                 "bounds: *", "confirmed on the JVM *"])
    result.assert_outcomes(failed=1)


def test_a_classpath_entry_that_does_not_exist_is_a_usage_error(plugin):
    plugin.pytester.mkdir("src")
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-classpath", "missing.jar")
    result.stderr.fnmatch_lines(["*boundcheck classpath: no such file or directory: *missing.jar"])
    assert result.ret == pytest.ExitCode.USAGE_ERROR


def test_an_object_of_an_unknown_subclass_is_not_replayed(plugin):
    """The JVM cannot allocate an abstract class: a counterexample with an object standing
    for an unknown subclass is not replayed, rather than found to disagree."""
    write_demo(
        plugin.pytester, "Shape",
        "public abstract class Shape implements Comparable<Shape> {\n"
        "    private int size;\n"
        "    @Override public int compareTo(Shape o) { return Integer.compare(size, o.size); }\n"
        "}\n")
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay", "-rx",
                              "-k", "compareto-equals")
    result.stdout.fnmatch_lines(["*// Shape is abstract: x stands for an object of an unknown subclass*",
                                 "not replayed: the counterexample has objects Java cannot make as "
                                 "such (of a class without source, or of an unknown subclass of an "
                                 "abstract class)"])
    result.assert_outcomes(xfailed=1)


@needs_jdk
@pytest.mark.parametrize("mode", ["constructors", "fields"])
def test_a_null_argument_of_an_overloaded_constructor_is_cast_to_its_type(plugin, mode):
    """Made by its constructor, or from field values by the constructor that sets them;
    the violation needs the null (equal objects are those with null keys)."""
    write_demo(
        plugin.pytester, "Keyed",
        "public final class Keyed {\n"
        "    private final String key;\n"
        "    private final int n;\n"
        "    public Keyed(String key, int n) { this.key = key; this.n = n; }\n"
        "    public Keyed(StringBuilder key, int n) { this.key = key.toString(); this.n = n; }\n"
        "    @Override public boolean equals(Object o) {\n"
        "        return o instanceof Keyed k && k.key == null && key == null;\n"
        "    }\n"
        "}\n")
    result = plugin.runpytest("--boundcheck", "src", "--boundcheck-replay", "-k", "hashcode",
                              "--boundcheck-objects", mode)
    result.stdout.fnmatch_lines(["*Keyed x = new Keyed((String) null, 0);",
                                 "*confirmed on the JVM *"])
    result.assert_outcomes(failed=1)
