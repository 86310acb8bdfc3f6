package comparators;

import java.util.Comparator;

/** A nullable field ordered by comparing(...): a null owner throws NullPointerException. */
public final class Task implements Comparable<Task> {
    private static final Comparator<Task> BY_OWNER = Comparator.comparing(Task::owner);

    private final String owner;

    public Task(String owner) {
        this.owner = owner;
    }

    public String owner() {
        return owner;
    }

    @Override
    public int compareTo(Task other) {
        return BY_OWNER.compare(this, other);
    }
}
