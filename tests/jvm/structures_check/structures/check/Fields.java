package structures.check;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;

/** Reads and writes the private fields of the structures and their nodes by reflection. */
final class Fields {
    private Fields() {
    }

    static Object get(Object o, String name) {
        try {
            return field(o.getClass(), name).get(o);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    static int getInt(Object o, String name) {
        return (Integer) get(o, name);
    }

    static boolean getBoolean(Object o, String name) {
        return (Boolean) get(o, name);
    }

    static void set(Object o, String name, Object value) {
        try {
            field(o.getClass(), name).set(o, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A new object of a nested class by its constructor without parameters. */
    static Object make(String className) {
        try {
            Constructor<?> constructor = Class.forName(className).getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Field field(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                continue;
            }
        }
        throw new IllegalArgumentException(type.getName() + " has no field " + name);
    }
}
