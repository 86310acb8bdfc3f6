package names;

import java.util.Objects;

/** Equal ignoring case, but hashed case-sensitively: "a" and "A" are equal with different hashes. */
public final class Nickname {
    private final String value;

    public Nickname(String value) {
        this.value = Objects.requireNonNull(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Nickname && value.equalsIgnoreCase(((Nickname) o).value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }
}
