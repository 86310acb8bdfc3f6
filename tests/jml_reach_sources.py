"""Java sources with JML that ``\\reach``, quantifiers over objects, aggregates and the
invariants of reachable objects decide: the engine's verdicts in tests/models/test_jml_heap.py,
the JVM's replay of their violations in tests/jvm/test_jml_jvm.py."""

RING = """
    package p;

    public class L {
        static class Node { int value; /*@ nullable @*/ Node next; /*@ nullable @*/ Node other; }
        private /*@ nullable @*/ Node entry;

        //@ ensures (\\num_of Node n; \\reach(entry).has(n); true) == 2;
        //@ ensures \\reach(entry.next).has(entry) && \\reach(entry).has(entry.next);
        public void pair() { Node a = new Node(); Node b = new Node(); a.next = b; b.next = a; entry = a; }

        //@ ensures (\\num_of Node n; \\reach(entry).has(n); true) == 3;
        public void pairCountedWrong() { Node a = new Node(); Node b = new Node(); a.next = b; b.next = a; entry = a; }

        //@ requires entry != null && entry.next == entry;
        //@ ensures \\reach(entry).has(entry) && (\\forall Node n; \\reach(entry).has(n); n == entry || n == entry.other || \\reach(entry.other).has(n));
        public void loopBack() { }

        //@ ensures \\reach(entry).has(entry.other) && !\\reach(entry, Node, next).has(entry.other);
        //@ ensures \\reach(entry, Node, next).has(entry.next.next);
        public void byNextOnly() { Node a = new Node(); a.next = new Node(); a.next.next = new Node(); a.other = new Node(); entry = a; }

        //@ ensures \\reach(entry, Node, next).has(entry.other);
        public void byNextOnlyWrong() { Node a = new Node(); a.next = new Node(); a.other = new Node(); entry = a; }
    }
    """

AGGREGATES = """
    package p;

    public class L {
        static class Node { int value; /*@ nullable @*/ Node next; }
        private /*@ nullable @*/ Node head;

        //@ requires 0 <= n && n <= 3;
        //@ ensures \\result == (\\sum int i; 0 <= i && i < n; i);
        //@ ensures \\result + 1 == (\\product int i; 0 <= i && i < n; i + 1) || n == 3;
        //@ ensures (\\num_of int i; 0 <= i && i < n; i % 2 == 0) == (n + 1) / 2;
        //@ ensures (\\min int i; 0 <= i && i < n; i) == (n == 0 ? Integer.MAX_VALUE : 0);
        //@ ensures (\\max int i; 0 <= i && i < n; i) == (n == 0 ? Integer.MIN_VALUE : n - 1);
        //@ ensures (\\max long i; 0 <= i && i < n; i) == (n == 0 ? Long.MIN_VALUE : n - 1);
        public static int triangle(int n) { return n * (n - 1) / 2; }

        //@ requires 0 <= n && n <= 3;
        //@ ensures \\result == (\\sum int i; 0 <= i && i < n; i);
        public static int triangleWrong(int n) { return n == 2 ? 0 : n * (n - 1) / 2; }

        //@ ensures \\result == (\\sum Node n; \\reach(head).has(n); n.value);
        //@ ensures (\\num_of Node n; \\reach(head).has(n); true) == 2;
        //@ ensures (\\min Node n; \\reach(head).has(n); n.value) == Math.min(a, b);
        //@ ensures (\\max Node n; \\reach(head).has(n); n.value) == Math.max(a, b);
        //@ ensures (\\product Node n; \\reach(head).has(n); n.value) == a * b;
        public int two(int a, int b) {
            head = new Node(); head.value = a; head.next = new Node(); head.next.value = b;
            return a + b;
        }

        //@ ensures (\\exists Node n; \\reach(head).has(n); n == \\old(head)) || \\old(head) == null;
        //@ ensures (\\forall Node n; \\reach(head).has(n) && n == head && n.next == \\old(head); n.value == \\old(a) + 1);
        public void push(int a) { Node n = new Node(); n.value = a + 1; n.next = head; head = n; }

        //@ ensures (\\forall Node n; \\reach(head).has(n) && n == head && n.next == \\old(head); n.value == \\old(a));
        public void pushWrong(int a) { Node n = new Node(); n.value = a + 1; n.next = head; head = n; }

        //@ ensures (\\sum Node n; \\reach(head).has(n); n.value) == 0;
        //@ ensures (\\max Node n; \\reach(head).has(n); n.value) == Integer.MIN_VALUE;
        //@ ensures (\\num_of Node n; \\reach(head).has(n); true) == 0;
        public void clear() { head = null; }
    }
    """

CHAIN = """
    package p;

    public class L {
        static class Link {
            int weight;
            /*@ nullable @*/ Link next;
            //@ invariant next != this && weight >= 0;
            Link(int weight, /*@ nullable @*/ Link next) { this.weight = weight < 0 ? 0 : weight; this.next = next; }
        }
        private /*@ nullable @*/ Link first;

        public void add(int w) { first = new Link(w, first); }

        public void loop() { if (first != null) first.next = first; }

        //@ ensures \\result >= 0;
        public int firstWeight() { return first == null ? 0 : first.weight; }
    }
    """

SORTED = """
    package p;

    public class L {
        static class Node {
            int value;
            /*@ nullable @*/ Node next;
            Node(int value, /*@ nullable @*/ Node next) { this.value = value; this.next = next; }
        }

        private /*@ nullable @*/ Node head;
        private int size;
        //@ invariant size == (\\num_of Node n; \\reach(head).has(n); true);
        //@ invariant (\\forall Node n; \\reach(head).has(n) && n.next != null; n.value <= n.next.value);
        //@ invariant (\\forall Node n; \\reach(head).has(n); n.next == null || !\\reach(n.next).has(n));

        //@ ensures size == \\old(size) + 1 && (\\exists Node n; \\reach(head).has(n); n.value == x);
        public void insert(int x) {
            if (head == null || x <= head.value) {
                head = new Node(x, head);
            } else {
                Node n = head;
                while (n.next != null && n.next.value < x) {
                    n = n.next;
                }
                n.next = new Node(x, n.next);
            }
            size++;
        }

        //@ ensures size == \\old(size) + 1;
        public void insertPastEqual(int x) {
            if (head == null || x <= head.value) {
                head = new Node(x, head);
            } else {
                Node n = head;
                while (n.next != null && n.next.value <= x + 1) {
                    n = n.next;
                }
                n.next = new Node(x, n.next);
            }
            size++;
        }
    }
    """
