package boxes;

import java.util.Objects;

/** A correct key over boxed fields: Objects.equals and Objects.hash. */
public final class BoxedKey {
    private final Long id;
    private final Boolean active;

    public BoxedKey(Long id, Boolean active) {
        this.id = id;
        this.active = active;
    }

    @Override
    public boolean equals(Object o) {
        return o == this
                || o instanceof BoxedKey key && Objects.equals(id, key.id) && Objects.equals(active, key.active);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, active);
    }
}
