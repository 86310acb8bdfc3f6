"""Each lowering of a JML specification to its harness's Java: the assumed invariants and
``requires``, ``\\old`` kept before the call, ``\\result``, quantifiers as loops over
their ranges, the exceptions caught and the ``signals`` asserted; what has no Java form
yet is an unsupported check naming it, and a lowering that fails costs its item alone."""
from __future__ import annotations

import pytest

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlcheck import check_files
from pytest_boundcheck.frontend.parse import parse_source
from pytest_boundcheck.harness import jmlchecks


def checks(body: str, invariant: str = "") -> dict[str, jmlchecks.JmlCheck]:
    source = (f"package p;\n\npublic class C {{\n    private int n;\n    private int[] a;\n"
              f"    {invariant}\n{body}\n}}\n")
    program = Program([parse_source(source, "C.java")])
    found = jmlchecks.jml_checks(program, check_files(program, [parse_jml(source, "C.java")]))
    return {c.id: c for c in found.get("p.C", [])}


def lines(check: jmlchecks.JmlCheck) -> list[str]:
    return [line.strip() for line in check.source.splitlines()]


def test_old_is_kept_before_the_call_and_result_is_what_it_returns():
    check = checks("""
    //@ requires x > 0;
    //@ ensures \\result == \\old(n) && n == \\old(n + x);
    public int add(int x) { int was = n; n += x; return was; }
""")["add(int)"]
    got = lines(check)
    call = got.index("jml$result = self.add(x);")
    assert got.index("var jml$old0 = self.n;") < call
    assert got.index("var jml$old1 = (self.n + x);") < call
    assert "try { jml$c0 = (x > 0); } catch (RuntimeException jml$x) { jml$c0 = false; }" in got
    assert "if (!(jml$c0)) return;" in got
    assert ("try { jml$c1 = !jml$c0 || ((jml$result == jml$old0) && (self.n == jml$old1)); } "
            "catch (RuntimeException jml$x) { jml$c1 = false; }") in got
    assert [p.name for p in check.method.params] == ["self", "x"]


def test_an_invariant_is_assumed_before_and_asserted_after():
    got = lines(checks("public void clear() { n = 0; }", "//@ invariant n >= 0;")["clear()"])
    assert got[5:8] == ["boolean jml$c0;",
                        ("try { jml$c0 = (self.n >= 0); } catch (RuntimeException jml$x) "
                         "{ jml$c0 = false; }"),
                        "if (!jml$c0) return;  // invariant assumed"]
    assert 'assert jml$c3 : "invariant at C.java:6:9 does not hold on return: (n >= 0)";' in got


def test_a_quantifier_is_a_loop_over_its_range_passed_the_names_in_scope():
    check = checks("""
    //@ ensures (\\forall int i; 0 <= i && i < a.length && i != x; a[i] >= \\result);
    public int low(int x) { return 0; }
""")["low(int)"]
    text = check.source
    assert ("private static boolean jml$q0(int jml$p0, C jml$p1, int jml$p2) {\n"
            "        for (int i = 0; i < jml$p1.a.length; i++) "
            "{ if ((i != jml$p0) && !(jml$p1.a[i] >= jml$p2)) return false; }\n"
            "        return true;\n    }") in text
    assert "jml$q0(x, self, jml$result)" in text


def test_the_exceptions_some_case_allows_are_caught_and_each_case_asks_its_own():
    got = lines(checks("""
    /*@ normal_behavior
      @   requires x >= 0;
      @ also exceptional_behavior
      @   requires x < 0;
      @   signals_only IllegalArgumentException;
      @   signals (IllegalArgumentException e) n == \\old(n);
      @*/
    public void set(int x) { if (x < 0) throw new IllegalArgumentException(); n = x; }
""")["set(int)"])
    assert "} catch (IllegalArgumentException jml$e) {" in got
    assert 'assert !jml$c0 : "normal_behavior case at C.java:8:9 allows no exception";' in got
    assert ('assert !jml$c1 || jml$e instanceof IllegalArgumentException : '
            '"exceptional_behavior case at C.java:10:14 allows only IllegalArgumentException";') in got
    assert ("try { jml$c2 = !jml$c1 || !(jml$e instanceof IllegalArgumentException) || "
            "(self.n == jml$old0); } catch (RuntimeException jml$x) { jml$c2 = false; }") in got
    assert ('assert !jml$c1 : "exceptional_behavior case at C.java:10:14 returned normally";'
            in got)


@pytest.mark.parametrize("ensures, construct", [
    ("(\\forall double d; 0 <= d && d < 3; d != n)",
     "\\forall over double (only over integral ranges and objects)"),
    ("(\\forall int i; i < 3; i != n)", ("\\forall whose range does not bound i from below "
                                          "and above ((i < 3))")),
    ("(\\forall int i; 0 <= i && i < 3; \\old(a[a[i]]) == a[i])",
     "\\old of a quantifier's variable (\\old(a[a[i]]))"),
])
def test_a_construct_without_a_java_form_is_unsupported_naming_it(ensures, construct):
    check = checks(f"    //@ ensures {ensures};\n    public int m() {{ return 0; }}")["m()"]
    assert (check.method, check.unsupported) == (None, construct)


def test_a_lowering_that_fails_costs_its_item_alone(monkeypatch):
    def broken(*args, **kwargs):
        raise KeyError("x")
    monkeypatch.setattr(jmlchecks, "lower", broken)
    found = checks("//@ ensures n >= 0;\npublic void m() { }")
    assert found["m()"].unsupported == ("this specification, which boundcheck failed to lower "
                                        "(KeyError: 'x'); please report it")


def test_a_parameter_of_a_nested_class_is_named_as_its_package_names_it():
    """The harness stands outside the class, where ``Node`` alone names nothing: a check
    with its parameters so named would not check the method at all."""
    check = checks("""
    static class Node { int value; }
    //@ requires n.value > 0;
    public void put(Node n) { }
""")["put(C.Node)"]
    assert "static void check(C self, C.Node n) throws Exception {" in lines(check)
