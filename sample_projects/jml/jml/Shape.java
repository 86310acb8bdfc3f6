package jml;

/** A shape, for the type operators of Shapes' specifications. */
public abstract class Shape {
    public abstract int sides();
}
