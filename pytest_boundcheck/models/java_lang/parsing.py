"""Integer and Long to and from their decimal texts: ``parseInt``, ``parseLong``, their
``valueOf(String)``, and the static ``toString`` of a number, exactly as the JDK's
(``NumberFormatException`` on a null or empty text, a lone sign, any other char, a value
out of range; Unicode decimal digits count as digits)."""
from __future__ import annotations

from pytest_boundcheck.frontend.types import INT, LONG
from pytest_boundcheck.models.registry import model
from pytest_boundcheck.symex import strings
from pytest_boundcheck.symex.values import Prim, mk_not, mk_or


def _parsed(m, state, ref, line, prim):
    """The number a String argument's text is, as a ``prim``; NumberFormatException where
    it is null or no such number."""
    cases = [(g, m.text(o)) for g, o in ref.non_null()]
    if not cases:
        return None, m.throw(state, m.true, "java.lang.NumberFormatException", line)
    value, valid = strings.parsed(strings.merge(cases), prim.bits)
    state = m.throw(state, mk_or(m.ctx, [ref.null_guard(), mk_not(valid)]),
                    "java.lang.NumberFormatException", line)
    return Prim(prim, value), state


@model("java.lang.Integer", "static int parseInt(String)")
def integer_parse_int(m, state, this, args, line):
    return _parsed(m, state, args[0], line, INT)


@model("java.lang.Long", "static long parseLong(String)")
def long_parse_long(m, state, this, args, line):
    return _parsed(m, state, args[0], line, LONG)


@model("java.lang.Integer", "static Integer valueOf(String)")
def integer_value_of(m, state, this, args, line):
    """``Integer.valueOf(parseInt(s))``: a cached box from -128 to 127."""
    value, state = _parsed(m, state, args[0], line, INT)
    return m.box(value, line), state


@model("java.lang.Long", "static Long valueOf(String)")
def long_value_of(m, state, this, args, line):
    value, state = _parsed(m, state, args[0], line, LONG)
    return m.box(value, line), state


@model("java.lang.Integer", "static String toString(int)")
@model("java.lang.Long", "static String toString(long)")
def number_to_string(m, state, this, args, line):
    """``String.valueOf`` of the number: a new string of its decimal digits."""
    text, state = m.string_conversion(state, args[0], line)
    return m.new_string(text, line), state
