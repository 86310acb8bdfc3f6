package structures.correct;

import java.util.Collection;
import java.util.LinkedHashSet;

/**
 * Miniatur's bag-to-set client (its Fig. 1b and Fig. 10): the distinct points of an array,
 * through a hash set. Its result has no two equal points as long as the points' equals and
 * hashCode keep their contracts. The set is a LinkedHashSet (a HashSet whose iteration
 * follows insertion) where the paper's is a HashSet: the result's order is then defined.
 */
public class BagToSet {
    /*@ requires (\forall int i; 0 <= i && i < values.length; values[i] != null);
      @ ensures (\forall int i; 0 <= i && i < \result.length;
      @             (\forall int j; 0 <= j && j < \result.length; i != j ==> !\result[i].equals(\result[j])));
      @*/
    public static Point2D[] bagToSet(Point2D[] values) {
        Collection<Point2D> result = new LinkedHashSet<>(16);
        for (int i = 0; i < values.length; i++) {
            if (!result.contains(values[i])) {
                result.add(values[i]);
            }
        }
        Point2D[] set = new Point2D[result.size()];
        int next = 0;
        for (Point2D value : result) {
            set[next++] = value;
        }
        return set;
    }

    /** The paper's harness: its asserts are checked for every array of points. */
    public static void testHarness(Point2D[] valuesBag) {
        for (Point2D value : valuesBag) {
            if (value == null) {
                return;
            }
        }
        Point2D[] valuesSet = bagToSet(valuesBag);
        for (int i = 0; i < valuesSet.length; i++) {
            for (int j = 0; j < valuesSet.length; j++) {
                if (i != j) {
                    assert !valuesSet[i].equals(valuesSet[j]);
                }
            }
        }
    }
}
