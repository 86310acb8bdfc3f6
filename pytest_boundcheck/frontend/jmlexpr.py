"""JML expressions: a precedence-climbing parser over the tokens of ``jmllex``.

The grammar and precedences are the JML Reference Manual's (section 12): Java's
expressions without side effects, and below ``||`` the implications ``==>`` (right
associative) and ``<==`` (left associative; the two mix only with parentheses), then the
equivalences ``<==>`` and ``<=!=>``, then ``?:``. ``<:`` stands with the comparisons, which
do not chain. Quantifiers are written in parentheses: ``(\\forall T x; range; body)``.

A hand-written parser rather than tree-sitter-java: JML's operators, binders, ``..``
ranges and ``*`` locations are not Java, so tree-sitter would reject most clauses, and one
tokenizer for the whole annotation gives every token its exact place in the file.
"""
from __future__ import annotations

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.javaast import TypeName
from pytest_boundcheck.frontend.jmllex import Token


class JmlSyntaxError(Exception):
    """A clause that does not parse, at ``token``; caught per clause by the clause
    parser, which records it and goes on with the next clause."""

    def __init__(self, token: Token, message: str):
        super().__init__(message)
        self.token, self.message = token, message


PRIMITIVES = frozenset({"boolean", "byte", "short", "char", "int", "long", "float", "double"})
QUANTIFIERS = frozenset({"\\forall", "\\exists", "\\num_of", "\\sum", "\\product", "\\min",
                         "\\max"})
_EQUIVALENCE, _IMPLICATION, _RELATIONAL = 1, 2, 9
_PRECEDENCE = {
    "<==>": 1, "<=!=>": 1, "==>": 2, "<==": 2, "||": 3, "&&": 4, "|": 5, "^": 6, "&": 7,
    "==": 8, "!=": 8, "<": 9, ">": 9, "<=": 9, ">=": 9, "<:": 9, "instanceof": 9,
    "<<": 10, ">>": 10, ">>>": 10, "+": 11, "-": 11, "*": 12, "/": 12, "%": 12,
}
_ASSIGNMENTS = frozenset({"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
                          ">>>="})
# JML's expressions the checks do not take (yet): parsed, their arguments skipped
_UNSUPPORTED = frozenset({
    "\\not_assigned", "\\not_modified", "\\only_accessed", "\\only_assigned", "\\only_called",
    "\\only_captured", "\\lockset", "\\elemtype", "\\invariant_for", "\\static_invariant_for",
    "\\is_initialized", "\\duration", "\\space", "\\working_space", "\\lblneg", "\\lblpos",
    "\\lbl", "\\bigint", "\\real", "\\TYPE", "\\into", "\\same", "\\key", "\\values"})
_LOCATION_SETS = frozenset({"\\nothing", "\\everything"})


def _begins_operand(token: Token) -> bool:
    """Whether ``token`` begins a unary expression other than ``+x`` and ``-x``."""
    if token.kind == "op":
        return token.text in ("(", "!", "~")
    return token.kind in ("word", "keyword", "number", "char", "string", "informal") \
        and token.text != "instanceof"


class ExprParser:
    """Reads expressions, types and locations from ``tokens`` (which end with an ``end``
    token), from position ``pos`` on."""

    def __init__(self, tokens: list[Token]):
        self.tokens, self.pos = tokens, 0

    # -- tokens
    def peek(self, ahead: int = 0) -> Token:
        return self.tokens[min(self.pos + ahead, len(self.tokens) - 1)]

    def next(self) -> Token:
        token = self.peek()
        self.pos = min(self.pos + 1, len(self.tokens) - 1)
        return token

    def at(self, *texts: str) -> bool:
        token = self.peek()
        return token.kind in ("op", "word", "keyword") and token.text in texts

    def accept(self, text: str) -> Token | None:
        return self.next() if self.at(text) else None

    def expect(self, text: str, after: str) -> Token:
        if not self.at(text):
            raise JmlSyntaxError(self.peek(), f"expected '{text}' {after}, found "
                                              f"{self.peek().describe()}")
        return self.next()

    def word(self, what: str) -> Token:
        if self.peek().kind != "word":
            raise JmlSyntaxError(self.peek(), f"expected {what}, found {self.peek().describe()}")
        return self.next()

    # -- expressions
    def expression(self) -> j.Node:
        expr = self.conditional()
        if self.peek().kind == "op" and self.peek().text in _ASSIGNMENTS | {"++", "--"}:
            raise JmlSyntaxError(self.peek(), f"a JML expression has no side effects: "
                                              f"'{self.peek().text}' is not allowed")
        return expr

    def conditional(self) -> j.Node:
        cond = self.binary(_EQUIVALENCE)
        if not self.accept("?"):
            return cond
        then = self.conditional()
        self.expect(":", "in a conditional expression 'c ? a : b'")
        return j.Conditional(cond.line, cond, then, self.conditional(), column=cond.column)

    def binary(self, lowest: int, implication: str | None = None) -> j.Node:
        """Operators of precedence ``lowest`` and up; ``implication`` is the one of
        ``==>``/``<==`` already used at this level (they mix only with parentheses)."""
        left, last = self.unary(), None
        while True:
            token = self.peek()
            level = _PRECEDENCE.get(token.text) if token.kind in ("op", "word") else None
            if level is None or level < lowest:
                return left
            if level == _RELATIONAL and last == _RELATIONAL:
                raise JmlSyntaxError(token, f"comparisons do not chain: write "
                                            f"'a {token.text} b && b ...' or use parentheses")
            if level == _IMPLICATION:
                if implication not in (None, token.text):
                    raise JmlSyntaxError(token, "'==>' and '<==' mix only with parentheses")
                implication = token.text
            self.next()
            if token.text == "instanceof":
                left = j.InstanceOf(left.line, left, self.type(), column=left.column)
            elif token.text == "==>":  # right associative
                right = self.binary(level, "==>")
                left = j.Binary(left.line, token.text, left, right, column=left.column)
            else:
                right = self.binary(level + 1)
                left = j.Binary(left.line, token.text, left, right, column=left.column)
            last = level

    def unary(self) -> j.Node:
        token = self.peek()
        if token.kind == "op" and token.text in ("+", "-", "!", "~"):
            self.next()
            if token.text == "-" and self.peek().kind == "number":
                return self.postfix(self.number(self.next(), negated=True))
            return j.Unary(token.line, token.text, self.unary(), column=token.column)
        if token.kind == "op" and token.text in ("++", "--"):
            raise JmlSyntaxError(token, f"a JML expression has no side effects: "
                                        f"'{token.text}' is not allowed")
        if self.at("(") and (cast := self.cast_type()) is not None:
            operand = self.unary()
            return j.Cast(token.line, cast, operand, column=token.column)
        return self.postfix(self.primary())

    def cast_type(self) -> TypeName | None:
        """The type of a cast that starts here, consumed with its parentheses; None (and
        nothing consumed) where the parenthesis opens an expression."""
        start = self.pos
        self.next()
        first = self.peek()
        if first.kind != "word" or first.text in ("this", "super", "true", "false", "null", "new"):
            self.pos = start
            return None
        try:
            type_ = self.type()
            self.expect(")", "after a cast's type")
        except JmlSyntaxError:
            self.pos = start
            return None
        # as javac reads it (JLS 15.16): a primitive type in parentheses is a cast; a
        # reference type is one only before an operand that begins with neither + nor -
        if first.text in PRIMITIVES or _begins_operand(self.peek()):
            return type_
        self.pos = start
        return None

    def postfix(self, expr: j.Node) -> j.Node:
        while True:
            if self.accept("."):
                name = self.word("a field or method name after '.'")
                if self.at("("):
                    expr = j.Call(expr.line, expr, name.text, self.arguments(), column=expr.column)
                else:
                    expr = j.Field(expr.line, expr, name.text, column=expr.column)
            elif self.accept("["):
                index = self.expression()
                self.expect("]", "after an array index")
                expr = j.Index(expr.line, expr, index, column=expr.column)
            else:
                return expr

    def arguments(self) -> tuple[j.Node, ...]:
        self.expect("(", "before the arguments")
        args = []
        if not self.accept(")"):
            args.append(self.expression())
            while self.accept(","):
                args.append(self.expression())
            self.expect(")", "after the arguments")
        return tuple(args)

    def primary(self) -> j.Node:
        token = self.peek()
        if token.kind == "number":
            return self.number(self.next(), negated=False)
        if token.kind in ("char", "string"):
            self.next()
            return j.Literal(token.line, token.kind, token.text[1:-1], column=token.column)
        if token.kind == "informal":
            self.next()
            return j.UnsupportedExpr(token.line, "informal description (* ... *)",
                                     column=token.column)
        if token.kind == "keyword":
            return self.jml_primary()
        if token.kind == "word":
            return self.word_primary()
        if self.accept("("):
            if self.peek().kind == "keyword" and self.peek().text in QUANTIFIERS \
                    and self.peek(1).text != "(":
                return self.quantified(token)
            expr = self.expression()
            self.expect(")", "to close the parenthesis")
            return expr
        if token.kind == "bad":
            raise JmlSyntaxError(token, f"unexpected character {token.describe()}")
        raise JmlSyntaxError(token, f"expected an expression, found {token.describe()}")

    def word_primary(self) -> j.Node:
        token = self.next()
        at = {"column": token.column}
        if token.text in ("true", "false"):
            return j.Literal(token.line, "boolean", token.text == "true", **at)
        if token.text == "null":
            return j.Literal(token.line, "null", None, **at)
        if token.text == "this":
            return j.This(token.line, **at)
        if token.text == "super":
            return j.UnsupportedExpr(token.line, "super in a specification", **at)
        if token.text == "new":
            self.skip_creation()
            return j.UnsupportedExpr(token.line, "object creation (new) in a specification", **at)
        if token.text in PRIMITIVES or token.text in ("instanceof", "class", "void"):
            raise JmlSyntaxError(token, f"expected an expression, found '{token.text}'")
        if self.at("("):
            return j.Call(token.line, None, token.text, self.arguments(), **at)
        return j.Ident(token.line, token.text, **at)

    def skip_creation(self) -> None:
        """``new T(...)``, ``new T[n]``, ``new T[] {...}``: skipped to its end."""
        self.type()
        while self.at("(", "[", "{"):
            self.skip_balanced()

    def skip_balanced(self) -> None:
        closing = {"(": ")", "[": "]", "{": "}"}
        opener = self.next()
        depth = [closing[opener.text]]
        while depth:
            token = self.next()
            if token.kind == "end":
                raise JmlSyntaxError(opener, f"'{opener.text}' is not closed")
            if token.kind == "op" and token.text in closing:
                depth.append(closing[token.text])
            elif token.kind == "op" and token.text == depth[-1]:
                depth.pop()

    def number(self, token: Token, negated: bool) -> j.Literal:
        text = token.text.replace("_", "")
        lower = text.lower()
        at = {"column": token.column}
        is_hex = lower.startswith("0x")
        if not is_hex and ("." in lower or "e" in lower or lower[-1] in "fd"):
            kind = "float" if lower.endswith("f") else "double"
            return j.Literal(token.line, kind, ("-" if negated else "") + token.text, **at)
        digits = lower.rstrip("l")
        base = 16 if is_hex else 2 if lower.startswith("0b") else 8 if len(digits) > 1 and \
            digits.startswith("0") else 10
        kind, bits = ("long", 64) if lower.endswith("l") else ("int", 32)
        try:
            magnitude = int(digits[2:] if base in (16, 2) else digits, base)
        except ValueError:
            raise JmlSyntaxError(token, f"malformed number {token.text}") from None
        limit = 1 << (bits - 1)
        if base == 10 and (magnitude > limit or (magnitude == limit and not negated)):
            raise JmlSyntaxError(token, f"the {kind} literal {token.text} is out of range")
        if base != 10 and magnitude >= 1 << bits:
            raise JmlSyntaxError(token, f"the {kind} literal {token.text} is out of range")
        value = magnitude % (1 << bits)
        value -= (1 << bits) if value >= limit else 0
        return j.Literal(token.line, kind, -value if negated and value != -limit else value, **at)

    # -- JML's own primaries
    def jml_primary(self) -> j.Node:
        token = self.next()
        name, at = token.text, {"column": token.column}
        if name == "\\result":
            return j.Result(token.line, **at)
        if name in ("\\old", "\\pre"):
            self.expect("(", f"after {name}")
            expr = self.expression()
            label = self.word("a label").text if self.accept(",") else None
            self.expect(")", f"to close {name}(")
            return j.Old(token.line, expr, label, **at)
        if name == "\\reach":
            return self.reach(token)
        if name in ("\\nonnullelements", "\\typeof"):
            self.expect("(", f"after {name}")
            expr = self.expression()
            self.expect(")", f"to close {name}(")
            node = j.NonNullElements if name == "\\nonnullelements" else j.TypeOf
            return node(token.line, expr, **at)
        if name == "\\fresh":
            return j.Fresh(token.line, self.arguments(), **at)
        if name == "\\type":
            self.expect("(", "after \\type")
            type_ = self.type()
            self.expect(")", "to close \\type(")
            return j.TypeLiteral(token.line, type_, **at)
        if name in QUANTIFIERS and not self.at("("):
            raise JmlSyntaxError(token, f"a quantifier is written in parentheses: "
                                        f"({name} T x; range; body)")
        if name in _UNSUPPORTED or name in ("\\max", "\\min"):
            if self.at("("):
                self.skip_balanced()
            return j.UnsupportedExpr(token.line, name, **at)
        if name in _LOCATION_SETS or name == "\\not_specified":
            raise JmlSyntaxError(token, f"{name} is not an expression: it stands alone "
                                        "in a clause (assignable \\nothing;)")
        raise JmlSyntaxError(token, f"unknown JML keyword {name}")

    def reach(self, token: Token) -> j.Reach:
        """``\\reach(x [, T [, f]])``, as the JML Reference Manual writes it."""
        self.expect("(", "after \\reach")
        root = self.expression()
        type_ = field = None
        if self.accept(","):
            type_ = self.type()
            if self.accept(","):
                field = self.word("the field \\reach follows").text
        self.expect(")", "to close \\reach(")
        return j.Reach(token.line, root, type_, field, column=token.column)

    def quantified(self, opening: Token) -> j.Quantified:
        """After ``(``: ``\\forall T x, y; range; body)``, the range optional."""
        quantifier = self.next().text
        self.accept("non_null") or self.accept("nullable")
        type_ = self.type()
        names = [self.word("a variable name").text]
        while self.accept(","):
            names.append(self.word("a variable name").text)
        self.expect(";", f"after the variables of {quantifier}")
        range_ = None
        if self.accept(";"):
            body = self.expression()
        else:
            body = self.expression()
            if self.accept(";"):
                range_, body = body, self.expression()
        self.expect(")", f"to close ({quantifier}")
        variables = tuple(j.BoundVar(type_, name) for name in names)
        return j.Quantified(opening.line, quantifier[1:], variables, range_, body,
                            column=opening.column)

    # -- types
    def type(self) -> TypeName:
        token = self.peek()
        if token.kind == "keyword" and token.text in ("\\bigint", "\\real", "\\TYPE"):
            name = self.next().text
        else:
            name = self.word("a type").text
            while self.at(".") and self.peek(1).kind == "word":
                self.next()
                name += "." + self.next().text
            if self.at("<"):
                self.skip_type_arguments()
        dims = 0
        while self.at("[") and self.peek(1).text == "]":
            self.next(), self.next()
            dims += 1
        return TypeName(name, dims)

    def skip_type_arguments(self) -> None:
        opener, depth = self.next(), 1
        while depth:
            token = self.next()
            if token.kind == "end" or token.text in (";", ")"):
                raise JmlSyntaxError(opener, "type arguments '<' are not closed")
            depth += {"<": 1, ">": -1, ">>": -2, ">>>": -3}.get(token.text, 0)

    # -- locations
    def location(self) -> j.Node:
        """A store ref of ``assignable``: ``x``, ``this.f``, ``o.*``, ``a[i]``, ``a[*]``,
        ``a[i..j]``, ``\\nothing``, ``\\everything``, ``\\not_specified``."""
        token = self.peek()
        at = {"column": token.column}
        if token.kind == "keyword" and token.text in _LOCATION_SETS | {"\\not_specified"}:
            self.next()
            node = {"\\nothing": j.Nothing, "\\everything": j.Everything,
                    "\\not_specified": j.NotSpecified}[token.text]
            return node(token.line, **at)
        if token.kind == "informal":
            self.next()
            return j.UnsupportedExpr(token.line, "informal description (* ... *)", **at)
        start = self.word("a location (a field, a variable or an array's elements)")
        expr = j.This(start.line, **at) if start.text == "this" else j.Ident(start.line,
                                                                             start.text, **at)
        while True:
            if self.accept("."):
                if self.accept("*"):
                    expr = j.AllFields(expr.line, expr, column=expr.column)
                    continue
                expr = j.Field(expr.line, expr, self.word("a field name after '.'").text,
                               column=expr.column)
            elif self.accept("["):
                expr = self.element_range(expr)
            else:
                return expr

    def element_range(self, array: j.Node) -> j.Node:
        at = {"column": array.column}
        if self.accept("*"):
            self.expect("]", "after '[*'")
            return j.ArrayRange(array.line, array, None, None, **at)
        low = self.expression()
        if self.accept(".."):
            high = self.expression()
            self.expect("]", "after an index range")
            return j.ArrayRange(array.line, array, low, high, **at)
        self.expect("]", "after an array index")
        return j.Index(array.line, array, low, **at)
