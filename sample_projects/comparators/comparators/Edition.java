package comparators;

import java.util.Comparator;

/** Ordered by an anonymous Comparator class in a static field, year then issue: correct. */
public final class Edition implements Comparable<Edition> {
    private static final Comparator<Edition> ORDER = new Comparator<Edition>() {
        @Override
        public int compare(Edition a, Edition b) {
            if (a.year != b.year) {
                return a.year < b.year ? -1 : 1;
            }
            return Integer.compare(a.issue, b.issue);
        }
    };

    private final int year;
    private final int issue;

    public Edition(int year, int issue) {
        this.year = year;
        this.issue = issue;
    }

    @Override
    public int compareTo(Edition other) {
        return ORDER.compare(this, other);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Edition)) {
            return false;
        }
        Edition e = (Edition) o;
        return year == e.year && issue == e.issue;
    }

    @Override
    public int hashCode() {
        return 31 * year + issue;
    }
}
