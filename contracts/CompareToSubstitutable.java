package boundcheck.contracts;

/**
 * objects that compare as equal must compare alike with every other object
 *
 * <p>Comparable.compareTo: "Finally, the implementor must ensure that
 * x.compareTo(y)==0 implies that signum(x.compareTo(z)) == signum(y.compareTo(z)),
 * for all z."
 *
 * <p>A ClassCastException says that two objects cannot be compared, which
 * Comparable allows; any other exception is a violation.
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
        } catch (ClassCastException e) {
            return;
        }
        int xz = 0;
        int yz = 0;
        boolean xzThrows = false;
        boolean yzThrows = false;
        try {
            xz = x.compareTo(z);
        } catch (ClassCastException e) {
            xzThrows = true;
        }
        try {
            yz = y.compareTo(z);
        } catch (ClassCastException e) {
            yzThrows = true;
        }
        assert xzThrows == yzThrows : "x.compareTo(y) == 0, but only one of x and y can be compared with z";
        assert Integer.signum(xz) == Integer.signum(yz) : "x.compareTo(y) == 0, but x and y compare differently with z";
    }
}
