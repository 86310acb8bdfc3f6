package pitfalls;

/** A field of the empty enum's type is always null; every contract holds. */
public final class Slot {
    private final Nothing nothing;
    private final int index;

    public Slot(Nothing nothing, int index) {
        this.nothing = nothing;
        this.index = index;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Slot)) {
            return false;
        }
        Slot other = (Slot) o;
        return other.nothing == nothing && other.index == index;
    }

    @Override
    public int hashCode() {
        return index;
    }
}
