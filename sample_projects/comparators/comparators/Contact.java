package comparators;

import java.util.Comparator;
import java.util.Objects;

/** A nullable field ordered with nullsFirst, then a tie-breaker: correct. */
public final class Contact implements Comparable<Contact> {
    private static final Comparator<Contact> ORDER = Comparator
            .comparing((Contact c) -> c.nickname, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(c -> c.id);

    private final String nickname;
    private final Integer id;

    public Contact(String nickname, int id) {
        this.nickname = nickname;
        this.id = id;
    }

    @Override
    public int compareTo(Contact other) {
        return ORDER.compare(this, other);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Contact)) {
            return false;
        }
        Contact c = (Contact) o;
        return Objects.equals(nickname, c.nickname) && id.equals(c.id);
    }

    @Override
    public int hashCode() {
        return Objects.hash(nickname, id);
    }
}
