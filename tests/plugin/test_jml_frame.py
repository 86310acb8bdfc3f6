"""``assignable`` and ``\\fresh`` end to end: a location of the pre-state outside the frame
of every case whose precondition held that changes, on a normal return or an exception,
fails naming the clause and the location; locations of objects the method made are free;
a ``pure`` method assigns nothing; ``\\fresh`` holds of objects the method made."""
from __future__ import annotations

from test_jml_checks import longrepr, outcomes, write

SETTERS = """\
    package p;

    public class Pair {
        private int a;
        private int b;

        //@ assignable a;
        public void setA(int x) { a = x; }

        //@ assignable a;
        public void setAOops(int x) { a = x; if (x == 5) b = x; }

        //@ assignable this.a, b;
        public void setBoth(int x) { a = x; b = x; }

        //@ assignable \\nothing;
        public int sum() { return a + b; }

        //@ ensures true;
        public /*@ pure @*/ int peek() { if (a == 3) b = 0; return b; }
    }
    """


def test_a_field_outside_the_frame_fails_naming_it_and_framed_fields_pass(plugin):
    write(plugin.pytester, "src/p/Pair.java", SETTERS)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"setA(int)": "passed", "setAOops(int)": "failed",
                                "setBoth(int)": "passed", "sum()": "passed", "peek()": "failed"}
    text = longrepr(reprec, "setAOops(int)")
    assert "int x = 5;" in text
    assert "violated: assignable at Pair.java:10:9: Pair.b changed" in text
    assert ("violated: assignable \\nothing (the default of a pure method) at Pair.java:20:5: "
            "Pair.b changed") in longrepr(reprec, "peek()")


LIST = """\
    package p;

    public class Chain {
        static class Node {
            int value;
            Node next;
            Node(int value, Node next) { this.value = value; this.next = next; }
        }
        private Node head = new Node(0, new Node(1, null));
        private int size = 2;

        //@ assignable \\nothing;
        public void bump() { if (head.next != null) head.next.value++; }

        //@ assignable head.next.value;
        public void bumpFramed() { if (head.next != null) head.next.value++; }

        //@ assignable head.*;
        public void relink() { head.value = 7; head.next = null; }

        //@ assignable head.*;
        public void relinkTooFar() { head.next.next = head; }

        //@ assignable head, size;
        public void push(int v) { Node n = new Node(v, null); n.next = head; n.value++; head = n; size++; }
    }
    """


def test_nodes_whole_objects_and_the_fields_of_new_objects(plugin):
    write(plugin.pytester, "src/p/Chain.java", LIST)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"bump()": "failed", "bumpFramed()": "passed", "relink()": "passed",
                                "relinkTooFar()": "failed", "push(int)": "passed"}
    assert "violated: assignable at Chain.java:12:9: Chain.Node.value changed" in \
        longrepr(reprec, "bump()")
    assert "violated: assignable at Chain.java:21:9: Chain.Node.next changed" in \
        longrepr(reprec, "relinkTooFar()")


ARRAYS = """\
    package p;

    public class Buffer {
        private int[] items = new int[3];

        /*@ requires 0 <= i && i < items.length;
          @ assignable items[i];
          @*/
        public void put(int i, int v) { items[i] = v; }

        /*@ requires 0 <= i && i + 1 < items.length;
          @ assignable items[i];
          @*/
        public void putNext(int i, int v) { items[i + 1] = v; }

        //@ assignable items[*];
        public void clear() { for (int k = 0; k < items.length; k++) items[k] = 0; }

        //@ assignable items[0..1];
        public void clearAll() { for (int k = 0; k < items.length; k++) items[k] = 1; }
    }
    """


def test_array_elements_one_all_and_a_range(plugin):
    write(plugin.pytester, "src/p/Buffer.java", ARRAYS)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"put(int,int)": "passed", "putNext(int,int)": "failed",
                                "clear()": "passed", "clearAll()": "failed"}
    assert "violated: assignable at Buffer.java:12:9: int[][1] changed" in \
        longrepr(reprec, "putNext(int,int)")
    assert "violated: assignable at Buffer.java:19:9: int[][2] changed" in \
        longrepr(reprec, "clearAll()")


CASES = """\
    package p;

    public class Split {
        private int a;
        private int b;

        /*@ normal_behavior
          @   requires x >= 0;
          @   assignable a;
          @ also normal_behavior
          @   requires x < 0;
          @   assignable b;
          @*/
        public void put(int x) { if (x >= 0) a = x; else b = x; }

        /*@ normal_behavior
          @   requires x >= 0;
          @   assignable a;
          @ also normal_behavior
          @   requires x < 0;
          @   assignable b;
          @*/
        public void putWrong(int x) { if (x >= 10) b = x; else if (x >= 0) a = x; else b = x; }

        /*@ behavior
          @   assignable a;
          @   signals_only IllegalArgumentException;
          @*/
        public void check(int x) {
            if (x < 0) { b = 1; throw new IllegalArgumentException(); }
            a = x;
        }
    }
    """


def test_each_case_frames_its_own_precondition_and_an_exception_is_framed_too(plugin):
    write(plugin.pytester, "src/p/Split.java", CASES)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"put(int)": "passed", "putWrong(int)": "failed",
                                "check(int)": "failed"}
    assert "violated: assignable at Split.java:18:11, Split.java:21:11: Split.b changed" in \
        longrepr(reprec, "putWrong(int)")
    text = longrepr(reprec, "check(int)")
    assert "self.check(x)  -> throws IllegalArgumentException" in text
    assert "violated: assignable at Split.java:26:11: Split.b changed" in text


FRESH = """\
    package p;

    public class Maker {
        static class Box { int v; }
        private Box kept = new Box();

        //@ ensures \\fresh(\\result) && \\result != kept;
        public Box make() { return new Box(); }

        //@ ensures \\fresh(\\result);
        public Box reuse() { return kept; }

        //@ ensures \\fresh(\\result);
        public Box maybe(int x) { return x == 4 ? kept : new Box(); }
    }
    """


def test_fresh_holds_of_a_new_object_and_not_of_an_old_one(plugin):
    write(plugin.pytester, "src/p/Maker.java", FRESH)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"make()": "passed", "reuse()": "failed", "maybe(int)": "failed"}
    assert "int x = 4;" in longrepr(reprec, "maybe(int)")
    assert "violated: ensures at Maker.java:10:9: \\fresh(\\result)" in longrepr(reprec, "reuse()")



BAG = """\
    package p;

    import java.util.ArrayList;
    import java.util.List;

    public class Bag {
        private List<String> items = new ArrayList<>();
        private static int adds;
        private int count;

        //@ assignable count;
        public void add(String s) { items.add(s); count++; }

        //@ assignable count, items.*;
        public void addFramed(String s) { items.add(s); count++; }

        //@ assignable count;
        public void tally() { count++; adds++; }

        //@ assignable count, adds;
        public void tallyFramed() { count++; adds++; }

        //@ assignable count, Bag.adds;
        public void tallyFramedByClass() { count++; adds++; }
    }
    """


def test_a_collections_contents_and_a_static_field_are_locations(plugin):
    write(plugin.pytester, "src/p/Bag.java", BAG)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"add(String)": "failed", "addFramed(String)": "passed",
                                "tally()": "failed", "tallyFramed()": "passed",
                                "tallyFramedByClass()": "passed"}
    assert "violated: assignable at Bag.java:11:9: ArrayList contents changed" in \
        longrepr(reprec, "add(String)")
    assert "violated: assignable at Bag.java:17:9: Bag.adds changed" in longrepr(reprec, "tally()")


CELL = """\
    package p;

    public class Cell {
        int value;
    }
    """
HOLDER = """\
    package p;

    public class Holder {
        private Cell cell;
        private int n;
        private static final IllegalStateException KEPT = new IllegalStateException();

        //@ assignable \\nothing;
        public Holder(int n) { this.n = n; cell = new Cell(); cell.value = n; }

        //@ assignable \\nothing;
        public Holder(Cell c) { cell = c; c.value = 1; }

        /*@ behavior
          @   assignable \\nothing;
          @   signals_only IllegalStateException;
          @   signals (IllegalStateException e) \\fresh(e);
          @*/
        public void fail() { throw new IllegalStateException(); }

        /*@ behavior
          @   assignable \\nothing;
          @   signals_only IllegalStateException;
          @   signals (IllegalStateException e) \\fresh(e);
          @*/
        public void failKept() { throw KEPT; }
    }
    """


def test_a_constructor_sets_its_object_freely_and_an_object_of_class_initialisation_is_old(plugin):
    write(plugin.pytester, "src/p/Cell.java", CELL)
    write(plugin.pytester, "src/p/Holder.java", HOLDER)
    reprec = plugin.inline_run("--boundcheck", "src")
    assert outcomes(reprec) == {"Holder(int)": "passed", "Holder(Cell)": "failed",
                                "fail()": "passed", "failKept()": "failed"}
    assert "violated: assignable at Holder.java:11:9: Cell.value changed" in \
        longrepr(reprec, "Holder(Cell)")
    assert "violated: signals at Holder.java:24:11: (IllegalStateException e) \\fresh(e)" in \
        longrepr(reprec, "failKept()")
