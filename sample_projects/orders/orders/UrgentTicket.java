package orders;

/** Orders by urgency and casts the other ticket: a plain Ticket makes it throw. */
public class UrgentTicket extends Ticket {
    private final int urgency;

    public UrgentTicket(int id, int urgency) {
        super(id);
        this.urgency = urgency;
    }

    @Override
    public int compareTo(Ticket other) {
        UrgentTicket that = (UrgentTicket) other;
        return Integer.compare(urgency, that.urgency);
    }
}
