package structures.correct;

/**
 * A singly linked list and the Jalloy paper's swapTail (its Fig. 1), which swaps the tails
 * of two lists after their first elements. It keeps both lists acyclic only when they
 * share no element, which this variant requires.
 */
public class ElemList {
    /** A cell of a list. */
    static final class ListElem {
        int val;
        /*@ nullable @*/ ListElem next;
    }

    /*@ nullable @*/ ListElem first;

    /*@ requires (\forall ListElem e; \reach(l.first, ListElem, next).has(e);
      @               !\reach(e.next, ListElem, next).has(e));
      @ requires (\forall ListElem e; \reach(m.first, ListElem, next).has(e);
      @               !\reach(e.next, ListElem, next).has(e));
      @ requires (\forall ListElem e; \reach(l.first, ListElem, next).has(e);
      @               !\reach(m.first, ListElem, next).has(e));
      @ ensures (\forall ListElem e; \reach(m.first, ListElem, next).has(e);
      @               !\reach(e.next, ListElem, next).has(e));
      @ ensures (\forall ListElem e; \reach(l.first, ListElem, next).has(e);
      @               !\reach(e.next, ListElem, next).has(e));
      @*/
    public static void swapTail(ElemList l, ElemList m) {
        if (l.first != null && m.first != null) {
            ListElem temp = l.first.next;
            l.first.next = m.first.next;
            m.first.next = temp;
        }
    }
}
