package boxes;

/** Like Quantity, but a constructor lets the Integer field be null: unboxing it throws. */
public final class Weight {
    private final Integer grams;

    public Weight(Integer grams) {
        this.grams = grams;
    }

    public static Weight of(int kilos, int grams) {
        return new Weight(Math.addExact(Math.multiplyExact(kilos, 1000), grams));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Weight w && grams.intValue() == w.grams.intValue();
    }

    @Override
    public int hashCode() {
        return Math.floorMod(grams, 1000);
    }
}
