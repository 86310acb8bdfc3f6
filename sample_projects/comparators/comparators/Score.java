package comparators;

import java.util.Comparator;

/** A lambda comparator that subtracts: the difference overflows. */
public final class Score implements Comparable<Score> {
    private static final Comparator<Score> BY_POINTS = (a, b) -> a.points - b.points;

    private final int points;

    public Score(int points) {
        this.points = points;
    }

    @Override
    public int compareTo(Score other) {
        return BY_POINTS.compare(this, other);
    }
}
