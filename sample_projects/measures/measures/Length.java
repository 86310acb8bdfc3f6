package measures;

/** The fix for Weight: Double.compare agrees with Double.hashCode (NaN equals NaN,
 *  0.0 differs from -0.0). */
public final class Length {
    private final double metres;

    public Length(double metres) {
        this.metres = metres;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Length other && Double.compare(metres, other.metres) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(metres);
    }
}
