package lists;

/**
 * A sorted singly linked list of ints with a cached size, the benchmark of
 * bench/structures.py until the structures sample has the papers' lists. Its invariant is
 * a pure method that walks the list: acyclic (Floyd's two pointers), ascending, and as
 * long as size says.
 */
public class SortedList {
    static class Node {
        int value;
        /*@ nullable @*/ Node next;

        Node(int value, /*@ nullable @*/ Node next) {
            this.value = value;
            this.next = next;
        }
    }

    private /*@ spec_public nullable @*/ Node head;
    private /*@ spec_public @*/ int size;

    //@ public invariant wellFormed();

    public SortedList() {
        head = null;
        size = 0;
    }

    /** Acyclic, ascending, and size nodes long. Each loop takes at most as many
     *  iterations as there are nodes. */
    private /*@ pure @*/ boolean wellFormed() {
        Node slow = head;
        Node fast = head;
        while (fast != null && fast.next != null) {
            slow = slow.next;
            fast = fast.next.next;
            if (slow == fast) {
                return false;
            }
        }
        int count = 0;
        for (Node n = head; n != null; n = n.next) {
            if (n.next != null && n.value > n.next.value) {
                return false;
            }
            count++;
        }
        return count == size;
    }

    /*@ ensures \result <==> \old(contains(x)); @*/
    public /*@ pure @*/ boolean contains(int x) {
        for (Node n = head; n != null && n.value <= x; n = n.next) {
            if (n.value == x) {
                return true;
            }
        }
        return false;
    }

    /*@ requires size < Integer.MAX_VALUE;
      @ ensures contains(x) && size == \old(size) + 1;
      @*/
    public void insert(int x) {
        Node previous = null;
        Node n = head;
        while (n != null && n.value < x) {
            previous = n;
            n = n.next;
        }
        Node added = new Node(x, n);
        if (previous == null) {
            head = added;
        } else {
            previous.next = added;
        }
        size++;
    }

    /*@ ensures \result == \old(contains(x));
      @ ensures \result ==> size == \old(size) - 1;
      @ ensures !\result ==> size == \old(size);
      @*/
    public boolean remove(int x) {
        Node previous = null;
        Node n = head;
        while (n != null && n.value < x) {
            previous = n;
            n = n.next;
        }
        if (n == null || n.value != x) {
            return false;
        }
        if (previous == null) {
            head = n.next;
        } else {
            previous.next = n.next;
        }
        size--;
        return true;
    }
}
