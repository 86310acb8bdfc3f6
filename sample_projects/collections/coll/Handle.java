package coll;

import java.util.List;

/** Compares its list by identity and hashes it by contents: identical lists hash alike. */
public final class Handle {
    private final List<String> items;

    public Handle(List<String> items) {
        this.items = items;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Handle h && items == h.items;
    }

    @Override
    public int hashCode() {
        return items == null ? 0 : items.hashCode();
    }
}
