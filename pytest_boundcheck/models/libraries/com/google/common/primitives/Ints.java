package com.google.common.primitives;

/** Guava's Ints, the part equality code uses. */
public final class Ints {
    private Ints() {
    }

    public static int hashCode(int value) {
        return value;
    }

    public static int compare(int a, int b) {
        return (a < b) ? -1 : ((a > b) ? 1 : 0);
    }
}
