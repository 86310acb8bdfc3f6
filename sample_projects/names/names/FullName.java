package names;

import java.util.Objects;

/** Equal when "first last" reads the same, but hashed by the parts: ("a ", "b") and ("a", " b"). */
public final class FullName {
    private final String first;
    private final String last;

    public FullName(String first, String last) {
        this.first = Objects.requireNonNull(first);
        this.last = Objects.requireNonNull(last);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FullName && text().equals(((FullName) o).text());
    }

    private String text() {
        return first + " " + last;
    }

    @Override
    public int hashCode() {
        return Objects.hash(first, last);
    }
}
