"""Parse stage: a .java file -> ``javaast.CompilationUnit``, using tree-sitter-java.

tree-sitter reads modern Java (records, patterns, switch expressions, sealed
types). Parsing never runs user code. A file with a syntax error raises
``JavaSyntaxError`` with the line, and one whose bytes are not text in the sources'
encoding a ``SourceError`` with the line of the first bad byte, so that it costs that
file only.
"""
from __future__ import annotations

import re
from functools import lru_cache

import tree_sitter_java
from tree_sitter import Language, Node, Parser

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.parse_code import (
    CodeConverter,
    column_of,
    line_of,
    named_children,
    text_of,
)


class SourceError(Exception):
    """A Java file whose classes cannot be checked, and why, at ``line`` and ``column``
    (1-based; 0 where no place in the file is to blame)."""

    def __init__(self, path: str, line: int, column: int, detail: str):
        super().__init__(f"{path}:{line}:{column}: {detail}")
        self.path, self.line, self.column, self.detail = path, line, column, detail


class JavaSyntaxError(SourceError):
    """A file the parser rejects."""


@lru_cache(maxsize=1)
def _parser() -> Parser:
    return Parser(Language(tree_sitter_java.language()))


def syntax_tree(source: bytes) -> Node:
    """tree-sitter's tree of ``source``, for the stages that rewrite a file's text (where
    its nodes' byte offsets are what they need)."""
    return _parser().parse(source).root_node


def declaration_end(source: str, line: int) -> int | None:
    """The offset (in characters) of the ``}`` that closes the top-level type declared on
    ``line`` (1-based) of ``source``; None if no top-level type starts there."""
    data = source.encode()
    for node in syntax_tree(data).children:
        if node.type.endswith("_declaration") and node.start_point.row + 1 == line \
                and data[node.end_byte - 1:node.end_byte] == b"}":
            return len(data[:node.end_byte - 1].decode())
    return None


def parse_file(path: str, encoding: str = "utf-8") -> ast.CompilationUnit:
    """The file at ``path``, read as javac reads it with ``-encoding ENCODING``."""
    with open(path, "rb") as f:
        return parse_source(decoded(f.read(), path, encoding), path)


def decoded(source: bytes, path: str, encoding: str) -> str:
    """``source`` as text in ``encoding``; a byte that is not raises a ``SourceError`` at
    its line and column (in characters, as an editor counts them)."""
    try:
        return source.decode(encoding)
    except UnicodeDecodeError as e:
        before = source[:e.start]
        line_start = before.rfind(b"\n") + 1
        column = len(before[line_start:].decode(encoding)) + 1
        raise SourceError(path, before.count(b"\n") + 1, column,
                          f"byte 0x{source[e.start]:02x} is not {encoding} text; if the file is "
                          "in another encoding, name it with --boundcheck-encoding (as "
                          "javac's -encoding)") from None


def parse_source(source: bytes | str, path: str = "<source>") -> ast.CompilationUnit:
    if isinstance(source, str):
        source = source.encode()
    root = _parser().parse(source).root_node
    if root.has_error and _VARARGS_ANNOTATIONS.search(source):
        root = _parser().parse(_VARARGS_ANNOTATIONS.sub(_blanked, source)).root_node
    if root.has_error:
        raise _syntax_error(root, path, source)
    try:
        return _Converter(path).unit(root)
    except RecursionError:
        # the chains real code nests deep (operators, calls, else-if) are converted in
        # loops; any other shape this deep costs its file only
        deepest, depth = _deepest(root)
        raise JavaSyntaxError(path, deepest.start_point.row + 1, deepest.start_point.column + 1,
                              f"code nested {depth} deep: too deep to read") from None


# Annotations between a variable-arity parameter's type and its ellipsis (``String
# @Nullable ... names``, JLS 8.4.1), which javac reads and tree-sitter-java does not. A file
# that does not parse is parsed again with them blanked out, every position kept: they
# annotate the type of the array's elements, which no check reads.
_VARARGS_ANNOTATIONS = re.compile(rb"(?<=[\w>\]])((?:\s*@[\w.]+(?:\s*\([^()]*\))?)+)(?=\s*\.\.\.)")


def _blanked(match: re.Match) -> bytes:
    return re.sub(rb"[^\n]", b" ", match.group(1))


def parse_members(class_name: str, members: list[str], line: int, path: str) -> ast.TypeDecl:
    """Members the compiler or a code generator adds to a class, written as Java: parsed
    as a class of their own whose members sit at ``line`` of ``path``."""
    source = "\n" * (line - 1) + f"class {class_name} {{ {' '.join(members)} }}"
    return parse_source(source, path).types[0]


def _syntax_error(root: Node, path: str, source: bytes) -> JavaSyntaxError:
    bad = _first_error(root)
    line, column = bad.start_point.row + 1, bad.start_point.column + 1
    if bad.is_missing:
        detail = f"syntax error: missing '{bad.type}'"
    else:
        text = source.splitlines()[bad.start_point.row].decode(errors="replace").strip()
        detail = f"syntax error near: {text[:80]}"
    return JavaSyntaxError(path, line, column, detail)


def _deepest(root: Node) -> tuple[Node, int]:
    """The first of the most deeply nested nodes under ``root``, and its depth."""
    deepest, depth = root, 0
    pending = [(root, 0)]
    while pending:
        node, level = pending.pop()
        if level > depth:
            deepest, depth = node, level
        pending.extend((child, level + 1) for child in reversed(node.named_children))
    return deepest, depth


def _first_error(node: Node) -> Node:
    for child in node.children:
        if child.is_error or child.is_missing:
            return child
        if child.has_error:
            return _first_error(child)
    return node


# ----------------------------------------------------------------- converter

class _Converter(CodeConverter):
    """Declarations: a file's package, imports and types, with their members."""

    def __init__(self, path: str):
        self.path = path

    # -- declarations
    def unit(self, root: Node) -> ast.CompilationUnit:
        package, imports, types, package_annotations = "", [], [], ()
        for child in named_children(root):
            if child.type == "package_declaration":  # in package-info.java, with annotations
                package = text_of(named_children(child)[-1])
                package_annotations = self.annotation_list(named_children(child))
            elif child.type == "import_declaration":
                imports.append(self.import_(child))
            elif child.type in _TYPE_KINDS:
                types.append(self.type_decl(child))
        return ast.CompilationUnit(self.path, package, tuple(imports), tuple(types),
                                   package_annotations)

    def import_(self, node: Node) -> ast.Import:
        tokens = [c.type for c in node.children]
        name = next(text_of(c) for c in named_children(node)
                    if c.type in ("identifier", "scoped_identifier"))
        return ast.Import(name, "static" in tokens, "asterisk" in tokens)

    def type_decl(self, node: Node) -> ast.TypeDecl:
        kind = _TYPE_KINDS[node.type]
        components = []  # a record's, as its fields
        if kind == "record":
            for p in self.params(node.child_by_field_name("parameters")):
                components.append(ast.FieldDecl(frozenset({"private", "final"}), p.type, p.name,
                                             None, line_of(node), p.annotations))
        superclass = node.child_by_field_name("superclass")
        interfaces = node.child_by_field_name("interfaces")
        if kind == "interface":
            extends = next((c for c in named_children(node) if c.type == "extends_interfaces"), None)
            interfaces = extends
        body = self.class_body(node.child_by_field_name("body"), kind)
        return ast.TypeDecl(
            kind=kind, name=text_of(node.child_by_field_name("name")),
            modifiers=self.modifiers(node),
            type_params=self.type_params(node.child_by_field_name("type_parameters")),
            superclass=self.type(named_children(superclass)[0]) if superclass else None,
            interfaces=self.type_list(interfaces), line=line_of(node),
            doc=self.doc(node), annotations=self.annotations(node), column=column_of(node),
            **{**body, "fields": tuple(components) + body["fields"]})

    def anonymous_class(self, node: Node, supertype: ast.TypeName) -> ast.TypeDecl:
        """The body of ``new T(...) { ... }``: a class with T as its supertype, named by the
        class table."""
        return ast.TypeDecl(kind="class", name="", modifiers=frozenset(), type_params=(),
                            superclass=supertype, interfaces=(), line=line_of(node),
                            anonymous=True, **self.class_body(node, "class"))

    def class_body(self, body: Node | None, kind: str) -> dict[str, tuple]:
        """The members a class body declares, as ``TypeDecl`` fields."""
        fields, methods, ctors, inits, members, constants = [], [], [], [], [], []
        for member in self.body_members(body):
            t = member.type
            if t in ("field_declaration", "constant_declaration"):
                mods = self.modifiers(member)
                if kind == "interface":
                    mods |= {"static", "final"}
                fields.extend(self.field_decls(member, mods))
            elif t == "method_declaration":
                methods.append(self.method(member, kind))
            elif t == "constructor_declaration":
                ctors.append(self.method(member, kind))
            elif t == "compact_constructor_declaration":  # completed by the class table
                ctors.append(ast.MethodDecl(self.modifiers(member), (), None, "<compact>", (),
                                            self.block(member.child_by_field_name("body")),
                                            line_of(member)))
            elif t == "static_initializer":
                inits.append(ast.Initializer(True, self.block(named_children(member)[-1])))
            elif t == "block":
                inits.append(ast.Initializer(False, self.block(member)))
            elif t in _TYPE_KINDS:
                members.append(self.type_decl(member))
            elif t == "enum_constant":
                args = member.child_by_field_name("arguments")
                constants.append(ast.EnumConstant(
                    text_of(member.child_by_field_name("name")),
                    self.args(args) if args is not None else (),
                    member.child_by_field_name("body") is not None, line_of(member)))
        return dict(fields=tuple(fields), methods=tuple(methods), constructors=tuple(ctors),
                    initializers=tuple(inits), members=tuple(members), constants=tuple(constants))

    def body_members(self, body: Node | None) -> list[Node]:
        if body is None:
            return []
        members = []
        for child in named_children(body):
            if child.type == "enum_body_declarations":
                members.extend(named_children(child))
            else:
                members.append(child)
        return members

    def doc(self, node: Node) -> str | None:
        prev = node.prev_named_sibling
        if prev is not None and prev.type == "block_comment" and text_of(prev).startswith("/**"):
            return text_of(prev)
        return None

    def modifiers(self, node: Node) -> frozenset[str]:
        mods = next((c for c in node.children if c.type == "modifiers"), None)
        if mods is None:
            return frozenset()
        return frozenset(c.type for c in mods.children if "annotation" not in c.type)

    def annotations(self, node: Node) -> tuple[ast.Annotation, ...]:
        mods = next((c for c in node.children if c.type == "modifiers"), None)
        return () if mods is None else self.annotation_list(named_children(mods))

    def annotation_list(self, nodes: list[Node]) -> tuple[ast.Annotation, ...]:
        out = []
        for a in nodes:
            if a.type not in ("annotation", "marker_annotation"):
                continue
            arguments = a.child_by_field_name("arguments")
            args = [(text_of(p.child_by_field_name("key")), text_of(p.child_by_field_name("value")))
                    if p.type == "element_value_pair" else ("value", text_of(p))
                    for p in (named_children(arguments) if arguments else ())]
            out.append(ast.Annotation(text_of(a.child_by_field_name("name")), tuple(args)))
        return tuple(out)

    def type_params(self, node: Node | None) -> tuple[tuple[str, ast.TypeName | None], ...]:
        if node is None:
            return ()
        out = []
        for tp in named_children(node):
            name = next(c for c in named_children(tp) if c.type in ("type_identifier", "identifier"))
            bound = next((c for c in named_children(tp) if c.type == "type_bound"), None)
            out.append((text_of(name), self.type(named_children(bound)[0]) if bound else None))
        return tuple(out)

    def type_list(self, node: Node | None) -> tuple[ast.TypeName, ...]:
        if node is None:
            return ()
        lists = [c for c in named_children(node) if c.type == "type_list"] or [node]
        return tuple(self.type(t) for t in named_children(lists[0]))

    def field_decls(self, node: Node, mods: frozenset[str]) -> list[ast.FieldDecl]:
        type_ = self.type(node.child_by_field_name("type"))
        annotations = self.annotations(node)
        return [ast.FieldDecl(mods, self.declarator_type(type_, d), text_of(d.child_by_field_name("name")),
                              self.initializer(d), line_of(d), annotations, column_of(d))
                for d in node.children_by_field_name("declarator")]

    def declarator_type(self, type_: ast.TypeName, declarator: Node) -> ast.TypeName:
        dims = declarator.child_by_field_name("dimensions")
        if dims is None:
            return type_
        return ast.TypeName(type_.name, type_.dims + text_of(dims).count("["))

    def initializer(self, declarator: Node) -> ast.Expr | None:
        value = declarator.child_by_field_name("value")
        return self.expr(value) if value is not None else None

    def method(self, node: Node, owner_kind: str) -> ast.MethodDecl:
        mods = self.modifiers(node)
        body = node.child_by_field_name("body")
        if owner_kind == "interface" and body is None:
            mods |= {"abstract"}
        is_ctor = node.type == "constructor_declaration"
        return ast.MethodDecl(
            modifiers=mods,
            type_params=self.type_params(node.child_by_field_name("type_parameters")),
            return_type=None if is_ctor else self.type(node.child_by_field_name("type")),
            name="<init>" if is_ctor else text_of(node.child_by_field_name("name")),
            params=self.params(node.child_by_field_name("parameters")),
            body=self.block(body) if body is not None else None,
            line=line_of(node), doc=self.doc(node), end_line=node.end_point.row + 1,
            column=column_of(node),
            throws=tuple(self.type(t) for c in named_children(node) if c.type == "throws"
                         for t in named_children(c)))

    def params(self, node: Node) -> tuple[ast.Param, ...]:
        out = []
        for p in named_children(node):
            if p.type == "formal_parameter":
                type_ = self.type(p.child_by_field_name("type"))
                out.append(ast.Param(self.declarator_type(type_, p), text_of(p.child_by_field_name("name")),
                                     annotations=self.annotations(p)))
            elif p.type == "spread_parameter":
                type_ = self.type(named_children(p)[-2] if len(named_children(p)) > 1 else named_children(p)[0])
                decl = named_children(p)[-1]
                name = decl.child_by_field_name("name") if decl.type == "variable_declarator" else decl
                out.append(ast.Param(ast.TypeName(type_.name, type_.dims + 1), text_of(name), True))
        return tuple(out)

    def type(self, node: Node) -> ast.TypeName:
        t = node.type
        if t == "array_type":
            element = self.type(node.child_by_field_name("element"))
            dims = text_of(node.child_by_field_name("dimensions")).count("[")
            return ast.TypeName(element.name, element.dims + dims)
        if t == "generic_type":
            return self.type(named_children(node)[0])
        if t == "annotated_type":
            return self.type(named_children(node)[-1])
        if t == "scoped_type_identifier":
            parts = [text_of(c) for c in named_children(node) if c.type in ("type_identifier", "identifier")]
            inner = [self.type(c).name for c in named_children(node)
                     if c.type in ("scoped_type_identifier", "generic_type")]
            return ast.TypeName(".".join(inner + parts))
        return ast.TypeName(text_of(node))


_TYPE_KINDS = {
    "class_declaration": "class",
    "interface_declaration": "interface",
    "enum_declaration": "enum",
    "record_declaration": "record",
    "annotation_type_declaration": "annotation",
}
