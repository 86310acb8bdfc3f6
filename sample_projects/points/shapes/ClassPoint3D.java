package shapes;

/** A subclass that adds a field: safe, because equals compares classes. */
public class ClassPoint3D extends ClassPoint {
    private final int z;

    public ClassPoint3D(int x, int y, int z) {
        super(x, y);
        this.z = z;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        ClassPoint3D other = (ClassPoint3D) o;
        return z == other.z;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + z;
    }
}
