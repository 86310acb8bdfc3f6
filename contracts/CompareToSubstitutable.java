package boundcheck.contracts;

/**
 * objects that compare as equal must compare alike with every other object
 *
 * <p>Comparable.compareTo: "Finally, the implementor must ensure that
 * x.compareTo(y)==0 implies that signum(x.compareTo(z)) == signum(y.compareTo(z)),
 * for all z."
 *
 * <p>An exception from x.compareTo(y) says that they cannot be compared, so the
 * rule asks nothing; x.compareTo(z) and y.compareTo(z) both throwing agree, one
 * throwing alone is a violation.
 *
 * @contract compareto-substitutable
 */
final class CompareToSubstitutable {
    static <T extends Comparable<T>> void check(T x, T y, T z) {
        if (y == null || z == null) {
            return;
        }
        try {
            if (x.compareTo(y) != 0) {
                return;
            }
        } catch (RuntimeException e) {
            return;
        }
        int xz = 0;
        int yz = 0;
        boolean xzThrows = false;
        boolean yzThrows = false;
        try {
            xz = x.compareTo(z);
        } catch (RuntimeException e) {
            xzThrows = true;
        }
        try {
            yz = y.compareTo(z);
        } catch (RuntimeException e) {
            yzThrows = true;
        }
        assert xzThrows == yzThrows : "x.compareTo(y) == 0, but only one of x and y can be compared with z";
        assert Integer.signum(xz) == Integer.signum(yz) : "x.compareTo(y) == 0, but x and y compare differently with z";
    }
}
