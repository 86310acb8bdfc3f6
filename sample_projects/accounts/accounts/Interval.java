package accounts;

/** Record-like: final, validated, with accessors. Ordered by width, computed by subtraction. */
public final class Interval implements Comparable<Interval> {
    private final int low;
    private final int high;

    public Interval(int low, int high) {
        if (low > high) {
            throw new IllegalArgumentException("low > high");
        }
        this.low = low;
        this.high = high;
    }

    public int low() {
        return low;
    }

    public int high() {
        return high;
    }

    public int width() {
        return high - low;
    }

    @Override
    public int compareTo(Interval other) {
        return Integer.compare(width(), other.width());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Interval i && i.low == low && i.high == high;
    }

    @Override
    public int hashCode() {
        return 31 * low + high;
    }
}
