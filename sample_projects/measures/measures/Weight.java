package measures;

/** equals compares with ==, hashCode hashes the bits: NaN is not equal to itself,
 *  and 0.0 == -0.0 while their bits (and hash codes) differ. */
public final class Weight {
    private final double kilos;

    public Weight(double kilos) {
        this.kilos = kilos;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Weight)) {
            return false;
        }
        return kilos == ((Weight) o).kilos;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(kilos);
    }
}
