package beans;

import lombok.Value;

/** An immutable value: Lombok makes the fields private final and adds the all-args constructor. */
@Value
public class Money {
    long cents;
    String currency;
    boolean estimate;
}
