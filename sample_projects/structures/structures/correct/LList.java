package structures.correct;

/**
 * A sequence of ints in a singly linked list: TACO's LList. The size field counts the
 * nodes reachable from head, and no node reaches itself again.
 */
public class LList {
    /** A cell of the list. */
    static final class Node {
        int value;
        /*@ nullable @*/ Node next;

        Node(int value, /*@ nullable @*/ Node next) {
            this.value = value;
            this.next = next;
        }
    }

    private /*@ spec_public nullable @*/ Node head;
    private /*@ spec_public @*/ int size;

    /*@ public invariant (\forall Node n; \reach(head, Node, next).has(n);
      @                       !\reach(n.next, Node, next).has(n));
      @ public invariant size == (\num_of Node n; \reach(head, Node, next).has(n); true);
      @*/

    //@ ensures head == null && size == 0;
    public LList() {
    }

    //@ ensures \result <==> (\exists Node n; \reach(head, Node, next).has(n); n.value == x);
    public /*@ pure @*/ boolean contains(int x) {
        for (Node n = head; n != null; n = n.next) {
            if (n.value == x) {
                return true;
            }
        }
        return false;
    }

    /*@ ensures size == \old(size) + 1 && contains(x);
      @ ensures \old(head) != null ==> head == \old(head);
      @*/
    public void insert(int x) {
        Node added = new Node(x, null);
        if (head == null) {
            head = added;
        } else {
            Node last = head;
            while (last.next != null) {
                last = last.next;
            }
            last.next = added;
        }
        size++;
    }

    /*@ ensures \result == \old(contains(x));
      @ ensures size == (\result ? \old(size) - 1 : \old(size));
      @*/
    public boolean remove(int x) {
        Node before = null;
        for (Node n = head; n != null; before = n, n = n.next) {
            if (n.value == x) {
                if (before == null) {
                    head = n.next;
                } else {
                    before.next = n.next;
                }
                size--;
                return true;
            }
        }
        return false;
    }
}
