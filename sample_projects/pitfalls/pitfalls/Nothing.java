package pitfalls;

/** An enum without constants: no object of it exists. */
public enum Nothing {
}
