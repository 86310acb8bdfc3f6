package workflow;

/** Broken: equals compares the stages' weights, hashCode their ordinals; REVIEW and DONE
 * weigh the same but have different ordinals. */
public final class Job {
    private final Stage stage;

    public Job(Stage stage) {
        if (stage == null) {
            throw new IllegalArgumentException("no stage");
        }
        this.stage = stage;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Job)) {
            return false;
        }
        return stage.weight() == ((Job) o).stage.weight();
    }

    @Override
    public int hashCode() {
        return stage.ordinal();
    }
}
