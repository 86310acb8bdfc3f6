package boundcheck.contracts;

/**
 * compareTo must be antisymmetric
 *
 * <p>Comparable.compareTo: "The implementor must ensure signum(x.compareTo(y)) ==
 * -signum(y.compareTo(x)) for all x and y. (This implies that x.compareTo(y) must
 * throw an exception if and only if y.compareTo(x) throws an exception.)"
 *
 * <p>An exception says that two objects cannot be compared, which Comparable
 * allows both ways: x.compareTo(y) and y.compareTo(x) both throwing, of any
 * class (a NullPointerException for a null field, a ClassCastException for an
 * object of another class), is no violation; one throwing alone is.
 *
 * @contract compareto-antisymmetric
 */
final class CompareToAntisymmetric {
    static <T extends Comparable<T>> void check(T x, T y) {
        if (y == null) {
            return;
        }
        int xy = 0;
        int yx = 0;
        boolean xyThrows = false;
        boolean yxThrows = false;
        try {
            xy = x.compareTo(y);
        } catch (RuntimeException e) {
            xyThrows = true;
        }
        try {
            yx = y.compareTo(x);
        } catch (RuntimeException e) {
            yxThrows = true;
        }
        assert xyThrows == yxThrows : "only one of x.compareTo(y) and y.compareTo(x) throws";
        assert Integer.signum(xy) == -Integer.signum(yx) : "signum(x.compareTo(y)) != -signum(y.compareTo(x))";
    }
}
