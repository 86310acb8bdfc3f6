package structures.check;

import static structures.check.Fields.get;

import structures.broken.AList;
import structures.broken.AVLTree;
import structures.broken.BagToSet;
import structures.broken.BinaryHeap;
import structures.broken.BinomialHeap;
import structures.broken.CList;
import structures.broken.ElemList;
import structures.broken.LList;
import structures.broken.Point2D;
import structures.broken.Point3D;
import structures.broken.RBTree;
import structures.broken.TreeSet;

/**
 * Each planted bug of the broken variants, shown by plain calls from a small state: the
 * property the call breaks, checked in Java from the specification, is printed.
 */
final class PlantedBugs {
    private PlantedBugs() {
    }

    private static void report(String method, String violated) {
        System.out.println("broken " + method + ": " + (violated == null ? "nothing" : violated) + " violated");
    }

    static void run() {
        LList llist = new LList();
        llist.remove(1);
        report("LList.remove", Invariants.llist(llist));

        CList clist = new CList();
        clist.insert(1);
        clist.insert(2);
        clist.remove(1);
        report("CList.remove", Invariants.clist(clist));

        AList alist = new AList(2);
        for (int x = 1; x <= 3; x++) {
            alist.insert(x);
        }
        for (int x = 1; x <= 3; x++) {
            alist.remove(x);
        }
        report("AList.remove", Invariants.alist(alist));

        TreeSet set = new TreeSet();
        for (int x = 1; x <= 3; x++) {
            set.add(x);
        }
        report("TreeSet.add", Invariants.redBlack(set, false));

        AVLTree avl = new AVLTree();
        for (int x = 3; x >= 1; x--) {
            avl.insert(x);
        }
        report("AVLTree.insert", Invariants.avl(avl));

        BinomialHeap binomial = new BinomialHeap();
        binomial.insert(1);
        binomial.insert(2);
        report("BinomialHeap.insert", Invariants.binomialHeap(binomial));

        BinaryHeap inserted = new BinaryHeap(2);
        inserted.insert(5);
        inserted.insert(1);
        report("BinaryHeap.insert", Invariants.binaryHeap(inserted));

        BinaryHeap decreased = new BinaryHeap(2);
        decreased.insert(1);
        int five = decreased.insert(5);
        decreased.decreaseKey(five, 0);
        report("BinaryHeap.decreaseKey", Invariants.binaryHeap(decreased));

        BinaryHeap emptied = new BinaryHeap(1);
        emptied.insert(1);
        try {
            emptied.deleteMin();
            report("BinaryHeap.deleteMin", null);
        } catch (NullPointerException e) {
            report("BinaryHeap.deleteMin", "normal_behavior (NullPointerException)");
        }

        RBTree rb = new RBTree();
        rb.insert(5);
        rb.insert(3);
        rb.insert(1);
        report("RBTree.insert", Invariants.redBlack(rb, true));

        swapTail();
        bagToSet();
    }

    /** Two lists that share their second element: m's tail becomes m's first element. */
    private static void swapTail() {
        Object shared = Fields.make("structures.broken.ElemList$ListElem");
        Object lFirst = Fields.make("structures.broken.ElemList$ListElem");
        Fields.set(lFirst, "next", shared);
        ElemList l = new ElemList();
        ElemList m = new ElemList();
        Fields.set(l, "first", lFirst);
        Fields.set(m, "first", shared);
        ElemList.swapTail(l, m);
        boolean acyclic = Invariants.chain(get(m, "first"), "next") != null;
        report("ElemList.swapTail", acyclic ? null : "ensures m acyclic");
    }

    /** Miniatur's counterexample (its Fig. 1c): a Point2D and a Point3D of the same x and y. */
    private static void bagToSet() {
        Point2D[] bag = {new Point2D(2, 6), new Point3D(2, 6, 61695)};
        Point2D[] set = BagToSet.bagToSet(bag);
        boolean distinct = !(set.length == 2 && (set[0].equals(set[1]) || set[1].equals(set[0])));
        report("BagToSet.bagToSet", distinct ? null : "ensures no two equal points");
        try {
            BagToSet.testHarness(bag);
            report("BagToSet.testHarness", null);
        } catch (AssertionError e) {
            report("BagToSet.testHarness", "assert");
        }
    }
}
