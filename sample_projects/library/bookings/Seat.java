package bookings;

import com.google.common.base.Objects;
import com.google.common.collect.ComparisonChain;
import com.google.common.primitives.Ints;
import java.time.LocalDate;

/** Guava helpers: equal by row, seat and day; ordered by row and seat only. */
public final class Seat implements Comparable<Seat> {
    private final int row;
    private final int number;
    private final LocalDate day;

    public Seat(int row, int number, LocalDate day) {
        this.row = row;
        this.number = number;
        this.day = day;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Seat)) {
            return false;
        }
        Seat s = (Seat) o;
        return row == s.row && number == s.number && Objects.equal(day, s.day);
    }

    @Override
    public int hashCode() {
        return 31 * Ints.hashCode(row) + number;
    }

    @Override
    public int compareTo(Seat o) {
        return ComparisonChain.start().compare(row, o.row).compare(number, o.number).result();
    }
}
