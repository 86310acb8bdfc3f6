package structures.correct;

/**
 * A set of ints in a red-black tree with parent pointers: TACO's TreeSet, the shape of
 * java.util.TreeSet's tree. Absent children count as black leaves.
 */
public class TreeSet {
    private static final boolean RED = false;
    private static final boolean BLACK = true;

    /** A node of the tree. */
    static final class Node {
        int key;
        /*@ nullable @*/ Node left;
        /*@ nullable @*/ Node right;
        /*@ nullable @*/ Node parent;
        boolean color = BLACK;

        Node(int key, /*@ nullable @*/ Node parent) {
            this.key = key;
            this.parent = parent;
        }
    }

    private /*@ spec_public nullable @*/ Node root;
    private /*@ spec_public @*/ int size;

    /*@ public invariant root == null || (root.parent == null && root.color == BLACK);
      @ public invariant (\forall Node n; \reach(root).has(n);
      @                       (n.left == null || n.left.parent == n)
      @                       && (n.right == null || n.right.parent == n)
      @                       && (n.left == null || n.left != n.right)
      @                       && (n.parent == null ? n == root : n.parent.left == n || n.parent.right == n)
      @                       && \reach(n, Node, parent).has(root));
      @ public invariant (\forall Node n, a; \reach(root).has(n) && \reach(n, Node, parent).has(a);
      @                       (\reach(n, Node, parent).has(a.left) ==> n.key < a.key)
      @                       && (\reach(n, Node, parent).has(a.right) ==> n.key > a.key));
      @ public invariant (\forall Node n; \reach(root).has(n) && n.color == RED;
      @                       (n.left == null || n.left.color == BLACK)
      @                       && (n.right == null || n.right.color == BLACK));
      @ public invariant (\forall Node n, m; \reach(root).has(n) && \reach(root).has(m)
      @                       && (n.left == null || n.right == null) && (m.left == null || m.right == null);
      @                       (\num_of Node a; \reach(n, Node, parent).has(a); a.color == BLACK)
      @                       == (\num_of Node a; \reach(m, Node, parent).has(a); a.color == BLACK));
      @ public invariant size == (\num_of Node n; \reach(root).has(n); true);
      @*/

    //@ ensures root == null && size == 0;
    public TreeSet() {
    }

    //@ ensures \result <==> (\exists Node n; \reach(root).has(n); n.key == key);
    public /*@ pure @*/ boolean contains(int key) {
        return find(key) != null;
    }

    /*@ ensures \result == !\old(contains(key)) && contains(key);
      @ ensures size == (\result ? \old(size) + 1 : \old(size));
      @*/
    public boolean add(int key) {
        if (root == null) {
            root = new Node(key, null);
            size = 1;
            return true;
        }
        Node parent = root;
        while (true) {
            if (key == parent.key) {
                return false;
            }
            Node next = key < parent.key ? parent.left : parent.right;
            if (next == null) {
                break;
            }
            parent = next;
        }
        Node added = new Node(key, parent);
        if (key < parent.key) {
            parent.left = added;
        } else {
            parent.right = added;
        }
        repairAfterAdding(added);
        size++;
        return true;
    }

    /*@ ensures \result == \old(contains(key)) && !contains(key);
      @ ensures size == (\result ? \old(size) - 1 : \old(size));
      @*/
    public boolean remove(int key) {
        Node gone = find(key);
        if (gone == null) {
            return false;
        }
        size--;
        if (gone.left != null && gone.right != null) {
            Node successor = gone.right;
            while (successor.left != null) {
                successor = successor.left;
            }
            gone.key = successor.key;
            gone = successor;
        }
        Node child = gone.left != null ? gone.left : gone.right;
        if (child != null) {
            replace(gone, child);
            if (gone.color == BLACK) {
                repairAfterRemoving(child);
            }
        } else if (gone.parent == null) {
            root = null;
        } else {
            // the node stays in place as a black leaf while the tree is repaired around it
            if (gone.color == BLACK) {
                repairAfterRemoving(gone);
            }
            replace(gone, null);
        }
        return true;
    }

    private /*@ pure nullable @*/ Node find(int key) {
        Node n = root;
        while (n != null && n.key != key) {
            n = key < n.key ? n.left : n.right;
        }
        return n;
    }

    /** Puts child where node was under node's parent, and detaches node. */
    private void replace(Node node, /*@ nullable @*/ Node child) {
        Node parent = node.parent;
        if (child != null) {
            child.parent = parent;
        }
        if (parent == null) {
            root = child;
        } else if (parent.left == node) {
            parent.left = child;
        } else {
            parent.right = child;
        }
        node.left = null;
        node.right = null;
        node.parent = null;
    }

    private static boolean isRed(/*@ nullable @*/ Node n) {
        return n != null && n.color == RED;
    }

    /** Restores the colours after a red leaf was added: the tree may have one red node under a red parent. */
    private void repairAfterAdding(Node added) {
        Node x = added;
        x.color = RED;
        while (x != root && x.parent.color == RED) {
            Node parent = x.parent;
            Node grand = parent.parent;
            if (parent == grand.left) {
                Node uncle = grand.right;
                if (isRed(uncle)) {
                    parent.color = BLACK;
                    uncle.color = BLACK;
                    grand.color = RED;
                    x = grand;
                } else {
                    if (x == parent.right) {
                        rotateLeft(parent);
                        Node lower = parent;
                        parent = x;
                        x = lower;
                    }
                    parent.color = BLACK;
                    grand.color = RED;
                    rotateRight(grand);
                }
            } else {
                Node uncle = grand.left;
                if (isRed(uncle)) {
                    parent.color = BLACK;
                    uncle.color = BLACK;
                    grand.color = RED;
                    x = grand;
                } else {
                    if (x == parent.left) {
                        rotateRight(parent);
                        Node lower = parent;
                        parent = x;
                        x = lower;
                    }
                    parent.color = BLACK;
                    grand.color = RED;
                    rotateLeft(grand);
                }
            }
        }
        root.color = BLACK;
    }

    /** Restores the black heights after a black node left the path through x. */
    private void repairAfterRemoving(Node start) {
        Node x = start;
        while (x != root && x.color == BLACK) {
            Node parent = x.parent;
            if (x == parent.left) {
                Node sibling = parent.right;
                if (isRed(sibling)) {
                    sibling.color = BLACK;
                    parent.color = RED;
                    rotateLeft(parent);
                    sibling = parent.right;
                }
                if (!isRed(sibling.left) && !isRed(sibling.right)) {
                    sibling.color = RED;
                    x = parent;
                } else {
                    if (!isRed(sibling.right)) {
                        sibling.left.color = BLACK;
                        sibling.color = RED;
                        rotateRight(sibling);
                        sibling = parent.right;
                    }
                    sibling.color = parent.color;
                    parent.color = BLACK;
                    sibling.right.color = BLACK;
                    rotateLeft(parent);
                    x = root;
                }
            } else {
                Node sibling = parent.left;
                if (isRed(sibling)) {
                    sibling.color = BLACK;
                    parent.color = RED;
                    rotateRight(parent);
                    sibling = parent.left;
                }
                if (!isRed(sibling.left) && !isRed(sibling.right)) {
                    sibling.color = RED;
                    x = parent;
                } else {
                    if (!isRed(sibling.left)) {
                        sibling.right.color = BLACK;
                        sibling.color = RED;
                        rotateLeft(sibling);
                        sibling = parent.left;
                    }
                    sibling.color = parent.color;
                    parent.color = BLACK;
                    sibling.left.color = BLACK;
                    rotateRight(parent);
                    x = root;
                }
            }
        }
        x.color = BLACK;
    }

    /** Turns node's right child into the root of node's subtree, node its left child. */
    private void rotateLeft(Node node) {
        Node pivot = node.right;
        node.right = pivot.left;
        if (pivot.left != null) {
            pivot.left.parent = node;
        }
        hang(node, pivot);
        pivot.left = node;
        node.parent = pivot;
    }

    /** Turns node's left child into the root of node's subtree, node its right child. */
    private void rotateRight(Node node) {
        Node pivot = node.left;
        node.left = pivot.right;
        if (pivot.right != null) {
            pivot.right.parent = node;
        }
        hang(node, pivot);
        pivot.right = node;
        node.parent = pivot;
    }

    /** Makes pivot the child of node's parent in node's place (or the root). */
    private void hang(Node node, Node pivot) {
        Node parent = node.parent;
        pivot.parent = parent;
        if (parent == null) {
            root = pivot;
        } else if (parent.left == node) {
            parent.left = pivot;
        } else {
            parent.right = pivot;
        }
    }
}
