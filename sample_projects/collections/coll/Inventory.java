package coll;

import java.util.Map;

/** A map compared and hashed as a map, made by Map.of: correct. */
public final class Inventory {
    private final Map<String, Integer> counts;

    private Inventory(Map<String, Integer> counts) {
        this.counts = counts;
    }

    public static Inventory of(String item, int count) {
        return new Inventory(Map.of(item, count));
    }

    public boolean has(String item) {
        return counts.containsKey(item);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Inventory i && counts.equals(i.counts);
    }

    @Override
    public int hashCode() {
        return counts.hashCode();
    }
}
