package jml;

/** A circle of another class: a Circle by subtype, not by exact class. */
public class BigCircle extends Circle {
}
