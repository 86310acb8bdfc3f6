package workflow;

import java.util.Objects;

/** Correct: equals casts and catches the ClassCastException that other types cause;
 * the stage may be null. */
public final class Approval {
    private final int level;
    private final Stage stage;

    public Approval(int level, Stage stage) {
        this.level = level;
        this.stage = stage;
    }

    @Override
    public boolean equals(Object o) {
        try {
            Approval a = (Approval) o;
            return a != null && level == a.level && stage == a.stage;
        } catch (ClassCastException e) {
            return false;
        }
    }

    @Override
    public int hashCode() {
        return Objects.hash(level, stage);
    }
}
