package boundcheck.contracts;

/**
 * compareTo should be consistent with equals
 *
 * <p>Comparable.compareTo: "It is strongly recommended, but not strictly
 * required that (x.compareTo(y)==0) == (x.equals(y))." Sorted sets and maps
 * use compareTo where other collections use equals.
 *
 * <p>An exception from x.compareTo(y) says that they cannot be compared, so the
 * rule asks nothing; an exception from x.equals(y) is a violation.
 *
 * @contract compareto-equals
 * @advisory
 */
final class CompareToEquals {
    static <T extends Comparable<T>> void check(T x, T y) {
        if (y == null) {
            return;
        }
        int xy;
        try {
            xy = x.compareTo(y);
        } catch (RuntimeException e) {
            return;
        }
        assert (xy == 0) == x.equals(y) : "x.compareTo(y) == 0 and x.equals(y) differ";
    }
}
