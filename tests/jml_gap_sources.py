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

OLD_OF_EACH = """
    package p;

    public class Bump {
        static class Node {
            int value;
            /*@ nullable @*/ Node next;
        }

        private /*@ nullable @*/ Node head;

        //@ requires (\\forall Node n; \\reach(head).has(n); n.next == null || !\\reach(n.next).has(n));
        //@ ensures (\\forall Node n; \\reach(head).has(n); n.value == \\old(n.value) + 1);
        public void bumpAll() {
            for (Node n = head; n != null; n = n.next) {
                n.value++;
            }
        }

        //@ ensures (\\forall Node n; \\reach(head).has(n); n.value == \\old(n.value) + 1);
        public void bumpFirst() {
            if (head != null) {
                head.value++;
            }
        }

        //@ ensures (\\forall Node n; \\reach(head).has(n) && n != head; n.next == \\old(n.next));
        public void push() {
            Node n = new Node();
            n.next = head;
            head = n;
        }

        //@ ensures (\\forall Node n; \\reach(head).has(n); n.next == \\old(n.next));
        public void pushAsked() {
            Node n = new Node();
            n.next = head;
            head = n;
        }
    }
    """

REACHED_NON_NULL = """
    package p;

    public class Ring {
        static class Node {
            String label;
            /*@ nullable @*/ Node next;
            Node(String label) { this.label = label; }
        }

        private /*@ nullable @*/ Node head;

        public void relabel(String label) {
            if (head != null) {
                head.label = label;
            }
        }

        public void unlabel() {
            if (head != null) {
                head.label = null;
            }
        }

        //@ requires head != null;
        //@ ensures \\result != null;
        public String firstLabel() { return head.label; }
    }
    """

REPLAYED_STATEMENTS = """
    package p;

    public class Tally {
        private int count;

        public void add(int[] xs) {
            //@ assume xs.length <= 3;
            for (int x : xs) {
                count += x;
            }
            //@ assert count >= \\old(count);
        }

        public int positives(int[] xs) {
            int k = 0;
            //@ loop_invariant k <= 1;
            for (int x : xs) {
                if (x > 0) k++;
            }
            return k;
        }

        public int firstBig(int[] xs) {
            int seen = 0;
            //@ loop_invariant seen < 2;
            for (int x : xs) {
                seen++;
                if (x > 100) break;
            }
            return seen;
        }
    }

    class Helper {
        static int twice(int x) {
            int y = x * 2;
            //@ assert y != 6;
            return y;
        }
    }
    """

OLD_ELEMENTS = """
    package p;

    public class Arr {
        //@ requires a.length <= 3;
        //@ ensures (\\forall int i; 0 <= i && i < a.length; a[i] == \\old(a[i]) + 1);
        public static void incAll(int[] a) {
            for (int k = 0; k < a.length; k++) {
                a[k]++;
            }
        }

        //@ requires a.length <= 3;
        //@ ensures (\\forall int i; 0 <= i && i < a.length; a[i] == \\old(a[i]) + 1);
        public static void incButLast(int[] a) {
            for (int k = 0; k + 1 < a.length; k++) {
                a[k]++;
            }
        }

        //@ requires 0 <= n && n <= a.length && a.length <= 3;
        //@ ensures (\\forall int i; 0 <= i && i < n; a[n - 1 - i] == \\old(a[i]));
        public static void reverse(int[] a, int n) {
            for (int k = 0; k < n / 2; k++) {
                int t = a[k];
                a[k] = a[n - 1 - k];
                a[n - 1 - k] = t;
            }
        }
    }
    """
