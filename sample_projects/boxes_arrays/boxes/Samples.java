package boxes;

import java.util.Arrays;

/** Equal by Arrays.equals, hashed by Arrays.hashCode: correct. Made by a varargs factory
 * that copies its argument, so no caller can change the values afterwards. */
public final class Samples {
    private final int[] values;

    private Samples(int[] values) {
        this.values = values;
    }

    public static Samples of(int... values) {
        return new Samples(Arrays.copyOf(values, values.length));
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) return true;
        if (!(o instanceof Samples)) return false;
        return Arrays.equals(values, ((Samples) o).values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }
}
