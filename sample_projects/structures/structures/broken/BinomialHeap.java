package structures.broken;

/**
 * TACO's BHeap with a planted bug: linking a tree under another does not set its root's
 * parent pointer (a missing parent update).
 */
public class BinomialHeap {
    /** A node of one of the heap's binomial trees. */
    static final class Node {
        int key;
        int degree;
        /*@ nullable @*/ Node parent;
        /*@ nullable @*/ Node child;
        /*@ nullable @*/ Node sibling;

        Node(int key) {
            this.key = key;
        }
    }

    private /*@ spec_public nullable @*/ Node head;
    private /*@ spec_public @*/ int size;

    /*@ public invariant (\forall Node r; \reach(head, Node, sibling).has(r);
      @                       r.parent == null && (r.sibling == null || r.degree < r.sibling.degree));
      @ public invariant (\forall Node n; \reach(head).has(n);
      @                       (n.parent == null ? \reach(head, Node, sibling).has(n)
      @                                         : \reach(n.parent.child, Node, sibling).has(n))
      @                       && (n.degree == 0 ? n.child == null
      @                                         : n.child != null && n.child.degree == n.degree - 1)
      @                       && (\forall Node c; \reach(n.child, Node, sibling).has(c);
      @                              c.parent == n && c.key >= n.key
      @                              && (c.sibling == null ? c.degree == 0
      @                                                    : c.degree == c.sibling.degree + 1)));
      @ public invariant size == (\num_of Node n; \reach(head).has(n); true);
      @*/

    //@ ensures head == null && size == 0;
    public BinomialHeap() {
    }

    //@ ensures size == \old(size) + 1 && contains(key);
    public void insert(int key) {
        head = union(head, new Node(key));
        size++;
    }

    //@ ensures \result <==> (\exists Node n; \reach(head).has(n); n.key == key);
    public /*@ pure @*/ boolean contains(int key) {
        return find(head, key) != null;
    }

    /** The node with this key in the trees from n and its siblings on, or null. */
    private static /*@ pure nullable @*/ Node find(/*@ nullable @*/ Node n, int key) {
        for (Node r = n; r != null; r = r.sibling) {
            if (r.key == key) {
                return r;
            }
            if (r.key < key) {
                Node below = find(r.child, key);
                if (below != null) {
                    return below;
                }
            }
        }
        return null;
    }

    /** Makes child, a root of the same degree as parent, parent's first child. */
    private static void link(Node child, Node parent) {
        child.sibling = parent.child;
        parent.child = child;
        parent.degree++;
    }

    /** The root list of both heaps, merged by degree, with no two roots of a degree. */
    private static /*@ nullable @*/ Node union(/*@ nullable @*/ Node a, /*@ nullable @*/ Node b) {
        Node merged = mergeByDegree(a, b);
        if (merged == null) {
            return null;
        }
        Node before = null;
        Node x = merged;
        Node next = x.sibling;
        while (next != null) {
            if (x.degree != next.degree || (next.sibling != null && next.sibling.degree == x.degree)) {
                before = x;
                x = next;
            } else if (x.key <= next.key) {
                x.sibling = next.sibling;
                link(next, x);
            } else {
                if (before == null) {
                    merged = next;
                } else {
                    before.sibling = next;
                }
                link(x, next);
                x = next;
            }
            next = x.sibling;
        }
        return merged;
    }

    /** The roots of both lists in one list of non-decreasing degree. */
    private static /*@ nullable @*/ Node mergeByDegree(/*@ nullable @*/ Node a, /*@ nullable @*/ Node b) {
        Node first = null;
        Node last = null;
        while (a != null || b != null) {
            Node taken;
            if (b == null || (a != null && a.degree <= b.degree)) {
                taken = a;
                a = a.sibling;
            } else {
                taken = b;
                b = b.sibling;
            }
            if (last == null) {
                first = taken;
            } else {
                last.sibling = taken;
            }
            last = taken;
        }
        return first;
    }
}
