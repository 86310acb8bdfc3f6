package comparators;

import java.util.Comparator;

/** comparingInt over a field, built where it is used. */
public final class Level implements Comparable<Level> {
    private final int rank;

    public Level(int rank) {
        this.rank = rank;
    }

    @Override
    public int compareTo(Level other) {
        Comparator<Level> byRank = Comparator.comparingInt(l -> l.rank);
        return byRank.compare(this, other);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Level && ((Level) o).rank == rank;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(rank);
    }
}
