package boxes;

/** Unboxes its Integer field in equals: a null amount throws NullPointerException. */
public final class Quantity {
    private final Integer amount;

    public Quantity(int amount) {
        this.amount = amount;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Quantity)) return false;
        int mine = amount;
        return mine == ((Quantity) o).amount;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(amount);
    }
}
