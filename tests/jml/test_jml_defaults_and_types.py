"""The lowering of JML's type operators and ``\\nonnullelements`` to Java, and of its
defaults into a harness (non-null fields and results; an omitted ``signals_only``, the
``throws`` clause): ``\\typeof(e)`` is ``e.getClass()``, ``\\type(T)`` is
``T.class``, ``<:`` is ``isAssignableFrom``; what the engine has no class object for (a
number's type) is unsupported naming it; a class's invariants are a method the objects
made from field values are assumed to keep."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_jml_lowering import checks, lines

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlcheck import check_files
from pytest_boundcheck.frontend.parse import parse_source
from pytest_boundcheck.harness import jmlchecks


def ensures(clause: str, returns: str = "Object", body: str = "return this;") -> list[str]:
    check = checks(f"    //@ ensures {clause};\n    public {returns} m() {{ {body} }}")["m()"]
    assert check.unsupported == ""
    return lines(check)


def test_typeof_type_and_subtype_are_get_class_class_literals_and_is_assignable_from():
    got = ensures("\\typeof(\\result) <: \\type(C) && \\typeof(this) == \\type(C)")
    assert ("try { jml$c1 = !jml$c0 || (C.class.isAssignableFrom(jml$result.getClass()) "
            "&& (self.getClass() == C.class)); } catch (RuntimeException jml$x) "
            "{ jml$c1 = false; }") in got


def test_nonnullelements_is_a_helper_looping_over_the_array():
    check = checks("    //@ ensures \\nonnullelements(\\result) && \\nonnullelements(a);\n"
                   "    public Object[] m() { return null; }")["m()"]
    assert "(jml$nonnullelements(jml$result) && (self.a != null))" in check.source
    assert ("    private static boolean jml$nonnullelements(Object[] jml$a) {\n"
            "        if (jml$a == null) return false;\n"
            "        for (int jml$i = 0; jml$i < jml$a.length; jml$i++) "
            "{ if (jml$a[jml$i] == null) return false; }\n"
            "        return true;\n    }\n") in check.source


@pytest.mark.parametrize("clause, construct", [
    ("\\typeof(n) == \\type(int)", "\\typeof of a number (n)"),
    ("\\typeof(\\result) <: \\type(Object)", "\\typeof of a number (\\result)"),
    ("\\typeof(this) <: \\type(int[])", ""),
    ("\\typeof(n + 1) <: \\type(Object)", "\\typeof of a computed value ((n + 1))"),
])
def test_a_type_the_engine_has_no_class_object_for_is_unsupported(clause, construct):
    check = checks(f"    //@ ensures {clause};\n    public int m() {{ return 0; }}")["m()"]
    assert check.unsupported == construct


def test_the_non_null_default_assumes_and_asserts_the_fields_and_the_result():
    got = ensures("true", returns="String", body="return null;")
    assert "if (self.a == null) return;  // non_null field assumed" in got
    assert ('assert jml$result != null : "the result of C.m() is null, and it is non_null '
            '(JML\'s default; declare it nullable if it may be)";') in got
    assert ('assert self.a != null : "the non_null field a (declared at C.java:5:19) is '
            'null on return (JML\'s default; declare it nullable if it may be)";') in got


def test_an_omitted_signals_only_catches_what_the_throws_clause_and_signals_name():
    check = checks("""
    //@ signals (IllegalStateException e) n == 0;
    public void m() throws java.io.IOException, InterruptedException { }
""")["m()"]
    got = lines(check)
    assert ("} catch (java.io.IOException | InterruptedException | IllegalStateException "
            "jml$e) {") in got
    assert "static void check(C self) throws Exception {" in got


def test_the_invariants_are_a_method_the_objects_made_from_field_values_keep():
    source = ("package p;\n\npublic class C {\n    private int n;\n    private int[] a;\n"
              "    //@ invariant n >= 0;\n    //@ invariant (\\forall int i; 0 <= i && i < n; "
              "a[i] > 0);\n}\n")
    program = Program([parse_source(source, "C.java")])
    jmlchecks.jml_checks(program, check_files(program, [parse_jml(source, "C.java")]))
    holds = program.invariant_checks[program.classes["p.C"]]
    assert (holds.name, [p.name for p in holds.params], holds.static) == ("holds", ["self"], True)
    text = Path(holds.owner.path).name, holds.owner.simple_name
    assert text == ("C$jml$invariant.java", "C$jml$invariant")


def test_invariants_without_a_java_form_restrict_nothing():
    source = ("package p;\n\npublic class C {\n    private int n;\n"
              "    //@ invariant (\\sum int i; 0 <= i && i < n; i) >= 0;\n}\n")
    program = Program([parse_source(source, "C.java")])
    jmlchecks.jml_checks(program, check_files(program, [parse_jml(source, "C.java")]))
    assert program.invariant_checks == {}
