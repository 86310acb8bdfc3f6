package boundcheck.contracts;

/**
 * equals must be transitive
 *
 * <p>Object.equals: "It is transitive: for any non-null reference values x, y,
 * and z, if x.equals(y) returns true and y.equals(z) returns true, then
 * x.equals(z) should return true."
 *
 * @contract equals-transitive
 */
final class EqualsTransitive {
    static void check(Object x, Object y, Object z) {
        if (y == null || z == null) {
            return;
        }
        if (x.equals(y) && y.equals(z)) {
            assert x.equals(z) : "x.equals(y) and y.equals(z), but not x.equals(z)";
        }
    }
}
