"""``assignable`` and ``\\fresh`` end to end: a location of the pre-state outside the frame
of every case whose precondition held that changes, on a normal return or an exception,
fails naming the clause and the location; locations of objects the method made are free;
a ``pure`` method assigns nothing; ``\\fresh`` holds of objects the method made."""
from __future__ import annotations

import pytest
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



LIST = """\
    package p;

    public class Chain {
        static class Node {
            int value;
            /*@ nullable @*/ Node next;
            Node(int value, /*@ nullable @*/ Node next) { this.value = value; this.next = next; }
        }
        private Node head = new Node(0, new Node(1, null));
        private int size = 2;

        //@ requires head.next != null;
        //@ assignable \\nothing;
        public void bump() { head.next.value++; }

        //@ requires head.next != null;
        //@ assignable head.next.value;
        public void bumpFramed() { head.next.value++; }

        //@ assignable head.*; requires head != null;
        public void relink() { head.value = 7; head.next = null; }

        //@ requires head.next != null;
        //@ assignable head.*;
        public void relinkTooFar() { head.next.next = head; }

        //@ assignable head, size;
        public void push(int v) { Node n = new Node(v, null); n.next = head; n.value++;
            head = n; size++; }
    }
    """



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

        //@ assignable items[*]; requires items != null;
        public void clear() { for (int k = 0; k < items.length; k++) items[k] = 0; }

        //@ assignable items[0..1]; requires items != null;
        public void clearAll() { for (int k = 0; k < items.length; k++) items[k] = 1; }
    }
    """



TWO_CASES = """\
        /*@ normal_behavior
          @   requires x >= 0;
          @   assignable a;
          @ also normal_behavior
          @   requires x < 0;
          @   assignable b;
          @*/"""
CASES = """\
    package p;

    public class Split {
        private int a;
        private int b;

{TWO_CASES}
        public void put(int x) { if (x >= 0) a = x; else b = x; }

{TWO_CASES}
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
    """.replace("{TWO_CASES}", TWO_CASES)


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




BAG = """\
    package p;

    import java.util.ArrayList;

    public class Bag {
        private ArrayList<String> items = new ArrayList<>();
        private static int adds;
        private int count;

        //@ assignable count; requires items != null;
        public void add(String s) { items.add(s); count++; }

        //@ assignable count, items.*; requires items != null;
        public void addFramed(String s) { items.add(s); count++; }

        //@ assignable count;
        public void tally() { count++; adds++; }

        //@ assignable count, adds;
        public void tallyFramed() { count++; adds++; }

        //@ assignable count, Bag.adds;
        public void tallyFramedByClass() { count++; adds++; }
    }
    """



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


@pytest.mark.parametrize("sources, expected, said", [
    pytest.param({"Pair": SETTERS}, {
        "setA(int)": "passed", "setAOops(int)": "failed", "setBoth(int)": "passed",
        "sum()": "passed", "peek()": "failed"}, {
        "setAOops(int)": ("int x = 5;", "violated: assignable at Pair.java:10:9: Pair.b changed"),
        "peek()": ("violated: assignable \\nothing (the default of a pure method) at "
                   "Pair.java:20:5: Pair.b changed",)}, id="fields"),
    pytest.param({"Chain": LIST}, {
        "Chain()": "passed", "bump()": "failed", "bumpFramed()": "passed", "relink()": "passed",
        "relinkTooFar()": "failed", "push(int)": "passed"}, {
        "bump()": ("violated: assignable at Chain.java:13:9: Chain.Node.value changed",),
        "relinkTooFar()": ("violated: assignable at Chain.java:24:9: Chain.Node.next changed",)},
        id="nodes, whole objects, the fields of new objects"),
    pytest.param({"Buffer": ARRAYS}, {
        "Buffer()": "passed", "put(int,int)": "passed", "putNext(int,int)": "failed", "clear()": "passed",
        "clearAll()": "failed"}, {
        "putNext(int,int)": ("violated: assignable at Buffer.java:12:9: int[][", "] changed"),
        "clearAll()": ("violated: assignable at Buffer.java:19:9: int[][2] changed",)},
        id="array elements: one, all, a range"),
    pytest.param({"Split": CASES}, {
        "put(int)": "passed", "putWrong(int)": "failed", "check(int)": "failed"}, {
        "putWrong(int)": ("violated: assignable at Split.java:18:11, Split.java:21:11: "
                          "Split.b changed",),
        "check(int)": ("self.check(x)  -> throws IllegalArgumentException",
                       "violated: assignable at Split.java:26:11: Split.b changed")},
        id="each case under its precondition, and an exception"),
    pytest.param({"Maker": FRESH}, {
        "Maker()": "passed", "make()": "passed", "reuse()": "failed", "maybe(int)": "failed"}, {
        "maybe(int)": ("int x = 4;",),
        "reuse()": ("violated: ensures at Maker.java:10:9: \\fresh(\\result)",)}, id="fresh"),
    pytest.param({"Bag": BAG}, {
        "Bag()": "passed", "add(String)": "failed", "addFramed(String)": "passed", "tally()": "failed",
        "tallyFramed()": "passed", "tallyFramedByClass()": "passed"}, {
        "add(String)": ("violated: assignable at Bag.java:10:9: ArrayList contents changed",),
        "tally()": ("violated: assignable at Bag.java:16:9: Bag.adds changed",)},
        id="a collection's contents and a static field"),
    pytest.param({"Cell": CELL, "Holder": HOLDER}, {
        "Holder(int)": "passed", "Holder(Cell)": "failed", "fail()": "passed",
        "failKept()": "failed"}, {
        "Holder(Cell)": ("violated: assignable at Holder.java:11:9: Cell.value changed",),
        "failKept()": ("violated: signals at Holder.java:24:11: (IllegalStateException e) "
                       "\\fresh(e)",)},
        id="a constructor's own object, an object of class initialisation"),
])
def test_frames_and_fresh(plugin, sources, expected, said):
    """The items of ``sources`` (class name -> source, in ``src/p``) have the ``expected``
    outcomes, and each failure named in ``said`` says those lines."""
    for name, source in sources.items():
        write(plugin.pytester, f"src/p/{name}.java", source)
    reprec = plugin.inline_run("--boundcheck", "src", "--boundcheck-objects=constructors")
    assert outcomes(reprec) == expected
    for item, texts in said.items():
        for text in texts:
            assert text in longrepr(reprec, item)
