package boxes;

/** Equal when the Integer fields are the same object (==): above 127 two boxes of one value differ. */
public final class IdentityCount implements Comparable<IdentityCount> {
    private final Integer count;

    public IdentityCount(int count) {
        this.count = count;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IdentityCount other && count == other.count;
    }

    @Override
    public int hashCode() {
        return count == null ? 0 : count.hashCode();
    }

    @Override
    public int compareTo(IdentityCount other) {
        return Integer.compare(count, other.count);
    }
}
