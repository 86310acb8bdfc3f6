package coll;

import java.util.HashMap;
import java.util.Map;

/** Equal when the same items are stocked, whatever the counts; hashed by the whole map. */
public final class Stock {
    private final Map<String, String> counts;

    public Stock(Map<String, String> counts) {
        this.counts = new HashMap<>(counts);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Stock s && counts.keySet().equals(s.counts.keySet());
    }

    @Override
    public int hashCode() {
        return counts.hashCode();
    }
}
