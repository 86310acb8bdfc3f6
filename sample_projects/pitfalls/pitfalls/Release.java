package pitfalls;

import java.util.Objects;

/** Release names in version order: characters compare as characters, except that right
 * after a digit and a dot, a letter against a digit counts as 0 ("1.a" as "1.0"). So
 * "1.a" equals "1.0" and "1.0" equals "1.b" in this order, but "1.a" is before "1.b". */
public final class Release implements Comparable<Release> {
    private final String name;

    public Release(String name) {
        this.name = Objects.requireNonNull(name);
    }

    @Override
    public int compareTo(Release other) {
        return compareNames(name, other.name);
    }

    static int compareNames(String a, String b) {
        int shorter = Math.min(a.length(), b.length());
        for (int i = 0; i < shorter; i++) {
            char c = a.charAt(i);
            char d = b.charAt(i);
            if (c == d) {
                continue;
            }
            boolean afterNumber = i >= 2 && a.charAt(i - 1) == '.' && isDigit(a.charAt(i - 2));
            if (afterNumber && isDigit(c) != isDigit(d)) {
                int x = isDigit(c) ? c - '0' : 0;
                int y = isDigit(d) ? d - '0' : 0;
                if (x != y) {
                    return x < y ? -1 : 1;
                }
                continue;
            }
            return c < d ? -1 : 1;
        }
        return a.length() - b.length();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
