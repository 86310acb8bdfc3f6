package coll;

/** Equal by name, but hashed by identity: the hash code Object gives. */
public final class Member {
    private final String name;

    public Member(String name) {
        this.name = java.util.Objects.requireNonNull(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Member m && name.equals(m.name);
    }
}
