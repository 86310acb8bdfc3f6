package boundcheck.contracts;

/**
 * no object may equal null
 *
 * <p>Object.equals: "For any non-null reference value x, x.equals(null) should
 * return false."
 *
 * @contract equals-null
 */
final class EqualsNull {
    static void check(Object x) {
        assert !x.equals(null) : "x.equals(null) is true";
    }
}
