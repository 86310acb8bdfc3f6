package jml;

/** Searches over int arrays, specified with quantifiers. */
public final class Search {
    private Search() {
    }

    /*@ ensures \result == -1 <==> (\forall int i; 0 <= i && i < a.length; a[i] != x);
      @ ensures \result != -1 ==> 0 <= \result && \result < a.length && a[\result] == x;
      @*/
    public static int indexOf(int[] a, int x) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == x) {
                return i;
            }
        }
        return -1;
    }

    /*@ requires a.length > 0;
      @ ensures (\forall int i; 0 <= i && i < a.length; a[i] <= \result);
      @ ensures (\exists int i; 0 <= i && i < a.length; a[i] == \result);
      @*/
    public static int max(int[] a) {
        int best = a[0];
        //@ loop_invariant 1 <= i && i <= a.length;
        //@ loop_invariant (\forall int k; 0 <= k && k < i; a[k] <= best);
        for (int i = 1; i < a.length; i++) {
            if (a[i] > best) {
                best = a[i];
            }
        }
        //@ assert (\exists int k; 0 <= k && k < a.length; a[k] == best);
        return best;
    }

    /** The index halfway between lo and hi, as binary searches compute it: the sum
     *  overflows where both are large, and the assert says so. */
    public static int midpoint(int lo, int hi) {
        //@ assume 0 <= lo && lo <= hi;
        int mid = (lo + hi) / 2;
        //@ assert lo <= mid && mid <= hi;
        return mid;
    }

    //@ ensures \result == (\sum int i; 0 <= i && i < a.length; a[i]);
    public static int sum(int[] a) {
        int total = 0;
        for (int v : a) {
            total += v;
        }
        return total;
    }
}
