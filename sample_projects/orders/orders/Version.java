package orders;

import java.util.Objects;

/** Compares field by field, major first: correct. */
public final class Version implements Comparable<Version> {
    private final int major;
    private final int minor;

    public Version(int major, int minor) {
        this.major = major;
        this.minor = minor;
    }

    @Override
    public int compareTo(Version other) {
        int c = Integer.compare(major, other.major);
        if (c != 0) {
            return c;
        }
        return Integer.compare(minor, other.minor);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Version)) {
            return false;
        }
        Version other = (Version) o;
        return major == other.major && minor == other.minor;
    }

    @Override
    public int hashCode() {
        return Objects.hash(major, minor);
    }
}
