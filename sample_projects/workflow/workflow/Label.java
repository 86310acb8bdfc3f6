package workflow;

import java.util.Objects;

/** Correct: an immutable label whose hash code is computed once and cached in a field. */
public final class Label {
    private final String text;
    private final int size;
    private int hash;

    public Label(String text, int size) {
        this.text = Objects.requireNonNull(text);
        this.size = size;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Label)) {
            return false;
        }
        Label l = (Label) o;
        return size == l.size && text.equals(l.text);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = 31 * text.hashCode() + size;
            hash = h;
        }
        return h;
    }
}
