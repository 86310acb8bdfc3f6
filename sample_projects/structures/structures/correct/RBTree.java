package structures.correct;

/**
 * Insertion into a red-black tree as the algorithms textbook's pseudocode writes it:
 * the Jalloy paper's RBInsert (its Fig. 2 and 3). Its properties: a red node has black
 * children (Inv1), and the nodes with at most one child have the same number of black
 * nodes on their path to the root (Inv2), on a well-formed tree with a black root.
 */
public class RBTree {
    /** A node of the tree; absent children count as black. */
    static final class Node {
        int key;
        boolean red;
        /*@ nullable @*/ Node left;
        /*@ nullable @*/ Node right;
        /*@ nullable @*/ Node parent;

        Node(int key) {
            this.key = key;
        }
    }

    private /*@ spec_public nullable @*/ Node root;

    /*@ public invariant root == null || (root.parent == null && !root.red);
      @ public invariant (\forall Node n; \reach(root).has(n);
      @                       (n.left == null || n.left.parent == n)
      @                       && (n.right == null || n.right.parent == n)
      @                       && (n.left == null || n.left != n.right)
      @                       && (n.parent == null ? n == root : n.parent.left == n || n.parent.right == n)
      @                       && \reach(n, Node, parent).has(root));
      @ public invariant (\forall Node n, a; \reach(root).has(n) && \reach(n, Node, parent).has(a);
      @                       (\reach(n, Node, parent).has(a.left) ==> n.key <= a.key)
      @                       && (\reach(n, Node, parent).has(a.right) ==> n.key >= a.key));
      @ public invariant (\forall Node n; \reach(root).has(n) && n.red;
      @                       (n.left == null || !n.left.red) && (n.right == null || !n.right.red));
      @ public invariant (\forall Node n, m; \reach(root).has(n) && \reach(root).has(m)
      @                       && (n.left == null || n.right == null) && (m.left == null || m.right == null);
      @                       (\num_of Node a; \reach(n, Node, parent).has(a); !a.red)
      @                       == (\num_of Node a; \reach(m, Node, parent).has(a); !a.red));
      @*/

    //@ ensures root == null;
    public RBTree() {
    }

    /*@ ensures (\exists Node n; \reach(root).has(n); n.key == key);
      @ ensures (\num_of Node n; \reach(root).has(n); true)
      @             == \old((\num_of Node n; \reach(root).has(n); true)) + 1;
      @*/
    public void insert(int key) {
        Node z = new Node(key);
        Node y = null;
        Node x = root;
        while (x != null) {
            y = x;
            x = key < x.key ? x.left : x.right;
        }
        z.parent = y;
        if (y == null) {
            root = z;
        } else if (key < y.key) {
            y.left = z;
        } else {
            y.right = z;
        }
        z.red = true;
        while (z.parent != null && z.parent.red) {
            Node grand = z.parent.parent;
            if (z.parent == grand.left) {
                Node uncle = grand.right;
                if (uncle != null && uncle.red) {
                    z.parent.red = false;
                    uncle.red = false;
                    grand.red = true;
                    z = grand;
                } else {
                    if (z == z.parent.right) {
                        z = z.parent;
                        leftRotate(z);
                    }
                    z.parent.red = false;
                    z.parent.parent.red = true;
                    rightRotate(z.parent.parent);
                }
            } else {
                Node uncle = grand.left;
                if (uncle != null && uncle.red) {
                    z.parent.red = false;
                    uncle.red = false;
                    grand.red = true;
                    z = grand;
                } else {
                    if (z == z.parent.left) {
                        z = z.parent;
                        rightRotate(z);
                    }
                    z.parent.red = false;
                    z.parent.parent.red = true;
                    leftRotate(z.parent.parent);
                }
            }
        }
        root.red = false;
    }

    private void leftRotate(Node x) {
        Node y = x.right;
        x.right = y.left;
        if (y.left != null) {
            y.left.parent = x;
        }
        y.parent = x.parent;
        if (x.parent == null) {
            root = y;
        } else if (x == x.parent.left) {
            x.parent.left = y;
        } else {
            x.parent.right = y;
        }
        y.left = x;
        x.parent = y;
    }

    private void rightRotate(Node x) {
        Node y = x.left;
        x.left = y.right;
        if (y.right != null) {
            y.right.parent = x;
        }
        y.parent = x.parent;
        if (x.parent == null) {
            root = y;
        } else if (x == x.parent.right) {
            x.parent.right = y;
        } else {
            x.parent.left = y;
        }
        y.right = x;
        x.parent = y;
    }
}
