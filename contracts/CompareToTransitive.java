package boundcheck.contracts;

/**
 * compareTo must be transitive
 *
 * <p>Comparable.compareTo: "The implementor must also ensure that the relation
 * is transitive: (x.compareTo(y) > 0 && y.compareTo(z) > 0) implies
 * x.compareTo(z) > 0."
 *
 * <p>An exception from x.compareTo(y) or y.compareTo(z) says that two objects
 * cannot be compared, so the rule asks nothing (whether it is thrown both ways
 * is compareto-antisymmetric's question); x > y and y > z, then x.compareTo(z)
 * throwing, is a violation: it is not > 0.
 *
 * @contract compareto-transitive
 */
final class CompareToTransitive {
    static <T extends Comparable<T>> void check(T x, T y, T z) {
        if (y == null || z == null) {
            return;
        }
        int xy;
        int yz;
        try {
            xy = x.compareTo(y);
            yz = y.compareTo(z);
        } catch (RuntimeException e) {
            return;
        }
        if (xy > 0 && yz > 0) {
            assert x.compareTo(z) > 0 : "x > y and y > z, but not x > z";
        }
    }
}
