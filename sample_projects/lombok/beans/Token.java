package beans;

import lombok.EqualsAndHashCode;

/** A hand-written equals next to @EqualsAndHashCode: Lombok then generates neither method,
 * so hashCode stays Object's identity hash. */
@EqualsAndHashCode
public class Token {
    private final int code;

    public Token(int code) {
        this.code = code;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Token && ((Token) o).code == code;
    }
}
