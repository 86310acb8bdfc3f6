package boundcheck.jml;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The objects a JML check reaches, on a real JVM: what the engine's model of this class
 * (models/jml/heap.py) computes symbolically. An object is reached from a root by following
 * the instance reference fields of the project's objects; JDK objects (strings, boxes,
 * collections) and arrays are neither reached nor followed, as in the engine.
 */
public final class Heap {
    private Heap() {
    }

    /** Is {@code target} in JML's {@code \reach(root)}? */
    public static boolean reaches(Object root, Object target) {
        return target != null && reached(null, root).contains(target);
    }

    /** Is {@code target} reached from {@code root} following only the fields named {@code field}? */
    public static boolean reaches(Object root, Object target, String field) {
        return target != null && reached(field, root).contains(target);
    }

    /** The objects of {@code type} reached from the roots. */
    public static Object[] objects(Class<?> type, Object... roots) {
        List<Object> found = new ArrayList<>();
        for (Object o : reached(null, roots)) {
            if (type.isInstance(o)) {
                found.add(o);
            }
        }
        return found.toArray();
    }

    private static Set<Object> reached(String field, Object... roots) {
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Object> todo = new ArrayDeque<>();
        for (Object root : roots) {
            if (isProjectObject(root) && seen.add(root)) {
                todo.add(root);
            }
        }
        while (!todo.isEmpty()) {
            Object o = todo.pop();
            for (Class<?> c = o.getClass(); c != null && isProjectClass(c); c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic() || f.getType().isPrimitive()
                            || f.getType().isArray() || field != null && !f.getName().equals(field)) {
                        continue;
                    }
                    f.setAccessible(true);
                    Object value;
                    try {
                        value = f.get(o);
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                    if (isProjectObject(value) && seen.add(value)) {
                        todo.add(value);
                    }
                }
            }
        }
        return seen;
    }

    private static boolean isProjectObject(Object o) {
        return o != null && isProjectClass(o.getClass()) && !o.getClass().isEnum();
    }

    /** A class of the project: loaded by neither the JDK's boot nor its platform loader. */
    private static boolean isProjectClass(Class<?> c) {
        ClassLoader loader = c.getClassLoader();
        return !c.isArray() && loader != null && loader != ClassLoader.getPlatformClassLoader()
                && c != Heap.class;
    }
}
