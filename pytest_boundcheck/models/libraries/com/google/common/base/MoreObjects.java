package com.google.common.base;

/** Guava's MoreObjects, the part equality code uses. */
public final class MoreObjects {
    private MoreObjects() {
    }

    public static <T> T firstNonNull(T first, T second) {
        if (first != null) {
            return first;
        }
        if (second == null) {
            throw new NullPointerException("Both parameters are null");
        }
        return second;
    }
}
