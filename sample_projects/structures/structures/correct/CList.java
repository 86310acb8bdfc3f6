package structures.correct;

/**
 * A sequence of ints in a circular doubly linked list around a header node that holds
 * no element: TACO's CList, the shape of commons-collections' AbstractLinkedList.
 */
public class CList {
    /** A cell of the ring; the header is one too. */
    static final class Node {
        int value;
        /*@ nullable @*/ Node next;
        /*@ nullable @*/ Node previous;
    }

    private final /*@ spec_public @*/ Node header;
    private /*@ spec_public @*/ int size;

    /*@ public invariant (\forall Node n; \reach(header, Node, next).has(n);
      @                       n.next != null && n.previous != null
      @                       && n.next.previous == n && n.previous.next == n);
      @ public invariant size + 1 == (\num_of Node n; \reach(header, Node, next).has(n); true);
      @*/

    //@ ensures size == 0 && header.next == header;
    public CList() {
        header = new Node();
        header.next = header;
        header.previous = header;
    }

    /*@ ensures \result <==> (\exists Node n; \reach(header, Node, next).has(n);
      @                           n != header && n.value == x);
      @*/
    public /*@ pure @*/ boolean contains(int x) {
        for (Node n = header.next; n != header; n = n.next) {
            if (n.value == x) {
                return true;
            }
        }
        return false;
    }

    /*@ ensures size == \old(size) + 1 && header.previous.value == x;
      @ ensures header.previous.previous == \old(header.previous);
      @*/
    public void insert(int x) {
        Node added = new Node();
        added.value = x;
        added.next = header;
        added.previous = header.previous;
        header.previous.next = added;
        header.previous = added;
        size++;
    }

    /*@ ensures \result == \old(contains(x));
      @ ensures size == (\result ? \old(size) - 1 : \old(size));
      @*/
    public boolean remove(int x) {
        for (Node n = header.next; n != header; n = n.next) {
            if (n.value == x) {
                n.previous.next = n.next;
                n.next.previous = n.previous;
                size--;
                return true;
            }
        }
        return false;
    }
}
