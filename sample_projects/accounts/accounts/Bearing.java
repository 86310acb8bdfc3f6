package accounts;

/** A named compass bearing. The constructor rejects a null name and keeps degrees in [0, 360). */
public final class Bearing {
    private final int degrees;
    private final String name;

    public Bearing(int degrees, String name) {
        if (name == null) {
            throw new IllegalArgumentException("name is required");
        }
        this.degrees = Math.floorMod(degrees, 360);
        this.name = name;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Bearing)) {
            return false;
        }
        Bearing other = (Bearing) o;
        return degrees == Math.floorMod(other.degrees, 360) && name.equals(other.name);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + degrees;
    }
}
