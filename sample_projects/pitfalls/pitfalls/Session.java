package pitfalls;

/** Keeps Object's equals, overrides only hashCode, with a value that differs on every call. */
public class Session {
    private final long started;

    public Session(long started) {
        this.started = started;
    }

    @Override
    public int hashCode() {
        return new Object().hashCode() ^ (int) started;
    }
}
