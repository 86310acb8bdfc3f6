"""Strings: literals, strings made at run time, their contents, String.hashCode encoded
lazily, and the text values become in a concatenation.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import CHAR, DOUBLE, FLOAT
from pytest_boundcheck.symex import strings
from pytest_boundcheck.symex.state import State
from pytest_boundcheck.symex.values import (
    DeadPath,
    HeapObj,
    Prim,
    Ref,
    Value,
    mk_and,
    mk_not,
    ref_to,
)


class StringsMixin:
    """The executor's strings (``Executor``)."""

    def _init_strings(self) -> None:
        self._literals: dict[str, HeapObj] = {}
        self._hashes: list[tuple[strings.Text, z3.BitVecRef]] = []
        self.texts: list[strings.Text] = []  # the contents of the strings a check starts from
        self.texts_read = False  # some code looked into them
        self.alphabet: str | None = None  # what their chars are restricted to, if anything

    def any_string(self, label: str) -> HeapObj:
        """A string with any contents within the length bound."""
        num = len(self.objects) + 1
        text, constraints = strings.variable(self.ctx, f"{label}@{num}", self.bounds.string_length)
        self.constraints.extend(constraints)
        self.texts.append(text)
        return self.heap_object(self.program.classes[jdk.STRING], label, "slot", content=text)

    def string_literal(self, text: str) -> Ref:
        """The one interned String of a literal (or a constant expression's) text."""
        if text not in self._literals:
            self._literals[text] = self.heap_object(self.program.classes[jdk.STRING], repr(text),
                                                    "literal", content=strings.constant(self.ctx, text))
        return ref_to(self.program.classes[jdk.STRING], self._literals[text], self.ctx)

    def literal_texts(self) -> set[str]:
        return set(self._literals)

    def new_string(self, text: strings.Text, line: int) -> Ref:
        """A String made at run time: a new object, whatever its text."""
        obj = self.heap_object(self.program.classes[jdk.STRING], f"new String@{line}", "new",
                               content=text)
        return ref_to(self.program.classes[jdk.STRING], obj, self.ctx)

    def text(self, obj: HeapObj) -> strings.Text:
        """A String object's content; reading a check's input strings makes the string
        bounds part of what the result says."""
        if obj.kind == "slot":
            self.texts_read = True
        return obj.content

    def text_of(self, ref: Ref) -> strings.Text:
        """The content of the String a non-null reference denotes (on a path where it is
        not null: where it can only be null, there is no such path)."""
        cases = [(g, self.text(o)) for g, o in ref.non_null()]
        if not cases:
            raise DeadPath
        return strings.merge(cases)

    def string_hash(self, text: strings.Text) -> z3.BitVecRef:
        """String.hashCode, encoded lazily: a variable, equal for equal texts, whose
        polynomial definition the solver adds only when a model gets it wrong. Proving
        that equal strings hash alike then needs no arithmetic."""
        h = z3.BitVec(f"String.hashCode#{len(self._hashes)}", 32, self.ctx)
        for other, other_hash in self._hashes:
            self.constraints.append(z3.Implies(strings.equal(text, other), h == other_hash))
        self._hashes.append((text, h))
        definition = strings.hash_code(text)
        self.lazy.append(h == definition)
        self._definitions.append((h, definition))
        return h

    def latin1_only(self, state: State, texts: list[strings.Text], what: str, line: int) -> State:
        """Case mapping is modelled on Latin-1 (and the upper cases of its letters): a path
        that reaches ``what`` with other chars is stuck, and the check's input strings
        and chars are restricted to Latin-1 (``alphabet_constraints``; the result says so)."""
        self.alphabet = "Latin-1"
        outside = mk_not(mk_and(self.true, *[strings.case_modelled(t) for t in texts]))
        return self.stuck_unless(state, outside, f"{what} of chars outside Latin-1", line)

    def alphabet_constraints(self) -> list[z3.BoolRef]:
        """Once the code reached case mapping: the check's input strings and chars hold
        Latin-1 chars only."""
        if self.alphabet is None:
            return []
        return ([strings.latin1(t) for t in self.texts]
                + [z3.ULE(v, strings.LATIN1) for v, t in self.inputs if t is CHAR])

    def string_bounds(self) -> str:
        """What the check assumed of its input strings and chars, where it mattered."""
        parts = [f"strings: length <= {self.bounds.string_length}"] if self.texts_read else []
        if self.alphabet:
            parts.append(f"chars in {self.alphabet}")
        return ", ".join(parts)

    def concatenation(self, state: State, left: Value, right: Value, line: int):
        """``left + right`` where either is a String (JLS 15.18.1): a new String."""
        texts = []
        for v in (left, right):
            text, state = self.string_conversion(state, v, line)
            texts.append(text)
        return self.new_string(strings.concat(*texts), line), state

    def string_conversion(self, state: State, v: Value, line: int) -> tuple[strings.Text, State]:
        """The text a value becomes in a concatenation (JLS 5.1.11): a primitive's
        ``String.valueOf``, "null", a string's own text, a Class's toString(); a float's
        or double's digits and other objects' toString() are not modelled."""
        if isinstance(v, Prim) and v.type in (FLOAT, DOUBLE):
            self.unsupported(state, f"the text of a {v.type.name} in a string concatenation "
                             f"(Double.toString's digits)", line)
        if isinstance(v, Prim):
            state = self.bounded_unless(state, strings.representable(v), "the text of a number "
                                        f"beyond {strings.DIGITS} digits", line)
            return strings.value_of(v), state
        cases, state = self._text_cases(state, v, line)
        return strings.merge(cases), state

    def _text_cases(self, state: State, ref: Ref, line: int):
        """(guard, text) for each object ``ref`` may be whose text the engine knows; on the
        others (their ``toString()``) the path is stuck."""
        cases, others = [], []
        for o in ref.targets:
            if o is None:
                cases.append((ref.guard(o), strings.constant(self.ctx, "null")))
            elif o.cls.fqname == jdk.STRING:
                cases.append((ref.guard(o), self.text(o)))
            elif o.meta is not None and jdk.class_text(o.meta) is not None:
                cases.append((ref.guard(o), strings.constant(self.ctx, jdk.class_text(o.meta))))
            else:
                others.append(o)
        if others:
            state = self.stuck_unless(state, ref.member_guard(others), f"{others[0].cls.simple_name}"
                                      ".toString() in a string concatenation", line)
        return cases, state
