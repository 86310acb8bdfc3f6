"""What a JML failure shows, as a user reads it: the heap before the call drawn with its
links (a chain along a linked structure, a back-link or a cycle by name, a node two
fields share by name), the call and its result, the lines of the method it went
through, the fields the call changed and the objects it made, and the clause violated
with its file:line:col."""
from __future__ import annotations

import textwrap

import pytest

LIST = """\
    package ll;

    public class IntList {
        static class Node {
            int value;
            /*@ nullable @*/ Node next;
        }

        private /*@ nullable @*/ Node head;
        private int size;

        /*@ requires head != null && head.next != null && head.value > x;
          @ ensures size == \\old(size) + 1;
          @*/
        public void bump(int x) {
            if (head.value > x) {
                size += 2;
            } else {
                size++;
            }
        }

        //@ ensures \\result == 0;
        public int ring() {
            if (head != null && head.next != null && head.next != head
                    && head.next.next == head) return 1;
            return 0;
        }

        //@ requires head != null;
        //@ ensures head.next == \\old(head.next);
        public void push(int x) {
            Node n = new Node();
            n.value = x;
            n.next = head;
            head = n;
        }
    }

    class Pair {
        /*@ nullable @*/ IntList.Node left;
        /*@ nullable @*/ IntList.Node right;

        //@ ensures \\result;
        public boolean apart() { return left == null || left != right; }
    }
    """

WIDE = """\
    package ll;

    public class Wide {
        int f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13;

        //@ ensures \\result < 5;
        public int first() { return f0; }

        //@ ensures \\result >= n;
        public static int twice(int n) { return n * 2; }
    }
    """


def write(pytester: pytest.Pytester, path: str, source: str) -> None:
    file = pytester.path / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(textwrap.dedent(source))


def failure(result: pytest.RunResult, item: str) -> list[str]:
    """The lines of one failure's text, from its header to the next one."""
    lines = result.stdout.lines
    start = next(i for i, line in enumerate(lines) if line.strip("_ ") == item)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(("___", "==="))),
               len(lines))
    return lines[start + 1:end]


@pytest.fixture
def run(plugin):
    write(plugin.pytester, "src/ll/IntList.java", LIST)
    write(plugin.pytester, "src/ll/Wide.java", WIDE)
    return plugin.runpytest("--boundcheck", "src", "--boundcheck-objects=fields")


def test_a_linked_list_is_drawn_as_a_chain_with_the_path_and_the_change(run):
    assert failure(run, "IntList::bump(int)") == [
        "the JML specification of IntList.bump(int)",
        "",
        "  heap before the call (no constructor makes it: made by reflection in the reproducer):",
        "    self = IntList(size=0)",
        "    self.head -> Node#1(value=1) -> Node#2(value=0) -> Node#1",
        "    x = 0",
        "",
        "  self.bump(x)  -> returned  (IntList.java:15)",
        "",
        "  path: IntList.java:16 -> 17",
        "",
        "  after the call:",
        "    self.size: 0 -> 2",
        "",
        "violated: ensures at IntList.java:13:9: (size == (\\old(size) + 1))",
        *[line for line in failure(run, "IntList::bump(int)") if line.startswith("bounds: ")],
    ]


def test_a_cycle_ends_in_the_name_of_the_node_it_returns_to(run):
    text = failure(run, "IntList::ring()")
    assert "    self.head -> Node#1(value=0) -> Node#2(value=0) -> Node#1" in text
    assert "  self.ring()  -> 1  (IntList.java:26)" in text
    assert "violated: ensures at IntList.java:23:9: (\\result == 0)" in text


def test_a_node_two_fields_share_is_drawn_once_and_named_again(run):
    text = failure(run, "Pair::apart()")
    assert text[2:6] == [
        "  heap before the call (no constructor makes it: made by reflection in the reproducer):",
        "    self = Pair()", "    self.left -> Node#1(value=0) -> null", "    self.right -> Node#1"]


def test_an_object_the_call_made_is_written_with_its_fields(run):
    text = failure(run, "IntList::push(int)")
    assert text[text.index("  after the call:"):][:4] == [
        "  after the call:",
        "    self.head: Node#1 -> Node#2",
        "    made: Node#2(value=0, next=Node#1)",
        ""]


def test_a_wide_object_shows_the_fields_that_matter_and_counts_the_rest(run):
    text = failure(run, "Wide::first()")
    assert text[3].startswith("    self = Wide(f0=")
    assert text[3].endswith(", 13 other fields at their defaults)")


def test_a_static_method_shows_its_call_and_no_heap_without_objects(run):
    text = failure(run, "Wide::twice(int)")
    assert text[:8] == ["the JML specification of Wide.twice(int)", "", "  int n = -1;", "",
                        "  Wide.twice(n)  -> -2  (Wide.java:10)", "",
                        "  path: Wide.java:10", ""]


def test_an_object_made_by_constructors_keeps_its_statements(plugin):
    plugin.pytester.copy_example("jml")
    result = plugin.runpytest("--boundcheck", "jml", "-k", "charge", "--boundcheck-objects=constructors")
    text = failure(result, "Account::charge(int)")
    assert text[:12] == [
        "the JML specification of Account.charge(int)",
        "",
        "  Account self = new Account();",
        "  self.deposit(0);",
        "  int amount = 1;",
        "",
        "  heap before the call:",
        "    self = Account(balance=0)",
        "    amount = 1",
        "",
        "  self.charge(amount)  -> returned  (Account.java:37)",
        ""]
    assert "    self.balance: 0 -> -1" in text
