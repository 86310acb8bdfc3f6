package java.util.concurrent.atomic;

/**
 * The JDK's AtomicLongArray as one thread sees it: an array of longs, never null. Its
 * equals and hashCode are Object's; a bad index throws ArrayIndexOutOfBoundsException, as
 * the JDK's array access does.
 */
public class AtomicLongArray implements java.io.Serializable {
    @NonNull
    private final long[] array;

    public AtomicLongArray(int length) {
        array = new long[length];
    }

    public AtomicLongArray(long[] array) {
        this.array = array.clone();
    }

    public final int length() {
        return array.length;
    }

    public final long get(int i) {
        return array[i];
    }

    public final void set(int i, long newValue) {
        array[i] = newValue;
    }

    public final boolean compareAndSet(int i, long expectedValue, long newValue) {
        if (array[i] != expectedValue) {
            return false;
        }
        array[i] = newValue;
        return true;
    }

    public final long getAndSet(int i, long newValue) {
        long old = array[i];
        array[i] = newValue;
        return old;
    }

    public final long getAndAdd(int i, long delta) {
        long old = array[i];
        array[i] = old + delta;
        return old;
    }

    public final long addAndGet(int i, long delta) {
        array[i] += delta;
        return array[i];
    }

    public final long incrementAndGet(int i) {
        return addAndGet(i, 1L);
    }

    public final long decrementAndGet(int i) {
        return addAndGet(i, -1L);
    }

    public final long getAndIncrement(int i) {
        return getAndAdd(i, 1L);
    }

    public final long getAndDecrement(int i) {
        return getAndAdd(i, -1L);
    }
}
