package com.google.common.collect;

/** Guava's ComparisonChain: the first comparison that is not zero decides; result() is
 * -1, 0 or 1. */
public final class ComparisonChain {
    private final int result;

    private ComparisonChain(int result) {
        this.result = result;
    }

    public static ComparisonChain start() {
        return new ComparisonChain(0);
    }

    private ComparisonChain classify(int comparison) {
        return new ComparisonChain(comparison < 0 ? -1 : comparison > 0 ? 1 : 0);
    }

    @SuppressWarnings("unchecked")
    public ComparisonChain compare(Comparable<?> left, Comparable<?> right) {
        return result != 0 ? this : classify(((Comparable<Object>) left).compareTo(right));
    }

    public ComparisonChain compare(int left, int right) {
        return result != 0 ? this : classify(Integer.compare(left, right));
    }

    public ComparisonChain compare(long left, long right) {
        return result != 0 ? this : classify(Long.compare(left, right));
    }

    public ComparisonChain compare(float left, float right) {
        return result != 0 ? this : classify(Float.compare(left, right));
    }

    public ComparisonChain compare(double left, double right) {
        return result != 0 ? this : classify(Double.compare(left, right));
    }

    public ComparisonChain compareTrueFirst(boolean left, boolean right) {
        return result != 0 ? this : classify(Boolean.compare(right, left));
    }

    public ComparisonChain compareFalseFirst(boolean left, boolean right) {
        return result != 0 ? this : classify(Boolean.compare(left, right));
    }

    public int result() {
        return result;
    }
}
