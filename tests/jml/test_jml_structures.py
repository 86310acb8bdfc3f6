"""Specifications in the style of the papers' benchmarks (a linked list with a cached
size, a binary heap), written here for this test: they read and type-check cleanly,
and say what they should."""
from __future__ import annotations

from pytest_boundcheck.frontend.classtable import Program
from pytest_boundcheck.frontend.jml import parse_jml
from pytest_boundcheck.frontend.jmlcheck import check_files
from pytest_boundcheck.frontend.jmlprint import show_clause, show_spec
from pytest_boundcheck.frontend.parse import parse_source

LINKED_LIST = """
package structures;

public class LinkedList {
    static class Entry {
        int value;
        /*@ nullable @*/ Entry next;
        Entry(int value) { this.value = value; }
    }

    private /*@ spec_public nullable @*/ Entry header;
    private /*@ spec_public @*/ int size;

    /*@ public invariant size >= 0;
      @ public invariant size == (\\num_of Entry e; \\reach(header, Entry, next).has(e); true);
      @ public invariant (\\forall Entry e; \\reach(header, Entry, next).has(e);
      @                                     !\\reach(e.next, Entry, next).has(e));
      @*/

    /*@ public normal_behavior
      @   requires true;
      @   ensures \\result <==> (\\exists Entry e; \\reach(header, Entry, next).has(e);
      @                                          e.value == x);
      @*/
    public /*@ pure @*/ boolean contains(int x) {
        Entry e = header;
        //@ loop_invariant e == null || \\reach(header, Entry, next).has(e);
        //@ decreases (\\num_of Entry f; \\reach(e, Entry, next).has(f); true);
        while (e != null) {
            if (e.value == x) return true;
            e = e.next;
        }
        return false;
    }

    /*@ public normal_behavior
      @   requires size < Integer.MAX_VALUE;
      @   ensures size == \\old(size) + 1 && contains(x);
      @   ensures \\fresh(header) && header.value == x && header.next == \\old(header);
      @   assignable size, header;
      @ also
      @ public exceptional_behavior
      @   requires size == Integer.MAX_VALUE;
      @   signals_only IllegalStateException;
      @   signals (IllegalStateException ex) size == \\old(size);
      @   assignable \\nothing;
      @*/
    public void addFirst(int x) {
        if (size == Integer.MAX_VALUE) throw new IllegalStateException();
        Entry e = new Entry(x);
        e.next = header;
        header = e;
        size++;
        //@ assert header != null;
    }
}
"""

BINARY_HEAP = """
package structures;

public class BinaryHeap {
    private /*@ spec_public non_null @*/ int[] array;
    private /*@ spec_public @*/ int size;

    //@ public invariant 0 <= size && size <= array.length;
    //@ public invariant (\\forall int i; 0 < i && i < size; array[(i - 1) / 2] <= array[i]);

    /*@ requires size > 0;
      @ ensures \\result == \\old(array[0]) && size == \\old(size) - 1;
      @ ensures (\\forall int i; 0 <= i && i < size; \\result <= array[i]);
      @ ensures \\result == (\\min int i; 0 <= i && i < \\old(size); \\old(array[i]));
      @ assignable size, array[*];
      @*/
    public int deleteMin() { return array[0]; }

    /*@ requires 0 <= i && i < size && v <= array[i];
      @ ensures array[i] == v || (\\exists int k; 0 <= k && k < i; array[k] == v);
      @ assignable array[0 .. i];
      @*/
    public void decreaseKey(int i, int v) { }
}
"""


def read(*sources: str):
    files = [(f"structures/F{i}.java", s) for i, s in enumerate(sources)]
    program = Program([parse_source(s, path) for path, s in files])
    return check_files(program, [parse_jml(s, path) for path, s in files])


def test_the_linked_list_reads_and_type_checks():
    [spec] = read(LINKED_LIST)
    assert [str(e) for e in spec.errors] == []
    by_name = {d.name: d for d in spec.declarations}
    assert [show_clause(c) for c in by_name["LinkedList"].clauses][1] == (
        "public invariant (size == (\\num_of Entry e; \\reach(header, Entry, next).has(e); true));")
    add = by_name["addFirst"]
    assert [(c.behavior, c.visibility, len(c.clauses)) for c in add.cases] == [
        ("normal_behavior", "public", 4), ("exceptional_behavior", "public", 4)]
    assert [m.name for m in by_name["header"].modifiers] == ["spec_public", "nullable"]
    assert [m.name for m in by_name["next"].modifiers] == ["nullable"]
    assert [(s.owner, s.target, [c.kind for c in s.clauses]) for s in spec.statements] == [
        ("LinkedList.contains", "while", ["loop_invariant", "decreases"]),
        ("LinkedList.addFirst", "end of block", ["assert"])]


def test_the_binary_heap_reads_and_type_checks():
    [spec] = read(BINARY_HEAP)
    assert [str(e) for e in spec.errors] == []
    assert show_spec(spec.declarations[-1]) == (
        "method decreaseKey:  | lightweight requires (((0 <= i) && (i < size)) && (v <= array[i])); "
        "ensures ((array[i] == v) || (\\exists int k; ((0 <= k) && (k < i)); (array[k] == v))); "
        "assignable array[0..i]; | ")
