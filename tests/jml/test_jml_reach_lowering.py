"""The lowering of ``\\reach``, quantifiers over objects, the aggregates and the invariants
of reachable objects to a harness's Java, through the JML runtime class
``boundcheck.jml.Heap``."""
from __future__ import annotations

from test_jml_lowering import (  # tests/jml is on sys.path (pytest's rootdir import)
    checks,
    lines,
)

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.parse import parse_source
from pytest_boundcheck.harness.jmlharness import reachable_classes

NODE = "    static class Node { int value; /*@ nullable @*/ Node next; }\n    private Node head;\n"


def test_reach_has_asks_the_runtime_with_the_type_and_the_field_given():
    got = checks(NODE + """
    //@ ensures \\reach(head).has(head.next) && \\reach(head, Node, next).has(head);
    public void m() { }
""")["m()"].source
    assert ("((boundcheck.jml.Heap.reaches(self.head, self.head.next)) && "
            "(boundcheck.jml.Heap.reaches(self.head, self.head, \"next\") && "
            "self.head instanceof C.Node))") in got


def test_an_object_quantifier_loops_over_the_reachable_objects_of_its_type_skipping_nulls():
    got = checks(NODE + """
    //@ ensures (\\forall Node n; \\reach(head).has(n); n.value >= x);
    public void m(int x) { }
""")["m(int)"].source
    assert ("    private static boolean jml$q0(int jml$p0, C jml$p1) {\n"
            "        for (Object jml$o0 : boundcheck.jml.Heap.objects(C.Node.class, jml$p1)) "
            "if (jml$o0 != null) { C.Node n = (C.Node) jml$o0; "
            "{ if ((boundcheck.jml.Heap.reaches(jml$p1.head, n)) && !(n.value >= jml$p0)) "
            "return false; } }\n        return true;\n    }") in got


def test_each_aggregate_folds_into_an_accumulator_of_its_type_starting_at_its_empty_value():
    got = checks(NODE + """
    //@ ensures (\\num_of int i; 0 <= i && i < x; i > 1) >= 0;
    //@ ensures (\\sum Node n; \\reach(head).has(n); n.value) >= 0;
    //@ ensures (\\product int i; 0 <= i && i < x; i) >= 0;
    //@ ensures (\\min int i; 0 <= i && i < x; i) >= 0;
    //@ ensures (\\max int i; 0 <= i && i < x; i * 2L) >= 0;
    //@ ensures (\\min int i; 0 <= i && i < x; i * 0.5) >= 0;
    public void m(int x) { }
""")["m(int)"]
    got = lines(got)
    starts = [line for line in got if "jml$acc =" in line and line.startswith(("int", "long", "double"))]
    assert starts == ["long jml$acc = 0;", "int jml$acc = 0;", "int jml$acc = 1;",
                      "int jml$acc = Integer.MAX_VALUE;", "long jml$acc = Long.MIN_VALUE;",
                      "double jml$acc = Double.POSITIVE_INFINITY;"]
    assert "for (int i = 0; i < jml$p0; i++) { if (true && (i > 1)) jml$acc++; }" in got
    assert ("for (int i = 0; i < jml$p0; i++) { if (true) { long jml$v = (i * 2L); "
            "if (jml$v > jml$acc) jml$acc = jml$v; } }") in got


def test_the_invariants_and_non_null_fields_of_reachable_objects_are_assumed_and_asserted():
    got = checks("""
    static class Node {
        int value; Node next;
        //@ invariant value >= 0;
    }
    private Node head;
    public void m(Node extra) { }
""")["m(C.Node)"]
    text = lines(got)
    assert "if (!jml$inv0(self, extra)) return;  // invariant of the reachable objects assumed" in text
    assert "if (!jml$inv1(self, extra)) return;  // invariant of the reachable objects assumed" in text
    assert ('assert jml$inv4(self, extra) : "invariant at C.java:10:13 does not hold of a '
            'reachable C.Node on return: (value >= 0)";') in text
    assert ('assert jml$inv5(self, extra) : "the non_null field next (declared at C.java:9:25) '
            'of a reachable C.Node is null on return (JML\'s default; declare it nullable if it '
            'may be)";') in text
    assert ("try { holds = ((C.Node) jml$o).next != null; } catch (RuntimeException jml$x) "
            "{ holds = false; }") in text
    assert "static void check(C self, C.Node extra) throws Exception {" in text
    assert "private static boolean jml$inv0(C self, C.Node extra) {" in text
    assert ("for (Object jml$o : boundcheck.jml.Heap.objects(C.Node.class, self, extra)) {"
            in text)
    assert "try { holds = (((C.Node) jml$o).value >= 0); } catch (RuntimeException jml$x) { holds = false; }" in text
    assert "if (jml$o == null || jml$o == self) continue;" in text


def test_the_classes_reachable_follow_field_types_and_subclasses_not_arrays():
    program = Program([parse_source("""
        package p;
        class A { B b; D[] ds; }
        class B { Object any; }
        class C extends B { }
        class D { }
        class E { }
        """, "A.java")])
    classes = program.classes
    assert [c.simple_name for c in reachable_classes(program, [classes["p.A"]])] == \
        ["A", "B", "C", "D", "E"]  # B's Object field may hold any project object
    assert [c.simple_name for c in reachable_classes(program, [classes["p.D"]])] == ["D"]
    assert [c.simple_name for c in reachable_classes(program, [classes["p.C"]])] == \
        ["C", "A", "B", "D", "E"]


def test_a_reachable_class_whose_invariants_have_errors_makes_the_item_unsupported():
    found = checks("""
    static class Node {
        int value; Node next;
        //@ invariant valeu >= 0;
    }
    private Node head;
    public void m() { }
""")
    assert found["m()"].unsupported == "the invariants of C.Node, which have errors"


def test_a_static_method_assumes_and_keeps_the_invariants_of_what_its_arguments_reach():
    text = lines(checks("""
    static class Node {
        int value; Node next;
        //@ invariant value >= 0;
    }
    //@ ensures \\result >= 0;
    public static int first(Node n) { return n.value; }
""")["first(C.Node)"])
    assert "if (!jml$inv0(n)) return;  // invariant of the reachable objects assumed" in text
    assert "for (Object jml$o : boundcheck.jml.Heap.objects(C.Node.class, n)) {" in text


def test_old_in_a_quantifier_is_kept_before_the_call_and_passed_to_each_helper_on_the_way():
    check = checks(NODE + """
    //@ ensures (\\forall int i; 0 <= i && i < x; (\\exists Node m; \\reach(head).has(m); m.value == \\old(n + i)));
    public void bad(int x) { }

    //@ ensures (\\forall int i; 0 <= i && i < x; (\\exists Node m; \\reach(head).has(m); m.value == \\old(n + x)));
    public void m(int x) { }
""")
    assert check["bad(int)"].unsupported == "\\old of a quantifier's variable (\\old((n + i)))"
    text = lines(check["m(int)"])
    assert "var jml$old0 = (self.n + x);" in text
    assert "try { jml$c1 = !jml$c0 || jml$q1(x, self, jml$old0); } catch (RuntimeException jml$x) { jml$c1 = false; }" in text
    assert "private static boolean jml$q1(int jml$p0, C jml$p1, int jml$h0) {" in text
    assert "for (int i = 0; i < jml$p0; i++) { if (true && !jml$q0(jml$p0, jml$p1, i, jml$h0)) return false; }" in text


def test_the_static_reference_fields_in_scope_are_roots_of_a_quantifier_over_objects():
    got = checks("""
    static class Node { int value; Node next; static Node spare; }
    private static Node first;
    private static String name;
    //@ ensures (\\forall Node n; n.value > 0);
    public static void m() { }
""")["m()"].source
    assert ("for (Object jml$o0 : boundcheck.jml.Heap.objects(C.Node.class, C.first)) "
            "if (jml$o0 != null)") in got


def test_old_of_an_object_quantifiers_variable_is_looked_up_in_a_table_made_before_the_call():
    check = checks(NODE + """
    //@ ensures (\\forall Node n; \\reach(head).has(n); n.value == \\old(n.value + x));
    public void m(int x) { }

    //@ ensures (\\forall Node n; \\reach(head).has(n); (\\forall Node k; \\reach(n).has(k); \\old(n.value + k.value) > 0));
    public void two() { }
""")
    assert check["two()"].unsupported == "\\old of a quantifier's variable (\\old((n.value + k.value)))"
    text = lines(check["m(int)"])
    call = text.index("self.m(x);")
    assert text[call - 3:call] == [
        "var jml$old0 = boundcheck.jml.Heap.objects(C.Node.class, self);",
        "var jml$old1 = new int[jml$old0.length];",
        "var jml$old2 = jml$pre0(jml$old0, jml$old1, x, self);"]
    source = check["m(int)"].source
    assert ("            C.Node n = (C.Node) jml$a[jml$k];\n"
            "            try { jml$v[jml$k] = (n.value + jml$p0); jml$ok[jml$k] = true; } "
            "catch (RuntimeException jml$x) { }\n") in source
    assert ("if (!jml$ok[jml$k]) throw new IllegalStateException(\"its value before the call threw\");\n"
            "            return jml$v[jml$k];\n        }\n"
            "        throw new IllegalStateException(\"no pre-state\");") in source
    assert "!(n.value == jml$pre0$at(jml$h0, jml$h1, jml$h2, n))" in source


def test_old_of_an_array_element_a_quantifier_indexes_reads_a_copy_of_the_array_kept_before():
    check = checks(NODE + """
    //@ ensures (\\forall int i; 0 <= i && i < a.length; a[i] == \\old(a[i + x]));
    public void m(int x) { }

    //@ ensures (\\forall int i; 0 <= i && i < a.length; a[i] == \\old(a[i + n]));
    public void field() { }
""")
    assert check["field()"].unsupported == "\\old of a quantifier's variable (\\old(a[(i + n)]))"
    text = lines(check["m(int)"])
    assert "var jml$old0 = jml$copyint$$(self.a);" in text
    assert ("    private static int[] jml$copyint$$(int[] jml$a) {\n"
            "        if (jml$a == null) return null;\n"
            "        int[] jml$c = new int[jml$a.length];\n") in check["m(int)"].source
    assert "private static boolean jml$q1(int jml$p0, C jml$p1, int[] jml$h0) {" in text
    assert ("for (int i = 0; i < jml$p1.a.length; i++) { if (true && !(jml$p1.a[i] == "
            "jml$h0[(i + jml$p0)])) return false; }") in text
