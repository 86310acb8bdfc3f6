"""Java strings, exactly: a length and 16-bit chars (java.lang.String, JLS 3.10.5, 15.18.1).

A string's content is a ``Text``: its length as an int term and one 16-bit term
per char it may hold; chars at and after the length are 0, so two texts are
equal when their lengths and their chars are. Every String method's meaning is
written here once, on texts; ``jdk.py`` only wires the models to it. Case
mapping (``toUpperCase`` and ``equalsIgnoreCase``) is Java's own on Latin-1
(with the root locale's rules); ``latin1`` says where a text stays within it.
"""
from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable
from dataclasses import dataclass

import z3

from pytest_boundcheck.frontend.types import BOOLEAN, CHAR
from pytest_boundcheck.symex import chars as classes
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.values import Prim, mk_and, mk_ite, mk_or

# What the texts being built cost: a text operation on symbolic lengths builds a term for
# each pair of chars it may align (a ``replace`` over a long text, millions), Python work
# that Z3 does not count. ``metered`` hands the count to the exploring check's work clock.
_meter: contextvars.ContextVar[Callable[[int], None] | None] = contextvars.ContextVar(
    "text_work_meter", default=None)


@contextlib.contextmanager
def metered(charge: Callable[[int], None]):
    """Within the block, ``charge(n)`` is told of each ``n`` terms a text operation is
    about to build (before it builds them, so that a budget can stop a long one)."""
    token = _meter.set(charge)
    try:
        yield
    finally:
        _meter.reset(token)


def _charge(terms: int) -> None:
    charge = _meter.get()
    if charge is not None and terms:
        charge(terms)

LATIN1 = 0xFF


@dataclass(frozen=True)
class Text:
    length: z3.BitVecRef            # int, 0 <= length <= len(chars)
    chars: tuple[z3.BitVecRef, ...]  # 16-bit each; 0 from ``length`` on

    @property
    def ctx(self) -> z3.Context:
        return self.length.ctx


def _int(ctx: z3.Context, value: int) -> z3.BitVecRef:
    return z3.BitVecVal(value, 32, ctx)


def _char(ctx: z3.Context, value: int) -> z3.BitVecRef:
    return z3.BitVecVal(value, 16, ctx)


def _below(k: int, length: z3.BitVecRef) -> z3.BoolRef:
    """``k < length``, folded when the length is a constant."""
    if z3.is_bv_value(length):
        return z3.BoolVal(k < length.as_long(), length.ctx)
    return length > k


def _is(term: z3.BitVecRef, k: int) -> z3.BoolRef:
    """``term == k``, folded when the term is a constant."""
    if z3.is_bv_value(term):
        return z3.BoolVal(term.as_long() == k, term.ctx)
    return term == k


# ------------------------------------------------------------ making texts

def utf16(text: str) -> list[int]:
    """The chars (UTF-16 code units) of a Python string, as Java holds them."""
    data = text.encode("utf-16-be", "surrogatepass")
    return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)]


def constant(ctx: z3.Context, text: str) -> Text:
    units = utf16(text)
    return Text(_int(ctx, len(units)), tuple(_char(ctx, u) for u in units))


def variable(ctx: z3.Context, name: str, bound: int) -> tuple[Text, list[z3.BoolRef]]:
    """Any text of at most ``bound`` chars, and the constraints that make it one."""
    length = z3.BitVec(f"{name}.length", 32, ctx)
    chars = tuple(z3.BitVec(f"{name}[{k}]", 16, ctx) for k in range(bound))
    constraints = [length >= 0, length <= bound]
    constraints += [z3.Implies(length <= k, c == 0) for k, c in enumerate(chars)]
    return Text(length, chars), constraints


def merge(cases: list[tuple[z3.BoolRef, Text]]) -> Text:
    """The text chosen by mutually exclusive guards, one of which holds."""
    if len(cases) == 1:
        return cases[0][1]
    width = max(len(t.chars) for _, t in cases)
    last = cases[-1][1]
    length, chars = last.length, list(_padded(last, width))
    for g, t in reversed(cases[:-1]):
        length = mk_ite(g, t.length, length)
        chars = [mk_ite(g, a, b) for a, b in zip(_padded(t, width), chars)]
    return Text(length, tuple(chars))


def _padded(t: Text, width: int) -> tuple[z3.BitVecRef, ...]:
    return t.chars + tuple(_char(t.ctx, 0) for _ in range(width - len(t.chars)))


def evaluated(t: Text, evaluate) -> str | None:
    """The Python string of a text whose terms ``evaluate`` turns into constants (a
    model's ``eval``, ``z3.simplify``), else None."""
    length = evaluate(t.length)
    if not z3.is_bv_value(length):
        return None
    chars = [evaluate(c) for c in t.chars[:length.as_long()]]
    if not all(z3.is_bv_value(c) for c in chars):
        return None
    return b"".join(c.as_long().to_bytes(2, "big") for c in chars).decode("utf-16-be", "surrogatepass")


def concrete(t: Text) -> str | None:
    """The Python string of a text of constants, else None."""
    return evaluated(t, z3.simplify)


def from_model(t: Text, model: z3.ModelRef) -> str:
    return evaluated(t, lambda term: model.eval(term, model_completion=True))


# ------------------------------------------------------------ conversions

def value_of(p: Prim) -> Text:
    """``String.valueOf`` of a primitive (JLS 5.1.11)."""
    ctx = p.term.ctx
    if p.type is BOOLEAN:
        return merge([(p.term, constant(ctx, "true")), (z3.BoolVal(True, ctx), constant(ctx, "false"))])
    if p.type is CHAR:
        return Text(_int(ctx, 1), (p.term,))
    return decimal(semantics.unary_promote(p).term)


DIGITS = 4  # the digits of a number that is not a constant: its text is exact up to 9999


def representable(p: Prim) -> z3.BoolRef:
    """Where ``value_of(p)`` is exact: always for booleans, chars and constants, else for
    numbers of at most ``DIGITS`` digits (the digit arithmetic is kept to 16 bits)."""
    if p.type in (BOOLEAN, CHAR):
        return z3.BoolVal(True, p.term.ctx)
    term = z3.simplify(semantics.unary_promote(p).term)
    if z3.is_bv_value(term):
        return z3.BoolVal(True, term.ctx)
    limit = 10 ** DIGITS - 1
    return z3.And(term >= -limit, term <= limit)


def decimal(v: z3.BitVecRef) -> Text:
    """``String.valueOf`` of an int or a long: its decimal digits, '-' first if negative;
    exact for constants and where ``representable`` holds.

    The i-th digit of the magnitude is (magnitude / 10**i) % 10, and the number of
    digits says which digit each position shows."""
    ctx, bits = v.ctx, v.size()
    v = z3.simplify(v)
    if z3.is_bv_value(v):
        raw = v.as_long()
        return constant(ctx, str(raw - (1 << bits) if raw >> (bits - 1) else raw))
    negative = v < 0
    magnitude = z3.Extract(15, 0, z3.If(negative, -v, v))
    digits = [z3.URem(z3.UDiv(magnitude, 10 ** i), 10) + ord("0") for i in range(DIGITS)]
    count = _int(ctx, 1)
    for i in range(1, DIGITS):
        count = count + z3.If(z3.UGE(magnitude, 10 ** i), _int(ctx, 1), _int(ctx, 0))
    length = count + z3.If(negative, _int(ctx, 1), _int(ctx, 0))
    chars = []
    for p in range(DIGITS + 1):
        # position p shows digit (length - 1 - p), or '-' at 0 when negative
        value = _char(ctx, 0)
        for i in range(DIGITS):
            value = z3.If(length - 1 - p == i, digits[i], value)
        if p == 0:
            value = z3.If(negative, _char(ctx, ord("-")), value)
        chars.append(value)
    return Text(length, tuple(chars))


def parsed(t: Text, bits: int) -> tuple[z3.BitVecRef, z3.BoolRef]:
    """``Integer.parseInt`` (``bits`` 32) or ``Long.parseLong`` (64) of a text: its value,
    and where it is one: an optional '-' or '+', then at least one digit
    (``Character.digit(c, 10)``: the Unicode decimal digits), within the type's range.
    The digits are summed in a type wide enough that no text within the bound wraps."""
    ctx, n = t.ctx, len(t.chars)
    if n == 0:
        return z3.BitVecVal(0, bits, ctx), z3.BoolVal(False, ctx)
    wide = max(bits + 8, 4 * n + 8)  # 10**n < 2**(4n)
    first = t.chars[0]
    negative, signed = first == ord("-"), z3.Or(first == ord("-"), first == ord("+"))
    start = z3.If(signed, _int(ctx, 1), _int(ctx, 0))
    magnitude = z3.BitVecVal(0, wide, ctx)
    digits = [t.length > start]
    for k, c in enumerate(t.chars):
        counts = mk_and(start <= k, _below(k, t.length))
        digits.append(z3.Implies(counts, classes.is_digit(c)))
        magnitude = mk_ite(counts, magnitude * 10 + z3.ZeroExt(wide - 16, classes.digit_value(c)),
                           magnitude)
    limit = z3.If(negative, z3.BitVecVal(1 << (bits - 1), wide, ctx),
                  z3.BitVecVal((1 << (bits - 1)) - 1, wide, ctx))
    value = z3.Extract(bits - 1, 0, z3.If(negative, -magnitude, magnitude))
    return value, mk_and(*digits, z3.ULE(magnitude, limit))


# -------------------------------------------------------------- operations

def equal(a: Text, b: Text) -> z3.BoolRef:
    """Same length, same chars (the chars after the length are 0 in both)."""
    return mk_and(_eq(a.length, b.length), *[_eq(x, y) for x, y in zip(a.chars, b.chars)])


def _eq(x: z3.BitVecRef, y: z3.BitVecRef) -> z3.BoolRef:
    """``x == y``, folded when both are constants."""
    if z3.is_bv_value(x) and z3.is_bv_value(y):
        return z3.BoolVal(x.as_long() == y.as_long(), x.ctx)
    return x == y


def hash_code(t: Text) -> z3.BitVecRef:
    """s[0]*31^(n-1) + ... + s[n-1] in int arithmetic."""
    h = _int(t.ctx, 0)
    for k, c in enumerate(t.chars):
        h = mk_ite(_below(k, t.length), 31 * h + z3.ZeroExt(16, c), h)
    return h


def compare(a: Text, b: Text, fold=None) -> z3.BitVecRef:
    """``a.compareTo(b)``: the difference of the first differing chars, else of the lengths;
    ``fold`` maps each char first (``String.CASE_INSENSITIVE_ORDER``)."""
    result = a.length - b.length
    for k in reversed(range(min(len(a.chars), len(b.chars)))):
        x, y = a.chars[k], b.chars[k]
        if fold is not None:
            x, y = fold(x), fold(y)
        differ = mk_and(_below(k, a.length), _below(k, b.length), x != y)
        result = mk_ite(differ, z3.ZeroExt(16, x) - z3.ZeroExt(16, y), result)
    return result


def out_of_bounds(t: Text, index: z3.BitVecRef) -> z3.BoolRef:
    """Is ``index`` outside the text? Decided at once for a constant index at or past all
    the chars the text may hold, so that a loop over a string ends there."""
    index = z3.simplify(index)
    if z3.is_bv_value(index) and index.as_signed_long() >= len(t.chars):
        return z3.BoolVal(True, t.ctx)
    return z3.Or(index < 0, index >= t.length)


def char_at(t: Text, index: z3.BitVecRef) -> z3.BitVecRef:
    """The char at ``index``, where it is within the text."""
    index = z3.simplify(index)  # a loop's index is a sum of constants
    value = _char(t.ctx, 0)
    for k in reversed(range(len(t.chars))):
        value = mk_ite(_is(index, k), t.chars[k], value)
    return value


def concat(a: Text, b: Text) -> Text:
    """``a + b``: it holds as many chars as both may hold together."""
    ctx = a.ctx
    if z3.is_bv_value(a.length):  # b's chars land at a fixed place (those past its length are 0)
        chars = a.chars[:a.length.as_long()] + b.chars
    else:
        _charge(len(a.chars) * (len(b.chars) + 1))
        chars = []
        for k in range(len(a.chars) + len(b.chars)):
            value = _char(ctx, 0)
            for j in range(min(k + 1, len(b.chars))):  # b's char j lands at k when a's length is k - j
                value = mk_ite(_is(a.length, k - j), b.chars[j], value)
            if k < len(a.chars):
                value = mk_ite(_below(k, a.length), a.chars[k], value)
            chars.append(value)
    length = a.length + b.length
    if z3.is_bv_value(z3.simplify(length)):
        length = z3.simplify(length)
        chars = chars[:length.as_long()]
    return Text(length, tuple(chars))


def starts_with(t: Text, prefix: Text, at: int = 0) -> z3.BoolRef:
    """``t.startsWith(prefix, at)``: the prefix's chars are t's from index ``at`` on."""
    terms = [prefix.length + at <= t.length]
    for k, c in enumerate(prefix.chars):
        mine = t.chars[at + k] if at + k < len(t.chars) else _char(t.ctx, 0)
        terms.append(z3.Implies(_below(k, prefix.length), c == mine))
    return mk_and(*terms)


def contains(t: Text, part: Text) -> z3.BoolRef:
    """``t.contains(part)``: t starts with ``part`` at some index."""
    _charge((len(t.chars) + 1) * (len(part.chars) + 1))
    return mk_or(t.ctx, [starts_with(t, part, at) for at in range(len(t.chars) + 1)])


# ---------------------------------------------------------- case (Latin-1)
# Character.toUpperCase and toLowerCase on Latin-1, and on the two chars outside it
# that upper-casing Latin-1 gives: U+0178 (upper of 'ÿ') and U+039C (upper of 'µ').

def latin1(t: Text) -> z3.BoolRef:
    """All of the text's chars are Latin-1 (those after its length are 0)."""
    return mk_and(z3.BoolVal(True, t.ctx), *[z3.ULE(c, LATIN1) for c in t.chars])


def case_modelled(t: Text) -> z3.BoolRef:
    """All of the text's chars are ones whose case mapping is modelled: Latin-1 and the
    upper cases of its letters."""
    return mk_and(z3.BoolVal(True, t.ctx),
                  *[z3.Or(z3.ULE(c, LATIN1), c == 0x178, c == 0x39C) for c in t.chars])


def _between(c: z3.BitVecRef, lo: int, hi: int) -> z3.BoolRef:
    return z3.And(z3.UGE(c, lo), z3.ULE(c, hi))


def upper_char(c: z3.BitVecRef) -> z3.BitVecRef:
    """Character.toUpperCase of a Latin-1 char, U+0178 or U+039C."""
    shifts = z3.Or(_between(c, ord("a"), ord("z")), z3.And(_between(c, 0xE0, 0xFE), c != 0xF7))
    return z3.If(shifts, c - 32, z3.If(c == 0xFF, _char(c.ctx, 0x178),
                                       z3.If(c == 0xB5, _char(c.ctx, 0x39C), c)))


def lower_char(c: z3.BitVecRef) -> z3.BitVecRef:
    """Character.toLowerCase of a Latin-1 char, U+0178 or U+039C."""
    shifts = z3.Or(_between(c, ord("A"), ord("Z")), z3.And(_between(c, 0xC0, 0xDE), c != 0xD7))
    return z3.If(shifts, c + 32, z3.If(c == 0x178, _char(c.ctx, 0xFF),
                                       z3.If(c == 0x39C, _char(c.ctx, 0x3BC), c)))


def equals_ignore_case(a: Text, b: Text, upper=upper_char) -> z3.BoolRef:
    """String.equalsIgnoreCase of texts whose case mapping is modelled: equal lengths
    and equal upper cases.

    Java's rule is per char: equal, or equal upper cases, or equal lower cases of the
    upper cases. On these chars the last adds nothing (toLowerCase is one-to-one on
    their upper cases), and equal upper cases alone are far easier to reason about
    (transitivity is that of equality). ``upper`` computes the upper case of a char."""
    return mk_and(a.length == b.length, *[upper(x) == upper(y) for x, y in zip(a.chars, b.chars)])


def to_lower(t: Text) -> Text:
    """String.toLowerCase on Latin-1: char by char."""
    return Text(t.length, tuple(lower_char(c) for c in t.chars))


def to_upper(t: Text) -> Text:
    """String.toUpperCase on Latin-1: char by char, except that 'ß' becomes "SS"."""
    ctx = t.ctx
    out = Text(_int(ctx, 0), ())
    for k, c in enumerate(t.chars):
        sharp = c == 0xDF
        piece = Text(z3.If(_below(k, t.length), z3.If(sharp, _int(ctx, 2), _int(ctx, 1)), _int(ctx, 0)),
                     (z3.If(sharp, _char(ctx, ord("S")), upper_char(c)),
                      z3.If(sharp, _char(ctx, ord("S")), _char(ctx, 0))))
        out = concat(out, piece)
    return out


def changes_case(t: Text, upper: bool) -> z3.BoolRef:
    """Does toUpperCase (``upper``) or toLowerCase change some char? If not, Java
    returns the string itself. ('ß' upper-cases to itself as a char, but to "SS".)"""
    if upper:
        changes = [z3.Or(upper_char(c) != c, c == 0xDF) for c in t.chars]
    else:
        changes = [lower_char(c) != c for c in t.chars]
    return mk_or(t.ctx, [mk_and(_below(k, t.length), x) for k, x in enumerate(changes)])


# ----------------------------------------------------- searching and slicing

def substring(t: Text, begin: z3.BitVecRef, end: z3.BitVecRef) -> Text:
    """The chars from ``begin`` up to ``end``, where 0 <= begin <= end <= t.length."""
    begin, end = z3.simplify(begin), z3.simplify(end)
    length = z3.simplify(end - begin)
    if z3.is_bv_value(begin):
        b = begin.as_signed_long()
        chars = tuple(mk_ite(_below(k, length), c, _char(t.ctx, 0)) for k, c in enumerate(t.chars[b:]))
    else:
        _charge(len(t.chars) ** 2)
        chars = tuple(mk_ite(_below(k, length), char_at(t, begin + k), _char(t.ctx, 0))
                      for k in range(len(t.chars)))
    return Text(length, chars)


def first_index(t: Text, found, start: z3.BitVecRef, positions: int | None = None) -> z3.BitVecRef:
    """The first index k >= ``start`` (of ``positions``, the text's chars by default) where
    ``found(k)`` holds, else -1."""
    result = _int(t.ctx, -1)
    for k in reversed(range(len(t.chars) if positions is None else positions)):
        result = mk_ite(mk_and(start <= k, found(k)), _int(t.ctx, k), result)
    return result


def index_of_char(t: Text, ch: z3.BitVecRef, start: z3.BitVecRef) -> z3.BitVecRef:
    """``t.indexOf(ch, start)`` of an int code point: a char, or the surrogate pair of a
    supplementary code point; -1 for any other int."""
    ctx = t.ctx
    bmp = z3.And(ch >= 0, ch < 0x10000)
    supplementary = z3.And(ch >= 0x10000, ch <= 0x10FFFF)
    high = z3.Extract(15, 0, z3.LShR(ch - 0x10000, 10) + 0xD800)
    low = z3.Extract(15, 0, ((ch - 0x10000) & 0x3FF) + 0xDC00)
    narrow = z3.Extract(15, 0, ch)

    def found(k: int) -> z3.BoolRef:
        pair = z3.BoolVal(False, ctx) if k + 1 >= len(t.chars) else z3.And(
            supplementary, _below(k + 1, t.length), t.chars[k] == high, t.chars[k + 1] == low)
        return z3.Or(z3.And(bmp, _below(k, t.length), t.chars[k] == narrow), pair)
    return first_index(t, found, start)


def index_of(t: Text, part: Text, start: z3.BitVecRef) -> z3.BitVecRef:
    """``t.indexOf(part, start)``: the first index from ``start`` (taken as 0 if negative,
    as the length if past it) where ``part`` starts, else -1."""
    start = mk_ite(start < 0, _int(t.ctx, 0), mk_ite(start > t.length, t.length, start))
    return first_index(t, lambda k: starts_with(t, part, k), start, len(t.chars) + 1)


def kept_between(t: Text, dropped, leading: bool, trailing: bool) -> tuple[z3.BitVecRef, z3.BitVecRef]:
    """(begin, end) of the text once the ``leading`` and ``trailing`` chars of which
    ``dropped(c)`` holds are left out (``strip``, ``trim``); begin <= end."""
    begin, end = _int(t.ctx, 0), t.length
    if leading:
        begin = t.length
        for k in reversed(range(len(t.chars))):
            begin = mk_ite(mk_and(_below(k, t.length), z3.Not(dropped(t.chars[k]))), _int(t.ctx, k), begin)
    if trailing:
        end = _int(t.ctx, 0)
        for k, c in enumerate(t.chars):
            end = mk_ite(mk_and(_below(k, t.length), z3.Not(dropped(c))), _int(t.ctx, k + 1), end)
        end = mk_ite(end < begin, begin, end)
    return begin, end


def every_char(t: Text, holds) -> z3.BoolRef:
    """Does ``holds(c)`` hold of every char of the text?"""
    return mk_and(z3.BoolVal(True, t.ctx), *[z3.Implies(_below(k, t.length), holds(c))
                                            for k, c in enumerate(t.chars)])


def replace_char(t: Text, old: z3.BitVecRef, new: z3.BitVecRef) -> Text:
    """``t.replace(old, new)``'s chars: each ``old`` one is ``new``."""
    return Text(t.length, tuple(mk_ite(mk_and(_below(k, t.length), c == old), new, c)
                                for k, c in enumerate(t.chars)))


def replace(t: Text, target: str, replacement: Text) -> tuple[Text, z3.BoolRef]:
    """``t.replace(target, replacement)`` of a non-empty constant target: each occurrence,
    from the left and without overlapping the one before, becomes the replacement; and
    whether there is one."""
    ctx, units = t.ctx, utf16(target)
    empty = Text(_int(ctx, 0), ())
    out, replaced = empty, []  # replaced[k]: an occurrence at k becomes the replacement
    _charge(len(t.chars) * len(units))
    for k, c in enumerate(t.chars):
        inside = mk_or(ctx, replaced[max(0, k - len(units) + 1):k])  # of one taken before
        match = mk_and(z3.Not(inside), starts_with(t, constant(ctx, target), k))
        replaced.append(match)
        kept = mk_and(_below(k, t.length), z3.Not(inside))
        own = Text(mk_ite(kept, _int(ctx, 1), _int(ctx, 0)), (mk_ite(kept, c, _char(ctx, 0)),))
        out = concat(out, merge([(match, replacement), (z3.BoolVal(True, ctx), own)]))
        out = Text(out.length, out.chars[:_replaced_length(k, len(units), len(replacement.chars))])
    return out, mk_or(ctx, replaced)


def _replaced_length(k: int, target: int, replacement: int) -> int:
    """The most chars ``replace`` may have made of the first ``k + 1`` chars: with ``m``
    occurrences among them (at most ``k // target + 1``, the last one begun but perhaps
    not ended), ``k + target + m * (replacement - target)``; with none, ``k + 1``. The
    chars past it are past the length on every path: keeping them, the text's chars grew
    by the replacement's at each char (2,268 for 84 chars replaced by 27)."""
    most = k // target + 1
    return max(k + 1, *(k + target + m * (replacement - target) for m in (1, most)))


def split(t: Text, separator: int, parts: int) -> tuple[list[tuple[z3.BitVecRef, z3.BitVecRef]],
                                                        z3.BitVecRef, z3.BitVecRef]:
    """``t.split`` at one char, as the JDK's fast path splits (no regular expression): the
    (begin, end) of the first ``parts`` pieces between separators ((length, length) past
    the last), the number of separators, and how many pieces the array holds once the
    trailing empty ones are dropped (none found: the array holds the text itself)."""
    ctx, n = t.ctx, len(t.chars)
    _charge(n * (n + 1))
    at = [mk_and(_below(k, t.length), c == separator) for k, c in enumerate(t.chars)]
    before, count = [], _int(ctx, 0)  # before[k]: the separators before index k
    for k in range(n):
        before.append(count)
        count = z3.simplify(count + mk_ite(at[k], _int(ctx, 1), _int(ctx, 0)))
    pieces, begin, size = [], _int(ctx, 0), _int(ctx, 0)
    for j in range(n + 1):
        end = t.length
        for k in reversed(range(n)):
            end = mk_ite(mk_and(at[k], before[k] == j), _int(ctx, k), end)
        exists = count >= j
        size = mk_ite(mk_and(exists, begin != end), _int(ctx, j + 1), size)
        pieces.append((mk_ite(exists, begin, t.length), mk_ite(exists, end, t.length)))
        begin = end + 1
    return (pieces + [(t.length, t.length)] * parts)[:parts], count, size
