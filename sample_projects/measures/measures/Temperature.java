package measures;

/** Weight's mistakes with a float: == in equals, the bits in hashCode. */
public final class Temperature {
    private final float celsius;

    public Temperature(float celsius) {
        this.celsius = celsius;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Temperature other && celsius == other.celsius;
    }

    @Override
    public int hashCode() {
        return Float.floatToIntBits(celsius);
    }
}
