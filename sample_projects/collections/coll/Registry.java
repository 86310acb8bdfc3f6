package coll;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/** Equal when as many names are registered; hashes its keys by iterating a HashMap it
 * made: the JVM's hash order, which the engine does not model, so that item is skipped
 * saying so. */
public final class Registry {
    private final Map<String, String> names;

    public Registry(Map<String, String> names) {
        this.names = new HashMap<>(names);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Registry r && names.size() == r.names.size();
    }

    @Override
    public int hashCode() {
        int h = 0;
        for (String key : names.keySet()) {
            h += Objects.hashCode(key);
        }
        return h;
    }
}
