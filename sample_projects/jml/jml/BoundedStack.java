package jml;

/** A stack of ints over an array of fixed capacity. */
public class BoundedStack {
    private final int[] items;
    private int size;
    //@ public invariant items != null && 0 <= size && size <= items.length;

    //@ requires capacity >= 0;
    //@ ensures size == 0 && items.length == capacity;
    public BoundedStack(int capacity) {
        items = new int[capacity];
    }

    /*@ normal_behavior
      @   requires size < items.length;
      @   ensures size == \old(size) + 1 && items[size - 1] == x;
      @   assignable items[size], size;
      @ also exceptional_behavior
      @   requires size == items.length;
      @   assignable \nothing;
      @   signals_only IllegalStateException;
      @   signals (IllegalStateException e) size == \old(size);
      @*/
    public void push(int x) {
        if (size == items.length) {
            throw new IllegalStateException("full");
        }
        items[size++] = x;
    }

    /*@ normal_behavior
      @   requires size > 0;
      @   ensures size == \old(size) - 1 && \result == items[size];
      @   assignable size;
      @*/
    public int pop() {
        return items[--size];
    }

    //@ ensures \result <==> (\exists int i; 0 <= i && i < size; items[i] == x);
    public /*@ pure @*/ boolean contains(int x) {
        //@ loop_invariant 0 <= i && i <= size;
        //@ loop_invariant (\forall int k; 0 <= k && k < i; items[k] != x);
        //@ decreases size - i;
        for (int i = 0; i < size; i++) {
            if (items[i] == x) {
                return true;
            }
        }
        return false;
    }

    //@ ensures \result == size;
    public /*@ pure @*/ int size() {
        return size;
    }
}
