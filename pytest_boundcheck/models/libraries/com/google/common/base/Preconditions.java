package com.google.common.base;

/**
 * Guava's Preconditions, the common overloads: the exception each throws as its Javadoc
 * says (IllegalArgumentException from checkArgument, IllegalStateException from
 * checkState, NullPointerException from checkNotNull, IndexOutOfBoundsException for an
 * index outside its range and IllegalArgumentException for a negative size, asked in
 * Guava's order). The message is not built: no check compares messages, and Guava's
 * lenient formatting never throws.
 */
public final class Preconditions {
    private Preconditions() {
    }

    public static void checkArgument(boolean expression) {
        if (!expression) {
            throw new IllegalArgumentException();
        }
    }

    public static void checkArgument(boolean expression, Object errorMessage) {
        checkArgument(expression);
    }

    public static void checkArgument(boolean expression, String errorMessageTemplate, Object... errorMessageArgs) {
        checkArgument(expression);
    }

    public static void checkState(boolean expression) {
        if (!expression) {
            throw new IllegalStateException();
        }
    }

    public static void checkState(boolean expression, Object errorMessage) {
        checkState(expression);
    }

    public static void checkState(boolean expression, String errorMessageTemplate, Object... errorMessageArgs) {
        checkState(expression);
    }

    public static <T> T checkNotNull(T reference) {
        if (reference == null) {
            throw new NullPointerException();
        }
        return reference;
    }

    public static <T> T checkNotNull(T reference, Object errorMessage) {
        return checkNotNull(reference);
    }

    public static <T> T checkNotNull(T reference, String errorMessageTemplate, Object... errorMessageArgs) {
        return checkNotNull(reference);
    }

    public static int checkElementIndex(int index, int size) {
        if (index < 0 || index >= size) {
            throw outside(index, size);
        }
        return index;
    }

    public static int checkElementIndex(int index, int size, String desc) {
        return checkElementIndex(index, size);
    }

    public static int checkPositionIndex(int index, int size) {
        if (index < 0 || index > size) {
            throw outside(index, size);
        }
        return index;
    }

    public static int checkPositionIndex(int index, int size, String desc) {
        return checkPositionIndex(index, size);
    }

    public static void checkPositionIndexes(int start, int end, int size) {
        if (start < 0 || end < start || end > size) {
            if (start < 0 || start > size) {
                throw outside(start, size);
            }
            if (end < 0 || end > size) {
                throw outside(end, size);
            }
            throw new IndexOutOfBoundsException();
        }
    }

    /** What Guava throws for an index outside its range: its message is made first, and
     * making it throws IllegalArgumentException for a negative size (a negative index is
     * named before the size is looked at). */
    private static RuntimeException outside(int index, int size) {
        if (index >= 0 && size < 0) {
            throw new IllegalArgumentException("negative size: " + size);
        }
        return new IndexOutOfBoundsException();
    }
}
