package structures.check;

import static structures.check.Fields.get;
import static structures.check.Fields.getInt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import structures.correct.AList;
import structures.correct.AVLTree;
import structures.correct.BagToSet;
import structures.correct.BinaryHeap;
import structures.correct.BinomialHeap;
import structures.correct.CList;
import structures.correct.ElemList;
import structures.correct.LList;
import structures.correct.Point2D;
import structures.correct.Point3D;
import structures.correct.RBTree;
import structures.correct.TreeSet;

/**
 * Seeded random operation sequences on the correct variants: after every operation the
 * class invariants hold, and each result is the one a plain java.util model gives (the
 * methods' ensures clauses).
 */
final class RandomRuns {
    static final int OPERATIONS = 400;

    private final Random random;
    private String structure;
    private int step;

    RandomRuns(long seed) {
        random = new Random(seed);
    }

    /** Fails naming the structure, the step and what did not hold. */
    private void require(boolean holds, String what) {
        if (!holds) {
            throw new AssertionError(structure + " step " + step + ": " + what);
        }
    }

    private void invariants(String broken) {
        require(broken == null, "invariant " + broken);
    }

    private void start(String name) {
        structure = name;
        step = 0;
    }

    private void done() {
        System.out.println("correct " + structure + ": " + OPERATIONS + " operations, invariants and results held");
    }

    void run() {
        lists();
        treeSet();
        avlTree();
        binomialHeap();
        binaryHeap();
        rbTree();
        swapTail();
        bagToSet();
    }

    /** The list's elements in order: after the header of a ring, from head otherwise. */
    private static List<Integer> values(Object list) {
        List<Integer> values = new ArrayList<>();
        if (list instanceof LList) {
            for (Object n : Invariants.chain(get(list, "head"), "next")) {
                values.add(getInt(n, "value"));
            }
            return values;
        }
        Object header = get(list, "header");
        for (Object n = get(header, "next"); n != header; n = get(n, "next")) {
            values.add(getInt(n, "value"));
        }
        return values;
    }

    /** Calls the list's method of one int by reflection: the three lists share no interface. */
    private static Object call(Object list, String method, int x) {
        try {
            return list.getClass().getMethod(method, int.class).invoke(list, x);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private void lists() {
        Object[] lists = {new LList(), new CList(), new AList(random.nextInt(4))};
        for (Object list : lists) {
            start(list.getClass().getSimpleName());
            List<Integer> model = new ArrayList<>();
            for (step = 0; step < OPERATIONS; step++) {
                int x = random.nextInt(6);
                boolean had = model.contains(x);
                switch (random.nextInt(3)) {
                    case 0:
                        call(list, "insert", x);
                        model.add(x);
                        break;
                    case 1:
                        require((Boolean) call(list, "remove", x) == had, "remove's result");
                        model.remove((Integer) x);
                        break;
                    default:
                        require((Boolean) call(list, "contains", x) == had, "contains");
                }
                invariants(list instanceof LList ? Invariants.llist(list)
                    : list instanceof CList ? Invariants.clist(list) : Invariants.alist(list));
                require(values(list).equals(model), "sequence " + values(list) + " != " + model);
                require(getInt(list, "size") == model.size(), "size");
            }
            done();
        }
    }

    private void treeSet() {
        start("TreeSet");
        TreeSet set = new TreeSet();
        java.util.TreeSet<Integer> model = new java.util.TreeSet<>();
        for (step = 0; step < OPERATIONS; step++) {
            int x = random.nextInt(24);
            switch (random.nextInt(3)) {
                case 0:
                    require(set.add(x) == model.add(x), "add's result");
                    break;
                case 1:
                    require(set.remove(x) == model.remove(x), "remove's result");
                    break;
                default:
                    require(set.contains(x) == model.contains(x), "contains");
            }
            invariants(Invariants.redBlack(set, false));
            require(getInt(set, "size") == model.size(), "size");
        }
        done();
    }

    private void avlTree() {
        start("AVLTree");
        AVLTree tree = new AVLTree();
        java.util.TreeSet<Integer> model = new java.util.TreeSet<>();
        for (step = 0; step < OPERATIONS; step++) {
            int x = random.nextInt(200) - 100;
            if (random.nextBoolean()) {
                tree.insert(x);
                model.add(x);
            }
            require(tree.find(x) == model.contains(x), "find");
            require(model.isEmpty() || tree.findMax() == model.last(), "findMax");
            invariants(Invariants.avl(tree));
        }
        done();
    }

    private void binomialHeap() {
        start("BinomialHeap");
        BinomialHeap heap = new BinomialHeap();
        List<Integer> model = new ArrayList<>();
        for (step = 0; step < OPERATIONS; step++) {
            int op = model.isEmpty() ? 0 : random.nextInt(4);
            if (op == 0) {
                int key = random.nextInt(50);
                heap.insert(key);
                model.add(key);
            } else if (op == 1) {
                require(heap.findMinimum() == min(model), "findMinimum");
            } else if (op == 2) {
                int min = min(model);
                require(heap.extractMin() == min, "extractMin");
                model.remove((Integer) min);
            } else {
                int oldKey = model.get(random.nextInt(model.size()));
                int newKey = oldKey - random.nextInt(10);
                heap.decreaseKey(oldKey, newKey);
                model.remove((Integer) oldKey);
                model.add(newKey);
                require(heap.contains(newKey), "contains the decreased key");
            }
            invariants(Invariants.binomialHeap(heap));
            require(getInt(heap, "size") == model.size(), "size");
        }
        done();
    }

    private static int min(List<Integer> keys) {
        int min = Integer.MAX_VALUE;
        for (int k : keys) {
            min = Math.min(min, k);
        }
        return min;
    }

    private void binaryHeap() {
        start("BinaryHeap");
        BinaryHeap heap = new BinaryHeap(OPERATIONS);
        Map<Integer, Integer> live = new HashMap<>();
        for (step = 0; step < OPERATIONS; step++) {
            int op = live.isEmpty() ? 0 : random.nextInt(4);
            if (op == 0) {
                int key = random.nextInt(100);
                live.put(heap.insert(key), key);
            } else if (op == 1) {
                require(heap.minElement() == min(new ArrayList<>(live.values())), "minElement");
            } else if (op == 2) {
                int min = min(new ArrayList<>(live.values()));
                require(heap.deleteMin() == min, "deleteMin");
                Object[] elems = (Object[]) get(heap, "elems");
                live.keySet().removeIf(elem -> getInt(elems[elem], "heapIndex") == 0);
                require(live.size() == getInt(heap, "size"), "one element left the heap");
            } else {
                List<Integer> elements = new ArrayList<>(live.keySet());
                int elem = elements.get(random.nextInt(elements.size()));
                int newKey = live.get(elem) - random.nextInt(20);
                heap.decreaseKey(elem, newKey);
                live.put(elem, newKey);
            }
            invariants(Invariants.binaryHeap(heap));
        }
        done();
    }

    private void rbTree() {
        start("RBTree");
        RBTree tree = new RBTree();
        for (step = 0; step < OPERATIONS; step++) {
            tree.insert(random.nextInt(40));
            invariants(Invariants.redBlack(tree, true));
        }
        done();
    }

    /** A list of fresh elements, made by reflection: ElemList's element class is package-private. */
    private ElemList elemList(int length) {
        ElemList list = new ElemList();
        Object last = null;
        for (int i = 0; i < length; i++) {
            Object e = Fields.make("structures.correct.ElemList$ListElem");
            Fields.set(e, "val", random.nextInt(10));
            if (last == null) {
                Fields.set(list, "first", e);
            } else {
                Fields.set(last, "next", e);
            }
            last = e;
        }
        return list;
    }

    private void swapTail() {
        start("ElemList");
        for (step = 0; step < OPERATIONS; step++) {
            ElemList l = elemList(random.nextInt(4));
            ElemList m = elemList(random.nextInt(4));
            List<Object> lBefore = Invariants.chain(get(l, "first"), "next");
            List<Object> mBefore = Invariants.chain(get(m, "first"), "next");
            ElemList.swapTail(l, m);
            List<Object> lAfter = Invariants.chain(get(l, "first"), "next");
            List<Object> mAfter = Invariants.chain(get(m, "first"), "next");
            require(lAfter != null && mAfter != null, "both lists acyclic");
            if (!lBefore.isEmpty() && !mBefore.isEmpty()) {
                require(lAfter.subList(1, lAfter.size()).equals(mBefore.subList(1, mBefore.size()))
                        && mAfter.subList(1, mAfter.size()).equals(lBefore.subList(1, lBefore.size())),
                        "tails swapped");
            }
        }
        done();
    }

    private void bagToSet() {
        start("BagToSet");
        for (step = 0; step < OPERATIONS; step++) {
            Point2D[] bag = new Point2D[random.nextInt(5)];
            for (int i = 0; i < bag.length; i++) {
                int x = random.nextInt(3);
                int y = random.nextInt(3);
                bag[i] = random.nextBoolean() ? new Point2D(x, y) : new Point3D(x, y, random.nextInt(2));
            }
            Point2D[] set = BagToSet.bagToSet(bag);
            BagToSet.testHarness(bag);
            for (int i = 0; i < set.length; i++) {
                for (int j = 0; j < set.length; j++) {
                    require(i == j || !set[i].equals(set[j]), "no two equal points");
                }
            }
            for (Point2D p : bag) {
                boolean kept = false;
                for (Point2D q : set) {
                    kept |= q.equals(p);
                }
                require(kept, "every point of the bag has an equal one in the set");
            }
        }
        done();
    }
}
