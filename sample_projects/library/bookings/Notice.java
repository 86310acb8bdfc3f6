package bookings;

import java.text.MessageFormat;
import java.util.Objects;

/** A named message template equal by name alone, but hashed by its pattern too. */
public class Notice extends MessageFormat {
    private final String name;

    public Notice(String pattern, String name) {
        super(pattern);
        this.name = name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Notice n && Objects.equals(name, n.name);
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }
}
