"""Generated Java for the differential test of argument checks (test_checks_jvm.py): the
JDK's ``Objects.requireNonNull``/``requireNonNullElseGet``/``checkIndex`` (``JDK``), and
commons-lang3's ``Validate`` and Guava's ``Preconditions`` (``LIBRARIES``), which the JVM
runs from Debian's jars and the engine from its Java models of them
(``pytest_boundcheck/models/libraries``). Each template is a method body over ints ``a``,
``b``, ``c`` and a boolean ``f`` returning a long, with ``collgen``'s elements ``e(v)``
and hashes ``h(o)``; ``collgen.generate(..., templates=...)`` makes the cases."""
from __future__ import annotations

V = "org.apache.commons.lang3.Validate"
P = "com.google.common.base.Preconditions"
WORDS = ('String s = a % 6 == 0 ? null : a % 6 == 1 ? "" : a % 6 == 2 ? " " : a % 6 == 3 ? "\\t\\n" '
         ': a % 6 == 4 ? "a " : " b"; ')

JDK = [
    "Object o = e(a); return h(Objects.requireNonNull(o, () -> \"missing \" + b));",
    "Object o = e(a); java.util.function.Supplier<String> m = f ? null : () -> \"m\"; "
    "return h(Objects.requireNonNull(o, m));",
    "Object o = e(a); return h(Objects.requireNonNullElseGet(o, () -> e(b)));",
    "Object o = e(a); java.util.function.Supplier<Object> g = f ? null : () -> e(c); "
    "return h(Objects.requireNonNullElseGet(o, g));",
    "return Objects.checkIndex(a % 5 - 2, b % 5 - 2) + 10L * Objects.requireNonNullElse(e(a), 7).hashCode();",
]

LIBRARIES = [
    f"return h({V}.notNull(e(a))) + 7L * h({V}.notNull(e(b), \"x %s\", c));",
    f"{V}.isTrue(a > b); {V}.isTrue(b != c, \"m %d\", c); {V}.isTrue(f, \"m\", 3L); "
    f"{V}.isTrue(a != 5, \"m\", 0.5); return a;",
    f"{V}.validState(a < b + 3, \"s\"); {V}.validState(c != 4); return 2;",
    f"Object[] x = a % 3 == 0 ? null : new Object[a % 3 - 1]; return {V}.notEmpty(x).length "
    f"+ 10L * {V}.notEmpty(b % 3 == 0 ? null : new Object[b % 3], \"m\").length;",
    f"List<Object> x = a % 3 == 0 ? null : a % 3 == 1 ? new ArrayList<>() : Arrays.asList(e(b)); "
    f"Map<Object, Object> y = c % 3 == 0 ? null : c % 3 == 1 ? Map.of() : Map.of(1, 2); "
    f"return {V}.notEmpty(x, \"list\").size() + 10L * {V}.notEmpty(y).size();",
    WORDS + f"return {V}.notEmpty(s).length() + 10L * {V}.notEmpty(s, \"m %s\", b).length();",
    WORDS + f"return {V}.notBlank(s).length() + 10L * {V}.notBlank(s, \"m\").length();",
    f"{V}.inclusiveBetween(b, c, a); {V}.inclusiveBetween(1, 20, (long) b, \"m\"); return a;",
    f"{V}.inclusiveBetween(0.5, 2.5 * c, a / 4.0); {V}.exclusiveBetween(b, 31, a); return b;",
    WORDS + f"{V}.inclusiveBetween(\"a\", \"b\", s); return s.length();",
    f"Object[] x = {{e(a), e(b)}}; List<Object> y = Arrays.asList(e(c)); "
    f"return {V}.validIndex(x, a % 4 - 1).length + 10L * {V}.validIndex(y, b % 3 - 1, \"m\").size();",
    f"return h({P}.checkNotNull(e(a))) + 7L * h({P}.checkNotNull(e(b), \"x %s\", c)) "
    f"+ 49L * h({P}.checkNotNull(e(c), (Object) \"m\"));",
    f"{P}.checkArgument(a != b); {P}.checkArgument(a < 20, \"big %s\", a); {P}.checkArgument(f || c > 3, "
    f"(Object) \"m\"); {P}.checkState(b % 7 != 1); {P}.checkState(c != 9, \"s %s %s\", a, b); return 1;",
    f"return {P}.checkElementIndex(a % 5 - 2, b % 5 - 2) + 10L * {P}.checkPositionIndex(c % 5 - 2, b % 5 - 2, \"i\");",
    f"{P}.checkPositionIndexes(a % 5 - 2, c % 5 - 2, b % 5 - 2); return 3;",
]
