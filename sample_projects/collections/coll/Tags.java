package coll;

import java.util.List;
import java.util.Objects;

/** Equal when the lists are equal; the hash code is the size only: weak but consistent. */
public final class Tags {
    private final List<String> items;

    public Tags(List<String> items) {
        this.items = Objects.requireNonNull(items);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Tags t && items.equals(t.items);
    }

    @Override
    public int hashCode() {
        return items.size();
    }
}
