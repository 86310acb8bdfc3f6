package names;

import java.util.Objects;

/**
 * Equal ignoring case, and hashed by what equalsIgnoreCase compares: each char's lower case
 * of its upper case. (Hashing value.toLowerCase() is not enough in general: "\u0130" and "i"
 * are equal ignoring case, but their lower cases differ.)
 */
public final class Keyword {
    private final String value;

    public Keyword(String value) {
        this.value = Objects.requireNonNull(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Keyword && value.equalsIgnoreCase(((Keyword) o).value);
    }

    @Override
    public int hashCode() {
        int h = 0;
        for (int i = 0; i < value.length(); i++) {
            h = 31 * h + Character.toLowerCase(Character.toUpperCase(value.charAt(i)));
        }
        return h;
    }
}
