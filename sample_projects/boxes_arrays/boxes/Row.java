package boxes;

/** A record with an array component: the implicit equals compares the array by identity
 * and the implicit hashCode hashes it by identity, which agree. */
public record Row(String name, int[] cells) {
}
