package workflow;

import java.util.Objects;

/** Broken: compareTo's switch forgets DONE, so a DONE ticket is greater than everything,
 * another DONE ticket included. */
public final class Ticket implements Comparable<Ticket> {
    private final Stage stage;

    public Ticket(Stage stage) {
        this.stage = Objects.requireNonNull(stage);
    }

    @Override
    public int compareTo(Ticket o) {
        switch (stage) {
            case DRAFT:
                return o.stage == Stage.DRAFT ? 0 : -1;
            case REVIEW:
                if (o.stage == Stage.REVIEW) {
                    return 0;
                }
                return o.stage == Stage.DRAFT ? 1 : -1;
        }
        return 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ticket && ((Ticket) o).stage == stage;
    }

    @Override
    public int hashCode() {
        return stage.ordinal();
    }
}
