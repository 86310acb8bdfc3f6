package com.google.common.primitives;

/** Guava's Longs, the part equality code uses. */
public final class Longs {
    private Longs() {
    }

    public static int hashCode(long value) {
        return (int) (value ^ (value >>> 32));
    }

    public static int compare(long a, long b) {
        return (a < b) ? -1 : ((a > b) ? 1 : 0);
    }
}
