"""JML statements in method bodies lowered for the executor (``harness.jmlbody``): each
clause a method of the class ``C$jmlbody`` passed the names it reads, placed before the
statement it precedes, after the one it follows at a block's end, or at its loop's tests;
``\\old`` values taken when the method begins; what cannot run where it stands is the
method's skip, naming it."""
from __future__ import annotations

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlcheck import check_files
from pytest_boundcheck.frontend.parse import parse_source
from pytest_boundcheck.harness import jmlbody, jmlchecks


def lowered(body: str) -> tuple[Program, dict[str, jmlchecks.JmlCheck]]:
    source = f"package p;\n\npublic class C {{\n    private int n;\n{body}\n}}\n"
    program = Program([parse_source(source, "C.java")])
    found = jmlchecks.jml_checks(program, check_files(program, [parse_jml(source, "C.java")]))
    return program, {c.id: c for c in found.get("p.C", [])}


def test_an_annotation_at_a_blocks_end_is_placed_after_the_statement_it_follows():
    specs = parse_jml("class C {\n  void m(int x) {\n    int y = x;\n    if (x > 0) { y++; }\n"
                      "    //@ assert y >= x;\n  }\n  void e() {\n    //@ assume true;\n  }\n}\n",
                      "C.java").statements
    assert [(s.target, s.line, s.column, s.after) for s in specs] == [
        ("end of block", 6, 3, (4, 5)), ("end of block", 9, 3, None)]


def test_each_clause_is_a_method_passed_what_it_reads_and_placed_where_it_runs():
    program, checks = lowered("""
    public int m(int x) {
        int y = x + 1;
        //@ assert y > x && n >= 0;
        //@ loop_invariant 0 <= i && i <= x;
        for (int i = 0; i < x; i++) { y++; }
        //@ assume y > 0;
    }
""")
    assert checks["m(int)"].summary == "the JML statements of C.m(int)"
    assert checks["m(int)"].unsupported == ""
    found = program.derived[jmlbody.TABLE]
    [before] = found.before[("C.java", 10, 9)]  # (one annotation with the next line's)
    assert (before.kind, before.args, before.said) == (
        "assert", ("this", "y", "x"), "assert at C.java:8:13: ((y > x) && (n >= 0))")
    assert [p.name for p in before.method.params] == ["self", "y", "x"]
    [loop] = found.loops[("C.java", 10, 9)]
    assert (loop.kind, loop.args) == ("loop_invariant", ("this", "i", "x"))
    [after] = found.after[("C.java", 10, 9)]
    assert after.kind == "assume"


def test_old_in_a_body_is_taken_when_the_method_begins_with_whether_it_threw():
    program, _ = lowered("""
    public void bump(int[] a) {
        n++;
        //@ assert n == \\old(n) + 1 && a.length == \\old(a.length);
    }
""")
    found = program.derived[jmlbody.TABLE]
    olds = found.olds[("C.java", 6, 5)]  # (the method's position)
    assert [(o.local, o.args) for o in olds] == [("jml$old0", ("this", "a")),
                                                 ("jml$old1", ("this", "a"))]
    assert [str(o.value.return_type) for o in olds] == ["int", "int"]
    [clause] = found.after[("C.java", 7, 9)]
    assert clause.args[-4:] == ("jml$old0", "jml$old0$ok", "jml$old1", "jml$old1$ok")


def test_a_labelled_loops_invariant_is_checked_at_that_loop():
    program, checks = lowered("""
    public int m(int x) {
        int k = 0;
        //@ loop_invariant k >= 0;
        outer:
        while (k < x) { k++; if (k == 3) break outer; }
        return k;
    }
""")
    assert checks["m(int)"].unsupported == ""
    assert [c.kind for c in program.derived[jmlbody.TABLE].loops[("C.java", 10, 9)]] == [
        "loop_invariant"]


def test_what_cannot_run_where_it_stands_is_the_methods_skip_naming_it():
    _, checks = lowered("""
    public int ended(int x) {
        { int t = x; }
        //@ assert t > 0;
        return x;
    }

    public int inferred(int x) {
        var v = x;
        //@ assert v == x;
        return v;
    }

    public int cased(int x) {
        switch (x) {
            case 1:
                //@ assert x == 1;
                return 1;
            default:
                return 0;
        }
    }

    public Runnable task(int x) {
        return new Runnable() {
            public void run() {
                //@ assert x > 0;
            }
        };
    }

    public int early(int x) {
        //@ assert \\old(x) == x;
        int y = x;
        //@ assert \\old(y) == x;
        return y;
    }
""")
    assert checks["ended(int)"].unsupported == (
        "the assert statement at C.java:8:13, which names t where it is not in scope")
    assert checks["inferred(int)"].unsupported == (
        "the assert statement at C.java:14:13, which names the local v declared with var")
    assert checks["cased(int)"].unsupported.startswith(
        "the assert statement at C.java:21:21, which stands where JML statements are not run")
    assert checks["task(int)"].unsupported == (
        "the assert statement at C.java:31:21, in a class declared in the method's body")
    assert checks["early(int)"].unsupported == (
        "\\old(y), which names the local y (a local has no value when the method begins)")
