package org.apache.commons.lang3;

import java.util.Collection;
import java.util.Map;

/**
 * commons-lang's Validate, the common overloads: the exception each throws as its Javadoc
 * says (NullPointerException for null, IllegalArgumentException for a false condition or
 * an empty or blank value, IllegalStateException from validState, IndexOutOfBoundsException
 * from validIndex). The message is not built: no check compares messages, and a message
 * format that does not fit its values (which makes String.format throw instead) is not
 * modelled.
 */
public class Validate {
    public Validate() {
    }

    public static <T> T notNull(T object) {
        if (object == null) {
            throw new NullPointerException("The validated object is null");
        }
        return object;
    }

    public static <T> T notNull(T object, String message, Object... values) {
        if (object == null) {
            throw new NullPointerException(message);
        }
        return object;
    }

    public static void isTrue(boolean expression) {
        if (!expression) {
            throw new IllegalArgumentException("The validated expression is false");
        }
    }

    public static void isTrue(boolean expression, String message, long value) {
        isTrue(expression);
    }

    public static void isTrue(boolean expression, String message, double value) {
        isTrue(expression);
    }

    public static void isTrue(boolean expression, String message, Object... values) {
        isTrue(expression);
    }

    public static void validState(boolean expression) {
        if (!expression) {
            throw new IllegalStateException("The validated state is false");
        }
    }

    public static void validState(boolean expression, String message, Object... values) {
        validState(expression);
    }

    public static <T> T[] notEmpty(T[] array) {
        notNull(array);
        if (array.length == 0) {
            throw new IllegalArgumentException("The validated array is empty");
        }
        return array;
    }

    public static <T> T[] notEmpty(T[] array, String message, Object... values) {
        return notEmpty(array);
    }

    public static <T extends Collection<?>> T notEmpty(T collection) {
        notNull(collection);
        if (collection.isEmpty()) {
            throw new IllegalArgumentException("The validated collection is empty");
        }
        return collection;
    }

    public static <T extends Collection<?>> T notEmpty(T collection, String message, Object... values) {
        return notEmpty(collection);
    }

    public static <T extends Map<?, ?>> T notEmpty(T map) {
        notNull(map);
        if (map.isEmpty()) {
            throw new IllegalArgumentException("The validated map is empty");
        }
        return map;
    }

    public static <T extends Map<?, ?>> T notEmpty(T map, String message, Object... values) {
        return notEmpty(map);
    }

    public static <T extends CharSequence> T notEmpty(T chars) {
        notNull(chars);
        if (chars.length() == 0) {
            throw new IllegalArgumentException("The validated character sequence is empty");
        }
        return chars;
    }

    public static <T extends CharSequence> T notEmpty(T chars, String message, Object... values) {
        return notEmpty(chars);
    }

    /** StringUtils.isBlank: empty, or only chars for which Character.isWhitespace holds. */
    public static <T extends CharSequence> T notBlank(T chars) {
        notNull(chars);
        for (int i = 0; i < chars.length(); i++) {
            if (!Character.isWhitespace(chars.charAt(i))) {
                return chars;
            }
        }
        throw new IllegalArgumentException("The validated character sequence is blank");
    }

    public static <T extends CharSequence> T notBlank(T chars, String message, Object... values) {
        return notBlank(chars);
    }

    public static <T> T[] validIndex(T[] array, int index) {
        notNull(array);
        if (index < 0 || index >= array.length) {
            throw new IndexOutOfBoundsException("The validated array index is invalid");
        }
        return array;
    }

    public static <T> T[] validIndex(T[] array, int index, String message, Object... values) {
        return validIndex(array, index);
    }

    public static <T extends Collection<?>> T validIndex(T collection, int index) {
        notNull(collection);
        if (index < 0 || index >= collection.size()) {
            throw new IndexOutOfBoundsException("The validated collection index is invalid");
        }
        return collection;
    }

    public static <T extends Collection<?>> T validIndex(T collection, int index, String message,
                                                       Object... values) {
        return validIndex(collection, index);
    }

    public static void inclusiveBetween(long start, long end, long value) {
        if (value < start || value > end) {
            throw new IllegalArgumentException("The value is not in the specified inclusive range");
        }
    }

    public static void inclusiveBetween(long start, long end, long value, String message) {
        inclusiveBetween(start, end, value);
    }

    public static void inclusiveBetween(double start, double end, double value) {
        if (value < start || value > end) {
            throw new IllegalArgumentException("The value is not in the specified inclusive range");
        }
    }

    public static void inclusiveBetween(double start, double end, double value, String message) {
        inclusiveBetween(start, end, value);
    }

    public static <T> void inclusiveBetween(T start, T end, Comparable<T> value) {
        if (value.compareTo(start) < 0 || value.compareTo(end) > 0) {
            throw new IllegalArgumentException("The value is not in the specified inclusive range");
        }
    }

    public static <T> void inclusiveBetween(T start, T end, Comparable<T> value, String message,
                                            Object... values) {
        inclusiveBetween(start, end, value);
    }

    public static void exclusiveBetween(long start, long end, long value) {
        if (value <= start || value >= end) {
            throw new IllegalArgumentException("The value is not in the specified exclusive range");
        }
    }

    public static void exclusiveBetween(long start, long end, long value, String message) {
        exclusiveBetween(start, end, value);
    }
}
