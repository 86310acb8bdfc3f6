package org.apache.commons.lang3.builder;

/** commons-lang's EqualsBuilder: equal while every appended pair is equal. */
public class EqualsBuilder {
    private boolean isEquals = true;

    public EqualsBuilder() {
    }

    public EqualsBuilder appendSuper(boolean superEquals) {
        if (isEquals) {
            isEquals = superEquals;
        }
        return this;
    }

    public EqualsBuilder append(Object lhs, Object rhs) {
        if (!isEquals || lhs == rhs) {
            return this;
        }
        if (lhs == null || rhs == null) {
            isEquals = false;
            return this;
        }
        isEquals = lhs.equals(rhs);
        return this;
    }

    public EqualsBuilder append(long lhs, long rhs) {
        if (isEquals) {
            isEquals = lhs == rhs;
        }
        return this;
    }

    public EqualsBuilder append(int lhs, int rhs) {
        if (isEquals) {
            isEquals = lhs == rhs;
        }
        return this;
    }

    public EqualsBuilder append(short lhs, short rhs) {
        if (isEquals) {
            isEquals = lhs == rhs;
        }
        return this;
    }

    public EqualsBuilder append(char lhs, char rhs) {
        if (isEquals) {
            isEquals = lhs == rhs;
        }
        return this;
    }

    public EqualsBuilder append(byte lhs, byte rhs) {
        if (isEquals) {
            isEquals = lhs == rhs;
        }
        return this;
    }

    public EqualsBuilder append(boolean lhs, boolean rhs) {
        if (isEquals) {
            isEquals = lhs == rhs;
        }
        return this;
    }

    public EqualsBuilder append(double lhs, double rhs) {
        return append(Double.doubleToLongBits(lhs), Double.doubleToLongBits(rhs));
    }

    public EqualsBuilder append(float lhs, float rhs) {
        return append(Float.floatToIntBits(lhs), Float.floatToIntBits(rhs));
    }

    public boolean isEquals() {
        return isEquals;
    }

    public void setEquals(boolean isEquals) {
        this.isEquals = isEquals;
    }

    public void reset() {
        isEquals = true;
    }
}
