"""Parse stage, code: tree-sitter's statements and expressions -> ``javaast`` nodes.

A construct the engine cannot model yet becomes an ``Unsupported`` node, so that it costs
a skip only when a check reaches it. Every node gets the line and column where it starts.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from tree_sitter import Node

from pytest_boundcheck.frontend import javaast as ast

_COMMENTS = ("comment", "line_comment", "block_comment")
_CONDITIONS = ("if_statement", "while_statement", "do_statement", "for_statement",
               "ternary_expression")
_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
_PRIMITIVES = ("boolean", "byte", "short", "char", "int", "long", "float", "double")


def line_of(node: Node) -> int:
    return node.start_point.row + 1


def column_of(node: Node) -> int:
    """The 1-based column where the node starts (tree-sitter counts bytes from 0)."""
    return node.start_point.column + 1


def text_of(node: Node) -> str:
    return node.text.decode()


def _unparenthesized(node: Node) -> Node:
    """``node`` without the parentheses around it, however many."""
    while node.type == "parenthesized_expression":
        node = named_children(node)[0]
    return node


def _right_chain(node: Node, field_name: str) -> list[Node]:
    """``node`` and the nodes of its type nested in its ``field_name`` child, down to the
    first of another type (parentheses between them left out)."""
    chain = [node]
    while True:
        nested = chain[-1].child_by_field_name(field_name)
        nested = _unparenthesized(nested) if nested is not None else None
        if nested is None or nested.type != node.type:
            return chain
        chain.append(nested)


def named_children(node: Node) -> list[Node]:
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


class CodeConverter:
    """Statements and expressions; the declarations' part (types, parameters, modifiers,
    class bodies) is the subclass's (``parse._Converter``)."""

    # -- statements
    def block(self, node: Node) -> ast.Block:
        stmts: list[ast.Stmt] = []
        for child in named_children(node):
            stmts.extend(self.stmts(child))
        return ast.Block(line_of(node), tuple(stmts))

    def stmt(self, node: Node) -> ast.Stmt:
        out = self.stmts(node)
        return out[0] if len(out) == 1 else ast.Block(line_of(node), tuple(out))

    def stmts(self, node: Node) -> list[ast.Stmt]:
        """The statements of one node (a declaration of several locals gives one each), with
        its column."""
        column = column_of(node)
        return [s if s.column else replace(s, column=column) for s in self._stmts(node)]

    def _stmts(self, node: Node) -> list[ast.Stmt]:
        t, line = node.type, line_of(node)
        if t == "local_variable_declaration":
            type_ = self.type(node.child_by_field_name("type"))
            final = "final" in self.modifiers(node)
            return [ast.LocalVar(line_of(d), self.declarator_type(type_, d),
                                 text_of(d.child_by_field_name("name")), self.initializer(d), final)
                    for d in node.children_by_field_name("declarator")]
        method = getattr(self, "stmt_" + t, None)
        if method is not None:
            return [method(node)]
        return [ast.UnsupportedStmt(line, _UNSUPPORTED_STMTS.get(t, t.replace("_", " ")))]

    def stmt_block(self, node):
        return self.block(node)

    def stmt_class_declaration(self, node):
        return ast.LocalClass(line_of(node), self.type_decl(node))

    def stmt_constructor_body(self, node):
        return self.block(node)

    def stmt_expression_statement(self, node):
        return ast.ExprStmt(line_of(node), self.expr(named_children(node)[0]))

    def stmt_if_statement(self, node):
        """An ``else if`` chain nests as deep as it is long: walked in a loop."""
        chain = _right_chain(node, "alternative")
        last = chain[-1].child_by_field_name("alternative")
        result = self.stmt(last) if last is not None else None
        for link in reversed(chain):
            result = ast.If(line_of(link), self.expr(link.child_by_field_name("condition")),
                            self.stmt(link.child_by_field_name("consequence")), result,
                            column=column_of(link))
        return result

    def stmt_while_statement(self, node):
        return ast.Loop(line_of(node), (), self.expr(node.child_by_field_name("condition")), (),
                        self.stmt(node.child_by_field_name("body")))

    def stmt_do_statement(self, node):
        return ast.Loop(line_of(node), (), self.expr(node.child_by_field_name("condition")), (),
                        self.stmt(node.child_by_field_name("body")), test_first=False)

    def stmt_for_statement(self, node):
        init: list[ast.Stmt] = []
        for child in node.children_by_field_name("init"):
            if child.type == "local_variable_declaration":
                init.extend(self.stmts(child))
            else:
                init.append(ast.ExprStmt(line_of(child), self.expr(child)))
        cond = node.child_by_field_name("condition")
        return ast.Loop(line_of(node), tuple(init), self.expr(cond) if cond is not None else None,
                        tuple(self.expr(u) for u in node.children_by_field_name("update")),
                        self.stmt(node.child_by_field_name("body")))

    def stmt_enhanced_for_statement(self, node):
        type_ = self.type(node.child_by_field_name("type"))
        dims = node.child_by_field_name("dimensions")
        if dims is not None:
            type_ = ast.TypeName(type_.name, type_.dims + text_of(dims).count("["))
        return ast.ForEach(line_of(node), type_, text_of(node.child_by_field_name("name")),
                           self.expr(node.child_by_field_name("value")),
                           self.stmt(node.child_by_field_name("body")))

    def stmt_return_statement(self, node):
        value = named_children(node)[0] if named_children(node) else None
        return ast.Return(line_of(node), self.expr(value) if value is not None else None)

    def stmt_break_statement(self, node):
        label = named_children(node)[0] if named_children(node) else None
        return ast.Break(line_of(node), text_of(label) if label is not None else None)

    def stmt_continue_statement(self, node):
        label = named_children(node)[0] if named_children(node) else None
        return ast.Continue(line_of(node), text_of(label) if label is not None else None)

    def stmt_throw_statement(self, node):
        return ast.Throw(line_of(node), self.expr(named_children(node)[0]))

    def stmt_try_statement(self, node):
        catches, final = [], None
        for child in named_children(node):
            if child.type == "catch_clause":
                param = next(c for c in named_children(child) if c.type == "catch_formal_parameter")
                catch_type = next(c for c in named_children(param) if c.type == "catch_type")
                catches.append(ast.Catch(tuple(self.type(t) for t in named_children(catch_type)),
                                         text_of(param.child_by_field_name("name")),
                                         self.block(child.child_by_field_name("body"))))
            elif child.type == "finally_clause":
                final = self.block(named_children(child)[-1])
        return ast.Try(line_of(node), self.block(node.child_by_field_name("body")), tuple(catches), final)

    def stmt_switch_expression(self, node):
        return self.switch(node, False)

    def switch(self, node: Node, is_expr: bool) -> ast.Switch:
        return ast.Switch(line_of(node), self.expr(node.child_by_field_name("condition")),
                          self.switch_cases(node.child_by_field_name("body"), is_expr))

    def stmt_yield_statement(self, node):
        return ast.Yield(line_of(node), self.expr(named_children(node)[0]))

    def stmt_synchronized_statement(self, node):
        lock = next(c for c in named_children(node) if c.type == "parenthesized_expression")
        return ast.Synchronized(line_of(node), self.expr(lock), self.block(node.child_by_field_name("body")))

    def switch_cases(self, body: Node, is_expr: bool) -> tuple[ast.SwitchCase, ...]:
        """A switch block's rules (``case ... ->``) or statement groups (``case ...:``);
        consecutive labels of one group become one case."""
        cases = []
        for child in named_children(body):
            if child.type not in ("switch_rule", "switch_block_statement_group"):
                continue
            labels, default, stmts = [], False, []
            for part in named_children(child):
                if part.type == "switch_label":
                    default |= self.switch_label(part, labels)
                else:
                    stmts.extend(self.stmts(part))
            arrow = child.type == "switch_rule"
            if arrow and is_expr and len(stmts) == 1 and isinstance(stmts[0], ast.ExprStmt):
                stmts = [ast.Yield(stmts[0].line, stmts[0].expr)]
            cases.append(ast.SwitchCase(line_of(child), tuple(labels), default, arrow, tuple(stmts)))
        return tuple(cases)

    def switch_label(self, node: Node, labels: list[ast.Expr]) -> bool:
        """Adds the label's constants and patterns to ``labels``; True for ``default``."""
        default = any(c.type == "default" for c in node.children)
        for part in named_children(node):
            if part.type == "identifier" and text_of(part) == "default":
                default = True
            elif part.type == "guard":
                labels.append(ast.UnsupportedExpr(line_of(part), "switch case guard (when)"))
            elif part.type == "pattern":
                pattern = named_children(part)[0]
                if pattern.type != "type_pattern":
                    labels.append(ast.UnsupportedExpr(line_of(part), "record pattern"))
                    continue
                type_, name = named_children(pattern)
                labels.append(ast.TypePattern(line_of(part), self.type(type_), text_of(name)))
            else:
                labels.append(self.expr(part))
        return default

    def stmt_assert_statement(self, node):
        parts = named_children(node)
        return ast.Assert(line_of(node), self.expr(parts[0]),
                          self.expr(parts[1]) if len(parts) > 1 else None)

    def stmt_labeled_statement(self, node):
        label = text_of(named_children(node)[0])
        inner = self.stmt(named_children(node)[-1])
        if isinstance(inner, (ast.Loop, ast.ForEach)):
            return replace(inner, label=label)
        return ast.Labeled(line_of(node), label, inner)

    def stmt_explicit_constructor_invocation(self, node):
        kind = node.child_by_field_name("constructor")
        if node.child_by_field_name("object") is not None or kind.type not in ("this", "super"):
            return ast.UnsupportedStmt(line_of(node), "qualified constructor call")
        return ast.CtorCall(line_of(node), kind.type, self.args(node.child_by_field_name("arguments")))

    # -- expressions
    def args(self, node: Node) -> tuple[ast.Expr, ...]:
        return tuple(self.expr(a) for a in named_children(node))

    def expr(self, node: Node) -> ast.Expr:
        method = getattr(self, "expr_" + node.type, None)
        if method is None:
            what = _UNSUPPORTED_EXPRS.get(node.type, node.type.replace("_", " "))
            return ast.UnsupportedExpr(line_of(node), what, column=column_of(node))
        found = method(node)
        return found if found.column else replace(found, column=column_of(node))

    def expr_array_access(self, node):
        return ast.ArrayAccess(line_of(node), self.expr(node.child_by_field_name("array")),
                               self.expr(node.child_by_field_name("index")))

    def expr_array_initializer(self, node):
        return ast.ArrayInit(line_of(node), self.args(node))

    def expr_array_creation_expression(self, node):
        element = self.type(node.child_by_field_name("type"))
        dims = node.children_by_field_name("dimensions")
        lengths = tuple(self.expr(named_children(d)[0]) for d in dims if d.type == "dimensions_expr")
        total = len(lengths) + sum(text_of(d).count("[") for d in dims if d.type == "dimensions")
        value = node.child_by_field_name("value")
        return ast.NewArray(line_of(node), ast.TypeName(element.name, element.dims + total), lengths,
                            self.expr(value) if value is not None else None)

    def expr_parenthesized_expression(self, node):
        return self.expr(_unparenthesized(node))

    def _integer(self, node):
        kind, value = _integer_value(text_of(node))
        return ast.Literal(line_of(node), kind, value)

    expr_decimal_integer_literal = expr_hex_integer_literal = _integer
    expr_octal_integer_literal = expr_binary_integer_literal = _integer

    def _floating(self, node):
        kind, value = _floating_value(text_of(node))
        return ast.Literal(line_of(node), kind, value)

    expr_decimal_floating_point_literal = expr_hex_floating_point_literal = _floating

    def expr_character_literal(self, node):
        return ast.Literal(line_of(node), "char", ord(_unescape(text_of(node)[1:-1])))

    def expr_string_literal(self, node):
        text = text_of(node)
        if text.startswith('"""'):
            return ast.UnsupportedExpr(line_of(node), "text block")
        return ast.Literal(line_of(node), "string", _unescape(text[1:-1]))

    def expr_true(self, node):
        return ast.Literal(line_of(node), "boolean", True)

    def expr_false(self, node):
        return ast.Literal(line_of(node), "boolean", False)

    def expr_null_literal(self, node):
        return ast.Literal(line_of(node), "null", None)

    def expr_identifier(self, node):
        return ast.Name(line_of(node), text_of(node))

    def expr_this(self, node):
        return ast.This(line_of(node))

    def expr_field_access(self, node):
        obj, field = node.child_by_field_name("object"), node.child_by_field_name("field")
        if field.type == "this":
            return ast.This(line_of(node), text_of(obj))
        if obj.type == "super":
            return ast.FieldAccess(line_of(node), None, text_of(field), is_super=True)
        return ast.FieldAccess(line_of(node), self.expr(obj), text_of(field))

    def expr_method_invocation(self, node):
        """A chain ``b.append(x).append(y)...`` (a generated ``toString``) nests as deep
        as it is long: its calls are converted in a loop, the innermost first."""
        spine = [node]
        while (target := spine[-1].child_by_field_name("object")) is not None \
                and target.type == "method_invocation":
            spine.append(target)
        result = self._invocation(spine.pop())
        for link in reversed(spine):
            result = self._invocation(link, result)
        return result

    def _invocation(self, node: Node, target: ast.Expr | None = None) -> ast.Expr:
        """The call ``node``, on ``target`` if converted already."""
        obj = node.child_by_field_name("object")
        name = text_of(node.child_by_field_name("name"))
        args = self.args(node.child_by_field_name("arguments"))
        text = " ".join(text_of(node).split())
        if obj is not None and obj.type == "super":
            return ast.MethodCall(line_of(node), None, name, args, is_super=True, text=text)
        if any(c.type == "super" for c in node.children) and obj is not None:
            return ast.MethodCall(line_of(node), None, name, args, is_super=True, text=text,
                                  super_of=ast.TypeName(text_of(obj)))
        if target is None and obj is not None:
            target = self.expr(obj)
        return ast.MethodCall(line_of(node), target, name, args, text=text,
                              context=self.context_type(node), column=column_of(node))

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
        if kind == "unary_expression" and text_of(parent.child_by_field_name("operator")) == "!":
            return ast.TypeName("boolean")
        if kind == "binary_expression":
            op = text_of(parent.child_by_field_name("operator"))
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
        first = named_children(node)[0]
        outer = None if first.type in ("type_identifier", "scoped_type_identifier", "generic_type",
                                       "type_arguments") else self.expr(first)
        supertype = self.type(node.child_by_field_name("type"))
        body = next((c for c in named_children(node) if c.type == "class_body"), None)
        return ast.New(line_of(node), supertype, self.args(node.child_by_field_name("arguments")),
                       outer, self.anonymous_class(body, supertype) if body is not None else None)

    def expr_assignment_expression(self, node):
        return ast.Assign(line_of(node), text_of(node.child_by_field_name("operator")),
                          self.expr(node.child_by_field_name("left")),
                          self.expr(node.child_by_field_name("right")))

    def expr_binary_expression(self, node):
        """A chain ``a + b + ... + z`` is a tree as deep as it is long (generated SQL, a big
        ``toString``): its left spine is walked in a loop, never by recursion."""
        spine = []
        while node.type == "binary_expression":
            spine.append(node)
            node = _unparenthesized(node.child_by_field_name("left"))
        result = self.expr(node)
        for link in reversed(spine):
            result = ast.Binary(line_of(link), text_of(link.child_by_field_name("operator")),
                                result, self.expr(link.child_by_field_name("right")),
                                column=column_of(link))
        return result

    def expr_unary_expression(self, node):
        return ast.Unary(line_of(node), text_of(node.child_by_field_name("operator")),
                         self.expr(node.child_by_field_name("operand")))

    def expr_update_expression(self, node):
        first = node.children[0]
        prefix = first.type in ("++", "--")
        op = first.type if prefix else node.children[1].type
        if prefix:
            return ast.Update(line_of(node), op, True, self.expr(named_children(node)[0]))
        return self._postfix(named_children(node)[0], op, line_of(node))

    def _postfix(self, operand: Node, op: str, line: int) -> ast.Expr:
        """tree-sitter-java reads ``(byte) x++`` and ``-x++`` as ``((byte) x)++`` and
        ``(-x)++``; Java binds the postfix operator tighter: ``(byte) (x++)``, ``-(x++)``."""
        if operand.type == "cast_expression" and len(operand.children_by_field_name("type")) == 1:
            return ast.Cast(line, self.type(operand.child_by_field_name("type")),
                            self._postfix(operand.child_by_field_name("value"), op, line))
        if operand.type == "unary_expression":
            return ast.Unary(line, text_of(operand.child_by_field_name("operator")),
                             self._postfix(operand.child_by_field_name("operand"), op, line))
        return ast.Update(line, op, False, self.expr(operand))

    def expr_cast_expression(self, node):
        types = node.children_by_field_name("type")
        if len(types) != 1:
            return ast.UnsupportedExpr(line_of(node), "intersection cast")
        return ast.Cast(line_of(node), self.type(types[0]), self.expr(node.child_by_field_name("value")))

    def expr_instanceof_expression(self, node):
        if node.child_by_field_name("pattern") is not None:
            return ast.UnsupportedExpr(line_of(node), "record pattern")
        name = node.child_by_field_name("name")
        return ast.InstanceOf(line_of(node), self.expr(node.child_by_field_name("left")),
                              self.type(node.child_by_field_name("right")),
                              text_of(name) if name is not None else None)

    def expr_ternary_expression(self, node):
        """``a ? x : b ? y : ... : z`` nests as deep as it is long: walked in a loop."""
        chain = _right_chain(node, "alternative")
        result = self.expr(chain[-1].child_by_field_name("alternative"))
        for link in reversed(chain):
            result = ast.Conditional(line_of(link), self.expr(link.child_by_field_name("condition")),
                                     self.expr(link.child_by_field_name("consequence")), result,
                                     column=column_of(link))
        return result

    def expr_switch_expression(self, node):
        return ast.SwitchExpr(line_of(node), self.switch(node, True))

    def expr_lambda_expression(self, node):
        params = node.child_by_field_name("parameters")
        if params.type == "identifier":
            typed = ((text_of(params), None),)
        elif params.type == "inferred_parameters":
            typed = tuple((text_of(p), None) for p in named_children(params))
        else:
            typed = tuple((p.name, None if p.type.name == "var" else p.type)
                          for p in self.params(params))
        body = node.child_by_field_name("body")
        return ast.Lambda(line_of(node), typed,
                          self.block(body) if body.type == "block" else self.expr(body),
                          " ".join(text_of(node).split()))

    def expr_method_reference(self, node):
        target, name = named_children(node)[0], named_children(node)[-1]
        if target.type == "super":
            return ast.UnsupportedExpr(line_of(node), "method reference to super")
        if any(c.type == "new" for c in node.children):
            return ast.UnsupportedExpr(line_of(node), "constructor reference")
        is_type = target.type in ("generic_type", "array_type", "scoped_type_identifier",
                                  "type_identifier")
        return ast.MethodRef(line_of(node), self.type(target) if is_type else self.expr(target),
                             text_of(name), " ".join(text_of(node).split()))

    def expr_class_literal(self, node):
        return ast.ClassLiteral(line_of(node), self.type(named_children(node)[0]))


_UNSUPPORTED_STMTS = {
    "try_with_resources_statement": "try-with-resources",
    "record_declaration": "local record",
    "interface_declaration": "local interface",
    "enum_declaration": "local enum",
}

_UNSUPPORTED_EXPRS = {
    "template_expression": "string template",
}
