"""JML clauses: the annotations before one declaration or statement, read as modifiers,
specification cases joined by ``also``, class clauses and statement clauses.

Keywords and synonyms are the JML Reference Manual's (``pre`` for ``requires``,
``modifies`` for ``assignable``, ``maintaining`` for ``loop_invariant``, the
``_redundantly`` forms as their base clause). A clause JML has and the checks do not is kept
as an ``UnsupportedClause`` naming it. A clause that does not parse is recorded as an error
at its token, and reading goes on after the next ``;``: one bad clause hides no other.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.jmlexpr import ExprParser, JmlSyntaxError
from pytest_boundcheck.frontend.jmllex import Token


def _synonyms(canonical: dict[str, str]) -> dict[str, str]:
    """keyword -> canonical kind, for each keyword in the space-separated lists, and for
    each its ``_redundantly`` form."""
    table = {}
    for kind, words in canonical.items():
        for word in words.split():
            table[word] = table[word + "_redundantly"] = kind
    return table


METHOD_CLAUSES = _synonyms({
    "requires": "requires pre", "ensures": "ensures post", "signals": "signals exsures",
    "signals_only": "signals_only", "assignable": "assignable modifies modifiable"})
CLASS_CLAUSES = _synonyms({"invariant": "invariant"})
STATEMENT_CLAUSES = _synonyms({
    "assert": "assert", "assume": "assume", "loop_invariant": "loop_invariant maintaining",
    "decreases": "decreases decreasing"})
BEHAVIORS = {"behavior": "behavior", "behaviour": "behavior",
             "normal_behavior": "normal_behavior", "normal_behaviour": "normal_behavior",
             "exceptional_behavior": "exceptional_behavior",
             "exceptional_behaviour": "exceptional_behavior"}
UNSUPPORTED_METHOD_CLAUSES = frozenset(_synonyms({"": """
    diverges when measured_by accessible callable captures working_space duration forall
    old model_program code_contract"""}).keys() | {"implies_that", "for_example"})
UNSUPPORTED_CLASS_CLAUSES = frozenset(_synonyms({"": """
    constraint represents initially axiom readable writable monitors_for"""}).keys())
UNSUPPORTED_STATEMENT_CLAUSES = frozenset({
    "set", "debug", "hence_by", "unreachable", "loop_modifies", "loop_assigns", "loop_writes",
    "refining", "choose", "choose_if"})
VISIBILITY = frozenset({"public", "protected", "private"})
JAVA_MODIFIERS = VISIBILITY | {"static", "final", "abstract", "transient", "volatile",
                               "synchronized", "native", "strictfp", "default"}
JML_MODIFIERS = j.SUPPORTED_MODIFIERS | {
    "model", "ghost", "instance", "uninitialized", "monitored", "query", "secret", "peer",
    "rep", "readonly", "extract", "code", "code_java_math", "code_safe_math",
    "code_bigint_math", "spec_java_math", "spec_safe_math", "spec_bigint_math", "immutable"}


ITEM_STARTS = frozenset(
    METHOD_CLAUSES.keys() | CLASS_CLAUSES.keys() | STATEMENT_CLAUSES.keys() | BEHAVIORS.keys()
    | UNSUPPORTED_METHOD_CLAUSES | UNSUPPORTED_CLASS_CLAUSES | UNSUPPORTED_STATEMENT_CLAUSES
    | JML_MODIFIERS | JAVA_MODIFIERS | {"also"})


@dataclass
class Group:
    """What one run of annotations says, by where it goes."""
    modifiers: list[j.Modifier] = field(default_factory=list)  # of the declaration after it
    java_modifiers: list[Token] = field(default_factory=list)  # visibility... in annotations
    cases: list[j.SpecCase] = field(default_factory=list)
    also: bool = False
    class_clauses: list[j.Clause] = field(default_factory=list)
    statement_clauses: list[j.Clause] = field(default_factory=list)
    # (line, column, message, place): ``class`` for a class clause's, ``statement`` for a
    # statement clause's, ``member`` for the rest (the declaration that follows)
    errors: list[tuple[int, int, str, str]] = field(default_factory=list)


def read_group(tokens: list[Token], context: str) -> Group:
    """The annotations of one run of JML comments (their tokens, ending with an ``end``
    token). ``context`` is where they stand: ``member`` (in a class body), ``top`` (before a
    top-level class), ``statement`` (in a block) or ``modifiers`` (inside a declaration)."""
    reader = _GroupReader(tokens, context)
    reader.read()
    reader.close_case()
    return reader.group


class _GroupReader:
    def __init__(self, tokens: list[Token], context: str):
        self.p = ExprParser(tokens)
        self.context = context
        self.group = Group()
        self.case: dict | None = None  # the specification case being read
        self.place = "member"  # whose the clause being read is, for its errors

    def read(self) -> None:
        while self.p.peek().kind != "end":
            start = self.p.pos
            self.place = "statement" if self.context == "statement" else "member"
            try:
                self.item()
            except JmlSyntaxError as e:
                self.error(e.token, e.message)
                self.skip_clause(start)
            except RecursionError:
                self.error(self.p.tokens[start], "this expression is nested too deep to read")
                self.skip_clause(start)

    def error(self, token: Token, message: str) -> None:
        self.group.errors.append((token.line, token.column, message, self.place))

    def skip_clause(self, start: int) -> None:
        """On past the ``;`` that ends the clause begun at ``start``: the first one outside
        brackets that a clause, a modifier or the end of the run follows (a quantifier's
        ``;`` is no clause's end); the whole rest of the run where none does."""
        self.p.pos = max(self.p.pos, start + 1)
        depth = 0
        while self.p.peek().kind != "end":
            token = self.p.next()
            if token.kind == "op" and token.text in "([{":
                depth += 1
            elif token.kind == "op" and token.text in ")]}":
                depth = max(0, depth - 1)
            elif token.kind == "op" and token.text == ";" and depth == 0 and self.at_item():
                return

    def at_item(self) -> bool:
        """Whether a clause, a behavior, ``also``, a modifier or the end comes next."""
        token = self.p.peek()
        return token.kind == "end" or token.kind == "word" and token.text in ITEM_STARTS

    def item(self) -> None:
        """One modifier list and what follows it: a clause, a behavior keyword, ``also``,
        or nothing (modifiers of the next declaration)."""
        lead = self.modifier_words()
        token = self.p.peek()
        word = token.text if token.kind == "word" else ""
        if token.kind == "end" or self.context == "modifiers":
            self.take_modifiers(lead)
            if token.kind != "end":
                raise JmlSyntaxError(token, f"only modifiers stand inside a declaration, "
                                            f"found {token.describe()}")
        elif word in CLASS_CLAUSES or word in UNSUPPORTED_CLASS_CLAUSES:
            self.place = "class" if self.context == "member" else self.place
            self.class_clause(lead)
        elif word == "also" or word in BEHAVIORS or word in METHOD_CLAUSES \
                or word in UNSUPPORTED_METHOD_CLAUSES or self.nested_cases_start():
            self.method_part(lead)
        elif word in STATEMENT_CLAUSES or word in UNSUPPORTED_STATEMENT_CLAUSES:
            self.take_modifiers(lead)
            self.statement_clause()
        elif word and any(m.text in ("model", "ghost") for m in lead):
            self.declaration(next(m for m in lead if m.text in ("model", "ghost")))
        else:
            self.take_modifiers(lead)
            raise JmlSyntaxError(token, f"unknown JML clause '{word}'" if word else
                                 f"expected a JML clause or modifier, found {token.describe()}")

    def nested_cases_start(self) -> bool:
        return self.p.at("{") and self.p.peek(1).text == "|"

    def declaration(self, kind: Token) -> None:
        """A model or ghost field or method: kept as a clause naming it, skipped."""
        self.skip_clause(self.p.pos)
        clause = j.UnsupportedClause(kind.line, f"{kind.text} declaration", kind.text,
                                     column=kind.column)
        clauses = self.group.statement_clauses if self.context == "statement" \
            else self.group.class_clauses
        clauses.append(clause)

    def modifier_words(self) -> list[Token]:
        lead = []
        while self.p.peek().kind == "word" and self.p.peek().text in JML_MODIFIERS | JAVA_MODIFIERS:
            lead.append(self.p.next())
        return lead

    def take_modifiers(self, lead: list[Token]) -> None:
        for token in lead:
            if token.text in JML_MODIFIERS:
                self.group.modifiers.append(j.Modifier(token.line, token.text, column=token.column))
            else:
                self.group.java_modifiers.append(token)

    # -- class clauses
    def class_clause(self, lead: list[Token]) -> None:
        keyword = self.p.next()
        at = {"column": keyword.column}
        if keyword.text in UNSUPPORTED_CLASS_CLAUSES:
            self.skip_clause(self.p.pos - 1)
            clause = j.UnsupportedClause(keyword.line, keyword.text, keyword.text, **at)
        else:
            for token in lead:
                if token.text not in VISIBILITY | {"static", "instance"}:
                    raise JmlSyntaxError(token, f"'{token.text}' does not apply to an invariant")
            expr = self.p.expression()
            self.end_clause(keyword)
            visibility = next((t.text for t in lead if t.text in VISIBILITY), "")
            clause = j.InvariantClause(keyword.line, "invariant", keyword.text, expr, visibility,
                                       any(t.text == "static" for t in lead), **at)
        if self.context != "member":
            raise JmlSyntaxError(keyword, f"'{keyword.text}' belongs in a class body")
        self.group.class_clauses.append(clause)

    def end_clause(self, keyword: Token) -> None:
        self.p.expect(";", f"at the end of the {keyword.text} clause")

    # -- method specifications
    def method_part(self, lead: list[Token]) -> None:
        token = self.p.peek()
        if self.context == "statement":
            self.skip_clause(self.p.pos)
            self.group.statement_clauses.append(j.UnsupportedClause(
                token.line, "statement specification", token.text, column=token.column))
            return
        if token.text == "also":
            self.p.next()
            self.take_modifiers(lead)
            if self.case is None and not self.group.cases:
                self.group.also = True
            self.close_case()
            return
        if token.text in BEHAVIORS:
            self.p.next()
            self.close_case()
            self.case = {"behavior": BEHAVIORS[token.text], "line": token.line,
                             "column": token.column, "clauses": [],
                             "visibility": next((t.text for t in lead if t.text in VISIBILITY), "")}
            self.take_modifiers([t for t in lead if t.text not in VISIBILITY])
            return
        self.take_modifiers(lead)
        if self.case is None:
            self.case = {"behavior": "lightweight", "line": token.line, "column": token.column,
                             "clauses": [], "visibility": ""}
        if self.nested_cases_start():
            self.p.skip_balanced()
            self.case["clauses"].append(j.UnsupportedClause(
                token.line, "nested specification cases {| |}", "{|", column=token.column))
            return
        self.case["clauses"].append(self.method_clause())

    def close_case(self) -> None:
        if self.case is not None:
            self.group.cases.append(j.SpecCase(
                self.case["line"], self.case["behavior"], self.case["visibility"],
                tuple(self.case["clauses"]), column=self.case["column"]))
            self.case = None

    def method_clause(self) -> j.Clause:
        keyword = self.p.next()
        at = {"column": keyword.column}
        if keyword.text in UNSUPPORTED_METHOD_CLAUSES:
            self.skip_clause(self.p.pos - 1)
            return j.UnsupportedClause(keyword.line, keyword.text, keyword.text, **at)
        kind = METHOD_CLAUSES[keyword.text]
        self.check_behavior(keyword, kind)
        if kind == "signals":
            clause = self.signals(keyword)
        elif kind == "signals_only":
            clause = self.signals_only(keyword)
        elif kind == "assignable":
            locations = [self.p.location()]
            while self.p.accept(","):
                locations.append(self.p.location())
            clause = j.AssignableClause(keyword.line, kind, keyword.text, tuple(locations), **at)
        else:
            clause = j.PredicateClause(keyword.line, kind, keyword.text, self.predicate(), **at)
        self.end_clause(keyword)
        return clause

    def check_behavior(self, keyword: Token, kind: str) -> None:
        """The clauses a case's behavior rules out (JML Reference Manual, 9.4)."""
        behavior = self.case["behavior"] if self.case else "lightweight"
        if behavior == "normal_behavior" and kind in ("signals", "signals_only"):
            raise JmlSyntaxError(keyword, f"a normal_behavior case has no {keyword.text} "
                                          "clause: it throws nothing")
        if behavior == "exceptional_behavior" and kind == "ensures":
            raise JmlSyntaxError(keyword, f"an exceptional_behavior case has no "
                                          f"{keyword.text} clause: it never returns")

    def predicate(self) -> j.Node:
        token = self.p.peek()
        if token.kind == "keyword" and token.text == "\\not_specified":
            self.p.next()
            return j.NotSpecified(token.line, column=token.column)
        return self.p.expression()

    def signals(self, keyword: Token) -> j.SignalsClause:
        self.p.expect("(", f"after {keyword.text}: {keyword.text} (Exception e) predicate;")
        exception = self.p.type()
        variable = self.p.next().text if self.p.peek().kind == "word" else None
        self.p.expect(")", f"after the exception of {keyword.text}")
        expr = None if self.p.at(";") else self.predicate()
        return j.SignalsClause(keyword.line, "signals", keyword.text, exception, variable, expr,
                               column=keyword.column)

    def signals_only(self, keyword: Token) -> j.SignalsOnlyClause:
        exceptions = []
        if not self.p.accept("\\nothing"):
            exceptions.append(self.p.type())
            while self.p.accept(","):
                exceptions.append(self.p.type())
        return j.SignalsOnlyClause(keyword.line, "signals_only", keyword.text, tuple(exceptions),
                                   column=keyword.column)

    # -- statement clauses
    def statement_clause(self) -> None:
        keyword = self.p.next()
        at = {"column": keyword.column}
        if self.context != "statement":
            raise JmlSyntaxError(keyword, f"'{keyword.text}' belongs in a method body")
        if keyword.text in UNSUPPORTED_STATEMENT_CLAUSES:
            self.skip_clause(self.p.pos - 1)
            clause = j.UnsupportedClause(keyword.line, keyword.text, keyword.text, **at)
        else:
            kind = STATEMENT_CLAUSES[keyword.text]
            expr = self.p.expression()
            message = self.p.expression() if kind == "assert" and self.p.accept(":") else None
            self.end_clause(keyword)
            clause = j.PredicateClause(keyword.line, kind, keyword.text, expr, message, **at)
        self.group.statement_clauses.append(clause)
