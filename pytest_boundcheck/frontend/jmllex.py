"""JML annotations: the text of ``//@`` and ``/*@ ... @*/`` comments, and its tokens.

An annotation's text keeps every character in its place: the markers (``//@``, ``/*@``,
``@*/``) and the ``@`` margins of a block's continuation lines become blanks, so that each
token's line and column are those of the Java file. Java comments inside an annotation
are skipped, as the JML Reference Manual's lexer does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

ANNOTATION_STARTS = ("//@", "/*@")

# longest first: ``<=!=>`` before ``<==>`` before ``<==`` before ``<=``
_OPERATORS = sorted([
    "<=!=>", "<==>", ">>>=", "==>", "<==", "<<=", ">>=", ">>>", "...", "->", "::", "..", "==",
    "!=", "<=", ">=", "&&", "||", "++", "--", "<<", ">>", "<:", "+=", "-=", "*=", "/=", "%=",
    "&=", "|=", "^=", "(", ")", "[", "]", "{", "}", ";", ",", ".", "@", "=", ">", "<", "!",
    "~", "?", ":", "+", "-", "*", "/", "&", "|", "^", "%"], key=len, reverse=True)
_NUMBER = re.compile(r"""
    0[xX][0-9a-fA-F_]+[lL]?
  | 0[bB][01_]+[lL]?
  | (?:[0-9][0-9_]*(?:\.(?!\.)[0-9_]*)?|\.[0-9][0-9_]*)(?:[eE][+-]?[0-9]+)?[fFdDlL]?
""", re.VERBOSE)
_WORD = re.compile(r"\\?[A-Za-z_$][A-Za-z0-9_$]*")
_QUOTED = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*\"""")


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # word, keyword (``\\forall``), number, char, string, op, informal, bad, end
    text: str
    line: int
    column: int

    def describe(self) -> str:
        return "the end of the annotation" if self.kind == "end" else f"'{self.text}'"


def is_annotation(comment: str) -> bool:
    return comment.startswith(ANNOTATION_STARTS)


def annotation_text(comment: str) -> str:
    """A JML comment with its markers and margins blanked, every other character kept."""
    if comment.startswith("//@"):
        return re.sub(r"^//@+", lambda m: " " * len(m.group()), comment)
    body = re.sub(r"^/\*@+", lambda m: " " * len(m.group()), comment)
    body = re.sub(r"@*\*/$", lambda m: " " * len(m.group()), body)
    lines = body.split("\n")
    return "\n".join(lines[:1] + [re.sub(r"^[ \t\r\f]*@+", lambda m: " " * len(m.group()), line)
                                  for line in lines[1:]])


def tokens(text: str, line: int, column: int) -> list[Token]:
    """The tokens of annotation ``text`` that starts at ``line``:``column``, without an
    end token (annotations joined into one are tokenised one by one). A character no
    token begins with is a ``bad`` token of its own, for the parser to report where it
    stands: the clauses before and after it still parse."""
    out: list[Token] = []
    i, n = 0, len(text)
    line_start = -column + 1  # so that column == i - line_start + 1 on the first line
    while i < n:
        c = text[i]
        where = (line, i - line_start + 1)
        if c == "\n":
            line, line_start, i = line + 1, i + 1, i + 1
            continue
        if c.isspace():
            i += 1
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith("(*", i):
            end = text.find("*)", i + 2)
            kind, length = ("informal", end + 2 - i) if end >= 0 else ("bad", 2)
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            if "\n" in text[i:end]:
                line_start = text.rfind("\n", i, end) + 1
            i = end
            continue
        else:
            kind, length = _token_at(text, i)
        out.append(Token(kind, text[i:i + length], *where))
        i += length
    return out


def _token_at(text: str, i: int) -> tuple[str, int]:
    c = text[i]
    if c.isdigit() or (c == "." and i + 1 < len(text) and text[i + 1].isdigit()):
        return "number", _NUMBER.match(text, i).end() - i
    if c == "\\" or c.isalpha() or c in "_$":
        word = _WORD.match(text, i)
        if word is None:
            return "bad", 1
        return ("keyword" if c == "\\" else "word"), word.end() - i
    if c in "'\"":
        quoted = _QUOTED.match(text, i)
        if quoted is None:
            return "bad", 1
        return ("char" if c == "'" else "string"), quoted.end() - i
    op = next((o for o in _OPERATORS if text.startswith(o, i)), None)
    return ("bad", 1) if op is None else ("op", len(op))
