package coll;

import java.util.List;

/** A list of two members compared and hashed as a list: the list hashes each member with
 * Member's own hashCode, which breaks the contract for equal members: Member's violation,
 * which its own item reports; Crew's is an xfail naming it. */
public final class Crew {
    private final List<Member> members;

    private Crew(List<Member> members) {
        this.members = members;
    }

    public static Crew of(Member first, Member second) {
        return new Crew(List.of(first, second));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Crew c && members.equals(c.members);
    }

    @Override
    public int hashCode() {
        return members.hashCode();
    }
}
