package workflow;

/** Broken: the hash code is cached, but setCode changes the code it was computed from
 * without clearing the cache. */
public final class Tag {
    private int code;
    private int hash;

    public Tag(int code) {
        this.code = code;
    }

    public void setCode(int code) {
        this.code = code;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Tag && ((Tag) o).code == code;
    }

    @Override
    public int hashCode() {
        if (hash == 0) {
            hash = 17 + code;
        }
        return hash;
    }
}
