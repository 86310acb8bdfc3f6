package com.google.common.primitives;

/** Guava's Doubles, the part equality code uses. */
public final class Doubles {
    private Doubles() {
    }

    public static int hashCode(double value) {
        return Double.hashCode(value);
    }

    public static int compare(double a, double b) {
        return Double.compare(a, b);
    }
}
