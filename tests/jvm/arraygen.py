"""Generated Java for the differential test of copying arrays (test_arrays_jvm.py):
``System.arraycopy`` (its null, type and range checks in the JVM's order, a copy within one
array, the store check of reference arrays with the elements before a failing one copied)
and ``Arrays.copyOfRange``. Each template is a method body over ints ``a``, ``b``, ``c``
and a boolean ``f`` returning a long, with ``collgen``'s elements ``e(v)`` and hashes
``h(o)``; ``collgen.generate(..., templates=TEMPLATES)`` makes the cases."""
from __future__ import annotations

TEMPLATES = [
    "int[] x = {a, b, c}; int[] y = new int[3]; System.arraycopy(x, a % 4 - 1, y, b % 4 - 1, c % 4 - 1); "
    "return y[0] + 100L * y[1] + 10000L * y[2];",
    "int[] x = {a, b, c}; System.arraycopy(x, a % 2, x, 1 - a % 2, 1 + b % 2); "
    "return x[0] + 100L * x[1] + 10000L * x[2];",
    "Object x = f ? new int[] {a} : new long[] {a}; int[] y = new int[1]; "
    "System.arraycopy(x, 0, y, 0, b % 2); return y[0];",
    "int[] x = f ? null : new int[] {a, b}; int[] y = c % 5 == 0 ? null : new int[2]; "
    "System.arraycopy(x, 0, y, 0, c % 3); return y[0] + 31L * y[1];",
    "Object[] x = {e(a), e(b), e(c)}; String[] y = new String[3]; try { System.arraycopy(x, 0, y, 0, 3); } "
    "catch (ArrayStoreException ex) { return -1000 + h(y[0]) + 7 * h(y[1]) + 49 * h(y[2]); } "
    "return h(y[0]) + 7 * h(y[1]) + 49 * h(y[2]);",
    "Object x = f ? \"s\" : new int[] {a}; Object y = b % 3 == 0 ? new Object() : new int[1]; "
    "System.arraycopy(x, 0, y, 0, 1); return ((int[]) y)[0];",
    "long[] x = {a, -b, c}; long[] y = {1, 2, 3}; System.arraycopy(x, 1, y, a % 3, Math.min(2, 3 - a % 3)); "
    "return y[0] + 100 * y[1] + 10000 * y[2];",
    "Object[] x = {e(a), e(b), e(c)}; System.arraycopy(x, b % 2, x, 0, 2); String[] s = {\"p\", \"q\"}; "
    "System.arraycopy(s, 0, x, 1 + c % 2, 2 - c % 2); return h(x[0]) + 7 * h(x[1]) + 49 * h(x[2]);",
    "int[] x = {a, b}; int[] y = Arrays.copyOfRange(x, c % 4 - 1, c % 4 - 1 + b % 4 - 1); "
    "return y.length * 1000L + (y.length > 0 ? y[0] : 7) + 31L * (y.length > 1 ? y[1] : 5);",
    "Object[] x = f ? null : new Object[] {e(a), e(b)}; Object[] y = Arrays.copyOfRange(x, b % 3, a % 3); "
    "return y.length + 10L * h(y.length > 0 ? y[0] : null);",
    "char[] x = f ? null : new char[] {'q', (char) a}; char[] y = Arrays.copyOfRange(x, b % 3, a % 3); "
    "return y.length + 10L * (y.length > 0 ? y[0] : 1);",
]
