package measures;

/** The fix for Score: Double.compare, with equals and a hashCode from the same bits. */
public final class Rank implements Comparable<Rank> {
    private final double value;

    public Rank(double value) {
        this.value = value;
    }

    @Override
    public int compareTo(Rank other) {
        return Double.compare(value, other.value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rank other && compareTo(other) == 0;
    }

    @Override
    public int hashCode() {
        long bits = Double.doubleToLongBits(value);
        return (int) (bits ^ (bits >>> 32));
    }
}
