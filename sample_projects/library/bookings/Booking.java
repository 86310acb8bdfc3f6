package bookings;

import java.time.LocalDate;
import java.util.Objects;

/** Correct: equal by day and guest, ordered by day then guest number. */
public final class Booking implements Comparable<Booking> {
    private final LocalDate day;
    private final int guest;

    public Booking(LocalDate day, int guest) {
        this.day = Objects.requireNonNull(day);
        this.guest = guest;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Booking)) {
            return false;
        }
        Booking other = (Booking) o;
        return day.equals(other.day) && guest == other.guest;
    }

    @Override
    public int hashCode() {
        return Objects.hash(day, guest);
    }

    @Override
    public int compareTo(Booking o) {
        int byDay = day.compareTo(o.day);
        return byDay != 0 ? byDay : Integer.compare(guest, o.guest);
    }
}
