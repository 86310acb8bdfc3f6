package structures.correct;

/** A point in space: Miniatur's Point3D, equal only to a Point3D. */
public class Point3D extends Point2D {
    private final int z;

    public Point3D(int x, int y, int z) {
        super(x, y);
        this.z = z;
    }

    @Override
    public /*@ pure @*/ boolean equals(/*@ nullable @*/ Object o) {
        return super.equals(o) && z == ((Point3D) o).z;
    }

    @Override
    public int hashCode() {
        return 256 * z + super.hashCode();
    }
}
