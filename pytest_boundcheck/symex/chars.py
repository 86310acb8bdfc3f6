"""Character's classes of 16-bit chars, as JDK 17 (Unicode 13) has them: exact for
``isWhitespace`` and ``isDigit`` (and the digit values ``Character.digit(c, 10)`` gives,
which ``Integer.parseInt`` reads) on every char, for ``isLetter`` on the chars whose case
mapping the engine models (``strings.case_modelled``: Latin-1 and two letters beyond).

The tables are data: the JVM's own answers for every char, which
``tests/jvm/test_chars_jvm.py`` compares with them.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.symex.values import mk_or

# Character.isWhitespace: the Unicode space, line and paragraph separators but the
# no-break spaces (U+00A0, U+2007, U+202F), and the ASCII controls \t \n \u000B \f \r and
# U+001C..U+001F; as (first, last) ranges
WHITESPACE = ((0x09, 0x0D), (0x1C, 0x20), (0x1680, 0x1680), (0x2000, 0x2006), (0x2008, 0x200A),
              (0x2028, 0x2029), (0x205F, 0x205F), (0x3000, 0x3000))

# Character.isDigit (general category Nd): ten digits 0..9 from each of these chars
DIGIT_ZEROS = (0x30, 0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6,
               0xD66, 0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0,
               0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0,
               0xA9F0, 0xAA50, 0xABF0, 0xFF10)

# Character.isLetter on Latin-1, U+0178 and U+039C (the upper cases of 'ÿ' and 'µ')
LETTERS = ((0x41, 0x5A), (0x61, 0x7A), (0xAA, 0xAA), (0xB5, 0xB5), (0xBA, 0xBA), (0xC0, 0xD6),
           (0xD8, 0xF6), (0xF8, 0xFF), (0x178, 0x178), (0x39C, 0x39C))


def in_ranges(c: z3.BitVecRef, ranges) -> z3.BoolRef:
    """Is the 16-bit char ``c`` in one of the (first, last) ranges?"""
    return mk_or(c.ctx, [c == lo if lo == hi else z3.And(z3.UGE(c, lo), z3.ULE(c, hi))
                         for lo, hi in ranges])


def is_whitespace(c: z3.BitVecRef) -> z3.BoolRef:
    return in_ranges(c, WHITESPACE)


def is_digit(c: z3.BitVecRef) -> z3.BoolRef:
    return in_ranges(c, [(zero, zero + 9) for zero in DIGIT_ZEROS])


def is_letter(c: z3.BitVecRef) -> z3.BoolRef:
    """Character.isLetter, where ``strings.case_modelled`` holds of ``c``."""
    return in_ranges(c, LETTERS)


def digit_value(c: z3.BitVecRef) -> z3.BitVecRef:
    """``Character.digit(c, 10)`` of a digit (``is_digit``), as a 16-bit term."""
    value = c - DIGIT_ZEROS[0]
    for zero in DIGIT_ZEROS[1:]:
        value = z3.If(z3.UGE(c, zero), c - zero, value)
    return value
