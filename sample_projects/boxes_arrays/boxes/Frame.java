package boxes;

/** Compares its array with ==: only the same array is equal, and the identity hash code
 * agrees with that. */
public final class Frame {
    private final int[] pixels;

    public Frame(int[] pixels) {
        this.pixels = pixels;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Frame f && pixels == f.pixels;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(pixels);
    }
}
