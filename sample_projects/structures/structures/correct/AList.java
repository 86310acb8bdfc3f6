package structures.correct;

/**
 * A circular doubly linked list of ints that keeps the nodes it unlinks in a cache for
 * reuse, up to maximumCacheSize of them: TACO's AList, after commons-collections'
 * NodeCachingLinkedList. The cache is a singly linked list through next, apart from the
 * ring.
 */
public class AList {
    /** A cell of the ring or of the cache; the header is one too. */
    static final class Node {
        int value;
        /*@ nullable @*/ Node next;
        /*@ nullable @*/ Node previous;
    }

    private final /*@ spec_public @*/ Node header;
    private /*@ spec_public @*/ int size;
    private /*@ spec_public nullable @*/ Node firstCacheNode;
    private /*@ spec_public @*/ int cacheSize;
    private final /*@ spec_public @*/ int maximumCacheSize;

    /*@ public invariant (\forall Node n; \reach(header, Node, next).has(n);
      @                       n.next != null && n.previous != null
      @                       && n.next.previous == n && n.previous.next == n);
      @ public invariant size + 1 == (\num_of Node n; \reach(header, Node, next).has(n); true);
      @ public invariant (\forall Node n; \reach(firstCacheNode, Node, next).has(n);
      @                       !\reach(n.next, Node, next).has(n)
      @                       && !\reach(header, Node, next).has(n));
      @ public invariant cacheSize == (\num_of Node n; \reach(firstCacheNode, Node, next).has(n); true);
      @ public invariant 0 <= cacheSize && cacheSize <= maximumCacheSize;
      @*/

    //@ requires maximumCacheSize >= 0;
    //@ ensures size == 0 && cacheSize == 0 && this.maximumCacheSize == maximumCacheSize;
    public AList(int maximumCacheSize) {
        this.maximumCacheSize = maximumCacheSize;
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
      @ ensures cacheSize == (\old(cacheSize) > 0 ? \old(cacheSize) - 1 : 0);
      @*/
    public void insert(int x) {
        Node added = firstCacheNode;
        if (added == null) {
            added = new Node();
        } else {
            firstCacheNode = added.next;
            cacheSize--;
        }
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
                addNodeToCache(n);
                return true;
            }
        }
        return false;
    }

    /** Keeps an unlinked node for reuse, unless the cache is full. */
    private void addNodeToCache(Node node) {
        if (cacheSize >= maximumCacheSize) {
            return;
        }
        node.previous = null;
        node.next = firstCacheNode;
        firstCacheNode = node;
        cacheSize++;
    }
}
