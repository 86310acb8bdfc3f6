package accounts;

import java.util.Objects;

/** A JavaBean: made empty, filled by setters. Equal by id, but hashed by id and email. */
public class Customer {
    private int id;
    private String email;

    public Customer() {
    }

    public void setId(int id) {
        this.id = id;
    }

    public void setEmail(String email) {
        this.email = email;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Customer && ((Customer) o).id == id;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, email);
    }
}
