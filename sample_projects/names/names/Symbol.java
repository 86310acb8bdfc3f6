package names;

import java.util.Objects;

/**
 * Equal when the names are the same object (==), not merely equal strings. That is
 * stricter than intended, but breaks no equals or hashCode contract; compareTo by the
 * text then disagrees with equals for "a" and new String("a").
 */
public final class Symbol implements Comparable<Symbol> {
    private final String name;

    public Symbol(String name) {
        this.name = Objects.requireNonNull(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Symbol && ((Symbol) o).name == name;
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public int compareTo(Symbol other) {
        return name.compareTo(other.name);
    }
}
