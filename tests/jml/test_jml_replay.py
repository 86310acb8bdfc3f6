"""The copy of a file that replay compiles (``jmlreplay.replay_source``): its JML
statements as Java where they stand, ``\\old`` values kept when their method begins, an
enhanced ``for``'s clauses in its body and after it, and the statements' class nested in
the top-level class that holds their class, on one line; and why a clause is not
replayed where it is not (``not_replayed``)."""
from __future__ import annotations

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlcheck import check_files
from pytest_boundcheck.frontend.parse import parse_source
from pytest_boundcheck.harness import jmlchecks
from pytest_boundcheck.harness.jmlreplay import not_replayed, replay_source

SOURCE = """\
package p;

class First {
    private int count;
    public void add(int[] xs) {
        for (int x : xs) count += x;
        //@ assert count >= \\old(count);
    }
    public int seen(int[] xs) {
        int k = 0;
        //@ loop_invariant k < 2;
        for (int x : xs) { if (x > 0) break; k++; }
        return k;
    }
}

class Second {
    int twice(int[] xs) {
        int y = 0;
        //@ loop_invariant y >= 0;
        for (int x : xs) {
            for (int z : xs) { if (z == 0) break; }
            y++;
        }
        return y;
    }
}
"""


def _copy(source: str = SOURCE) -> tuple[Program, str]:
    program = Program([parse_source(source, "F.java")])
    jmlchecks.jml_checks(program, check_files(program, [parse_jml(source, "F.java")]))
    return program, replay_source(program, "F.java", source)


def test_old_values_are_kept_before_the_first_statement_and_passed_to_the_clause():
    lines = _copy()[1].splitlines()
    assert lines[5] == (
        "        int jml$old0 = First$jmlbody.m0$old0(this, xs); boolean jml$old0$ok = "
        "First$jmlbody.m0$old0$ok(this, xs); for (int x : xs) count += x;")
    assert lines[7] == ("    assert First$jmlbody.m0$c0(this, jml$old0, jml$old0$ok) : "
                        "\"assert at F.java:7:13: (count >= \\\\old(count))\"; }")


def test_a_constructors_old_values_are_kept_after_its_super_call():
    lines = _copy("package p;\n\nclass B { B(int n) { } }\n\nclass S extends B {\n"
                  "    S(int n) {\n        super(n);\n        n++;\n"
                  "        //@ assert n == \\old(n) + 1;\n    }\n}\n")[1].splitlines()
    assert lines[7] == (
        "        int jml$old0 = S$jmlbody.m0$old0(this, n); boolean jml$old0$ok = "
        "S$jmlbody.m0$old0$ok(this, n); n++;")


def test_an_enhanced_for_checks_its_invariant_at_each_iteration_and_after_it():
    lines = _copy()[1].splitlines()
    assert lines[20] == (
        "        for (int x : xs) { Second$jmlbody.held(Second$jmlbody.m0$c0(this, y), "
        "\"loop_invariant at F.java:20:13: (y >= 0)\");{")
    assert lines[23] == ("        } } Second$jmlbody.held(Second$jmlbody.m0$c0(this, y), "
                         "\"loop_invariant at F.java:20:13: (y >= 0)\");")


def test_each_class_of_statements_is_nested_on_the_closing_line_of_its_top_level_class():
    lines = _copy()[1].splitlines()
    assert len(lines) == len(SOURCE.splitlines())
    assert lines[14].startswith("     static final class First$jmlbody {")
    assert lines[14].endswith("}")
    assert lines[26].startswith("     static final class Second$jmlbody {")


def test_a_clause_not_replayed_says_why():
    program = _copy()[0]
    assert not_replayed(program, "loop_invariant at F.java:11:13: (k < 2)", "F.java") == (
        "the JML statement loop_invariant at F.java:11:13 does not run on the JVM: a break "
        "leaves its loop")
    assert not_replayed(program, "loop_invariant at F.java:20:13: (y >= 0)", "F.java") == ""
    assert not_replayed(program, "assert at F.java:7:13: (count >= \\old(count))", "G.java") == (
        "the JML statement assert at F.java:7:13 does not run on the JVM: it is in another "
        "file than the checked class")
