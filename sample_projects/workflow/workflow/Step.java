package workflow;

import java.util.Objects;

/** Correct: an enum field compared by identity, hashed by its identity hash, and
 * ordered by a switch expression over all constants; compareTo builds temporary keys. */
public final class Step implements Comparable<Step> {
    private final Stage stage;
    private final int order;

    public Step(Stage stage, int order) {
        this.stage = Objects.requireNonNull(stage);
        this.order = order;
    }

    private static final class Key {
        final int rank;
        final int order;

        Key(Stage stage, int order) {
            this.rank = switch (stage) {
                case DRAFT -> 0;
                case REVIEW -> 1;
                case DONE -> 2;
            };
            this.order = order;
        }
    }

    @Override
    public int compareTo(Step other) {
        Key a = new Key(stage, order);
        Key b = new Key(other.stage, other.order);
        int c = Integer.compare(a.rank, b.rank);
        return c != 0 ? c : Integer.compare(a.order, b.order);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Step)) {
            return false;
        }
        Step s = (Step) o;
        return stage == s.stage && order == s.order;
    }

    @Override
    public int hashCode() {
        return 31 * stage.hashCode() + order;
    }
}
