package structures.broken;

/** A point in the plane: Miniatur's Point2D (its Fig. 1a), equal to any Point2D with its x and y, a Point3D too. */
public class Point2D {
    private final int x;
    private final int y;

    public Point2D(int x, int y) {
        this.x = x;
        this.y = y;
    }

    @Override
    public /*@ pure @*/ boolean equals(/*@ nullable @*/ Object o) {
        if (o instanceof Point2D) {
            Point2D other = (Point2D) o;
            return x == other.x && y == other.y;
        }
        return false;
    }

    @Override
    public int hashCode() {
        return 64 * x + y;
    }
}
