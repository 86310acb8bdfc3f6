"""The discover stage and the front end's file-level errors, without pytest's collection:
which directories a walk skips, symbolic links, the encoding of the sources, two
declarations of one class name."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_boundcheck.frontend import discover
from pytest_boundcheck.frontend.clashes import clashes
from pytest_boundcheck.frontend.parse import SourceError, decoded, parse_source


def touch(root: Path, *paths: str) -> None:
    for path in paths:
        file = root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text("class A {}\n")


def found(root: Path, *roots: str) -> list[str]:
    """The files a walk of ``roots`` (under ``root``; ``root`` itself by default) finds, as
    paths relative to ``root``."""
    walked = discover.walk([root / r for r in roots] if roots else [root])
    return [str(f.relative_to(root.resolve())) for f in walked.files]


def test_build_output_names_are_skipped_only_where_build_outputs_are(tmp_path):
    touch(tmp_path, "target/A.java", "build/A.java", "out/A.java",
          "src/com/acme/build/A.java", "src/com/acme/target/A.java", "src/out/A.java",
          "mod/pom.xml", "mod/target/A.java", "mod/src/A.java",
          "src/.hidden/A.java", "src/com/.git/A.java")
    assert found(tmp_path) == ["mod/src/A.java", "src/com/acme/build/A.java",
                               "src/com/acme/target/A.java", "src/out/A.java"]
    # given as the root, src's own top is where outputs are
    assert found(tmp_path, "src") == ["src/com/acme/build/A.java", "src/com/acme/target/A.java"]


def test_a_symbolic_link_loop_adds_nothing_and_is_entered_only_once(tmp_path):
    touch(tmp_path, "src/p/A.java", "src/p/q/B.java")
    for link, target in (("src/p/up", ".."), ("src/p/q/top", "../../.."), ("src/p/here", ".")):
        os.symlink(target, tmp_path / link)
    walked = discover.walk([tmp_path / "src"])
    assert [str(f.relative_to(tmp_path)) for f in walked.files] == ["src/p/A.java", "src/p/q/B.java"]
    assert walked.enters_twice(tmp_path / "src/p/up")
    assert walked.enters_twice(tmp_path / "src/p/here")
    assert not walked.enters_twice(tmp_path / "src/p/q")
    # the link out of the root leads to the directory above it: walked, once
    assert not walked.enters_twice(tmp_path / "src/p/q/top")


def test_a_file_linked_twice_is_found_once_by_its_first_name(tmp_path):
    touch(tmp_path, "lib/Shared.java")
    (tmp_path / "src").mkdir()
    for name in ("B.java", "A.java"):
        os.symlink(tmp_path / "lib/Shared.java", tmp_path / "src" / name)
    assert found(tmp_path, "src") == ["src/A.java"]
    assert discover.place(tmp_path / "src" / "A.java") == tmp_path.resolve() / "src" / "A.java"


def test_leading_directories_are_those_with_java_files_below(tmp_path):
    touch(tmp_path, "src/com/acme/build/A.java")
    (tmp_path / "src/docs").mkdir()
    walked = discover.walk([tmp_path / "src"])
    root = tmp_path.resolve() / "src"
    assert walked.leading == {root, root / "com", root / "com/acme", root / "com/acme/build"}


@pytest.mark.parametrize("text, line, column", [
    (b"class A { String s = \"caf\xe9\"; }\n", 1, 26),
    (b"class A {\n  // \xc3\xa9t\xc3\xa9\n  String s = \"\xe9\";\n}\n", 3, 15),
])
def test_bytes_that_are_not_text_in_the_encoding_name_their_line_and_column(text, line, column):
    with pytest.raises(SourceError) as caught:
        decoded(text, "A.java", "UTF-8")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert "byte 0xe9 is not UTF-8 text" in caught.value.detail
    assert "--boundcheck-encoding" in caught.value.detail


def test_a_literal_is_read_in_the_encoding_given():
    text = decoded(b"class A { String s = \"caf\xe9\"; }\n", "A.java", "ISO-8859-1")
    assert "caf\u00e9" in text


def test_each_file_declaring_a_clashing_name_names_the_others(tmp_path):
    first = parse_source("package p;\nclass Money {}\nclass Rate {}\n", str(tmp_path / "a/p/Money.java"))
    second = parse_source("package p;\n\nfinal class Money {}\n", str(tmp_path / "b/p/Money.java"))
    other = parse_source("package q;\nclass Money {}\n", str(tmp_path / "a/q/Money.java"))
    errors = clashes([first, second, other])
    assert sorted(errors) == [first.path, second.path]
    assert (errors[first.path].line, errors[first.path].column) == (2, 1)
    assert errors[first.path].detail.startswith("class p.Money is also declared at b/p/Money.java:3:1,")
    assert errors[second.path].detail.startswith("class p.Money is also declared at a/p/Money.java:2:1,")


def test_two_classes_of_one_name_in_one_file_clash_too(tmp_path):
    unit = parse_source("class A {}\nclass A {}\n", str(tmp_path / "A.java"))
    assert clashes([unit])[unit.path].detail.startswith("class A is also declared at A.java:2:1,")
