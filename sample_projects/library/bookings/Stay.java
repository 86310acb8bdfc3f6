package bookings;

import java.time.LocalDate;

/** The constructor takes null nights, which equals, hashCode and compareTo then
 * dereference; ordered by the first night only, while equals also looks at the last. */
public final class Stay implements Comparable<Stay> {
    private final LocalDate first;
    private final LocalDate last;

    public Stay(LocalDate first, LocalDate last) {
        this.first = first;
        this.last = last;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Stay)) {
            return false;
        }
        Stay other = (Stay) o;
        return first.equals(other.first) && last.equals(other.last);
    }

    @Override
    public int hashCode() {
        return 31 * first.hashCode() + last.hashCode();
    }

    @Override
    public int compareTo(Stay o) {
        return first.compareTo(o.first);
    }
}
