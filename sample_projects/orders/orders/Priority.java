package orders;

/** Compares by subtraction, which overflows: Integer.MIN_VALUE - 1 is positive. */
public class Priority implements Comparable<Priority> {
    private final int level;

    public Priority(int level) {
        this.level = level;
    }

    @Override
    public int compareTo(Priority other) {
        return this.level - other.level;
    }
}
