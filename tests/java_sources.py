"""Java sources shared by the tests of two stages: what the engine finds for them in one,
what the plugin shows or the JVM does with them in the other."""


# hashCode through a nested anonymous iterator reading the outer object's fields
HITS = """
        import java.util.Iterator;
        public final class Subject {
            private final int id;
            private final int hits;
            public Subject(int id, int hits) { this.id = id; this.hits = hits; }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.id == id; }
            @Override public int hashCode() {
                Iterable<Integer> parts = new Iterable<Integer>() {
                    public Iterator<Integer> iterator() {
                        return new Iterator<Integer>() {
                            int at = 0;
                            public boolean hasNext() { return at < 2; }
                            public Integer next() { return at++ == 0 ? id : hits; }
                        };
                    }
                };
                int h = 0;
                Iterator<Integer> it = parts.iterator();
                while (it.hasNext()) h = 31 * h + it.next();
                return h;
            }
        }
        """
# hashCode through a local class reading a captured local, making one of itself
DIGITS = """
        public final class Subject {
            private final int id;
            private final int base;
            public Subject(int id, int base) { this.id = id; this.base = base; }
            @Override public boolean equals(Object o) { return o instanceof Subject s && s.id == id; }
            @Override public int hashCode() {
                final int base = this.base;
                class Digit {
                    final int steps;
                    Digit(int steps) { this.steps = steps; }
                    Digit next() { return new Digit(steps + 1); }
                    int value() { return id + steps * base; }
                }
                return new Digit(1).next().value();
            }
        }
        """


# a private nested class its outer class only ever builds with a non-null name: a check of
# Key's own contracts makes Keys the program never does
OUTER = """
    public final class Outer {
        private final Key key;
        public Outer(String name) { this.key = new Key(name == null ? "" : name); }
        @Override public boolean equals(Object o) { return o instanceof Outer && ((Outer) o).key.equals(key); }
        @Override public int hashCode() { return key.hashCode(); }

        private static final class Key {
            private final String name;
            Key(String name) { this.name = name; }
            @Override public boolean equals(Object o) { return o instanceof Key && ((Key) o).name.equals(name); }
            @Override public int hashCode() { return name.hashCode(); }
        }
    }
    """


# equals calls a String method without a model: its items are skipped as unsupported,
# equals-null passes
INTERNED_NAME = """\
        package demo;

        public final class Name {
            private final String value;

            public Name(String value) { this.value = value; }

            @Override
            public boolean equals(Object o) {
                return o instanceof Name n && value.intern() == n.value.intern();
            }

            @Override
            public int hashCode() { return 7; }
        }
        """
# a map that delegates equals to its own LinkedHashMap, whose AbstractMap.equals calls
# this map's get: a blind get breaks symmetry
SHADOW = """\
    import java.util.*;
    public final class Shadow extends AbstractMap<String, String> {
        private final Map<String, String> normal;
        private final boolean blind;
        public Shadow(Map<String, String> normal, boolean blind) {
            this.normal = new LinkedHashMap<>(Objects.requireNonNull(normal));
            this.blind = blind;
        }
        @Override public int size() { return normal.size(); }
        @Override public String get(Object key) { return blind ? null : normal.get(key); }
        @Override public boolean containsKey(Object key) { return normal.containsKey(key); }
        @Override public Set<Map.Entry<String, String>> entrySet() { return normal.entrySet(); }
        @Override public boolean equals(Object o) { return o == this || normal.equals(o); }
        @Override public int hashCode() { return normal.hashCode(); }
    }
    """
