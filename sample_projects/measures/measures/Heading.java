package measures;

/** A direction, compared with == like Weight, yet its hash codes agree: the bits of 0.0
 *  and -0.0 differ only in the sign bit, which the even factors shift out of the int. */
public final class Heading {
    private final double dx;
    private final double dy;

    public Heading(double dx, double dy) {
        this.dx = dx;
        this.dy = dy;
    }

    private boolean isNaN() {
        return Double.isNaN(dx) || Double.isNaN(dy);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Heading)) {
            return false;
        }
        Heading other = (Heading) o;
        if (other.isNaN()) {
            return isNaN();
        }
        return dx == other.dx && dy == other.dy;
    }

    @Override
    public int hashCode() {
        if (isNaN()) {
            return 542;
        }
        return 122 * (76 * Double.hashCode(dx) + Double.hashCode(dy));
    }
}
