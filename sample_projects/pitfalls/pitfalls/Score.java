package pitfalls;

/** Orders by subtraction, which overflows: the public constructor takes any int. */
public final class Score implements Comparable<Score> {
    private final int points;

    public Score(int points) {
        this.points = points;
    }

    @Override
    public int compareTo(Score other) {
        return this.points - other.points;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Score && ((Score) o).points == points;
    }

    @Override
    public int hashCode() {
        return points;
    }
}
