package beans;

import lombok.AllArgsConstructor;
import lombok.EqualsAndHashCode;

/** Equality over major and minor only; the build number is excluded from both methods. */
@AllArgsConstructor
@EqualsAndHashCode(exclude = "build")
public class Version {
    private final int major;
    private final int minor;
    private final long build;
}
