package jml;

/** JML's type operators, \nonnullelements and the non-null default of results. */
public class Shapes {
    // the deliberate bug: a BigCircle is a Circle, but \typeof asks for the exact class
    //@ ensures \typeof(\result) == \type(Circle);
    public static Shape exact(int k) {
        return k > 0 ? new Circle() : new BigCircle();
    }

    //@ ensures \typeof(\result) <: \type(Circle);
    public static Shape below(int k) {
        return k > 0 ? new Circle() : new BigCircle();
    }

    // the deliberate bug: a Square is no Circle
    //@ ensures \typeof(\result) <: \type(Circle);
    public static Shape round(int k) {
        return k > 0 ? new Circle() : new Square();
    }

    //@ ensures k <= 0 <==> \type(Square) <: \typeof(\result);
    public static Shape either(int k) {
        return k > 0 ? new Circle() : new Square();
    }

    // the deliberate bug: the second element stays null when n <= 0
    //@ ensures \nonnullelements(\result) && \result.length == 2;
    public static Shape[] filled(int n) {
        Shape[] all = new Shape[2];
        all[0] = new Circle();
        if (n > 0) {
            all[1] = new Square();
        }
        return all;
    }

    //@ requires \nonnullelements(shapes) && shapes.length > 0;
    //@ ensures \result >= 0;
    public static int sides(Shape[] shapes) {
        return shapes[0].sides();
    }

    // the deliberate bug: a result is non_null unless declared nullable (JML's default)
    //@ ensures k > 0 ==> \result != null;
    public static Shape pick(int k) {
        return k > 0 ? new Circle() : null;
    }

    //@ ensures k > 0 ==> \result != null;
    public static /*@ nullable @*/ Shape pickOrNull(int k) {
        return k > 0 ? new Circle() : null;
    }
}
