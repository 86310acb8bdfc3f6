"""Generated Java for the differential test of java.util collections (test_collections_jvm.py).

Each template is a method body over ints ``a``, ``b``, ``c`` and a boolean ``f``, returning
a long; ``e(v)`` turns an int into an element: null, one of the strings "a", "Aa" and "BB"
("Aa" and "BB" share a hash code) or a small Integer, so that equal, colliding and null
elements meet in Lists, Sets and Maps of every implementation the engine models.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from javagen import Case, GeneratedClass, Method

ELEMENTS = """\
    static Object e(int v) {
        switch (v & 7) {
            case 0: return null;
            case 1: return "a";
            case 2: return "Aa";
            case 3: return "BB";
            default: return (v >> 3) & 3;
        }
    }
    static long h(Object o) { return java.util.Objects.hashCode(o); }
"""

LISTS = [
    "List<Object> x = Arrays.asList(e(a), e(b)); List<Object> y = Arrays.asList(e(b), e(c)); "
    "return (x.equals(y) ? 1 : 0) + (y.equals(x) ? 2 : 0);",
    "List<Object> x = Arrays.asList(e(a), e(b), e(c)); return x.hashCode();",
    "List<Object> x = new ArrayList<>(); x.add(e(a)); x.add(e(b)); if (f) x.add(e(c)); "
    "return x.hashCode() + 31L * x.size();",
    "List<Object> x = Arrays.asList(e(a), e(b), e(c)); return x.contains(e(c + b)) ? 1 : 0;",
    "List<Object> x = Arrays.asList(e(a), e(b)); return h(x.get(c % 4 - 1));",
    "List<Object> x = new ArrayList<>(Arrays.asList(e(a), e(b))); return h(x.get(c % 4 - 1));",
    "List<Object> x = List.of(e(a), e(b)); return x.hashCode() + (x.contains(e(c)) ? 7 : 0);",
    "List<Object> x = f ? List.of() : List.of(e(a) == null ? 1 : e(a)); return h(x.get(c & 1));",
    "List<Object> x = new LinkedList<>(Arrays.asList(e(a), e(b))); List<Object> y = List.copyOf(x); "
    "return (x.equals(y) ? 1 : 0) + y.size() * 2L;",
    "List<Object> x = Collections.unmodifiableList(new ArrayList<>(Arrays.asList(e(a)))); "
    "if (f) x.add(e(b)); return x.hashCode();",
    "List<Object> x = Arrays.asList(e(a), e(b), e(c)); Iterator<Object> it = x.iterator(); long n = 0; "
    "while (it.hasNext()) n = 31 * n + h(it.next()); return n;",
    "List<Object> x = Arrays.asList(e(a), e(b)); long n = 1; for (Object o : x) { if (o == null && f) break; "
    "n = 7 * n + h(o); } return n + (x.isEmpty() ? 1 : 0);",
    "return (Collections.emptyList().equals(new ArrayList<>()) ? 1 : 0) + Collections.emptyList().hashCode() "
    "+ (f ? Arrays.asList(e(a)).size() : 5);",
]

SETS = [
    "Set<Object> x = new HashSet<>(Arrays.asList(e(a), e(b), e(c))); return x.size() * 1000L + x.hashCode();",
    "Set<Object> x = new HashSet<>(); x.add(e(a)); boolean added = x.add(e(b)); "
    "return (added ? 1 : 0) + 2L * x.size() + (x.contains(e(c)) ? 4 : 0);",
    "Set<Object> x = new HashSet<>(Arrays.asList(e(a), e(b))); "
    "Set<Object> y = new LinkedHashSet<>(Arrays.asList(e(b), e(c))); "
    "return (x.equals(y) ? 1 : 0) + (y.equals(x) ? 2 : 0) + (x.hashCode() == y.hashCode() ? 4 : 0);",
    "Set<Object> x = Set.of(e(a), e(b)); return x.hashCode() + x.size();",
    "Set<Object> x = Set.of(e(a) == null ? 5 : e(a)); return x.contains(e(c)) ? 1 : 0;",
    "Set<Object> x = new LinkedHashSet<>(Arrays.asList(e(a), e(b), e(c))); long n = 0; "
    "for (Object o : x) n = 31 * n + h(o); return n;",
    "Set<Object> x = new LinkedHashSet<>(List.of(e(a) == null ? 2 : e(a))); "
    "Set<Object> y = Collections.unmodifiableSet(x); if (f) y.add(e(b)); "
    "return (y.equals(x) ? 1 : 0) + (x.equals(Set.copyOf(y)) ? 2 : 0);",
    "Set<Object> x = new TreeSet<>(List.of(\"b\", \"a\")); return (x.contains(f ? \"a\" : \"c\") ? 1 : 0) "
    "+ x.hashCode();",
    "Set<Object> x = new HashSet<>(Arrays.asList(e(a))); List<Object> y = Arrays.asList(e(a)); "
    "return (x.equals(y) ? 1 : 0) + (y.equals(x) ? 2 : 0) + (Collections.emptySet().equals(x) ? 4 : 0);",
    "List<Object> x = new Vector<>(); x.add(e(a)); if (f) x.add(e(b)); List<Object> y = new Vector<>(x); "
    "y.add(e(c)); return x.hashCode() + 31L * y.hashCode() + (x.equals(Arrays.asList(e(a))) ? 1 : 0) "
    "+ (new Vector<>(List.of(1)).equals(List.of(e(a) == null ? 0 : e(a))) ? 2 : 0);",
    "Set<Object> x = new LinkedHashSet<>(Arrays.asList(e(a), e(b))); if (f) x.clear(); x.add(e(c)); "
    "return x.hashCode() + 31L * x.size();",
    "List<Object> x = a % 3 == 0 ? Arrays.asList() : b % 2 == 0 ? Arrays.asList(e(a)) : List.of(); "
    "x.clear(); return x.size();",
]

MAPS = [
    "Map<Object, Object> m = new HashMap<>(); m.put(e(a), e(b)); m.put(e(b), e(c)); "
    "return m.size() * 1000L + m.hashCode();",
    "Map<Object, Object> m = new HashMap<>(); m.put(e(a), e(b)); Object old = m.put(e(c), e(a)); "
    "return h(old) + 3 * h(m.get(e(b)));",
    "Map<Object, Object> m = new LinkedHashMap<>(); m.put(e(a), e(b)); "
    "return (m.containsKey(e(c)) ? 1 : 0) + (m.containsValue(e(c)) ? 2 : 0) + (m.isEmpty() ? 4 : 0);",
    "Map<Object, Object> x = Map.of(e(a), e(b)); Map<Object, Object> y = new HashMap<>(x); "
    "if (f) y.put(e(c), e(c)); return (x.equals(y) ? 1 : 0) + (y.equals(x) ? 2 : 0) + x.hashCode();",
    "Map<Object, Object> m = new LinkedHashMap<>(); m.put(e(a), e(b)); m.put(e(c), e(a)); long n = 0; "
    "for (Map.Entry<Object, Object> en : m.entrySet()) n = 31 * n + h(en.getKey()) + 7 * h(en.getValue()); "
    "return n;",
    "Map<Object, Object> m = new LinkedHashMap<>(); m.put(e(a), e(b)); m.put(e(b), e(c)); long n = 0; "
    "for (Object k : m.keySet()) n = 31 * n + h(k); for (Object v : m.values()) n = 17 * n + h(v); "
    "return n + (m.keySet().contains(e(c)) ? 5 : 0);",
    "Map<Object, Object> m = new HashMap<>(); m.put(e(a), e(b)); Map<Object, Object> u = "
    "Collections.unmodifiableMap(m); if (f) u.put(e(c), e(c)); return u.hashCode() + (u.equals(m) ? 1 : 0) "
    "+ Collections.emptyMap().hashCode();",
    "Map<Object, Object> x = new HashMap<>(); x.put(e(a), e(b)); Map<Object, Object> y = new HashMap<>(); "
    "y.put(e(a), e(c)); return (x.equals(y) ? 1 : 0) + (x.keySet().equals(y.keySet()) ? 2 : 0);",
    "Map<Object, Object> x = new HashMap<>(); x.put(e(a), e(b)); if (f) x.clear(); x.put(e(c), e(a)); "
    "return x.hashCode() + 31L * x.size() + (Collections.emptyMap().equals(x) ? 1 : 0);",
    "List<Object> x = new ArrayList<>(List.of(e(a) == null ? 1 : e(a))); x.clear(); "
    "Map<Object, Object> m = Collections.unmodifiableMap(new HashMap<>()); if (f) m.clear(); "
    "return x.size() + x.hashCode();",
    "Map<Object, Object> m = new LinkedHashMap<>(); m.put(e(a), e(b)); m.put(e(b), e(c)); "
    "Object old = m.remove(e(c)); long n = 0; for (Object k : m.keySet()) n = 31 * n + h(k); "
    "return 7 * n + h(old) + 1000L * m.size() + h(m.get(e(b)));",
    "Map<Object, Object> m = new HashMap<>(); m.put(e(a), e(b)); if (f) m.put(e(c), e(c)); "
    "Object old = m.remove(e(b)); return m.hashCode() + 3 * h(old) + 1000L * m.size();",
    "Map<Object, Object> m = f ? Map.of(\"a\", 1) : Collections.emptyMap(); "
    "return h(m.remove(e(a)));",
    "SortedMap<Object, Object> m = new TreeMap<>(); m.put(\"a\", e(a)); SortedSet<Object> s = new TreeSet<>(); "
    "return (m.comparator() == null ? 1 : 0) + (s.comparator() == null ? 2 : 0) + h(m.get(\"a\"));",
]

FOR_EACH = [
    "List<Object> x = new ArrayList<>(Arrays.asList(e(a), e(b))); if (f) x.add(e(c)); long[] n = {1}; "
    "x.forEach(o -> n[0] = 31 * n[0] + h(o)); return n[0];",
    "Set<Object> x = new LinkedHashSet<>(Arrays.asList(e(a), e(b), e(c))); List<Object> y = new ArrayList<>(); "
    "x.forEach(y::add); return y.hashCode() + 1000L * y.size();",
    "List<Object> x = f ? List.of() : List.of(e(a) == null ? 3 : e(a)); long[] n = {5}; "
    "x.forEach(o -> { if (o != null) n[0] += h(o); }); return n[0];",
    "Map<Object, Object> m = new LinkedHashMap<>(); m.put(e(a), e(b)); m.put(e(c), e(a)); long[] n = {0}; "
    "m.forEach((k, v) -> n[0] = 31 * n[0] + h(k) + 7 * h(v)); return n[0];",
    "List<Object> x = Arrays.asList(e(a), e(b)); java.util.function.Consumer<Object> act = f ? null : o -> { }; "
    "x.forEach(act); return 1;",
    "Map<Object, Object> m = new LinkedHashMap<>(); if (f) m.put(e(a), e(b)); long[] n = {0}; "
    "m.forEach((k, v) -> n[0] += h(k) * h(v)); Collections.emptyList().forEach(o -> n[0]++); "
    "return n[0] + 3L * m.size();",
]

TEMPLATES = LISTS + SETS + MAPS + FOR_EACH


@dataclass
class CollectionsClass(GeneratedClass):
    """A generated class that imports java.util."""

    def java(self) -> str:
        return "import java.util.*;\n\n" + super().java()


def generate(seed: int, per_template: int, class_name: str, symbolic_every: int = 5,
             templates: list[str] = TEMPLATES) -> GeneratedClass:
    """``per_template`` cases of each template (``TEMPLATES``, or another family's over
    the same elements: ``arraygen.TEMPLATES``)."""
    rng = random.Random(seed)
    prog = CollectionsClass(class_name, preamble=ELEMENTS)
    params = [("int", "a"), ("int", "b"), ("int", "c"), ("boolean", "f")]
    for k, body in enumerate(templates):
        name = f"m{k}"
        source = f"    static long {name}(int a, int b, int c, boolean f) {{\n        {body}\n    }}\n"
        method = Method(name, params, "long", source)
        prog.methods.append(method)
        for _ in range(per_template):
            a = rng.randrange(32)
            b = a if rng.random() < 0.3 else rng.randrange(32)
            c = rng.choice((a, b)) if rng.random() < 0.3 else rng.randrange(32)
            prog.cases.append(Case(method, (a, b, c, rng.random() < 0.3)))
    for k, case in enumerate(prog.cases):
        case.symbolic = k % symbolic_every == 0
    return prog
