"""Java sources with JML for the language's less common corners: static fields as roots
of quantifiers over objects, ``\\old`` of a quantifier's variable, and the non-null fields
of reachable objects (tests/plugin/test_jml_gaps.py)."""

REGISTRY = """
    package p;

    public class Registry {
        static class Node {
            int value;
            /*@ nullable @*/ Node next;
            Node(int value, /*@ nullable @*/ Node next) { this.value = value; this.next = next; }
        }

        private static /*@ nullable @*/ Node first;

        //@ requires v > 0;
        //@ ensures (\\forall Node n; n.value > 0);
        public static void add(int v) { first = new Node(v, first); }

        //@ ensures (\\forall Node n; n.value > 0);
        public static void addAny(int v) { first = new Node(v, first); }
    }
    """
