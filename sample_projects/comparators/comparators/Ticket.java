package comparators;

import java.util.Comparator;
import java.util.Objects;

/** Objects.compare of a nullable code, nulls last, ignoring case. */
public final class Ticket implements Comparable<Ticket> {
    private final String code;

    public Ticket(String code) {
        this.code = code;
    }

    @Override
    public int compareTo(Ticket other) {
        return Objects.compare(code, other.code, Comparator.nullsLast(String.CASE_INSENSITIVE_ORDER));
    }
}
