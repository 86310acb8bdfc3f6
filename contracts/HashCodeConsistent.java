package boundcheck.contracts;

/**
 * equal objects must have equal hash codes
 *
 * <p>Object.hashCode: "If two objects are equal according to the equals method,
 * then calling the hashCode method on each of the two objects must produce the
 * same integer result."
 *
 * @contract hashcode-consistent
 */
final class HashCodeConsistent {
    static void check(Object x, Object y) {
        if (y == null) {
            return;
        }
        if (x.equals(y)) {
            assert x.hashCode() == y.hashCode() : "x.equals(y), but their hash codes differ";
        }
    }
}
