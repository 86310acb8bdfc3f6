package structures.correct;

/**
 * A set of ints in an AVL tree: TACO's AVLTree. Each node stores the height of its
 * subtree, and the heights of a node's two subtrees differ by at most one.
 */
public class AVLTree {
    /** A node of the tree. */
    static final class Node {
        int key;
        int height = 1;
        /*@ nullable @*/ Node left;
        /*@ nullable @*/ Node right;

        Node(int key) {
            this.key = key;
        }
    }

    private /*@ spec_public nullable @*/ Node root;

    /*@ public invariant (\forall Node n; \reach(root).has(n);
      @                       (\forall Node m; \reach(n.left).has(m); m.key < n.key)
      @                       && (\forall Node m; \reach(n.right).has(m); m.key > n.key));
      @ public invariant (\forall Node n; \reach(root).has(n);
      @                       n.height == 1 + Math.max(height(n.left), height(n.right))
      @                       && -1 <= height(n.left) - height(n.right)
      @                       && height(n.left) - height(n.right) <= 1);
      @*/

    //@ ensures root == null;
    public AVLTree() {
    }

    //@ ensures \result <==> (\exists Node n; \reach(root).has(n); n.key == key);
    public /*@ pure @*/ boolean find(int key) {
        Node n = root;
        while (n != null && n.key != key) {
            n = key < n.key ? n.left : n.right;
        }
        return n != null;
    }

    /*@ requires root != null;
      @ ensures (\forall Node n; \reach(root).has(n); n.key <= \result);
      @ ensures (\exists Node n; \reach(root).has(n); n.key == \result);
      @*/
    public /*@ pure @*/ int findMax() {
        Node n = root;
        while (n.right != null) {
            n = n.right;
        }
        return n.key;
    }

    //@ ensures find(key) && (\forall Node n; \old(\reach(root)).has(n); find(n.key));
    public void insert(int key) {
        root = insert(root, key);
    }

    private static Node insert(/*@ nullable @*/ Node node, int key) {
        if (node == null) {
            return new Node(key);
        }
        if (key < node.key) {
            node.left = insert(node.left, key);
        } else if (key > node.key) {
            node.right = insert(node.right, key);
        } else {
            return node;
        }
        return rebalance(node);
    }

    /** The height of a subtree, 0 for none. */
    private static /*@ pure @*/ int height(/*@ nullable @*/ Node n) {
        return n == null ? 0 : n.height;
    }

    private static void updateHeight(Node n) {
        n.height = 1 + Math.max(height(n.left), height(n.right));
    }

    /** Brings a node whose subtrees' heights differ by two back into balance; returns the subtree's new root. */
    private static Node rebalance(Node node) {
        updateHeight(node);
        int balance = height(node.left) - height(node.right);
        if (balance > 1) {
            if (height(node.left.left) < height(node.left.right)) {
                node.left = rotateLeft(node.left);
            }
            return rotateRight(node);
        }
        if (balance < -1) {
            if (height(node.right.right) < height(node.right.left)) {
                node.right = rotateRight(node.right);
            }
            return rotateLeft(node);
        }
        return node;
    }

    private static Node rotateRight(Node node) {
        Node pivot = node.left;
        node.left = pivot.right;
        pivot.right = node;
        updateHeight(node);
        updateHeight(pivot);
        return pivot;
    }

    private static Node rotateLeft(Node node) {
        Node pivot = node.right;
        node.right = pivot.left;
        pivot.left = node;
        updateHeight(node);
        updateHeight(pivot);
        return pivot;
    }
}
