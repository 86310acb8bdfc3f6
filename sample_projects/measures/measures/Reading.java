package measures;

/**
 * A sensor reading, equal to another within one unit in the last place, as
 * {@code Precision.equalsIncludingNaN(x, y, 1)} of commons-math decides (and its
 * statistics' {@code equals}): not transitive, since a tolerance does not add up, and
 * not consistent with {@code Double.hashCode}, which tells neighbours apart.
 */
public final class Reading {
    private final double value;

    public Reading(double value) {
        this.value = value;
    }

    private static boolean withinOneUlp(double x, double y) {
        long xBits = Double.doubleToRawLongBits(x);
        long yBits = Double.doubleToRawLongBits(y);
        if (((xBits ^ yBits) & Long.MIN_VALUE) == 0L) {
            return Math.abs(xBits - yBits) <= 1;
        }
        // opposite signs: the distances of both from their zero
        long plus = Math.max(xBits, yBits);
        long minus = Math.min(xBits, yBits) - Long.MIN_VALUE;
        return plus <= 1 && minus <= 1 - plus;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Reading)) {
            return false;
        }
        double other = ((Reading) o).value;
        if (Double.isNaN(value) || Double.isNaN(other)) {
            return Double.isNaN(value) && Double.isNaN(other);
        }
        return withinOneUlp(value, other);
    }

    @Override
    public int hashCode() {
        return Double.hashCode(value);
    }
}
