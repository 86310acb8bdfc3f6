package measures;

/** Two double fields, compared with Double.compare and hashed as IDEs generate it: correct. */
public final class Position {
    private final double x;
    private final double y;

    public Position(double x, double y) {
        this.x = x;
        this.y = y;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Position)) {
            return false;
        }
        Position other = (Position) o;
        return Double.compare(x, other.x) == 0 && Double.compare(y, other.y) == 0;
    }

    @Override
    public int hashCode() {
        long bits = Double.doubleToLongBits(x);
        int result = (int) (bits ^ (bits >>> 32));
        bits = Double.doubleToLongBits(y);
        return 31 * result + (int) (bits ^ (bits >>> 32));
    }
}
