package measures;

/** compareTo casts the difference to int: scores less than 1 apart compare as equal,
 *  though they are not equal, and compare differently with a third score. */
public final class Score implements Comparable<Score> {
    private final double points;

    public Score(double points) {
        if (Double.isNaN(points)) {
            throw new IllegalArgumentException("not a number");
        }
        this.points = points;
    }

    @Override
    public int compareTo(Score other) {
        return (int) (points - other.points);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Score other && Double.compare(points, other.points) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(points);
    }
}
