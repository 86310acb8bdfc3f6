package accounts;

/** Made by a factory that checks the range: subtraction cannot overflow within 0..100. */
public final class Percentage implements Comparable<Percentage> {
    private final int value;

    private Percentage(int value) {
        this.value = value;
    }

    public static Percentage of(int value) {
        if (value < 0 || value > 100) {
            throw new IllegalArgumentException("not a percentage: " + value);
        }
        return new Percentage(value);
    }

    @Override
    public int compareTo(Percentage other) {
        return value - other.value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Percentage && ((Percentage) o).value == value;
    }

    @Override
    public int hashCode() {
        return value;
    }
}
