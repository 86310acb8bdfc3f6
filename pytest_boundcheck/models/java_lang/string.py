"""String and Character: exact contents (``symex.strings``), a length within the bound and
16-bit chars; case mapping and ``Character.isLetter`` on Latin-1, Character's other classes
on every char (``symex.chars``)."""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend.jdk import STRING
from pytest_boundcheck.frontend.types import CHAR, INT
from pytest_boundcheck.models.common import bool_value, int_value
from pytest_boundcheck.models.registry import model
from pytest_boundcheck.symex import chars, strings
from pytest_boundcheck.symex.values import (
    Prim,
    merge_values,
    mk_and,
    mk_ite,
    mk_not,
    mk_or,
    ref_eq,
)


def _text_or_null(m, state, ref, line):
    """The text of a String argument; a null one throws NullPointerException."""
    state = m.throw(state, ref.null_guard(), "java.lang.NullPointerException", line)
    return m.text_of(ref), state


@model(STRING, "String()")
@model(STRING, "String(String)")
def string_init(m, state, this, args, line):
    """A new String: another object, with the argument's text (or none)."""
    text = strings.constant(m.ctx, "")
    if args:
        text, state = _text_or_null(m, state, args[0], line)
    this.targets[0].content = text  # a new object: its one target
    return None, state


@model(STRING, "boolean equals(Object)")
def string_equals(m, state, this, args, line):
    """The same object, or another String of equal text."""
    other = args[0]
    if this.id.eq(other.id):
        return bool_value(mk_not(other.null_guard())), state
    terms = [ref_eq(m.ctx, this, other)]
    for g, s in this.non_null():
        for h, o in other.non_null():
            if o.cls.fqname == STRING and o is not s:
                terms.append(mk_and(g, h, strings.equal(m.text(s), m.text(o))))
    return bool_value(mk_or(m.ctx, terms)), state


@model(STRING, "int hashCode()")
def string_hash_code(m, state, this, args, line):
    return int_value(m.string_hash(m.text_of(this))), state


@model(STRING, "int compareTo(String)")
def string_compare_to(m, state, this, args, line):
    other, state = _text_or_null(m, state, args[0], line)
    return int_value(strings.compare(m.text_of(this), other)), state


@model(STRING, "int length()")
def string_length(m, state, this, args, line):
    return int_value(m.text_of(this).length), state


@model(STRING, "boolean isEmpty()")
def string_is_empty(m, state, this, args, line):
    return bool_value(m.text_of(this).length == 0), state


@model(STRING, "char charAt(int)")
def string_char_at(m, state, this, args, line):
    text, index = m.text_of(this), args[0].term
    state = m.throw(state, strings.out_of_bounds(text, index),
                     "java.lang.StringIndexOutOfBoundsException", line)
    return Prim(CHAR, strings.char_at(text, index)), state


@model(STRING, "boolean equalsIgnoreCase(String)")
def string_equals_ignore_case(m, state, this, args, line):
    mine, empty = m.text_of(this), strings.constant(m.ctx, "")
    other = strings.merge([(g, empty if o is None else m.text(o)) for g, o in args[0].cases])
    state = m.latin1_only(state, [mine, other], "String.equalsIgnoreCase", line)
    same = strings.equals_ignore_case(mine, other, lambda c: _upper(m, c))
    return bool_value(mk_and(mk_not(args[0].null_guard()), same)), state


@model(STRING, "String toLowerCase()")
def string_to_lower_case(m, state, this, args, line):
    return _case_mapped(m, state, this, line, upper=False)


@model(STRING, "String toUpperCase()")
def string_to_upper_case(m, state, this, args, line):
    return _case_mapped(m, state, this, line, upper=True)


def _case_mapped(m, state, this, line, upper):
    """A new string, or the string itself where no char changes (as the JDK does)."""
    text = m.text_of(this)
    what = "String.toUpperCase" if upper else "String.toLowerCase"
    state = m.latin1_only(state, [text], what, line)
    mapped = m.new_string(strings.to_upper(text) if upper else strings.to_lower(text), line)
    changed = strings.changes_case(text, upper)
    return merge_values(m.ctx, this.type, [(changed, mapped), (m.true, this)]), state


@model(STRING, "String concat(String)")
def string_concat(m, state, this, args, line):
    """A new string, or this one when the argument is empty (as the JDK does)."""
    mine = m.text_of(this)
    other, state = _text_or_null(m, state, args[0], line)
    joined = m.new_string(strings.concat(mine, other), line)
    return merge_values(m.ctx, this.type, [(other.length != 0, joined), (m.true, this)]), state


@model(STRING, "boolean startsWith(String)")
def string_starts_with(m, state, this, args, line):
    prefix, state = _text_or_null(m, state, args[0], line)
    return bool_value(strings.starts_with(m.text_of(this), prefix)), state


def _sequence_text(m, state, part, what: str, line):
    """The text of a CharSequence argument that is a String; a null one throws
    NullPointerException, another CharSequence (a StringBuilder) gets the path stuck."""
    others = [o for o in part.targets if o is not None and o.cls.fqname != STRING]
    if others:
        state = m.stuck_unless(state, part.member_guard(others),
                               f"{what} of a {others[0].cls.simple_name}", line)
    return _text_or_null(m, state, part.narrowed(o for o in part.targets if o not in others), line)


@model(STRING, "boolean contains(CharSequence)")
def string_contains(m, state, this, args, line):
    text, state = _sequence_text(m, state, args[0], "String.contains", line)
    return bool_value(strings.contains(m.text_of(this), text)), state


@model(STRING, "String toString()")
def string_to_string(m, state, this, args, line):
    return this, state


@model(STRING, "static String valueOf(int)")
@model(STRING, "static String valueOf(long)")
@model(STRING, "static String valueOf(char)")
@model(STRING, "static String valueOf(boolean)")
def string_value_of(m, state, this, args, line):
    text, state = m.string_conversion(state, args[0], line)
    return m.new_string(text, line), state


def _upper(m, c):
    """A char's upper case, named: equalsIgnoreCase equates upper cases, and code that
    hashes them then hashes equal variables, which the solver substitutes."""
    return m.named(Prim(CHAR, strings.upper_char(c)), "upper").term


@model("java.lang.Character", "static char toUpperCase(char)")
def character_to_upper_case(m, state, this, args, line):
    state = m.latin1_only(state, [strings.value_of(args[0])], "Character.toUpperCase", line)
    return Prim(CHAR, _upper(m, args[0].term)), state


@model("java.lang.Character", "static char toLowerCase(char)")
def character_to_lower_case(m, state, this, args, line):
    state = m.latin1_only(state, [strings.value_of(args[0])], "Character.toLowerCase", line)
    return Prim(CHAR, strings.lower_char(args[0].term)), state



@model("java.lang.Character", "static boolean isWhitespace(char)")
def character_is_whitespace(m, state, this, args, line):
    return bool_value(chars.is_whitespace(args[0].term)), state


@model("java.lang.Character", "static boolean isDigit(char)")
def character_is_digit(m, state, this, args, line):
    return bool_value(chars.is_digit(args[0].term)), state


@model("java.lang.Character", "static boolean isLetter(char)")
def character_is_letter(m, state, this, args, line):
    """Exact on Latin-1 (and the upper cases of its letters); other chars get the path
    stuck, and the check's input strings and chars are kept to Latin-1 (the result says
    so)."""
    state = m.latin1_only(state, [strings.value_of(args[0])], "Character.isLetter", line)
    return bool_value(chars.is_letter(args[0].term)), state


# ------------------------------------------------------------ searching and slicing

def _made(m, text, line):
    """A string the JDK makes of ``text``: the interned "" when it is empty (JDK 17's
    ``StringLatin1.newString`` and ``StringUTF16.newString``), else a new one."""
    return merge_values(m.ctx, m.cls(STRING), [(text.length == 0, m.string_literal("")),
                                                (m.true, m.new_string(text, line))])


def _kept(m, this, text, begin, end, line, unchanged=None):
    """The string itself where [begin, end) is all of it (``unchanged``), else the chars
    between them as the JDK makes them (``_made``)."""
    if unchanged is None:
        unchanged = mk_and(begin == 0, end == text.length)
    return merge_values(m.ctx, this.type, [(unchanged, this),
                                           (m.true, _made(m, strings.substring(text, begin, end), line))])


@model(STRING, "String substring(int)")
def string_substring_from(m, state, this, args, line):
    """StringIndexOutOfBoundsException where the index is negative or past the length; the
    string itself from 0."""
    text, begin = m.text_of(this), args[0].term
    state = m.throw(state, mk_or(m.ctx, [begin < 0, begin > text.length]),
                    "java.lang.StringIndexOutOfBoundsException", line)
    return _kept(m, this, text, begin, text.length, line, begin == 0), state


@model(STRING, "String substring(int, int)")
def string_substring(m, state, this, args, line):
    text, begin, end = m.text_of(this), args[0].term, args[1].term
    state = m.throw(state, mk_or(m.ctx, [begin < 0, begin > end, end > text.length]),
                    "java.lang.StringIndexOutOfBoundsException", line)
    return _kept(m, this, text, begin, end, line), state


@model(STRING, "int indexOf(int)")
@model(STRING, "int indexOf(int, int)")
def string_index_of_char(m, state, this, args, line):
    start = args[1].term if len(args) > 1 else z3.BitVecVal(0, 32, m.ctx)
    return int_value(strings.index_of_char(m.text_of(this), args[0].term, start)), state


@model(STRING, "int indexOf(String)")
@model(STRING, "int indexOf(String, int)")
def string_index_of(m, state, this, args, line):
    part, state = _text_or_null(m, state, args[0], line)
    start = args[1].term if len(args) > 1 else z3.BitVecVal(0, 32, m.ctx)
    return int_value(strings.index_of(m.text_of(this), part, start)), state


@model(STRING, "boolean isBlank()")
def string_is_blank(m, state, this, args, line):
    return bool_value(strings.every_char(m.text_of(this), chars.is_whitespace)), state


@model(STRING, "String strip()")
def string_strip(m, state, this, args, line):
    """Without leading and trailing whitespace (``Character.isWhitespace``): the string
    itself if it has none, "" if it has nothing else (even the empty string itself)."""
    text = m.text_of(this)
    begin, end = strings.kept_between(text, chars.is_whitespace, True, True)
    return merge_values(m.ctx, this.type, [(begin == text.length, m.string_literal("")),
                                           (m.true, _kept(m, this, text, begin, end, line))]), state


@model(STRING, "String stripLeading()")
def string_strip_leading(m, state, this, args, line):
    text = m.text_of(this)
    begin, end = strings.kept_between(text, chars.is_whitespace, True, False)
    return _kept(m, this, text, begin, end, line), state


@model(STRING, "String stripTrailing()")
def string_strip_trailing(m, state, this, args, line):
    text = m.text_of(this)
    begin, end = strings.kept_between(text, chars.is_whitespace, False, True)
    return _kept(m, this, text, begin, end, line), state


@model(STRING, "String trim()")
def string_trim(m, state, this, args, line):
    """Without leading and trailing chars up to ' ' (controls and the space)."""
    text = m.text_of(this)
    begin, end = strings.kept_between(text, lambda c: z3.ULE(c, ord(" ")), True, True)
    return _kept(m, this, text, begin, end, line), state


@model(STRING, "String replace(char, char)")
def string_replace_char(m, state, this, args, line):
    """The string itself where ``old`` does not occur or is ``new``, else a new one."""
    text, old, new = m.text_of(this), args[0].term, args[1].term
    found = strings.index_of_char(text, z3.ZeroExt(16, old), z3.BitVecVal(0, 32, m.ctx)) >= 0
    replaced = m.new_string(strings.replace_char(text, old, new), line)
    return merge_values(m.ctx, this.type, [(mk_and(found, old != new), replaced), (m.true, this)]), state


@model(STRING, "String replace(CharSequence, CharSequence)")
def string_replace(m, state, this, args, line):
    """Of a constant, non-empty target (a String; another target gets the path stuck):
    each occurrence from the left replaced; the string itself where there is none, or
    where a one-char target is replaced by itself (the JDK then replaces chars)."""
    texts = []
    for arg in args:
        text, state = _sequence_text(m, state, arg, "String.replace", line)
        texts.append(text)
    target = strings.concrete(texts[0])
    if not target:
        m.unsupported(state, "String.replace of a target that is not a non-empty constant", line)
    text, replacement = m.text_of(this), texts[1]
    result, found = strings.replace(text, target, replacement)
    same = strings.equal(replacement, texts[0]) if len(strings.utf16(target)) == 1 \
        else z3.BoolVal(False, m.ctx)
    return merge_values(m.ctx, this.type, [(mk_and(found, mk_not(same)), _made(m, result, line)),
                                           (m.true, this)]), state


# chars that make a one-char separator a regular expression of its own (String.split)
_REGEX_META = ".$|()[{^?*+\\"


def _plain_separator(regex: str | None) -> int | None:
    """The char a ``split`` separator stands for where the JDK splits without a regular
    expression: one char that is no metacharacter, or a backslash and a char that is no
    ASCII letter or digit; not a surrogate. None otherwise."""
    units = strings.utf16(regex) if regex is not None else []
    if len(units) == 1 and chr(units[0]) not in _REGEX_META:
        char = units[0]
    elif len(units) == 2 and units[0] == ord("\\") \
            and not (chr(units[1]).isascii() and chr(units[1]).isalnum()):
        char = units[1]
    else:
        return None
    return None if 0xD800 <= char <= 0xDFFF else char


@model(STRING, "String[] split(String)")
def string_split(m, state, this, args, line):
    """Of a constant separator the JDK splits at without a regular expression (``","``,
    ``"\\."``): the pieces between separators, trailing empty ones dropped; the string
    itself alone where there is none. Other separators are regular expressions, not
    modelled; an array longer than the length bound cuts the path."""
    regex, state = _text_or_null(m, state, args[0], line)
    separator = _plain_separator(strings.concrete(regex))
    if separator is None:
        m.unsupported(state, "String.split of a regular expression (a constant one-char separator "
                             "is modelled)", line)
    text = m.text_of(this)
    pieces, count, size = strings.split(text, separator, m.max_length)
    none = count == 0
    size = mk_ite(none, z3.BitVecVal(1, 32, m.ctx), size)
    state = m.bounded_unless(state, size <= m.max_length,
                             f"String.split into more than {m.max_length} pieces", line)
    values = [_made(m, strings.substring(text, begin, end), line) for begin, end in pieces]
    if values:
        values[0] = merge_values(m.ctx, this.type, [(none, this), (m.true, values[0])])
    return m.allocate(state, m.cls(STRING + "[]"), Prim(INT, size), values, line)
