package bookings;

import java.net.URL;
import java.util.Objects;

/** A link to a booking page: equal by the URL's text, hashed by it. Correct. */
public final class Link {
    private final URL page;

    public Link(URL page) {
        this.page = Objects.requireNonNull(page);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Link other
                && Objects.equals(page.toExternalForm(), other.page.toExternalForm());
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(page.toExternalForm());
    }
}
