package comparators;

import java.util.Comparator;
import java.util.Objects;

/** Ordered by name ignoring case, with no tie-breaker: "ann" and "Ann" compare as 0. */
public final class Player implements Comparable<Player> {
    private static final Comparator<Player> ORDER =
            Comparator.comparing(Player::getName, String.CASE_INSENSITIVE_ORDER);

    private final String name;

    public Player(String name) {
        this.name = Objects.requireNonNull(name);
    }

    public String getName() {
        return name;
    }

    @Override
    public int compareTo(Player other) {
        return ORDER.compare(this, other);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Player && ((Player) o).name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }
}
