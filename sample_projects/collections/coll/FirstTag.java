package coll;

import java.util.List;
import java.util.Objects;

/** Hashes the first item without asking whether there is one. */
public final class FirstTag {
    private final List<String> items;

    public FirstTag(List<String> items) {
        this.items = Objects.requireNonNull(items);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FirstTag t && items.equals(t.items);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(items.get(0));
    }
}
