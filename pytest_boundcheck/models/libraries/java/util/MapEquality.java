package java.util;

/**
 * The JDK's equals of the maps the engine models, from its size test on, for the other map
 * being one whose class has code of its own (a project's Map): that code's size(), get and
 * containsKey run as the JDK calls them. AbstractMap.equals serves HashMap, LinkedHashMap,
 * TreeMap, Map.of's maps and the empty map; the model hands this map's entries over as
 * two arrays, in the order it keeps them.
 */
final class MapEquality {
    private MapEquality() {
    }

    /**
     * AbstractMap.equals over the entries keys[i] to values[i], i below size. Where the
     * model knows this map's iteration order (ordered), the entries are visited in it and
     * the first unequal one ends the loop, as on the JVM. Where it does not (hash or sort
     * order), every entry is visited: the result is the same in any order, and an exception
     * other than the two AbstractMap.equals catches escapes where some entry's lookups throw
     * it, as in an order that visits that entry first.
     */
    static boolean abstractMapEquals(Object[] keys, Object[] values, int size, Map<?, ?> other,
                                     boolean ordered) {
        if (other.size() != size) {
            return false;
        }
        boolean equal = true;
        for (int i = 0; i < size && (equal || !ordered); i++) {
            try {
                Object key = keys[i];
                Object value = values[i];
                if (value == null ? !(other.get(key) == null && other.containsKey(key))
                        : !value.equals(other.get(key))) {
                    equal = false;
                }
            } catch (ClassCastException | NullPointerException unused) {
                equal = false;
            }
        }
        return equal;
    }
}
