package pitfalls;

/** Identity equals, and a hash code that differs on every call: x.equals(x), but
 * x.hashCode() != x.hashCode(). */
public final class Handle {
    private final int port;

    public Handle(int port) {
        this.port = port;
    }

    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return new Object().hashCode();
    }
}
