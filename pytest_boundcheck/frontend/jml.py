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

from functools import lru_cache

import tree_sitter_java
from tree_sitter import Language, Node, Parser

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.jmlclauses import Group, read_group
from pytest_boundcheck.frontend.jmllex import Token, annotation_text, is_annotation, tokens
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
        self.statements: list[j.StmtSpec] = []
        self.errors: list[j.JmlError] = []

    def result(self) -> j.JmlFile:
        decls = [j.DeclSpec(d["kind"], d["name"], d["owner"], d["line"], d["column"],
                            tuple(d["modifiers"]), tuple(d["cases"]), d["also"],
                            tuple(d["clauses"]))
                 for _, d in sorted(self.decls.items())]
        errors = sorted(set(self.errors), key=lambda e: (e.line, e.column, e.message))
        return j.JmlFile(self.path, tuple(decls), tuple(self.statements), tuple(errors))

    def error(self, line: int, column: int, message: str) -> None:
        self.errors.append(j.JmlError(self.path, line, column, message))

    # -- walking the tree
    def visit(self, root) -> None:
        pending = [(root, "")]
        while pending:
            node, owner = pending.pop()
            self.read_comments(node, owner)
            inner = _owner_inside(node, owner)
            pending.extend((child, inner) for child in reversed(node.children)
                           if child.child_count or child.type in _COMMENTS)

    def read_comments(self, node, owner: str) -> None:
        """Each run of comments among ``node``'s children that holds a JML one, with the
        child that follows the run."""
        run: list = []
        for child in [*node.children, None]:
            if child is not None and child.type in _COMMENTS:
                run.append(child)
                continue
            annotations = [c for c in run if is_annotation(text_of(c))]
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
        for line, column, message in group.errors:
            self.error(line, column, message)
        if context in ("top", "member"):
            self.attach_member(parent, group, following, owner)
        elif context == "statement":
            self.attach_statement(group, following, owner)
        elif context == "parameter":
            self.attach_modifiers(group, following, owner)
        else:
            self.attach_modifiers(group, parent.parent if parent.type == "modifiers" else parent,
                                  owner)

    # -- attaching what a run says
    def attach_member(self, body: Node, group: Group, following: Node | None,
                      owner: str) -> None:
        if group.class_clauses:
            cls = body.parent if body.type != "enum_body_declarations" else body.parent.parent
            self.declaration(cls, owner.rpartition(".")[0])["clauses"].extend(group.class_clauses)
        if group.cases or group.also:
            kind = _DECLARATIONS.get(following.type) if following is not None else None
            if kind not in ("method", "constructor"):
                first = group.cases[0] if group.cases else None
                where = (first.line, first.column) if first else self.first_token(group)
                self.error(*where, "a method specification must stand just before a method or "
                                   f"constructor, not {_described(following)}")
            else:
                spec = self.declaration(following, owner)
                spec["cases"].extend(group.cases)
                spec["also"] = spec["also"] or group.also
        self.attach_modifiers(group, following, owner)

    def attach_statement(self, group: Group, following: Node | None, owner: str) -> None:
        if group.modifiers or group.java_modifiers:
            self.attach_modifiers(group, following, owner)
        if not group.statement_clauses:
            return
        target = following
        while target is not None and target.type == "labeled_statement":
            target = target.named_children[-1]
        kind = "end of block" if target is None or not target.is_named else \
            _LOOPS.get(target.type, "statement")
        for clause in group.statement_clauses:
            if clause.kind in _LOOP_CLAUSES and kind not in _LOOPS.values():
                self.error(clause.line, clause.column,
                           f"{clause.keyword} must stand just before a loop, not "
                           f"{'the end of the block' if kind == 'end of block' else 'a ' + target.type.replace('_', ' ')}")
        at = following if following is not None else None
        line, column = (line_of(at), column_of(at)) if at is not None else (0, 0)
        self.statements.append(j.StmtSpec(owner, kind, line, column,
                                          tuple(group.statement_clauses)))

    def attach_modifiers(self, group: Group, declaration: Node | None, owner: str) -> None:
        for token in group.java_modifiers:
            self.error(token.line, token.column, f"the Java modifier '{token.text}' belongs in "
                                                 "the code, not in an annotation")
        if not group.modifiers:
            return
        targets = _targets(declaration)
        if not targets:
            first = group.modifiers[0]
            self.error(first.line, first.column, f"the modifier '{first.name}' must stand "
                                                 f"before a declaration, not {_described(declaration)}")
            return
        kind = _DECLARATIONS[declaration.type]
        for modifier in group.modifiers:
            places = _PLACES.get(modifier.name)
            if places is not None and kind not in places:
                self.error(modifier.line, modifier.column,
                           f"the modifier '{modifier.name}' does not apply to a {kind}")
        for target in targets:
            self.declaration(target, owner)["modifiers"].extend(group.modifiers)

    def first_token(self, group: Group) -> tuple[int, int]:
        return (group.modifiers[0].line, group.modifiers[0].column) if group.modifiers else (0, 0)

    def declaration(self, node: Node, owner: str) -> dict:
        """The specification being gathered for declaration ``node`` (a field's
        declarator, for a field)."""
        key = (node.start_byte, node.type)
        if key not in self.decls:
            declaration = node.parent if node.type == "variable_declarator" else node
            self.decls[key] = dict(kind=_DECLARATIONS[declaration.type], name=_name_of(node),
                                   owner=owner, line=line_of(node), column=column_of(node),
                                   modifiers=[], cases=[], also=False, clauses=[])
        return self.decls[key]

    def tokens_of(self, comments: list) -> list[Token]:
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


def _described(node: Node | None) -> str:
    if node is None or not node.is_named:
        return "the end of the body"
    kind = _DECLARATIONS.get(node.type)
    return f"a {kind}" if kind else f"a {node.type.replace('_', ' ')}"
