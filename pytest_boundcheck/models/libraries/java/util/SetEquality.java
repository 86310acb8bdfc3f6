package java.util;

/**
 * The JDK's equals of the sets the engine models, from its instanceof test on, for the
 * other set being one whose class has code of its own (a project's Set): that code's
 * size() and iterator run as the JDK calls them. AbstractSet.equals serves HashSet,
 * LinkedHashSet, TreeSet, their views and empty sets; Set.of's sets have their own.
 */
final class SetEquality {
    private SetEquality() {
    }

    /**
     * AbstractSet.equals: same size, then AbstractCollection.containsAll, whose for-each
     * over the other set is written out as the language defines it.
     */
    static boolean abstractSetEquals(Set<?> self, Set<?> other) {
        if (other.size() != self.size()) {
            return false;
        }
        try {
            for (Iterator<?> i = other.iterator(); i.hasNext(); ) {
                if (!self.contains(i.next())) {
                    return false;
                }
            }
            return true;
        } catch (ClassCastException | NullPointerException unused) {
            return false;
        }
    }

    /** ImmutableCollections.AbstractImmutableSet.equals: a null element is never in it. */
    static boolean immutableSetEquals(Set<?> self, Set<?> other) {
        if (other.size() != self.size()) {
            return false;
        }
        for (Iterator<?> i = other.iterator(); i.hasNext(); ) {
            Object e = i.next();
            if (e == null || !self.contains(e)) {
                return false;
            }
        }
        return true;
    }
}
