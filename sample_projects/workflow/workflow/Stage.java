package workflow;

/** The stages a piece of work goes through; REVIEW and DONE weigh the same. */
public enum Stage {
    DRAFT(1), REVIEW(2), DONE(2);

    private final int weight;

    Stage(int weight) {
        this.weight = weight;
    }

    public int weight() {
        return weight;
    }
}
