package comparators;

import java.util.Comparator;

/**
 * Ordered by an anonymous Comparator made in compareTo, which reads a local of the
 * method: it never answers 0, so two laps of the same time are each "greater".
 */
public final class Lap implements Comparable<Lap> {
    private final int millis;

    public Lap(int millis) {
        this.millis = millis;
    }

    @Override
    public int compareTo(Lap other) {
        final int tolerance = 0;
        Comparator<Lap> byTime = new Comparator<Lap>() {
            @Override
            public int compare(Lap a, Lap b) {
                return a.millis + tolerance < b.millis ? -1 : 1;
            }
        };
        return byTime.compare(this, other);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Lap && ((Lap) o).millis == millis;
    }

    @Override
    public int hashCode() {
        return millis;
    }
}
