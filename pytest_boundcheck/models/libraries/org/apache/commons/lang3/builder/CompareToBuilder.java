package org.apache.commons.lang3.builder;

/** commons-lang's CompareToBuilder: the first appended pair that differs decides. */
public class CompareToBuilder {
    private int comparison;

    public CompareToBuilder() {
        comparison = 0;
    }

    public CompareToBuilder appendSuper(int superCompareTo) {
        if (comparison == 0) {
            comparison = superCompareTo;
        }
        return this;
    }

    @SuppressWarnings("unchecked")
    public CompareToBuilder append(Object lhs, Object rhs) {
        if (comparison != 0 || lhs == rhs) {
            return this;
        }
        if (lhs == null) {
            comparison = -1;
            return this;
        }
        if (rhs == null) {
            comparison = 1;
            return this;
        }
        comparison = ((Comparable<Object>) lhs).compareTo(rhs);
        return this;
    }

    public CompareToBuilder append(long lhs, long rhs) {
        if (comparison == 0) {
            comparison = Long.compare(lhs, rhs);
        }
        return this;
    }

    public CompareToBuilder append(int lhs, int rhs) {
        if (comparison == 0) {
            comparison = Integer.compare(lhs, rhs);
        }
        return this;
    }

    public CompareToBuilder append(short lhs, short rhs) {
        if (comparison == 0) {
            comparison = Short.compare(lhs, rhs);
        }
        return this;
    }

    public CompareToBuilder append(char lhs, char rhs) {
        if (comparison == 0) {
            comparison = Character.compare(lhs, rhs);
        }
        return this;
    }

    public CompareToBuilder append(byte lhs, byte rhs) {
        if (comparison == 0) {
            comparison = Byte.compare(lhs, rhs);
        }
        return this;
    }

    public CompareToBuilder append(boolean lhs, boolean rhs) {
        if (comparison == 0 && lhs != rhs) {
            comparison = lhs ? 1 : -1;
        }
        return this;
    }

    public CompareToBuilder append(double lhs, double rhs) {
        if (comparison == 0) {
            comparison = Double.compare(lhs, rhs);
        }
        return this;
    }

    public CompareToBuilder append(float lhs, float rhs) {
        if (comparison == 0) {
            comparison = Float.compare(lhs, rhs);
        }
        return this;
    }

    public int toComparison() {
        return comparison;
    }
}
