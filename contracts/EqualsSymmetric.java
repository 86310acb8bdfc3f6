package boundcheck.contracts;

/**
 * equals must be symmetric
 *
 * <p>Object.equals: "It is symmetric: for any non-null reference values x and y,
 * x.equals(y) should return true if and only if y.equals(x) returns true."
 *
 * @contract equals-symmetric
 */
final class EqualsSymmetric {
    static void check(Object x, Object y) {
        if (y == null) {
            return;
        }
        assert x.equals(y) == y.equals(x) : "x.equals(y) and y.equals(x) differ";
    }
}
