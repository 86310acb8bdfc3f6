package orders;

/** Tickets are ordered by id. */
public class Ticket implements Comparable<Ticket> {
    protected final int id;

    public Ticket(int id) {
        this.id = id;
    }

    @Override
    public int compareTo(Ticket other) {
        return Integer.compare(id, other.id);
    }
}
