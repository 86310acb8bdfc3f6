package boxes;

import java.util.Arrays;

/** A record overriding equals with Arrays.equals but keeping the implicit hashCode, which
 * hashes the array by identity: equal grids, different hash codes. */
public record Grid(int width, int[] cells) {
    @Override
    public boolean equals(Object o) {
        return o instanceof Grid g && width == g.width && Arrays.equals(cells, g.cells);
    }
}
