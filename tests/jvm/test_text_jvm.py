"""Differential test: numbers parsed from text, and Character's classes of chars, against a
real JVM.

Hand-picked texts, since random ones are rarely numbers: signs alone and doubled, digits of
other scripts, the edges of int and long and one past them, leading zeros, blanks. Each
is run by the JVM once and by the engine with a constant argument, and, where it fits the
string bound, with a symbolic one fixed by the solver's model. Character's tables
(``symex.chars``) are compared with the JVM's answer for every 16-bit char.
"""
from __future__ import annotations

import javagen  # tests/jvm/ is on sys.path (test modules without a package)
import pytest
import stringgen
import z3
from test_numeric_jvm import _report, needs_jvm

from pytest_boundcheck.symex import chars, strings

S = stringgen.S
TEXTS = (None, "", "0", "-0", "+0", "7", "-7", "+", "-", "--1", "+-1", "12a", "a1", " 1", "1 ",
         "\u0663", "\uff11\uff12", "-\u06634", "007", "0000000000012", "99", "127", "128", "-128",
         "-129", "2147483647", "2147483648", "-2147483648", "-2147483649", "+2147483647",
         "9999999999", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
         "-9223372036854775809", "99999999999999999999", "\u00bd", "\u0660\u0669")
EXPRESSIONS = (("int", "Integer.parseInt(a)"), ("long", "Long.parseLong(a)"),
               ("int", "Integer.valueOf(a)"), ("boolean", "Integer.valueOf(a) == Integer.valueOf(a)"),
               ("long", "Long.valueOf(a) + 1"))


@pytest.fixture(scope="module")
def parsing():
    prog = stringgen.GeneratedClass("Parsing")
    for k, (ret, expr) in enumerate(EXPRESSIONS):
        method = stringgen.Method(f"m{k}", [(S, "a")], ret, expr, False)
        prog.methods.append(method)
        prog.cases += [stringgen.Case(method, (text,), symbolic=text is not None and len(
            strings.utf16(text)) <= stringgen.MAX_LENGTH) for text in TEXTS]
    return prog


@needs_jvm
def test_parsing_numbers_matches_the_jvm(parsing, tmp_path):
    """Every case with a constant argument, and those that fit the bound with a symbolic
    one as well."""
    compiled = javagen.compile_and_run(parsing, tmp_path)
    lines, program, cls, _ = compiled
    bad, checked = [], 0
    for case, jvm in zip(parsing.cases, lines):
        for symbolic in (False, True)[:1 + case.symbolic]:
            checked += 1
            engine = stringgen.engine_result(program, cls, case, symbolic, z3.Context())
            if engine != jvm:
                bad.append(f"{case.method.expr} of {case.args[0]!r}{' (symbolic)' if symbolic else ''}: "
                           f"JVM {jvm}, engine {engine}")
    assert checked >= len(TEXTS) * len(EXPRESSIONS) + 100
    if bad:
        pytest.fail(_report(bad, checked, compiled), pytrace=False)


CLASSES = """
class Classes {
    public static void main(String[] args) {
        StringBuilder out = new StringBuilder();
        for (int c = 0; c <= 0xFFFF; c++) {
            char ch = (char) c;
            out.append(Character.isWhitespace(ch) ? 'w' : '.').append(Character.isDigit(ch) ? 'd' : '.')
               .append(Character.isDigit(ch) ? (char) ('0' + Character.digit(ch, 10)) : '.')
               .append(Character.isLetter(ch) ? 'l' : '.').append('\\n');
        }
        System.out.print(out);
    }
}
"""


def _engine_classes(c: int) -> str:
    """What the engine's tables say of char ``c``, as ``Classes`` prints it (its letters
    only where ``Character.isLetter`` is modelled: elsewhere the JVM's answer is kept)."""
    term = z3.BitVecVal(c, 16)

    def holds(b) -> bool:
        return z3.is_true(z3.simplify(b))
    digit = holds(chars.is_digit(term))
    value = chr(ord("0") + z3.simplify(chars.digit_value(term)).as_long()) if digit else "."
    return "".join(("w" if holds(chars.is_whitespace(term)) else ".", "d" if digit else ".", value))


@needs_jvm
def test_character_classes_match_the_jvm_on_every_char(tmp_path):
    lines = javagen.run_jvm(CLASSES, "Classes", tmp_path)
    assert len(lines) == 0x10000
    interesting = {c for lo, hi in chars.WHITESPACE for c in range(lo, hi + 1)}
    interesting |= {c for zero in chars.DIGIT_ZEROS for c in range(zero - 1, zero + 11)}
    bad = [f"U+{c:04X}: JVM {line[:3]}, engine {_engine_classes(c)}" for c, line in enumerate(lines)
           if (c in interesting or c % 97 == 0) and line[:3] != _engine_classes(c)]
    # the tables as data, on every char: the engine's terms are built from them
    whitespace = {c for lo, hi in chars.WHITESPACE for c in range(lo, hi + 1)}
    digits = {c for zero in chars.DIGIT_ZEROS for c in range(zero, zero + 10)}
    letters = {c for lo, hi in chars.LETTERS for c in range(lo, hi + 1)}
    bad += [f"U+{c:04X}: JVM {line}" for c, line in enumerate(lines)
            if (line[0] == "w") != (c in whitespace) or (line[1] == "d") != (c in digits)
            or (c <= strings.LATIN1 or c in (0x178, 0x39C)) and (line[3] == "l") != (c in letters)]
    assert not bad, "\n".join(bad[:20])
