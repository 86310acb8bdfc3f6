"""Parse stage: a .java file -> ``javaast.CompilationUnit``, using tree-sitter-java.

tree-sitter reads modern Java (records, patterns, switch expressions, sealed
types). Parsing never runs user code. A file with a syntax error raises
``JavaSyntaxError`` with the line, so that it costs that file only.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import tree_sitter_java
from tree_sitter import Language, Node, Parser

from pytest_boundcheck.frontend import javaast as ast


class JavaSyntaxError(Exception):
    def __init__(self, path: str, line: int, column: int, detail: str):
        super().__init__(f"{path}:{line}:{column}: {detail}")
        self.path, self.line, self.column, self.detail = path, line, column, detail


@lru_cache(maxsize=1)
def _parser() -> Parser:
    return Parser(Language(tree_sitter_java.language()))


def parse_file(path: str) -> ast.CompilationUnit:
    with open(path, "rb") as f:
        return parse_source(f.read(), path)


def parse_source(source: bytes | str, path: str = "<source>") -> ast.CompilationUnit:
    if isinstance(source, str):
        source = source.encode()
    root = _parser().parse(source).root_node
    if root.has_error:
        raise _syntax_error(root, path, source)
    return _Converter(path).unit(root)


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


def _first_error(node: Node) -> Node:
    for child in node.children:
        if child.is_error or child.is_missing:
            return child
        if child.has_error:
            return _first_error(child)
    return node


_COMMENTS = ("comment", "line_comment", "block_comment")
_CONDITIONS = ("if_statement", "while_statement", "do_statement", "for_statement",
               "ternary_expression")
_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
_PRIMITIVES = ("boolean", "byte", "short", "char", "int", "long", "float", "double")


def _line(node: Node) -> int:
    return node.start_point.row + 1


def _column(node: Node) -> int:
    """The 1-based column where the node starts (tree-sitter counts bytes from 0)."""
    return node.start_point.column + 1


def _text(node: Node) -> str:
    return node.text.decode()


def _named(node: Node) -> list[Node]:
    """A node's named children without comments, which the grammar allows between any
    two tokens (``if (/* note */ a == b)``)."""
    return [c for c in node.named_children if c.type not in _COMMENTS]


# ------------------------------------------------------------------ literals

def _integer_value(text: str) -> tuple[str, int]:
    """Java integer literal -> (kind, value wrapped to its width)."""
    text = text.replace("_", "")
    kind = "long" if text[-1] in "lL" else "int"
    if kind == "long":
        text = text[:-1]
    lower = text.lower()
    if lower.startswith("0x"):
        value = int(lower[2:], 16)
    elif lower.startswith("0b"):
        value = int(lower[2:], 2)
    elif len(lower) > 1 and lower.startswith("0"):
        value = int(lower[1:], 8)
    else:
        value = int(lower)
    bits = 64 if kind == "long" else 32
    value %= 1 << bits
    if value >= 1 << (bits - 1):
        value -= 1 << bits
    return kind, value


def _floating_value(text: str) -> tuple[str, Fraction]:
    """Java floating-point literal -> (kind, its exact decimal or binary value): rounding
    it to float or double is Java semantics, done once when it is evaluated."""
    text = text.replace("_", "").lower()
    kind = "float" if text.endswith("f") else "double"
    if text[-1] in "fd":
        text = text[:-1]
    if not text.startswith("0x"):
        return kind, Fraction(text)
    digits, _, exponent = text[2:].partition("p")
    whole, _, fraction = digits.partition(".")
    return kind, Fraction(int(whole + fraction or "0", 16), 16 ** len(fraction)) * Fraction(2) ** int(exponent)


_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "s": " ",
            '"': '"', "'": "'", "\\": "\\"}


def _unescape(body: str) -> str:
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt == "u":
            j = i + 1
            while body[j] == "u":
                j += 1
            out.append(chr(int(body[j:j + 4], 16)))
            i = j + 4
        elif nxt in "01234567":
            j = i + 1
            limit = 3 if nxt in "0123" else 2
            while j < len(body) and j - i - 1 < limit and body[j] in "01234567":
                j += 1
            out.append(chr(int(body[i + 1:j], 8)))
            i = j
        else:
            out.append(_ESCAPES[nxt])
            i += 2
    return "".join(out)


# ----------------------------------------------------------------- converter

class _Converter:
    def __init__(self, path: str):
        self.path = path

    # -- declarations
    def unit(self, root: Node) -> ast.CompilationUnit:
        package, imports, types, package_annotations = "", [], [], ()
        for child in _named(root):
            if child.type == "package_declaration":  # in package-info.java, with annotations
                package = _text(_named(child)[-1])
                package_annotations = self.annotation_list(_named(child))
            elif child.type == "import_declaration":
                imports.append(self.import_(child))
            elif child.type in _TYPE_KINDS:
                types.append(self.type_decl(child))
        return ast.CompilationUnit(self.path, package, tuple(imports), tuple(types),
                                   package_annotations)

    def import_(self, node: Node) -> ast.Import:
        tokens = [c.type for c in node.children]
        name = next(_text(c) for c in _named(node)
                    if c.type in ("identifier", "scoped_identifier"))
        return ast.Import(name, "static" in tokens, "asterisk" in tokens)

    def type_decl(self, node: Node) -> ast.TypeDecl:
        kind = _TYPE_KINDS[node.type]
        components = []  # a record's, as its fields
        if kind == "record":
            for p in self.params(node.child_by_field_name("parameters")):
                components.append(ast.FieldDecl(frozenset({"private", "final"}), p.type, p.name,
                                             None, _line(node), p.annotations))
        superclass = node.child_by_field_name("superclass")
        interfaces = node.child_by_field_name("interfaces")
        if kind == "interface":
            extends = next((c for c in _named(node) if c.type == "extends_interfaces"), None)
            interfaces = extends
        body = self.class_body(node.child_by_field_name("body"), kind)
        return ast.TypeDecl(
            kind=kind, name=_text(node.child_by_field_name("name")),
            modifiers=self.modifiers(node),
            type_params=self.type_params(node.child_by_field_name("type_parameters")),
            superclass=self.type(_named(superclass)[0]) if superclass else None,
            interfaces=self.type_list(interfaces), line=_line(node),
            doc=self.doc(node), annotations=self.annotations(node), column=_column(node),
            **{**body, "fields": tuple(components) + body["fields"]})

    def anonymous_class(self, node: Node, supertype: ast.TypeName) -> ast.TypeDecl:
        """The body of ``new T(...) { ... }``: a class with T as its supertype, named by the
        class table."""
        return ast.TypeDecl(kind="class", name="", modifiers=frozenset(), type_params=(),
                            superclass=supertype, interfaces=(), line=_line(node),
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
                                            _line(member)))
            elif t == "static_initializer":
                inits.append(ast.Initializer(True, self.block(_named(member)[-1])))
            elif t == "block":
                inits.append(ast.Initializer(False, self.block(member)))
            elif t in _TYPE_KINDS:
                members.append(self.type_decl(member))
            elif t == "enum_constant":
                args = member.child_by_field_name("arguments")
                constants.append(ast.EnumConstant(
                    _text(member.child_by_field_name("name")),
                    self.args(args) if args is not None else (),
                    member.child_by_field_name("body") is not None, _line(member)))
        return dict(fields=tuple(fields), methods=tuple(methods), constructors=tuple(ctors),
                    initializers=tuple(inits), members=tuple(members), constants=tuple(constants))

    def body_members(self, body: Node | None) -> list[Node]:
        if body is None:
            return []
        members = []
        for child in _named(body):
            if child.type == "enum_body_declarations":
                members.extend(_named(child))
            else:
                members.append(child)
        return members

    def doc(self, node: Node) -> str | None:
        prev = node.prev_named_sibling
        if prev is not None and prev.type == "block_comment" and _text(prev).startswith("/**"):
            return _text(prev)
        return None

    def modifiers(self, node: Node) -> frozenset[str]:
        mods = next((c for c in node.children if c.type == "modifiers"), None)
        if mods is None:
            return frozenset()
        return frozenset(c.type for c in mods.children if "annotation" not in c.type)

    def annotations(self, node: Node) -> tuple[ast.Annotation, ...]:
        mods = next((c for c in node.children if c.type == "modifiers"), None)
        return () if mods is None else self.annotation_list(_named(mods))

    def annotation_list(self, nodes: list[Node]) -> tuple[ast.Annotation, ...]:
        out = []
        for a in nodes:
            if a.type not in ("annotation", "marker_annotation"):
                continue
            arguments = a.child_by_field_name("arguments")
            args = [(_text(p.child_by_field_name("key")), _text(p.child_by_field_name("value")))
                    if p.type == "element_value_pair" else ("value", _text(p))
                    for p in (_named(arguments) if arguments else ())]
            out.append(ast.Annotation(_text(a.child_by_field_name("name")), tuple(args)))
        return tuple(out)

    def type_params(self, node: Node | None) -> tuple[tuple[str, ast.TypeName | None], ...]:
        if node is None:
            return ()
        out = []
        for tp in _named(node):
            name = next(c for c in _named(tp) if c.type in ("type_identifier", "identifier"))
            bound = next((c for c in _named(tp) if c.type == "type_bound"), None)
            out.append((_text(name), self.type(_named(bound)[0]) if bound else None))
        return tuple(out)

    def type_list(self, node: Node | None) -> tuple[ast.TypeName, ...]:
        if node is None:
            return ()
        lists = [c for c in _named(node) if c.type == "type_list"] or [node]
        return tuple(self.type(t) for t in _named(lists[0]))

    def field_decls(self, node: Node, mods: frozenset[str]) -> list[ast.FieldDecl]:
        type_ = self.type(node.child_by_field_name("type"))
        annotations = self.annotations(node)
        return [ast.FieldDecl(mods, self.declarator_type(type_, d), _text(d.child_by_field_name("name")),
                              self.initializer(d), _line(d), annotations, _column(d))
                for d in node.children_by_field_name("declarator")]

    def declarator_type(self, type_: ast.TypeName, declarator: Node) -> ast.TypeName:
        dims = declarator.child_by_field_name("dimensions")
        if dims is None:
            return type_
        return ast.TypeName(type_.name, type_.dims + _text(dims).count("["))

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
            name="<init>" if is_ctor else _text(node.child_by_field_name("name")),
            params=self.params(node.child_by_field_name("parameters")),
            body=self.block(body) if body is not None else None,
            line=_line(node), doc=self.doc(node), end_line=node.end_point.row + 1,
            column=_column(node))

    def params(self, node: Node) -> tuple[ast.Param, ...]:
        out = []
        for p in _named(node):
            if p.type == "formal_parameter":
                type_ = self.type(p.child_by_field_name("type"))
                out.append(ast.Param(self.declarator_type(type_, p), _text(p.child_by_field_name("name")),
                                     annotations=self.annotations(p)))
            elif p.type == "spread_parameter":
                type_ = self.type(_named(p)[-2] if len(_named(p)) > 1 else _named(p)[0])
                decl = _named(p)[-1]
                name = decl.child_by_field_name("name") if decl.type == "variable_declarator" else decl
                out.append(ast.Param(ast.TypeName(type_.name, type_.dims + 1), _text(name), True))
        return tuple(out)

    def type(self, node: Node) -> ast.TypeName:
        t = node.type
        if t == "array_type":
            element = self.type(node.child_by_field_name("element"))
            dims = _text(node.child_by_field_name("dimensions")).count("[")
            return ast.TypeName(element.name, element.dims + dims)
        if t == "generic_type":
            return self.type(_named(node)[0])
        if t == "annotated_type":
            return self.type(_named(node)[-1])
        if t == "scoped_type_identifier":
            parts = [_text(c) for c in _named(node) if c.type in ("type_identifier", "identifier")]
            inner = [self.type(c).name for c in _named(node)
                     if c.type in ("scoped_type_identifier", "generic_type")]
            return ast.TypeName(".".join(inner + parts))
        return ast.TypeName(_text(node))

    # -- statements
    def block(self, node: Node) -> ast.Block:
        stmts: list[ast.Stmt] = []
        for child in _named(node):
            stmts.extend(self.stmts(child))
        return ast.Block(_line(node), tuple(stmts))

    def stmt(self, node: Node) -> ast.Stmt:
        out = self.stmts(node)
        return out[0] if len(out) == 1 else ast.Block(_line(node), tuple(out))

    def stmts(self, node: Node) -> list[ast.Stmt]:
        """The statements of one node (a declaration of several locals gives one each), with
        its column."""
        column = _column(node)
        return [s if s.column else replace(s, column=column) for s in self._stmts(node)]

    def _stmts(self, node: Node) -> list[ast.Stmt]:
        t, line = node.type, _line(node)
        if t == "local_variable_declaration":
            type_ = self.type(node.child_by_field_name("type"))
            final = "final" in self.modifiers(node)
            return [ast.LocalVar(_line(d), self.declarator_type(type_, d),
                                 _text(d.child_by_field_name("name")), self.initializer(d), final)
                    for d in node.children_by_field_name("declarator")]
        method = getattr(self, "stmt_" + t, None)
        if method is not None:
            return [method(node)]
        return [ast.UnsupportedStmt(line, _UNSUPPORTED_STMTS.get(t, t.replace("_", " ")))]

    def stmt_block(self, node):
        return self.block(node)

    def stmt_class_declaration(self, node):
        return ast.LocalClass(_line(node), self.type_decl(node))

    def stmt_constructor_body(self, node):
        return self.block(node)

    def stmt_expression_statement(self, node):
        return ast.ExprStmt(_line(node), self.expr(_named(node)[0]))

    def stmt_if_statement(self, node):
        other = node.child_by_field_name("alternative")
        return ast.If(_line(node), self.expr(node.child_by_field_name("condition")),
                      self.stmt(node.child_by_field_name("consequence")),
                      self.stmt(other) if other is not None else None)

    def stmt_while_statement(self, node):
        return ast.Loop(_line(node), (), self.expr(node.child_by_field_name("condition")), (),
                        self.stmt(node.child_by_field_name("body")))

    def stmt_do_statement(self, node):
        return ast.Loop(_line(node), (), self.expr(node.child_by_field_name("condition")), (),
                        self.stmt(node.child_by_field_name("body")), test_first=False)

    def stmt_for_statement(self, node):
        init: list[ast.Stmt] = []
        for child in node.children_by_field_name("init"):
            if child.type == "local_variable_declaration":
                init.extend(self.stmts(child))
            else:
                init.append(ast.ExprStmt(_line(child), self.expr(child)))
        cond = node.child_by_field_name("condition")
        return ast.Loop(_line(node), tuple(init), self.expr(cond) if cond is not None else None,
                        tuple(self.expr(u) for u in node.children_by_field_name("update")),
                        self.stmt(node.child_by_field_name("body")))

    def stmt_enhanced_for_statement(self, node):
        type_ = self.type(node.child_by_field_name("type"))
        dims = node.child_by_field_name("dimensions")
        if dims is not None:
            type_ = ast.TypeName(type_.name, type_.dims + _text(dims).count("["))
        return ast.ForEach(_line(node), type_, _text(node.child_by_field_name("name")),
                           self.expr(node.child_by_field_name("value")),
                           self.stmt(node.child_by_field_name("body")))

    def stmt_return_statement(self, node):
        value = _named(node)[0] if _named(node) else None
        return ast.Return(_line(node), self.expr(value) if value is not None else None)

    def stmt_break_statement(self, node):
        label = _named(node)[0] if _named(node) else None
        return ast.Break(_line(node), _text(label) if label is not None else None)

    def stmt_continue_statement(self, node):
        label = _named(node)[0] if _named(node) else None
        return ast.Continue(_line(node), _text(label) if label is not None else None)

    def stmt_throw_statement(self, node):
        return ast.Throw(_line(node), self.expr(_named(node)[0]))

    def stmt_try_statement(self, node):
        catches, final = [], None
        for child in _named(node):
            if child.type == "catch_clause":
                param = next(c for c in _named(child) if c.type == "catch_formal_parameter")
                catch_type = next(c for c in _named(param) if c.type == "catch_type")
                catches.append(ast.Catch(tuple(self.type(t) for t in _named(catch_type)),
                                         _text(param.child_by_field_name("name")),
                                         self.block(child.child_by_field_name("body"))))
            elif child.type == "finally_clause":
                final = self.block(_named(child)[-1])
        return ast.Try(_line(node), self.block(node.child_by_field_name("body")), tuple(catches), final)

    def stmt_switch_expression(self, node):
        return self.switch(node, False)

    def switch(self, node: Node, is_expr: bool) -> ast.Switch:
        return ast.Switch(_line(node), self.expr(node.child_by_field_name("condition")),
                          self.switch_cases(node.child_by_field_name("body"), is_expr))

    def stmt_yield_statement(self, node):
        return ast.Yield(_line(node), self.expr(_named(node)[0]))

    def stmt_synchronized_statement(self, node):
        lock = next(c for c in _named(node) if c.type == "parenthesized_expression")
        return ast.Synchronized(_line(node), self.expr(lock), self.block(node.child_by_field_name("body")))

    def switch_cases(self, body: Node, is_expr: bool) -> tuple[ast.SwitchCase, ...]:
        """A switch block's rules (``case ... ->``) or statement groups (``case ...:``);
        consecutive labels of one group become one case."""
        cases = []
        for child in _named(body):
            if child.type not in ("switch_rule", "switch_block_statement_group"):
                continue
            labels, default, stmts = [], False, []
            for part in _named(child):
                if part.type == "switch_label":
                    default |= self.switch_label(part, labels)
                else:
                    stmts.extend(self.stmts(part))
            arrow = child.type == "switch_rule"
            if arrow and is_expr and len(stmts) == 1 and isinstance(stmts[0], ast.ExprStmt):
                stmts = [ast.Yield(stmts[0].line, stmts[0].expr)]
            cases.append(ast.SwitchCase(_line(child), tuple(labels), default, arrow, tuple(stmts)))
        return tuple(cases)

    def switch_label(self, node: Node, labels: list[ast.Expr]) -> bool:
        """Adds the label's constants and patterns to ``labels``; True for ``default``."""
        default = any(c.type == "default" for c in node.children)
        for part in _named(node):
            if part.type == "identifier" and _text(part) == "default":
                default = True
            elif part.type == "guard":
                labels.append(ast.UnsupportedExpr(_line(part), "switch case guard (when)"))
            elif part.type == "pattern":
                pattern = _named(part)[0]
                if pattern.type != "type_pattern":
                    labels.append(ast.UnsupportedExpr(_line(part), "record pattern"))
                    continue
                type_, name = _named(pattern)
                labels.append(ast.TypePattern(_line(part), self.type(type_), _text(name)))
            else:
                labels.append(self.expr(part))
        return default

    def stmt_assert_statement(self, node):
        parts = _named(node)
        return ast.Assert(_line(node), self.expr(parts[0]),
                          self.expr(parts[1]) if len(parts) > 1 else None)

    def stmt_labeled_statement(self, node):
        label = _text(_named(node)[0])
        inner = self.stmt(_named(node)[-1])
        if isinstance(inner, (ast.Loop, ast.ForEach)):
            return replace(inner, label=label)
        return ast.Labeled(_line(node), label, inner)

    def stmt_explicit_constructor_invocation(self, node):
        kind = node.child_by_field_name("constructor")
        if node.child_by_field_name("object") is not None or kind.type not in ("this", "super"):
            return ast.UnsupportedStmt(_line(node), "qualified constructor call")
        return ast.CtorCall(_line(node), kind.type, self.args(node.child_by_field_name("arguments")))

    # -- expressions
    def args(self, node: Node) -> tuple[ast.Expr, ...]:
        return tuple(self.expr(a) for a in _named(node))

    def expr(self, node: Node) -> ast.Expr:
        method = getattr(self, "expr_" + node.type, None)
        if method is None:
            what = _UNSUPPORTED_EXPRS.get(node.type, node.type.replace("_", " "))
            return ast.UnsupportedExpr(_line(node), what, column=_column(node))
        found = method(node)
        return found if found.column else replace(found, column=_column(node))

    def expr_array_access(self, node):
        return ast.ArrayAccess(_line(node), self.expr(node.child_by_field_name("array")),
                               self.expr(node.child_by_field_name("index")))

    def expr_array_initializer(self, node):
        return ast.ArrayInit(_line(node), self.args(node))

    def expr_array_creation_expression(self, node):
        element = self.type(node.child_by_field_name("type"))
        dims = node.children_by_field_name("dimensions")
        lengths = tuple(self.expr(_named(d)[0]) for d in dims if d.type == "dimensions_expr")
        total = len(lengths) + sum(_text(d).count("[") for d in dims if d.type == "dimensions")
        value = node.child_by_field_name("value")
        return ast.NewArray(_line(node), ast.TypeName(element.name, element.dims + total), lengths,
                            self.expr(value) if value is not None else None)

    def expr_parenthesized_expression(self, node):
        return self.expr(_named(node)[0])

    def _integer(self, node):
        kind, value = _integer_value(_text(node))
        return ast.Literal(_line(node), kind, value)

    expr_decimal_integer_literal = expr_hex_integer_literal = _integer
    expr_octal_integer_literal = expr_binary_integer_literal = _integer

    def _floating(self, node):
        kind, value = _floating_value(_text(node))
        return ast.Literal(_line(node), kind, value)

    expr_decimal_floating_point_literal = expr_hex_floating_point_literal = _floating

    def expr_character_literal(self, node):
        return ast.Literal(_line(node), "char", ord(_unescape(_text(node)[1:-1])))

    def expr_string_literal(self, node):
        text = _text(node)
        if text.startswith('"""'):
            return ast.UnsupportedExpr(_line(node), "text block")
        return ast.Literal(_line(node), "string", _unescape(text[1:-1]))

    def expr_true(self, node):
        return ast.Literal(_line(node), "boolean", True)

    def expr_false(self, node):
        return ast.Literal(_line(node), "boolean", False)

    def expr_null_literal(self, node):
        return ast.Literal(_line(node), "null", None)

    def expr_identifier(self, node):
        return ast.Name(_line(node), _text(node))

    def expr_this(self, node):
        return ast.This(_line(node))

    def expr_field_access(self, node):
        obj, field = node.child_by_field_name("object"), node.child_by_field_name("field")
        if field.type == "this":
            return ast.This(_line(node), _text(obj))
        if obj.type == "super":
            return ast.FieldAccess(_line(node), None, _text(field), is_super=True)
        return ast.FieldAccess(_line(node), self.expr(obj), _text(field))

    def expr_method_invocation(self, node):
        obj = node.child_by_field_name("object")
        name = _text(node.child_by_field_name("name"))
        args = self.args(node.child_by_field_name("arguments"))
        text = " ".join(_text(node).split())
        if obj is not None and obj.type == "super":
            return ast.MethodCall(_line(node), None, name, args, is_super=True, text=text)
        if any(c.type == "super" for c in node.children) and obj is not None:
            return ast.UnsupportedExpr(_line(node), "qualified super method call")
        target = self.expr(obj) if obj is not None else None
        return ast.MethodCall(_line(node), target, name, args, text=text,
                              context=self.context_type(node))

    def context_type(self, node: Node) -> ast.TypeName | None:
        """The type an expression's surroundings give its value, where the syntax alone
        tells: a declaration's, a primitive cast's or the method's return type, a literal's it
        is compared with, ``boolean`` in a condition, ``Object`` as a receiver or cast to a
        reference type. None elsewhere."""
        parent = node.parent
        while parent.type == "parenthesized_expression":
            node, parent = parent, parent.parent
        kind = parent.type
        if kind == "variable_declarator" and node == parent.child_by_field_name("value"):
            type_ = parent.parent.child_by_field_name("type")
            declared = self.declarator_type(self.type(type_), parent) if type_ else None
            return None if declared is None or declared.name == "var" else declared
        if kind == "cast_expression":  # to a reference type, the cast itself is checked
            cast = self.type(parent.child_by_field_name("type"))
            return cast if cast.name in _PRIMITIVES and not cast.dims else ast.TypeName("Object")
        if kind == "return_statement":
            while parent is not None and parent.type not in ("method_declaration",
                                                             "lambda_expression"):
                parent = parent.parent
            type_ = parent.child_by_field_name("type") if parent is not None else None
            return self.type(type_) if type_ is not None and type_.type != "void_type" else None
        if kind in _CONDITIONS and node == parent.child_by_field_name("condition"):
            return ast.TypeName("boolean")
        if kind == "unary_expression" and _text(parent.child_by_field_name("operator")) == "!":
            return ast.TypeName("boolean")
        if kind == "binary_expression":
            op = _text(parent.child_by_field_name("operator"))
            if op in ("&&", "||"):
                return ast.TypeName("boolean")
            left, right = parent.child_by_field_name("left"), parent.child_by_field_name("right")
            other = right if node == left else left
            is_literal = other.type.endswith("literal") or other.type in ("true", "false")
            literal = self.expr(other) if is_literal else None
            if op in _COMPARISONS and isinstance(literal, ast.Literal):
                return ast.TypeName({"null": "Object", "string": "String"}.get(literal.kind,
                                                                               literal.kind))
            return None
        if kind in ("method_invocation", "field_access") and \
                node == parent.child_by_field_name("object"):
            return ast.TypeName("Object")
        return None  # an argument's comes from the callee's parameters (``Executor.eval_args``)

    def expr_object_creation_expression(self, node):
        first = _named(node)[0]
        outer = None if first.type in ("type_identifier", "scoped_type_identifier", "generic_type",
                                       "type_arguments") else self.expr(first)
        supertype = self.type(node.child_by_field_name("type"))
        body = next((c for c in _named(node) if c.type == "class_body"), None)
        return ast.New(_line(node), supertype, self.args(node.child_by_field_name("arguments")),
                       outer, self.anonymous_class(body, supertype) if body is not None else None)

    def expr_assignment_expression(self, node):
        return ast.Assign(_line(node), _text(node.child_by_field_name("operator")),
                          self.expr(node.child_by_field_name("left")),
                          self.expr(node.child_by_field_name("right")))

    def expr_binary_expression(self, node):
        return ast.Binary(_line(node), _text(node.child_by_field_name("operator")),
                          self.expr(node.child_by_field_name("left")),
                          self.expr(node.child_by_field_name("right")))

    def expr_unary_expression(self, node):
        return ast.Unary(_line(node), _text(node.child_by_field_name("operator")),
                         self.expr(node.child_by_field_name("operand")))

    def expr_update_expression(self, node):
        first = node.children[0]
        prefix = first.type in ("++", "--")
        op = first.type if prefix else node.children[1].type
        if prefix:
            return ast.Update(_line(node), op, True, self.expr(_named(node)[0]))
        return self._postfix(_named(node)[0], op, _line(node))

    def _postfix(self, operand: Node, op: str, line: int) -> ast.Expr:
        """tree-sitter-java reads ``(byte) x++`` and ``-x++`` as ``((byte) x)++`` and
        ``(-x)++``; Java binds the postfix operator tighter: ``(byte) (x++)``, ``-(x++)``."""
        if operand.type == "cast_expression" and len(operand.children_by_field_name("type")) == 1:
            return ast.Cast(line, self.type(operand.child_by_field_name("type")),
                            self._postfix(operand.child_by_field_name("value"), op, line))
        if operand.type == "unary_expression":
            return ast.Unary(line, _text(operand.child_by_field_name("operator")),
                             self._postfix(operand.child_by_field_name("operand"), op, line))
        return ast.Update(line, op, False, self.expr(operand))

    def expr_cast_expression(self, node):
        types = node.children_by_field_name("type")
        if len(types) != 1:
            return ast.UnsupportedExpr(_line(node), "intersection cast")
        return ast.Cast(_line(node), self.type(types[0]), self.expr(node.child_by_field_name("value")))

    def expr_instanceof_expression(self, node):
        if node.child_by_field_name("pattern") is not None:
            return ast.UnsupportedExpr(_line(node), "record pattern")
        name = node.child_by_field_name("name")
        return ast.InstanceOf(_line(node), self.expr(node.child_by_field_name("left")),
                              self.type(node.child_by_field_name("right")),
                              _text(name) if name is not None else None)

    def expr_ternary_expression(self, node):
        return ast.Conditional(_line(node), self.expr(node.child_by_field_name("condition")),
                               self.expr(node.child_by_field_name("consequence")),
                               self.expr(node.child_by_field_name("alternative")))

    def expr_switch_expression(self, node):
        return ast.SwitchExpr(_line(node), self.switch(node, True))

    def expr_lambda_expression(self, node):
        params = node.child_by_field_name("parameters")
        if params.type == "identifier":
            typed = ((_text(params), None),)
        elif params.type == "inferred_parameters":
            typed = tuple((_text(p), None) for p in _named(params))
        else:
            typed = tuple((p.name, None if p.type.name == "var" else p.type)
                          for p in self.params(params))
        body = node.child_by_field_name("body")
        return ast.Lambda(_line(node), typed,
                          self.block(body) if body.type == "block" else self.expr(body),
                          " ".join(_text(node).split()))

    def expr_method_reference(self, node):
        target, name = _named(node)[0], _named(node)[-1]
        if target.type == "super":
            return ast.UnsupportedExpr(_line(node), "method reference to super")
        if any(c.type == "new" for c in node.children):
            return ast.UnsupportedExpr(_line(node), "constructor reference")
        is_type = target.type in ("generic_type", "array_type", "scoped_type_identifier",
                                  "type_identifier")
        return ast.MethodRef(_line(node), self.type(target) if is_type else self.expr(target),
                             _text(name), " ".join(_text(node).split()))

    def expr_class_literal(self, node):
        return ast.ClassLiteral(_line(node), self.type(_named(node)[0]))


_TYPE_KINDS = {
    "class_declaration": "class",
    "interface_declaration": "interface",
    "enum_declaration": "enum",
    "record_declaration": "record",
    "annotation_type_declaration": "annotation",
}

_UNSUPPORTED_STMTS = {
    "try_with_resources_statement": "try-with-resources",
    "record_declaration": "local record",
    "interface_declaration": "local interface",
    "enum_declaration": "local enum",
}

_UNSUPPORTED_EXPRS = {
    "template_expression": "string template",
}
