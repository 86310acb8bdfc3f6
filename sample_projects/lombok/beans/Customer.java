package beans;

import lombok.Data;

/** A JavaBean whose equals, hashCode, getters, setters and constructor Lombok writes. */
@Data
public class Customer {
    private final long id;
    private String email;
    private int visits;
}
