package beans;

/** Hand-written: equal to any Person with the same id, subclasses included. */
public class Person {
    protected final int id;

    public Person(int id) {
        this.id = id;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Person)) {
            return false;
        }
        return id == ((Person) o).id;
    }

    @Override
    public int hashCode() {
        return id;
    }
}
