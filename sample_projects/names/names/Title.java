package names;

import java.util.Objects;

/** Ordered, equal and hashed by its text: consistent throughout. */
public final class Title implements Comparable<Title> {
    private final String text;

    public Title(String text) {
        this.text = Objects.requireNonNull(text);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Title && text.equals(((Title) o).text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public int compareTo(Title other) {
        return text.compareTo(other.text);
    }
}
