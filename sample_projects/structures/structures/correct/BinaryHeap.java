package structures.correct;

/**
 * A priority queue of ints in an array-based binary heap: InspectJ's case study (the
 * priority queue of a Dijkstra shortest-path implementation). Elements take slots of
 * elems first come first served and never move; heap[1..size] holds an entry per queued
 * element, its key and its element's slot (val), in min-heap order; heap[0] is a dummy.
 * An element knows its entry's index (heapIndex, 0 once it has left the heap). Entries
 * are slots too: moving one copies its key and val, as the C++ original copied structs.
 */
public class BinaryHeap {
    /** An element of the queue. */
    static final class Element {
        int key;
        int heapIndex;
    }

    /** An entry of the heap array. */
    static final class IndexKey {
        int key;
        int val;

        IndexKey(int key, int val) {
            this.key = key;
            this.val = val;
        }
    }

    private final /*@ spec_public @*/ Element[] elems;
    private /*@ spec_public @*/ int elemCount;
    private final /*@ spec_public @*/ IndexKey[] heap;
    private /*@ spec_public @*/ int size;

    /*@ public invariant heap.length == elems.length + 1 && heap[0] != null;
      @ public invariant 0 <= size && size <= elemCount && elemCount <= elems.length;
      @ public invariant (\forall int i; 1 <= i && i <= size;
      @                       heap[i] != null && 0 <= heap[i].val && heap[i].val < elemCount
      @                       && elems[heap[i].val].heapIndex == i
      @                       && elems[heap[i].val].key == heap[i].key);
      @ public invariant (\forall int i; size < i && i < heap.length; heap[i] == null);
      @ public invariant (\forall int i; 2 <= i && i <= size; heap[i / 2].key <= heap[i].key);
      @ public invariant (\forall int j; 0 <= j && j < elemCount;
      @                       elems[j] != null && 0 <= elems[j].heapIndex && elems[j].heapIndex <= size
      @                       && (elems[j].heapIndex == 0 || heap[elems[j].heapIndex].val == j));
      @ public invariant (\forall int j; elemCount <= j && j < elems.length; elems[j] == null);
      @*/

    //@ requires 0 <= capacity && capacity < 1000;
    //@ ensures size == 0 && elemCount == 0 && elems.length == capacity;
    public BinaryHeap(int capacity) {
        elems = new Element[capacity];
        heap = new IndexKey[capacity + 1];
        heap[0] = new IndexKey(0, 0);
    }

    /*@ requires elemCount < elems.length;
      @ ensures \result == \old(elemCount) && size == \old(size) + 1;
      @ ensures elems[\result].key == key && elems[\result].heapIndex > 0;
      @*/
    public int insert(int key) {
        int slot = elemCount++;
        Element added = new Element();
        added.key = key;
        elems[slot] = added;
        size++;
        heap[size] = new IndexKey(key, slot);
        siftUp(size, key, slot);
        return slot;
    }

    /*@ requires 0 <= elem && elem < elemCount && elems[elem].heapIndex > 0;
      @ requires newKey <= elems[elem].key;
      @ ensures elems[elem].key == newKey && size == \old(size);
      @*/
    public void decreaseKey(int elem, int newKey) {
        elems[elem].key = newKey;
        siftUp(elems[elem].heapIndex, newKey, elem);
    }

    /*@ requires size > 0;
      @ ensures \result == heap[1].key;
      @ ensures (\forall int i; 1 <= i && i <= size; \result <= heap[i].key);
      @*/
    public /*@ pure @*/ int minElement() {
        return heap[1].key;
    }

    /*@ requires size > 0;
      @ ensures \result == \old(heap[1].key) && size == \old(size) - 1;
      @ ensures (\forall int i; 1 <= i && i <= size; \result <= heap[i].key);
      @*/
    public int deleteMin() {
        IndexKey top = heap[1];
        int minKey = top.key;
        elems[top.val].heapIndex = 0;
        IndexKey last = dropLast();
        if (size > 0) {
            siftDown(last.key, last.val);
        }
        return minKey;
    }

    /** Frees the last entry (its slot becomes null) and returns it. */
    private IndexKey dropLast() {
        IndexKey last = heap[size];
        heap[size] = null;
        size--;
        return last;
    }

    /** Moves (key, val) up from the entry at hole, moving larger parents down. */
    private void siftUp(int hole, int key, int val) {
        while (hole > 1 && heap[hole / 2].key > key) {
            move(hole / 2, hole);
            hole = hole / 2;
        }
        place(hole, key, val);
    }

    /** Moves (key, val) down from the root entry, moving smaller children up. */
    private void siftDown(int key, int val) {
        int hole = 1;
        while (2 * hole <= size) {
            int child = 2 * hole;
            if (child < size && heap[child + 1].key < heap[child].key) {
                child++;
            }
            if (heap[child].key >= key) {
                break;
            }
            move(child, hole);
            hole = child;
        }
        place(hole, key, val);
    }

    /** Copies the entry at from into the entry at to: the entries stay distinct objects. */
    private void move(int from, int to) {
        place(to, heap[from].key, heap[from].val);
    }

    private void place(int index, int key, int val) {
        heap[index].key = key;
        heap[index].val = val;
        elems[val].heapIndex = index;
    }
}
