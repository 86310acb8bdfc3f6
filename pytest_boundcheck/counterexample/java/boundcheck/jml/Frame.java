package boundcheck.jml;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A JML check's frame ({@code assignable}) and {@code \fresh}, on a real JVM: what the
 * engine's model of this class (models/jml/frame.py) computes symbolically. The snapshot
 * copies the values of every location of the objects reachable from the roots: the fields
 * of the project's objects (and the static fields of their classes), the elements of
 * arrays, and the contents of JDK collections and maps; other JDK objects (strings, boxes)
 * are immutable and only remembered as existing. {@link #check} compares them after the
 * call, except the locations allowed.
 */
public final class Frame {
    private static final String CONTENTS = "contents";

    /** Each pre-state object's locations (a Field, an element's index, or CONTENTS) and values. */
    private final Map<Object, Map<Object, Object>> before = new IdentityHashMap<>();
    private final Map<Field, Object> statics = new LinkedHashMap<>();
    private final Set<Class<?>> classesRead = new HashSet<>();  // whose static fields were read
    private final Map<Object, Set<String>> fields = new IdentityHashMap<>();
    private final Set<Field> staticFields = new HashSet<>();
    private final Set<Object> wholeObjects = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<Object, List<int[]>> elements = new IdentityHashMap<>();
    private boolean everything;

    private Frame() {
    }

    /** The heap reachable from the roots as it is now (a Class root: its static fields). */
    public static Object snapshot(Object... roots) {
        Frame frame = new Frame();
        Deque<Object> todo = new ArrayDeque<>();
        for (Object root : roots) {
            frame.visit(root, todo);
        }
        while (!todo.isEmpty()) {
            frame.record(todo.pop(), todo);
        }
        return frame;
    }

    public static void allow(Object frame, Object target, String field) {
        Frame f = (Frame) frame;
        for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
            for (Field declared : c.getDeclaredFields()) {
                if (declared.getName().equals(field) && Modifier.isStatic(declared.getModifiers())) {
                    f.staticFields.add(declared);
                }
            }
        }
        f.fields.computeIfAbsent(target, k -> new HashSet<>()).add(field);
    }

    public static void allowStatic(Object frame, Class<?> owner, String field) {
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            for (Field declared : c.getDeclaredFields()) {
                if (declared.getName().equals(field) && Modifier.isStatic(declared.getModifiers())) {
                    ((Frame) frame).staticFields.add(declared);
                    return;
                }
            }
        }
    }

    public static void allowAll(Object frame, Object target) {
        ((Frame) frame).wholeObjects.add(Objects.requireNonNull(target));
    }

    /** The elements of {@code array} from {@code first} to {@code last}, both included. */
    public static void allowElements(Object frame, Object array, int first, int last) {
        Objects.requireNonNull(array);
        ((Frame) frame).elements.computeIfAbsent(array, k -> new ArrayList<>()).add(new int[] {first, last});
    }

    public static void allowEverything(Object frame) {
        ((Frame) frame).everything = true;
    }

    /** An AssertionError naming the first location of the snapshot that changed and is not allowed. */
    public static void check(Object frame, String said) {
        Frame f = (Frame) frame;
        if (f.everything) {
            return;
        }
        for (Map.Entry<Object, Map<Object, Object>> object : f.before.entrySet()) {
            Object o = object.getKey();
            Map<Object, Object> now = values(o);
            for (Map.Entry<Object, Object> location : object.getValue().entrySet()) {
                Object key = location.getKey();
                if (!same(location.getValue(), now.get(key)) && !f.allowed(o, key)) {
                    throw new AssertionError(said + ": " + name(o, key) + " changed");
                }
            }
        }
        for (Map.Entry<Field, Object> s : f.statics.entrySet()) {
            if (!same(s.getValue(), read(s.getKey(), null)) && !f.staticFields.contains(s.getKey())) {
                throw new AssertionError(said + ": " + name(null, s.getKey()) + " changed");
            }
        }
    }

    /**
     * JML's {@code \fresh(x)}: x is not null and did not exist in the pre-state. An interned
     * string, a cached box, an enum constant or a Class object existed, reached or not.
     */
    public static boolean fresh(Object frame, Object x) {
        if (x == null || ((Frame) frame).before.containsKey(x) || x instanceof Class || x instanceof Enum) {
            return false;
        }
        if (x instanceof String s) {
            return s.intern() != s;
        }
        return !(x instanceof Integer i && Integer.valueOf(i) == i || x instanceof Long l && Long.valueOf(l) == l
                 || x instanceof Short s && Short.valueOf(s) == s || x instanceof Byte b && Byte.valueOf(b) == b
                 || x instanceof Character c && Character.valueOf(c) == c
                 || x instanceof Boolean z && Boolean.valueOf(z) == z);
    }

    private boolean allowed(Object o, Object key) {
        if (wholeObjects.contains(o)) {
            return true;
        }
        if (key instanceof Field field) {
            return fields.getOrDefault(o, Set.of()).contains(field.getName());
        }
        if (key instanceof Integer index) {
            for (int[] range : elements.getOrDefault(o, List.of())) {
                if (range[0] <= index && index <= range[1]) {
                    return true;
                }
            }
        }
        return false;
    }

    private void visit(Object o, Deque<Object> todo) {
        if (o instanceof Class<?> c) {
            recordStatics(c, todo);
        } else if (o != null && !before.containsKey(o)) {
            before.put(o, new LinkedHashMap<>());
            todo.add(o);
        }
    }

    private void record(Object o, Deque<Object> todo) {
        Map<Object, Object> values = values(o);
        before.put(o, values);
        for (Object value : values.values()) {
            if (value instanceof Object[] contents) {
                for (Object element : contents) {
                    visit(element, todo);
                }
            } else if (!(value instanceof Primitive) && !(value instanceof Class)) {
                visit(value, todo);
            }
        }
        if (isProjectClass(o.getClass())) {
            recordStatics(o.getClass(), todo);
        }
    }

    private void recordStatics(Class<?> type, Deque<Object> todo) {
        for (Class<?> c = type; c != null && isProjectClass(c) && classesRead.add(c); c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int modifiers = f.getModifiers();
                if (!Modifier.isStatic(modifiers) || f.isSynthetic()) {
                    continue;
                }
                Object value = read(f, null);
                if (!Modifier.isFinal(modifiers)) {  // a final one cannot change, but what it holds existed
                    statics.put(f, value);
                }
                if (!(value instanceof Primitive)) {
                    visit(value, todo);
                }
            }
        }
    }

    /** An object's locations and their values now: none for an immutable JDK object. */
    private static Map<Object, Object> values(Object o) {
        Map<Object, Object> values = new LinkedHashMap<>();
        if (o.getClass().isArray()) {
            boolean primitive = o.getClass().getComponentType().isPrimitive();
            for (int i = 0; i < Array.getLength(o); i++) {
                values.put(i, primitive ? new Primitive(Array.get(o, i)) : Array.get(o, i));
            }
        } else if (o instanceof Collection<?> c && !isProjectClass(o.getClass())) {
            values.put(CONTENTS, c.toArray());
        } else if (o instanceof Map<?, ?> m && !isProjectClass(o.getClass())) {
            List<Object> entries = new ArrayList<>();
            m.forEach((k, v) -> {
                entries.add(k);
                entries.add(v);
            });
            values.put(CONTENTS, entries.toArray());
        } else {
            for (Class<?> c = o.getClass(); c != null && isProjectClass(c); c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                        values.put(f, read(f, o));
                    }
                }
            }
        }
        return values;
    }

    private static Object read(Field f, Object o) {
        try {
            f.setAccessible(true);
            return f.getType().isPrimitive() ? new Primitive(f.get(o)) : f.get(o);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The same value: a primitive's equal, a reference's identity, contents element by element. */
    private static boolean same(Object a, Object b) {
        if (a instanceof Object[] x && b instanceof Object[] y) {
            if (x.length != y.length) {
                return false;
            }
            for (int i = 0; i < x.length; i++) {
                if (x[i] != y[i]) {
                    return false;
                }
            }
            return true;
        }
        return a instanceof Primitive ? a.equals(b) : a == b;
    }

    private static String name(Object o, Object key) {
        if (key instanceof Field f) {
            return nested(f.getDeclaringClass()) + "." + f.getName();
        }
        if (key instanceof Integer index) {
            return nested(o.getClass().getComponentType()) + "[][" + index + "]";
        }
        return nested(o.getClass()) + " contents";
    }

    /** A class's name as its package's code writes it ({@code Outer.Inner}), as the engine names it. */
    private static String nested(Class<?> c) {
        if (c.isPrimitive() || c.isArray()) {
            return c.getSimpleName();
        }
        String name = c.getName().substring(c.getPackageName().isEmpty() ? 0 : c.getPackageName().length() + 1);
        return name.replace('$', '.');
    }

    /** A class of the project: loaded by neither the JDK's boot nor its platform loader. */
    private static boolean isProjectClass(Class<?> c) {
        ClassLoader loader = c.getClassLoader();
        return !c.isArray() && loader != null && loader != ClassLoader.getPlatformClassLoader()
                && !c.getPackageName().equals(Frame.class.getPackageName());
    }

    /** A primitive value: equal to another by its box's equals (bit for bit, as Double.equals). */
    private record Primitive(Object value) {
    }
}
