package beans;

import lombok.EqualsAndHashCode;

/** Lombok's equals asks canEqual, which the hand-written Person does not: a Person equals
 * an Employee but not the other way round. */
@EqualsAndHashCode(callSuper = true)
public class Employee extends Person {
    private final int badge;

    public Employee(int id, int badge) {
        super(id);
        this.badge = badge;
    }
}
