"""Object, Class, Enum, the exceptions' constructors and System.identityHashCode.

A project enum's constants are objects made once per check; equals and hashCode are
Object's: identity, and an unknown identity hash per object.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.jdk import CLASS, EXCEPTIONS, OBJECT, STRING, class_name
from pytest_boundcheck.models.common import bool_value, int_value, per_object
from pytest_boundcheck.models.registry import Registry, model
from pytest_boundcheck.symex.values import make_ref, merge_values, mk_and, mk_or, ref_eq, ref_to


@model(OBJECT, "Object()")
@model("java.lang.Enum", "Enum()")
@model("java.lang.Number", "Number()")
def object_init(m, state, this, args, line):
    return None, state


@model(OBJECT, "boolean equals(Object)")
def object_equals(m, state, this, args, line):
    return bool_value(ref_eq(m.ctx, this, args[0])), state


@model(OBJECT, "int hashCode()")
def object_hash_code(m, state, this, args, line):
    return per_object(this.non_null(), m.identity_hash), state


@model(OBJECT, "Class getClass()")
def object_get_class(m, state, this, args, line):
    """The one Class object of the receiver's class; of an opaque object, a class without
    source (``class_of_opaque``). Of an object that stands for an unknown subclass of an
    abstract project class, unsupported."""
    unknown = [o for o in this.targets if o is not None and o.class_unknown and not o.opaque]
    if unknown:
        state = m.stuck_unless(state, this.member_guard(unknown),
                               f"getClass() of a {unknown[0].cls.simple_name} (its class is unknown)", line)
    cases = [(g, m.class_of_opaque(o) if o.opaque else ref_to(m.cls(CLASS), m.class_object(o.cls), m.ctx))
             for g, o in this.non_null() if o not in unknown]
    return merge_values(m.ctx, m.cls(CLASS), cases), state


@model(CLASS, "String getName()")
def class_get_name(m, state, this, args, line):
    """The name, one String per class (the JVM keeps it)."""
    unknown = [o for o in this.targets if o is not None and (o.meta is None or class_name(o.meta) is None)]
    if unknown:
        state = m.stuck_unless(state, this.member_guard(unknown), "the name of a class the "
                               "class table does not name exactly", line)
    cases = [(g, m.string_literal(class_name(o.meta)).targets[0])
             for g, o in this.non_null() if o not in unknown]
    return make_ref(m.cls(STRING), cases), state


@model(CLASS, "boolean isAssignableFrom(Class)")
def class_is_assignable_from(m, state, this, args, line):
    """``A.class.isAssignableFrom(B.class)``: B is A or a subtype of it, where the class
    table can tell."""
    other = args[0]
    state = m.throw(state, other.null_guard(), "java.lang.NullPointerException", line)
    pairs = [(mk_and(g, h), o.meta, p.meta) for g, o in this.non_null() for h, p in other.non_null()]
    unknown = mk_or(m.ctx, [g for g, a, b in pairs if a is None or b is None
                            or b.subtype_decided(a) is None])
    pairs = [(g, a, b) for g, a, b in pairs if a is not None and b is not None]
    state = m.stuck_unless(state, unknown, "Class.isAssignableFrom of a class without source", line)
    return bool_value(mk_or(m.ctx, [g for g, a, b in pairs if b.subtype_decided(a)])), state


@model("java.lang.Enum", "int ordinal()")
def enum_ordinal(m, state, this, args, line):
    return per_object(this.non_null(), lambda o: z3.BitVecVal(m.ordinal(o), 32, m.ctx)), state


@model("java.lang.Enum", "String name()")
def enum_name(m, state, this, args, line):
    names = [(g, m.string_literal(m.constant_name(o)).targets[0]) for g, o in this.non_null()]
    return make_ref(m.cls(STRING), names), state


@model("java.lang.Enum", "int compareTo(E)")
def enum_compare_to(m, state, this, args, line):
    """The difference of the ordinals; a constant of another enum (through a raw type)
    throws ClassCastException."""
    other = args[0]
    state = m.null_check(state, other, line)
    foreign = mk_or(m.ctx, [mk_and(g, h) for g, a in this.non_null() for h, b in other.non_null()
                            if a.cls is not b.cls])
    state = m.throw(state, foreign, "java.lang.ClassCastException", line)
    ordinals = [(g, m.ordinal(o) if o.cls.kind == "enum" else 0) for g, o in other.non_null()]
    theirs = per_object(ordinals, lambda n: z3.BitVecVal(n, 32, m.ctx))
    ours = enum_ordinal(m, state, this, [], line)[0]
    return int_value(ours.term - theirs.term), state


@model("java.lang.System", "static int identityHashCode(Object)")
def system_identity_hash_code(m, state, this, args, line):
    v = args[0]
    return per_object(v.cases, lambda o: z3.BitVecVal(0, 32, m.ctx) if o is None
                      else m.identity_hash(o)), state


def register(r: Registry) -> None:
    """The exceptions' constructors keep nothing of their arguments: no model reads an
    exception's message (``Executor._unread_args``)."""
    for name in EXCEPTIONS:
        simple = name.rpartition(".")[2]
        for signature in (f"{simple}()", f"{simple}(String)", f"{simple}(String, Throwable)",
                          f"{simple}(Throwable)"):
            r.method(name, signature, object_init)
