"""The facts ``jdk.VALUE_BASED``, ``jdk.COMPARED_BY_ORDER`` and ``jdk.value_result`` state,
against a real JVM.

For each value-based class, sample values made twice (two objects, one value): every public
method without parameters gives equal results on the two (or throws the same exception),
and returns no null; for each class whose isBefore/isAfter/isEqual the engine reads as
compareTo's sign, every pair of samples agrees with that sign. The engine keys calls on
these objects by value and takes their results as never null on exactly these facts. And
every public method of those classes whose result type ``jdk.value_result`` gives returns
that type, in every overload.
"""
from __future__ import annotations

import javagen  # tests/jvm/ is on sys.path (test modules without a package)
from test_numeric_jvm import needs_jvm

from pytest_boundcheck.frontend import jdk

# Java expressions of sample values of each value-based class; each is evaluated twice.
SAMPLES = {
    "java.time.Instant": ["Instant.ofEpochSecond(0)", "Instant.ofEpochSecond(-1, 999)",
                          "Instant.parse(\"2020-02-29T10:15:30Z\")"],
    "java.time.Duration": ["Duration.ofSeconds(90061, 5)", "Duration.ZERO.minusNanos(1)"],
    "java.time.Period": ["Period.of(1, 14, -3)", "Period.ZERO"],
    "java.time.LocalDate": ["LocalDate.ofEpochDay(0)", "LocalDate.of(2020, 2, 29)",
                            "LocalDate.ofEpochDay(-1)"],
    "java.time.LocalTime": ["LocalTime.of(23, 59, 59, 1)", "LocalTime.MIDNIGHT"],
    "java.time.LocalDateTime": ["LocalDateTime.of(2020, 2, 29, 0, 0)",
                                "LocalDateTime.of(1969, 12, 31, 23, 59, 59)"],
    "java.time.MonthDay": ["MonthDay.of(2, 29)", "MonthDay.of(12, 31)"],
    "java.time.OffsetDateTime": ["OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHours(2))"],
    "java.time.OffsetTime": ["OffsetTime.of(1, 2, 3, 4, ZoneOffset.ofHours(-5))"],
    "java.time.Year": ["Year.of(2020)", "Year.of(-1)", "Year.of(1900)"],
    "java.time.YearMonth": ["YearMonth.of(2020, 2)", "YearMonth.of(2019, 12)"],
    "java.time.ZonedDateTime": ["ZonedDateTime.of(2020, 3, 29, 2, 30, 0, 0, ZoneId.of(\"Europe/Paris\"))"],
    "java.time.ZoneId": ["ZoneId.of(\"Europe/Paris\")", "ZoneId.of(\"UTC\")"],
    "java.time.ZoneOffset": ["ZoneOffset.ofHoursMinutes(5, 30)", "ZoneOffset.UTC"],
    "java.time.temporal.ValueRange": ["ValueRange.of(1, 28, 31)", "ValueRange.of(0, 0)"],
    "java.time.chrono.HijrahDate": ["HijrahDate.from(LocalDate.of(2020, 2, 29))"],
    "java.time.chrono.JapaneseDate": ["JapaneseDate.of(2020, 2, 29)"],
    "java.time.chrono.MinguoDate": ["MinguoDate.of(109, 2, 29)"],
    "java.time.chrono.ThaiBuddhistDate": ["ThaiBuddhistDate.of(2563, 2, 29)"],
    "java.math.BigInteger": ["new BigInteger(\"-123456789012345678901234567890\")",
                             "BigInteger.valueOf(7)", "BigInteger.ZERO"],
    "java.math.BigDecimal": ["new BigDecimal(\"2.0\")", "new BigDecimal(\"2.00\")",
                             "new BigDecimal(\"-1E+3\")"],
    "java.util.UUID": ["new UUID(1L, -2L)", "UUID.fromString(\"123e4567-e89b-12d3-a456-426614174000\")"],
}

CHECKER = """\
import java.lang.reflect.*;
import java.math.*;
import java.time.*;
import java.time.chrono.*;
import java.time.temporal.*;
import java.util.*;
import java.util.function.Supplier;

class ValueFacts {
    static String outcome(Method m, Object o) {
        try {
            Object r = m.invoke(o);
            return r == null ? "null" : "= " + r + " " + (r.getClass().isArray() ? "" : r.hashCode());
        } catch (InvocationTargetException e) {
            return "throws " + e.getCause().getClass().getName();
        } catch (IllegalAccessException e) {
            return "inaccessible";
        }
    }
    static void values(String name, List<Supplier<Object>> makers) throws Exception {
        for (Supplier<Object> make : makers) {
            Object a = make.get(), b = make.get();
            if (!a.equals(b)) System.out.println(name + " " + a + ": two makings not equal");
            for (Method m : Class.forName(name).getMethods()) {  // the public class's
                if (Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0
                        || m.getReturnType() == void.class || m.getName().equals("getClass")) continue;
                String x = outcome(m, a), y = outcome(m, b);
                if (m.getReturnType().isArray()) continue;  // arrays are new objects
                if (!x.equals(y)) System.out.println(name + "." + m.getName() + " of " + a + ": " + x + " / " + y);
                if (x.equals("null")) System.out.println(name + "." + m.getName() + " of " + a + " returned null");
            }
        }
    }
    @SuppressWarnings("unchecked")
    static void ordered(String name, List<Supplier<Object>> makers, String[] methods) throws Exception {
        for (Supplier<Object> p : makers) for (Supplier<Object> q : makers) {
            Object a = p.get(), b = q.get();
            int sign = Integer.signum(((Comparable<Object>) a).compareTo(b));
            for (String method : methods) {
                Method m = Arrays.stream(Class.forName(name).getMethods())
                    .filter(x -> x.getName().equals(method) && x.getParameterCount() == 1).findFirst().get();
                boolean expected = method.equals("isBefore") ? sign < 0 : method.equals("isAfter") ? sign > 0 : sign == 0;
                if ((Boolean) m.invoke(a, b) != expected)
                    System.out.println(name + "." + method + "(" + a + ", " + b + ") differs from compareTo's sign " + sign);
            }
        }
    }
    // each public method as source code calls it: a static method the class hides (its own
    // of the same parameters) is left out
    static void signatures(String name) throws Exception {
        Class<?> c = Class.forName(name);
        for (Method m : c.getMethods()) {
            boolean hidden = Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != c
                && Arrays.stream(c.getDeclaredMethods()).anyMatch(d -> d.getName().equals(m.getName())
                    && Arrays.equals(d.getParameterTypes(), m.getParameterTypes()));
            if (!m.isBridge() && !hidden)
                System.out.println("signature " + name + " " + m.getName() + " " + m.getParameterCount()
                    + " " + Modifier.isStatic(m.getModifiers()) + " " + m.getReturnType().getName());
        }
    }
    public static void main(String[] args) throws Exception {
%s
        System.out.println("done");
    }
}
"""


def _checker() -> str:
    calls = []
    for name, samples in SAMPLES.items():
        makers = "List.of(" + ", ".join(f"() -> {s}" for s in samples) + ")"
        calls.append(f'        values("{name}", {makers});')
        calls.append(f'        signatures("{name}");')
        methods = jdk.COMPARED_BY_ORDER.get(name)
        if methods:
            listed = ", ".join(f'"{m}"' for m in methods)
            calls.append(f'        ordered("{name}", {makers}, new String[] {{{listed}}});')
    return CHECKER % "\n".join(calls)


def test_every_value_based_class_has_samples():
    assert set(SAMPLES) == set(jdk.VALUE_BASED)
    assert set(jdk.COMPARED_BY_ORDER) <= set(jdk.VALUE_BASED)


@needs_jvm
def test_value_based_facts_hold_on_the_jvm(tmp_path):
    lines = javagen.run_jvm(_checker(), "ValueFacts", tmp_path)
    assert lines[-1:] == ["done"], lines[-5:]
    signatures = [line.split()[1:] for line in lines if line.startswith("signature ")]
    typed = [(owner, name, arity, static, returned,
              jdk.value_result(owner, name, int(arity), static == "true"))
             for owner, name, arity, static, returned in signatures]
    wrong = [t for t in typed if t[5] is not None and t[4] != t[5]]
    assert sum(t[5] is not None for t in typed) >= 300  # the tables are in use
    assert wrong == [], "\n".join(map(str, wrong))
    assert [line for line in lines[:-1] if not line.startswith("signature ")] == []
