package structures.check;

import static structures.check.Fields.get;
import static structures.check.Fields.getBoolean;
import static structures.check.Fields.getInt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The class invariants of the sample's structures, written in Java from their JML: each
 * method returns null when they hold, else the property that does not. They read fields
 * by reflection, so one check serves the correct and the broken variant of a class.
 */
final class Invariants {
    private Invariants() {
    }

    /** Nodes reachable from start through one field, in order, or null if they cycle. */
    static List<Object> chain(Object start, String field) {
        List<Object> nodes = new ArrayList<>();
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Object n = start; n != null; n = get(n, field)) {
            if (!seen.add(n)) {
                return null;
            }
            nodes.add(n);
        }
        return nodes;
    }

    static String llist(Object list) {
        List<Object> nodes = chain(get(list, "head"), "next");
        if (nodes == null) {
            return "acyclic";
        }
        return nodes.size() == getInt(list, "size") ? null : "size == number of nodes";
    }

    /** The ring's invariants (CList, and AList's ring); the ring's nodes go to ring. */
    static String ring(Object list, Set<Object> ring) {
        Object header = get(list, "header");
        for (Object n = header; ring.add(n); n = get(n, "next")) {
            Object next = get(n, "next");
            Object previous = get(n, "previous");
            if (next == null || previous == null || get(next, "previous") != n || get(previous, "next") != n) {
                return "next.previous == n && previous.next == n";
            }
        }
        return ring.size() == getInt(list, "size") + 1 ? null : "size + 1 == number of ring nodes";
    }

    static String clist(Object list) {
        return ring(list, identitySet());
    }

    static String alist(Object list) {
        Set<Object> ring = identitySet();
        String broken = ring(list, ring);
        if (broken != null) {
            return broken;
        }
        List<Object> cache = chain(get(list, "firstCacheNode"), "next");
        if (cache == null) {
            return "cache acyclic";
        }
        for (Object n : cache) {
            if (ring.contains(n)) {
                return "cache apart from the ring";
            }
        }
        int cacheSize = getInt(list, "cacheSize");
        if (cache.size() != cacheSize) {
            return "cacheSize == number of cache nodes";
        }
        return 0 <= cacheSize && cacheSize <= getInt(list, "maximumCacheSize") ? null
            : "cacheSize <= maximumCacheSize";
    }

    /** TreeSet's tree (strict order, a color field) or, textbook, RBTree's (duplicates, a red field). */
    static String redBlack(Object tree, boolean textbook) {
        boolean duplicates = textbook;
        Object root = get(tree, "root");
        if (root != null && (get(root, "parent") != null || isRed(root, textbook))) {
            return "root: no parent, black";
        }
        List<Object> nodes = new ArrayList<>();
        String broken = shape(root, null, nodes, duplicates, Long.MIN_VALUE, Long.MAX_VALUE);
        if (broken != null) {
            return broken;
        }
        Integer blacks = null;
        for (Object n : nodes) {
            Object left = get(n, "left");
            Object right = get(n, "right");
            if (isRed(n, textbook) && (isRed(left, textbook) || isRed(right, textbook))) {
                return "a red node has black children";
            }
            if (left == null || right == null) {
                int count = 0;
                for (Object a = n; a != null; a = get(a, "parent")) {
                    count += isRed(a, textbook) ? 0 : 1;
                }
                if (blacks != null && blacks != count) {
                    return "equal black counts to the root";
                }
                blacks = count;
            }
        }
        if (duplicates) {
            return null;
        }
        return nodes.size() == getInt(tree, "size") ? null : "size == number of nodes";
    }

    private static boolean isRed(Object n, boolean textbook) {
        if (n == null) {
            return false;
        }
        return textbook ? getBoolean(n, "red") : !getBoolean(n, "color");
    }

    /** Parent pointers and order of the subtree at n; its nodes go to nodes. */
    private static String shape(Object n, Object parent, List<Object> nodes, boolean duplicates, long low, long high) {
        if (n == null) {
            return null;
        }
        if (get(n, "parent") != parent) {
            return "parent pointers";
        }
        if (nodes.size() > 1000) {
            return "acyclic";
        }
        nodes.add(n);
        int key = getInt(n, "key");
        boolean inside = duplicates ? low <= key && key <= high : low < key && key < high;
        if (!inside) {
            return "sorted";
        }
        String broken = shape(get(n, "left"), n, nodes, duplicates, low, key);
        return broken != null ? broken : shape(get(n, "right"), n, nodes, duplicates, key, high);
    }

    static String avl(Object tree) {
        return avlNode(get(tree, "root"), Long.MIN_VALUE, Long.MAX_VALUE, new int[1]);
    }

    private static String avlNode(Object n, long low, long high, int[] height) {
        if (n == null) {
            height[0] = 0;
            return null;
        }
        int key = getInt(n, "key");
        if (!(low < key && key < high)) {
            return "sorted";
        }
        String broken = avlNode(get(n, "left"), low, key, height);
        int left = height[0];
        if (broken == null) {
            broken = avlNode(get(n, "right"), key, high, height);
        }
        if (broken != null) {
            return broken;
        }
        int right = height[0];
        height[0] = 1 + Math.max(left, right);
        if (getInt(n, "height") != height[0]) {
            return "height == 1 + max of the children's";
        }
        return Math.abs(left - right) <= 1 ? null : "balanced";
    }

    static String binomialHeap(Object heap) {
        List<Object> roots = chain(get(heap, "head"), "sibling");
        if (roots == null) {
            return "acyclic";
        }
        int count = 0;
        for (int r = 0; r < roots.size(); r++) {
            Object root = roots.get(r);
            if (get(root, "parent") != null) {
                return "a root has no parent";
            }
            if (r + 1 < roots.size() && getInt(root, "degree") >= getInt(roots.get(r + 1), "degree")) {
                return "roots of increasing degree";
            }
            int[] size = new int[1];
            String broken = binomialTree(root, size);
            if (broken != null) {
                return broken;
            }
            count += size[0];
        }
        return count == getInt(heap, "size") ? null : "size == number of nodes";
    }

    private static String binomialTree(Object n, int[] size) {
        size[0]++;
        int degree = getInt(n, "degree");
        List<Object> children = chain(get(n, "child"), "sibling");
        if (children == null || children.size() != degree) {
            return "a node of degree k has k children";
        }
        for (int i = 0; i < children.size(); i++) {
            Object c = children.get(i);
            if (get(c, "parent") != n) {
                return "a child's parent is its node";
            }
            if (getInt(c, "key") < getInt(n, "key")) {
                return "heap order";
            }
            if (getInt(c, "degree") != degree - 1 - i) {
                return "children of degrees k-1 down to 0";
            }
            String broken = binomialTree(c, size);
            if (broken != null) {
                return broken;
            }
        }
        return null;
    }

    static String binaryHeap(Object queue) {
        Object[] elems = (Object[]) get(queue, "elems");
        Object[] heap = (Object[]) get(queue, "heap");
        int size = getInt(queue, "size");
        int elemCount = getInt(queue, "elemCount");
        if (heap.length != elems.length + 1 || heap[0] == null
                || size < 0 || size > elemCount || elemCount > elems.length) {
            return "sizes";
        }
        for (int i = 1; i < heap.length; i++) {
            if (i > size) {
                if (heap[i] != null) {
                    return "freed heap slots are null";
                }
                continue;
            }
            int val = getInt(heap[i], "val");
            if (val < 0 || val >= elemCount || getInt(elems[val], "heapIndex") != i
                    || getInt(elems[val], "key") != getInt(heap[i], "key")) {
                return "elems[heap[i].val].heapIndex == i and keys match";
            }
            if (i >= 2 && getInt(heap[i / 2], "key") > getInt(heap[i], "key")) {
                return "min-heap order";
            }
        }
        for (int j = 0; j < elems.length; j++) {
            if (j >= elemCount) {
                if (elems[j] != null) {
                    return "free element slots are null";
                }
                continue;
            }
            int index = getInt(elems[j], "heapIndex");
            if (index < 0 || index > size || (index > 0 && getInt(heap[index], "val") != j)) {
                return "an element's heapIndex names its entry";
            }
        }
        return null;
    }

    static Set<Object> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<Object, Boolean>());
    }
}
