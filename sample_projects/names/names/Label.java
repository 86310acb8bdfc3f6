package names;

import java.util.Objects;

/** Equal by text, but ordered by length only: "a" and "b" compare as equal. */
public final class Label implements Comparable<Label> {
    private final String text;

    public Label(String text) {
        this.text = Objects.requireNonNull(text);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Label && text.equals(((Label) o).text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public int compareTo(Label other) {
        return Integer.compare(text.length(), other.text.length());
    }
}
