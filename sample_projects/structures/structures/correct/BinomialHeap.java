package structures.correct;

/**
 * A priority queue of ints in a binomial heap: TACO's BHeap. The roots, linked through
 * sibling, have strictly increasing degrees; a node of degree k has k children, linked
 * through sibling with degrees k-1 down to 0, none with a smaller key than its parent.
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

    /*@ requires size > 0;
      @ ensures (\forall Node n; \reach(head).has(n); \result <= n.key);
      @ ensures (\exists Node n; \reach(head).has(n); n.key == \result);
      @*/
    public /*@ pure @*/ int findMinimum() {
        return minimumRoot().key;
    }

    /*@ requires size > 0;
      @ ensures size == \old(size) - 1 && \result == \old(findMinimum());
      @ ensures (\forall Node n; \reach(head).has(n); \result <= n.key);
      @*/
    public int extractMin() {
        Node before = null;
        Node min = head;
        for (Node r = head; r.sibling != null; r = r.sibling) {
            if (r.sibling.key < min.key) {
                before = r;
                min = r.sibling;
            }
        }
        if (before == null) {
            head = min.sibling;
        } else {
            before.sibling = min.sibling;
        }
        Node children = null;
        Node c = min.child;
        while (c != null) {
            Node next = c.sibling;
            c.sibling = children;
            c.parent = null;
            children = c;
            c = next;
        }
        head = union(head, children);
        size--;
        return min.key;
    }

    /*@ requires newKey <= oldKey && contains(oldKey);
      @ ensures size == \old(size) && contains(newKey);
      @*/
    public void decreaseKey(int oldKey, int newKey) {
        Node n = find(head, oldKey);
        n.key = newKey;
        while (n.parent != null && n.key < n.parent.key) {
            int key = n.key;
            n.key = n.parent.key;
            n.parent.key = key;
            n = n.parent;
        }
    }

    /** The root with the least key, the first of equal ones: a heap's least key is a root's. */
    private /*@ pure @*/ Node minimumRoot() {
        Node min = head;
        for (Node r = head.sibling; r != null; r = r.sibling) {
            if (r.key < min.key) {
                min = r;
            }
        }
        return min;
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
        child.parent = parent;
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
