package structures.correct;

/**
 * A point in the plane: Miniatur's Point2D (its Fig. 1a) with an equals that a Point3D
 * cannot break, since points of different classes are never equal.
 */
public class Point2D {
    private final int x;
    private final int y;

    public Point2D(int x, int y) {
        this.x = x;
        this.y = y;
    }

    @Override
    public /*@ pure @*/ boolean equals(/*@ nullable @*/ Object o) {
        if (o == null || o.getClass() != getClass()) {
            return false;
        }
        Point2D other = (Point2D) o;
        return x == other.x && y == other.y;
    }

    @Override
    public int hashCode() {
        return 64 * x + y;
    }
}
