package bookings;

import java.math.BigInteger;
import java.util.Objects;

/** A refund's direction: equal, hashed and ordered by the sign of a BigInteger. Correct. */
public final class Amount implements Comparable<Amount> {
    private final BigInteger cents;

    public Amount(BigInteger cents) {
        this.cents = Objects.requireNonNull(cents);
    }

    @Override
    public int compareTo(Amount o) {
        return Integer.compare(cents.signum(), o.cents.signum());
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Amount)) {
            return false;
        }
        int sign = cents.signum();
        return sign == ((Amount) o).cents.signum();
    }

    @Override
    public int hashCode() {
        return cents.signum();
    }
}
