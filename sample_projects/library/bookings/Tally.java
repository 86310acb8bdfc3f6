package bookings;

import java.util.concurrent.atomic.AtomicLongArray;

/** Seats taken per day, counted from many threads: equal by the counts, but hashed by the
 * AtomicLongArray, whose hashCode is Object's. */
public final class Tally {
    private final AtomicLongArray taken;

    public Tally(int days) {
        taken = new AtomicLongArray(days);
    }

    public void take(int day) {
        taken.incrementAndGet(day);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Tally)) {
            return false;
        }
        AtomicLongArray other = ((Tally) o).taken;
        if (other.length() != taken.length()) {
            return false;
        }
        for (int day = 0; day < taken.length(); day++) {
            if (taken.get(day) != other.get(day)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return taken.hashCode();
    }
}
