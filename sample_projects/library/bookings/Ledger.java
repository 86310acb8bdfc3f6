package bookings;

import org.apache.commons.lang3.builder.CompareToBuilder;
import org.apache.commons.lang3.builder.EqualsBuilder;
import org.apache.commons.lang3.builder.HashCodeBuilder;

/** commons-lang builders: equal and ordered by id, but the balance is hashed too. */
public final class Ledger implements Comparable<Ledger> {
    private final int id;
    private final long balance;

    public Ledger(int id, long balance) {
        this.id = id;
        this.balance = balance;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Ledger)) {
            return false;
        }
        return new EqualsBuilder().append(id, ((Ledger) o).id).isEquals();
    }

    @Override
    public int hashCode() {
        return new HashCodeBuilder(17, 37).append(id).append(balance).toHashCode();
    }

    @Override
    public int compareTo(Ledger o) {
        return new CompareToBuilder().append(id, o.id).toComparison();
    }
}
