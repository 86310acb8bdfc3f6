package shapes;

import java.util.Objects;

/** A correct value class: final, compares every field, hashes the same fields. */
public final class Money {
    private final long cents;
    private final String currency;

    public Money(long cents, String currency) {
        this.cents = cents;
        this.currency = currency;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Money other)) {
            return false;
        }
        return cents == other.cents && Objects.equals(currency, other.currency);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cents, currency);
    }
}
