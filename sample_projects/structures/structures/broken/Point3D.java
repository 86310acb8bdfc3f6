package structures.broken;

/** A point in space: Miniatur's Point3D, whose equals is not symmetric with Point2D's. */
public class Point3D extends Point2D {
    private final int z;

    public Point3D(int x, int y, int z) {
        super(x, y);
        this.z = z;
    }

    @Override
    public /*@ pure @*/ boolean equals(/*@ nullable @*/ Object o) {
        if (o instanceof Point3D) {
            Point3D other = (Point3D) o;
            return z == other.z && super.equals(other);
        }
        return false;
    }

    @Override
    public int hashCode() {
        return 256 * z + super.hashCode();
    }
}
