package boundcheck.contracts;

/**
 * an object must equal itself
 *
 * <p>Object.equals: "It is reflexive: for any non-null reference value x,
 * x.equals(x) should return true."
 *
 * @contract equals-reflexive
 */
final class EqualsReflexive {
    static void check(Object x) {
        assert x.equals(x) : "x.equals(x) is false";
    }
}
