package shapes;

/** Adds a coordinate and compares it too: equal to a Point2D one way only. */
public class Point3D extends Point2D {
    private int z;

    public Point3D(int x, int y, int z) {
        super(x, y);
        this.z = z;
    }

    @Override
    public boolean equals(Object o) {
        if (o instanceof Point3D) {
            Point3D other = (Point3D) o;
            return this.z == other.z && super.equals(other);
        }
        return false;
    }

    @Override
    public int hashCode() {
        return 256 * z + super.hashCode();
    }
}
