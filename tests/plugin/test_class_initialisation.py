"""Static fields as class initialisation leaves them: ``static {}`` blocks run with the
field initialisers in textual order, and a non-final static field initialised by an
expression (a strategy object a static setter may replace) starts with that value, which
the result says it assumed."""
from __future__ import annotations

from test_plugin import outcomes, passed_line, write  # tests/plugin is on sys.path

COLOUR = """\
    package p;

    import java.util.HashMap;
    import java.util.Map;

    public final class Colour {
        private static final Map<String, Integer> RANKS = new HashMap<>();
        private static final int[] WEIGHTS;
        private static String fallback;

        static {
            RANKS.put("red", 1);
            RANKS.put("%s", 1);
            WEIGHTS = new int[] {3, 5};
            fallback = "none";
        }

        private final String name;

        public Colour(String name) {
            this.name = name == null ? fallback : name;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Colour c && %s;
        }

        @Override
        public int hashCode() {
            Integer rank = RANKS.get(name);
            return (rank == null ? 0 : rank) * WEIGHTS[1] + name.length();
        }
    }
"""
ITEMS = ("equals-reflexive", "equals-symmetric", "equals-transitive", "equals-null",
         "hashcode-consistent")


def colour_outcomes(plugin, second_key: str, equality: str) -> dict[str, str]:
    write(plugin.pytester, "src/p/Colour.java", COLOUR % (second_key, equality))
    found = outcomes(plugin.inline_run("--boundcheck", "src"))
    return {nodeid.rsplit("::", 1)[1]: outcome for nodeid, outcome in found.items()}


def test_a_static_block_fills_the_static_fields_equals_and_hashcode_read(plugin):
    """Without the block, ``fallback`` would be null and every item an NPE."""
    assert colour_outcomes(plugin, "green", "c.name.equals(name)") == dict.fromkeys(ITEMS, "passed")


def test_what_a_static_block_puts_in_a_map_can_break_the_hash_contract(plugin):
    """``red`` and ``rouge`` have one rank only because the block says so: they are equal
    and their lengths, in their hash codes, differ."""
    found = colour_outcomes(plugin, "rouge", "java.util.Objects.equals(RANKS.get(name), RANKS.get(c.name))")
    assert found == {**dict.fromkeys(ITEMS, "passed"), "hashcode-consistent": "failed"}


TAG = """\
    package p;

    public class Tag {
        private static Matcher matcher = new Matcher() {
            @Override
            public boolean same(Object a, Object b) {
                return ((Tag) a).code == ((Tag) b).code;
            }

            @Override
            public int hash(Object a) {
                return ((Tag) a).code%s;
            }
        };

        public static void setMatcher(Matcher m) {
            matcher = m;
        }

        private final int code;

        public Tag(int code) {
            this.code = code;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tag && matcher.same(this, o);
        }

        @Override
        public int hashCode() {
            return matcher.hash(this);
        }
    }
"""
MATCHER = """\
    package p;

    public interface Matcher {
        boolean same(Object a, Object b);

        int hash(Object a);
    }
"""


def write_tag(plugin, hash_tail: str) -> None:
    write(plugin.pytester, "src/p/Tag.java", TAG % hash_tail)
    write(plugin.pytester, "src/p/Matcher.java", MATCHER)


def test_a_strategy_in_a_non_final_static_field_is_checked_as_initialised(plugin):
    write_tag(plugin, "")
    result = plugin.runpytest("--boundcheck", "src", "-v")
    result.assert_outcomes(passed=5)
    result.stdout.fnmatch_lines([passed_line(
        plugin, "src/p/Tag.java::p.Tag::hashcode-consistent",
        "no violation within *; assumed the static fields p.Tag.matcher start as class "
        "initialisation sets them and keep that value (Tag.setMatcher not called)")])


def test_the_initialised_strategy_s_own_violation_is_found(plugin):
    write_tag(plugin, " + (int) System.identityHashCode(a)")
    found = outcomes(plugin.inline_run("--boundcheck", "src"))
    assert found["src/p/Tag.java::p.Tag::hashcode-consistent"] == "failed"
