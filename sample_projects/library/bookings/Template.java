package bookings;

import java.text.MessageFormat;
import java.util.Objects;

/** A named message template: equal when MessageFormat says so and the names match. */
public class Template extends MessageFormat {
    private final String name;

    public Template(String pattern, String name) {
        super(pattern);
        this.name = name;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && o instanceof Template t && Objects.equals(name, t.name);
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Objects.hashCode(name);
    }
}
