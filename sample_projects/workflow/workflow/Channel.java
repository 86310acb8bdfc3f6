package workflow;

import java.util.Objects;

/** Correct: hashCode switches on a String (a switch expression) and on an int (a switch
 * statement that falls through). */
public final class Channel {
    private final String kind;
    private final int priority;

    public Channel(String kind, int priority) {
        this.kind = Objects.requireNonNull(kind);
        this.priority = priority;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Channel)) {
            return false;
        }
        Channel c = (Channel) o;
        return kind.equals(c.kind) && priority == c.priority;
    }

    @Override
    public int hashCode() {
        int base = switch (kind) {
            case "email" -> 1;
            case "sms", "push" -> 2;
            default -> kind.hashCode();
        };
        int bonus = 0;
        switch (priority) {
            case 1:
                bonus += 10;
            case 2:
                bonus += 1;
                break;
            default:
                bonus = priority;
        }
        return 31 * base + bonus;
    }
}
