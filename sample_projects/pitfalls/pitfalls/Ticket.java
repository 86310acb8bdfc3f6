package pitfalls;

/** Compares its contents in equals but keeps Object's identity hashCode: two equal
 * tickets made by the public constructor have different hash codes. */
public final class Ticket {
    private final String event;
    private final int seat;

    public Ticket(String event, int seat) {
        this.event = java.util.Objects.requireNonNull(event);
        this.seat = seat;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Ticket)) {
            return false;
        }
        Ticket other = (Ticket) o;
        return seat == other.seat && event.equals(other.event);
    }
}
