package comparators;

import java.util.Comparator;

/** reversed() chosen by the receiver: night shifts order the other way round. */
public final class Shift implements Comparable<Shift> {
    private static final Comparator<Shift> BY_START = Comparator.comparingInt(s -> s.start);

    private final int start;
    private final boolean night;

    public Shift(int start, boolean night) {
        this.start = start;
        this.night = night;
    }

    @Override
    public int compareTo(Shift other) {
        Comparator<Shift> order = night ? BY_START.reversed() : BY_START;
        return order.compare(this, other);
    }
}
