package comparators;

import java.util.Comparator;

/** Ordered by a static comparator chain: a method reference key, then an int key. */
public final class Release implements Comparable<Release> {
    private static final Comparator<Release> ORDER =
            Comparator.comparing(Release::major).thenComparingInt(r -> r.minor);

    private final int major;
    private final int minor;

    public Release(int major, int minor) {
        this.major = major;
        this.minor = minor;
    }

    public int major() {
        return major;
    }

    @Override
    public int compareTo(Release other) {
        return ORDER.compare(this, other);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Release)) {
            return false;
        }
        Release r = (Release) o;
        return major == r.major && minor == r.minor;
    }

    @Override
    public int hashCode() {
        return 31 * major + minor;
    }
}
