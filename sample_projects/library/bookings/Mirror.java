package bookings;

import java.net.URL;
import java.util.Objects;

/** A mirror of a booking page: equal by the URL's text, but hashed by URL.hashCode,
 *  which need not agree with it. */
public final class Mirror {
    private final URL page;

    public Mirror(URL page) {
        this.page = Objects.requireNonNull(page);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Mirror other
                && Objects.equals(page.toExternalForm(), other.page.toExternalForm());
    }

    @Override
    public int hashCode() {
        return page.hashCode();
    }
}
