package coll;

import java.util.Set;

/** Equal as sets, but hashed in iteration order: equal sets iterated differently hash differently. */
public final class Palette {
    private final Set<String> colors;

    public Palette(Set<String> colors) {
        if (colors == null) {
            throw new IllegalArgumentException("colors");
        }
        this.colors = colors;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Palette p && colors.equals(p.colors);
    }

    @Override
    public int hashCode() {
        int h = 1;
        for (String c : colors) {
            h = 31 * h + (c == null ? 0 : c.hashCode());
        }
        return h;
    }
}
