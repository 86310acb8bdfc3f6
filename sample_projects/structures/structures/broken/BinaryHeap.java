package structures.broken;

/**
 * InspectJ's binary heap with the two bugs its paper found: moving an entry up assigns
 * the reference instead of copying the entry (Listing 1: insert and decreaseKey then
 * alias two heap slots), and deleteMin frees the last entry before reading the first
 * (Listing 2: a NullPointerException when the heap held one element).
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
      @ ensures \result == \old(heap[1].key) && size == \old(size) - 1;
      @ ensures (\forall int i; 1 <= i && i <= size; \result <= heap[i].key);
      @*/
    public int deleteMin() {
        IndexKey last = dropLast();
        IndexKey top = heap[1];
        int minKey = top.key;
        elems[top.val].heapIndex = 0;
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
            heap[hole] = heap[hole / 2];
            elems[heap[hole].val].heapIndex = hole;
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
