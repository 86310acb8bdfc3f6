"""Values written as Java literals: numbers (floating point exactly, MIN and MAX values by
name), chars and strings (escaped as javac reads them)."""
from __future__ import annotations

import math
from fractions import Fraction

from pytest_boundcheck.frontend.types import BOOLEAN, CHAR, DOUBLE, FLOAT, INT, LONG, PrimType
from pytest_boundcheck.symex import strings
from pytest_boundcheck.symex.semantics import float_bits, nearest

_NAMED = {
    (INT, -(1 << 31)): "Integer.MIN_VALUE", (INT, (1 << 31) - 1): "Integer.MAX_VALUE",
    (LONG, -(1 << 63)): "Long.MIN_VALUE", (LONG, (1 << 63) - 1): "Long.MAX_VALUE",
    (DOUBLE, float.fromhex("0x1.fffffffffffffp1023")): "Double.MAX_VALUE",
    (DOUBLE, float.fromhex("0x1p-1074")): "Double.MIN_VALUE",
    (FLOAT, float.fromhex("0x1.fffffep127")): "Float.MAX_VALUE",
    (FLOAT, float.fromhex("0x1p-149")): "Float.MIN_VALUE",
}


def java_literal(t: PrimType, value: float, named: bool = True) -> str:
    if t is BOOLEAN:
        return "true" if value else "false"
    if t.is_floating:
        return java_floating(t, value, named)
    if named and (t, value) in _NAMED:
        return _NAMED[(t, value)]
    if t is LONG:
        return f"{value}L"
    if t is CHAR:
        return java_char(value)
    if t.name in ("byte", "short"):
        return f"({t.name}) {value}"
    return str(value)


_SHORT_DIGITS = 12  # longer decimals read worse than the bits they stand for


def java_floating(t: PrimType, value: float, named: bool = True) -> str:
    """A Java expression of type ``t`` with exactly this value: the shortest decimal
    literal that Java rounds back to it, a constant, or the bits."""
    box = "Double" if t is DOUBLE else "Float"
    if math.isnan(value):
        return f"{box}.NaN"
    if math.isinf(value):
        return f"{box}.{'POSITIVE' if value > 0 else 'NEGATIVE'}_INFINITY"
    if named and (t, abs(value)) in _NAMED:  # -Double.MIN_VALUE reads better than -5e-324
        return ("-" if value < 0 else "") + _NAMED[(t, abs(value))]
    suffix = "" if t is DOUBLE else "f"
    for digits in range(1, _SHORT_DIGITS + 1):
        text = f"{value:.{digits}g}"
        if nearest(t, Fraction(text)) == value:
            if "." not in text and "e" not in text:
                text += ".0"
            if math.copysign(1, value) < 0 and not text.startswith("-"):
                text = "-" + text  # -0.0
            return text + suffix
    if t is DOUBLE:
        return f"Double.longBitsToDouble(0x{float_bits(t, value):x}L)"
    return f"Float.intBitsToFloat(0x{float_bits(t, value):x})"


def java_char(code: int) -> str:
    if chr(code) == "'":
        return "'\\''"
    return f"'{_escaped(code)}'"


def java_string(text: str) -> str:
    """A Java string literal of these chars (UTF-16 code units)."""
    return '"' + "".join('\\"' if u == ord('"') else _escaped(u) for u in strings.utf16(text)) + '"'


# javac reads \u escapes before anything else: a line break or a quote written so ends the literal
_ESCAPES = {ord("\\"): "\\\\", ord("\n"): "\\n", ord("\r"): "\\r"}


def _escaped(code: int) -> str:
    """One char inside a Java literal: printable ASCII as itself, others escaped."""
    if code in _ESCAPES:
        return _ESCAPES[code]
    return chr(code) if 32 <= code < 127 else f"\\u{code:04x}"
