"""JML front end: a Java file's ``//@`` and ``/*@ ... @*/`` annotations, read into
``jmlast`` specifications attached to the declarations and statements they precede.

tree-sitter-java keeps comments in its tree beside the nodes they stand before, so each run
of consecutive comments is read where it stands: in a class body (modifiers and a method
specification for the member that follows, invariants for the class), before a top-level
class (its modifiers), in a block (``assert``, ``assume``, and ``loop_invariant`` and
``decreases`` for the loop that follows), in a parameter list or inside a declaration
(modifiers of that parameter or declaration). JML comments with only whitespace or Java
comments between them are one annotation, as OpenJML reads them: a clause may run on from
one ``//@`` line to the next.

Reading never raises: what does not parse, or stands where it applies to nothing, is a
``JmlError`` with its file, line and column, and the other annotations are read as usual.
"""
from __future__ import annotations

import re
from functools import lru_cache

import tree_sitter_java
from tree_sitter import Language, Node, Parser

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.jmlclauses import ITEM_STARTS, Group, read_group
from pytest_boundcheck.frontend.jmllex import (
    Token,
    annotation_text,
    is_annotation,
    tokens,
)
from pytest_boundcheck.frontend.parse_code import column_of, line_of, text_of

_COMMENTS = ("line_comment", "block_comment")
_CONTEXTS = {
    "program": "top",
    "class_body": "member", "interface_body": "member", "enum_body": "member",
    "enum_body_declarations": "member", "annotation_type_body": "member",
    "block": "statement", "constructor_body": "statement",
    "switch_block_statement_group": "statement",
    "formal_parameters": "parameter",
}
_TYPES = {"class_declaration": "class", "interface_declaration": "interface",
          "enum_declaration": "enum", "record_declaration": "record",
          "annotation_type_declaration": "interface"}
_DECLARATIONS = {**_TYPES, "field_declaration": "field", "constant_declaration": "field",
                 "method_declaration": "method", "constructor_declaration": "constructor",
                 "compact_constructor_declaration": "constructor",
                 "formal_parameter": "parameter", "spread_parameter": "parameter",
                 "local_variable_declaration": "local"}
_LOOPS = {"while_statement": "while", "for_statement": "for", "do_statement": "do",
          "enhanced_for_statement": "foreach"}
_LOOP_CLAUSES = ("loop_invariant", "decreases")
_TYPE_PLACES = frozenset({"class", "interface", "enum", "record"})
_PLACES = {  # where each modifier applies (JML Reference Manual, 7.1)
    "pure": _TYPE_PLACES | {"method", "constructor"},
    "helper": {"method", "constructor"},
    "nullable": {"field", "method", "parameter", "local"},
    "non_null": {"field", "method", "parameter", "local"},
    "spec_public": _TYPE_PLACES | {"field", "method", "constructor"},
    "spec_protected": _TYPE_PLACES | {"field", "method", "constructor"},
    "nullable_by_default": _TYPE_PLACES,
    "non_null_by_default": _TYPE_PLACES,
}


def parse_jml(source: bytes | str, path: str = "<source>") -> j.JmlFile:
    """The JML annotations of the Java file ``source`` (at ``path``, for messages)."""
    if isinstance(source, str):
        source = source.encode()
    if b"//@" not in source and b"/*@" not in source:
        return j.JmlFile(path, (), (), ())
    reader = _Reader(path, source)
    reader.visit(_parser().parse(source).root_node)
    return reader.result()


@lru_cache(maxsize=1)
def _parser() -> Parser:
    return Parser(Language(tree_sitter_java.language()))


class _Reader:
    def __init__(self, path: str, source: bytes):
        self.path, self.source = path, source
        self.decls: dict[tuple[int, str], dict] = {}
        self.statements: list[dict] = []
        self.errors: list[j.JmlError] = []

    def result(self) -> j.JmlFile:
        decls = [j.DeclSpec(d["kind"], d["name"], d["owner"], d["line"], d["column"],
                            tuple(d["modifiers"]), tuple(d["cases"]), d["also"],
                            tuple(d["clauses"]), _sorted(d["errors"]))
                 for _, d in sorted(self.decls.items())]
        statements = [j.StmtSpec(s["owner"], s["target"], s["line"], s["column"],
                                 tuple(s["clauses"]), _sorted(s["errors"]), s["after"])
                      for s in self.statements]
        return j.JmlFile(self.path, tuple(decls), tuple(statements), _sorted(self.errors))

    def error(self, line: int, column: int, message: str, owners: list[dict] = ()) -> None:
        """An error of the file, and of each specification in ``owners``."""
        error = j.JmlError(self.path, line, column, message)
        self.errors.append(error)
        for owner in owners:
            owner["errors"].append(error)

    # -- walking the tree
    def visit(self, root: Node) -> None:
        pending = [(root, "")]
        while pending:
            node, owner = pending.pop()
            self.read_comments(node, owner)
            inner = _owner_inside(node, owner)
            pending.extend((child, inner) for child in reversed(node.children)
                           if child.child_count)

    def read_comments(self, node: Node, owner: str) -> None:
        """Each run of comments among ``node``'s children that holds a JML one, with the
        child that follows the run."""
        run: list[Node] = []
        for child in [*node.children, None]:
            if child is not None and child.type in _COMMENTS:
                run.append(child)
                continue
            annotations = [c for c in run if is_annotation(text_of(c))
                           and not _commented_out_java_annotation(text_of(c))]
            if annotations:
                self.read_run(node, annotations, child, owner)
            run = []

    def read_run(self, parent: Node, comments: list[Node], following: Node | None,
                 owner: str) -> None:
        context = _CONTEXTS.get(parent.type)
        if context is None and parent.type not in _DECLARATIONS and parent.type != "modifiers":
            self.error(*self.char_position(comments[0].start_byte),
                       "a JML annotation here applies to nothing: it must stand before a "
                       "declaration or a statement, or among a declaration's modifiers")
            return
        group = read_group(self.tokens_of(comments),
                           context if context in ("top", "member", "statement") else "modifiers")
        if context in ("top", "member"):
            owners = self.attach_member(parent, group, following, owner)
        elif context == "statement":
            owners = self.attach_statement(group, following, _statement_before(comments[0]),
                                           owner)
        else:
            declaration = following if context == "parameter" else \
                parent.parent if parent.type == "modifiers" else parent
            owners = {"member": self.attach_modifiers(group, declaration, owner)}
        for line, column, message, place in group.errors:
            self.error(line, column, message, owners.get(place, []))

    # -- attaching what a run says, to the specifications its errors belong to, by place
    def attach_member(self, body: Node, group: Group, following: Node | None,
                      owner: str) -> dict[str, list[dict]]:
        owners = {"member": self.attach_modifiers(group, following, owner)}
        if body.type != "program" and (group.class_clauses or any(
                place == "class" for *_, place in group.errors)):
            cls = body.parent if body.type != "enum_body_declarations" else body.parent.parent
            owners["class"] = [self.declaration(cls, owner.rpartition(".")[0])]
            owners["class"][0]["clauses"].extend(group.class_clauses)
        if not (group.cases or group.also):
            return owners
        if _DECLARATIONS.get(following.type if following else "") not in ("method", "constructor"):
            for case in group.cases[:1]:
                self.error(case.line, case.column, "a method specification must stand just "
                           f"before a method or constructor, not {_described(following)}",
                           owners["member"])
            return owners
        spec = owners["member"][0] if owners["member"] else self.declaration(following, owner)
        spec["cases"].extend(group.cases)
        spec["also"] = spec["also"] or group.also
        owners["member"] = [spec]
        return owners

    def attach_statement(self, group: Group, following: Node | None, preceding: Node | None,
                         owner: str) -> dict[str, list[dict]]:
        owners = {"member": self.attach_modifiers(group, following, owner)}
        if not group.statement_clauses and not group.errors:
            return owners
        target = following
        while target is not None and target.type == "labeled_statement":
            target = target.named_children[-1]
        kind = "end of block" if target is None or not target.is_named else \
            _LOOPS.get(target.type, "statement")
        spec = {"owner": owner, "target": kind, "line": line_of(following) if following else 0,
                "column": column_of(following) if following else 0,
                "clauses": group.statement_clauses, "errors": [],
                "after": (line_of(preceding), column_of(preceding))
                if kind == "end of block" and preceding is not None else None}
        self.statements.append(spec)
        for clause in group.statement_clauses:
            if clause.kind in _LOOP_CLAUSES and kind not in _LOOPS.values():
                self.error(clause.line, clause.column, f"{clause.keyword} must stand just before "
                                                       f"a loop, not {_described(target)}", [spec])
        owners["statement"] = [spec]
        return owners

    def attach_modifiers(self, group: Group, declaration: Node | None, owner: str) -> list[dict]:
        """The specifications of ``declaration`` (one per declarator of a field), with
        the run's modifiers; none if it has neither modifiers nor errors to carry."""
        targets = _targets(declaration)
        if not (group.modifiers or group.java_modifiers or group.cases
                or any(place == "member" for *_, place in group.errors)):
            return []
        specs = [self.declaration(target, owner) for target in targets]
        for token in group.java_modifiers:
            self.error(token.line, token.column, f"the Java modifier '{token.text}' belongs in "
                                                 "the code, not in an annotation", specs)
        if group.modifiers and not targets:
            first = group.modifiers[0]
            self.error(first.line, first.column, f"the modifier '{first.name}' must stand before "
                                                 f"a declaration, not {_described(declaration)}")
        for modifier in group.modifiers if targets else ():
            kind = _DECLARATIONS[declaration.type]
            if kind not in _PLACES.get(modifier.name, (kind,)):
                self.error(modifier.line, modifier.column,
                           f"the modifier '{modifier.name}' does not apply to a {kind}", specs)
        for spec in specs:
            spec["modifiers"].extend(group.modifiers)
        return specs

    def declaration(self, node: Node, owner: str) -> dict:
        """The specification being gathered for declaration ``node`` (a field's
        declarator, for a field)."""
        key = (node.start_byte, node.type)
        if key not in self.decls:
            declaration = node.parent if node.type == "variable_declarator" else node
            self.decls[key] = {
                "kind": _DECLARATIONS[declaration.type], "name": _name_of(node), "owner": owner,
                "line": line_of(node), "column": column_of(node), "modifiers": [], "cases": [],
                "also": False, "clauses": [], "errors": []}
        return self.decls[key]

    def tokens_of(self, comments: list[Node]) -> list[Token]:
        out = []
        for comment in comments:
            out.extend(tokens(annotation_text(text_of(comment)),
                              *self.char_position(comment.start_byte)))
        return out + [Token("end", "", *self.char_position(comments[-1].end_byte))]

    def char_position(self, byte: int) -> tuple[int, int]:
        """Line and column (in characters) of the byte at offset ``byte``."""
        line_start = self.source.rfind(b"\n", 0, byte) + 1
        line = self.source.count(b"\n", 0, byte) + 1
        return line, len(self.source[line_start:byte].decode("utf-8", "replace")) + 1


def _commented_out_java_annotation(comment: str) -> bool:
    """``//@Deprecated``, ``//@Override``: a Java annotation commented out, not JML (a word
    right after the ``@`` that no JML annotation begins with)."""
    word = _WORD_AFTER_MARKER.match(comment)
    return word is not None and word.group(1) not in ITEM_STARTS


_WORD_AFTER_MARKER = re.compile(r"(?://|/\*)@([A-Za-z_]\w*)")


def _statement_before(comment: Node) -> Node | None:
    """The statement a run of comments beginning with ``comment`` follows in its block,
    None where it is the block's first."""
    node = comment.prev_named_sibling
    while node is not None and node.type in _COMMENTS:
        node = node.prev_named_sibling
    return node


def _owner_inside(node: Node, owner: str) -> str:
    """The dotted name of the declarations around ``node``'s children."""
    if node.type in _TYPES or node.type in ("method_declaration", "constructor_declaration",
                                            "compact_constructor_declaration"):
        name = _name_of(node)
        return f"{owner}.{name}" if owner else name
    return owner


def _name_of(node: Node) -> str:
    if node.type in ("constructor_declaration", "compact_constructor_declaration"):
        return "<init>"
    name = node.child_by_field_name("name")
    if name is None and node.type == "spread_parameter":
        name = node.named_children[-1].child_by_field_name("name") or node.named_children[-1]
    return text_of(name) if name is not None else ""


def _targets(declaration: Node | None) -> list[Node]:
    """The nodes a declaration's specification attaches to: a field's or local's
    declarators (``int a, b;`` declares two), or the declaration itself."""
    if declaration is None or declaration.type not in _DECLARATIONS:
        return []
    if declaration.type in ("field_declaration", "constant_declaration",
                            "local_variable_declaration"):
        return declaration.children_by_field_name("declarator")
    return [declaration]


def _sorted(errors: list[j.JmlError]) -> tuple[j.JmlError, ...]:
    return tuple(sorted(set(errors), key=lambda e: (e.line, e.column, e.message)))


def _described(node: Node | None) -> str:
    if node is None or not node.is_named:
        return "the end of the block" if node is not None and node.parent.type in (
            "block", "constructor_body", "switch_block_statement_group") else "the end of the body"
    kind = _DECLARATIONS.get(node.type) or node.type.replace("_", " ")
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"
