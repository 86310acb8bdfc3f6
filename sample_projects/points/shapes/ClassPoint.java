package shapes;

/** Like Point2D, but only objects of the very same class are equal. */
public class ClassPoint {
    protected final int x;
    protected final int y;

    public ClassPoint(int x, int y) {
        this.x = x;
        this.y = y;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        ClassPoint other = (ClassPoint) o;
        return x == other.x && y == other.y;
    }

    @Override
    public int hashCode() {
        return 31 * x + y;
    }
}
