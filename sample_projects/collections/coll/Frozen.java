package coll;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Keeps an unmodifiable copy of its items and compares and hashes that: correct. */
public final class Frozen {
    private final List<String> items;

    public Frozen(List<String> items) {
        this.items = Collections.unmodifiableList(new ArrayList<>(items));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Frozen f && items.equals(f.items);
    }

    @Override
    public int hashCode() {
        return items.hashCode();
    }
}
