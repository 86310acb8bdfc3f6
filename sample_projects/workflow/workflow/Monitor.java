package workflow;

/** Correct: synchronized methods and blocks, and a finally block that counts the calls. */
public class Monitor {
    private final int id;
    private int reads;

    public Monitor(int id) {
        this.id = id;
    }

    @Override
    public synchronized boolean equals(Object o) {
        try {
            if (!(o instanceof Monitor)) {
                return false;
            }
            Monitor m = (Monitor) o;
            synchronized (m) {
                return id == m.id;
            }
        } finally {
            reads++;
        }
    }

    @Override
    public synchronized int hashCode() {
        return id;
    }
}
