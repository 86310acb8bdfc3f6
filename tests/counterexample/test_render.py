"""Counterexamples as a user reads them: the Java that makes the objects (constructor
arguments as literals, setter calls, reflection where no constructor makes them), the
objects side by side, each call with its result and line, the violation and the bounds."""
from __future__ import annotations

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.report.text import message

BOUNDS = "int 32-bit, 8 unrolls, inline depth 8"
MADE = "objects: built by constructors and factories, then up to 2 method calls"


def failure(java, sample: str, cls: str, contract: str, bounds: Bounds = Bounds()):
    """The lines of the one failure of ``cls`` and ``contract`` in the sample."""
    found = java.sample(sample).result(cls, contract, bounds)
    assert java.outcome(found) == "failed"
    return java.lines(found)


def test_a_violation_that_needs_a_setter_call_shows_it(java):
    failure(java, "accounts", "Customer", "hashcode-consistent").fnmatch_lines([
        "equal objects must have equal hash codes",
        "",
        "  Customer x = new Customer();",
        "  Customer y = new Customer();",
        '  y.setEmail("a");',
        "",
        "  field    x (Customer)    y (Customer)",
        "  id       0               0",
        '  email    null            "a"             *',
        "",
        "  x.equals(y)   -> true  (Customer.java:23)",
        "  x.hashCode()  -> 961   (Customer.java:28)",
        "  y.hashCode()  -> 1058  (Customer.java:28)",
        "",
        "violated: x.equals(y), but their hash codes differ",
        f"bounds: {BOUNDS}, strings: length <= 3; {MADE}; * s of work",
    ])


def test_objects_no_constructor_makes_are_made_by_reflection_said_plainly(java):
    failure(java, "accounts", "Percentage", "compareto-antisymmetric",
            Bounds(objects_mode="fields")).fnmatch_lines([
        "compareTo must be antisymmetric",
        "",
        "  // no constructor makes this Percentage: fields set by reflection",
        "  Percentage x = allocate(Percentage.class);",
        '  set(x, Percentage.class, "value", 0);',
        "  // no constructor makes this Percentage: fields set by reflection",
        "  Percentage y = allocate(Percentage.class);",
        '  set(y, Percentage.class, "value", Integer.MIN_VALUE);',
        "",
        "  field    x (Percentage)    y (Percentage)",
        "  value    0                 Integer.MIN_VALUE  *",
        "",
        "  x.compareTo(y)  -> -2147483648  (Percentage.java:20)",
        "  y.compareTo(x)  -> -2147483648  (Percentage.java:20)",
        "",
        "violated: signum(x.compareTo(y)) != -signum(y.compareTo(x))",
        "bounds: int 32-bit, 3 objects/type, 8 unrolls, inline depth 8; objects: any field values; * s of work",
    ])


def test_constructor_arguments_are_shown_as_literals(java):
    failure(java, "orders", "UrgentTicket", "compareto-antisymmetric").fnmatch_lines([
        "compareTo must be antisymmetric",
        "",
        "  UrgentTicket x = new UrgentTicket(0, 0);",
        "  Ticket y = new Ticket(0);",
        "",
        "  field    x (UrgentTicket)    y (Ticket)",
        "  id       0                   0",
        "  urgency  0                                 *",
        "",
        "  x.compareTo(y)  -> throws ClassCastException  (UrgentTicket.java:14)",
        "  y.compareTo(x)  -> 0                          (Ticket.java:13)",
    ])


def test_overflowing_compare_to_shows_min_value(java):
    failure(java, "orders", "Priority", "compareto-antisymmetric").fnmatch_lines([
        "compareTo must be antisymmetric",
        "",
        "  Priority x = new Priority(0);",
        "  Priority y = new Priority(Integer.MIN_VALUE);",
        "",
        "  x.compareTo(y)  -> -2147483648  (Priority.java:13)",
        "  y.compareTo(x)  -> -2147483648  (Priority.java:13)",
        "",
        "violated: signum(x.compareTo(y)) != -signum(y.compareTo(x))",
    ])


def test_identity_hash_code_is_named_as_such(java):
    failure(java, "points", "Label", "hashcode-consistent").fnmatch_lines([
        "  x.hashCode()  -> * (Object.hashCode: identity hash, not overridden)",
        "  y.hashCode()  -> * (Object.hashCode: identity hash, not overridden)",
    ])


def test_a_thrown_class_cast_exception_is_shown_as_the_call_result(java):
    failure(java, "orders", "UrgentTicket", "compareto-antisymmetric").fnmatch_lines([
        "  x.compareTo(y)  -> throws ClassCastException  (UrgentTicket.java:14)",
        "  y.compareTo(x)  -> 0                          (Ticket.java:13)",
        "violated: only one of x.compareTo(y) and y.compareTo(x) throws",
    ])


def test_the_same_sources_give_the_same_counterexamples(java):
    """Checked again from the start (a new class table), every item says the same but
    for the seconds it took."""
    def texts() -> dict:
        return {k: [line for line in message(r).splitlines() if not line.startswith("bounds:")]
                for k, r in java.sample("orders").check().items()}
    first = texts()
    assert any(line.startswith("violated: ") for lines in first.values() for line in lines)
    assert first == texts()
