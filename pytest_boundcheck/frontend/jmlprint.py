"""JML specifications printed back as text, in one canonical form: every binary operation
in parentheses, quantifiers with an explicit (possibly empty) range, synonyms by their
canonical keyword. Two annotations that parse alike print alike, so that a message can
quote the clause a check is about and tests can say what a tree is in one line."""
from __future__ import annotations

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.frontend.javaast import TypeName


def show_type(type_: TypeName) -> str:
    return type_.name + "[]" * type_.dims


def show(node: j.Node | None) -> str:
    """An expression or a location."""
    if node is None:
        return ""
    kind = type(node)
    if kind in _SIMPLE:
        return _SIMPLE[kind](node)
    if kind is j.Literal:
        return _literal(node)
    if kind is j.Quantified:
        variables = ", ".join(v.name for v in node.variables)
        return (f"(\\{node.quantifier} {show_type(node.variables[0].type)} {variables}; "
                f"{show(node.range)}; {show(node.body)})")
    if kind is j.Reach:
        extra = "".join(f", {part}" for part in (node.type and show_type(node.type), node.field)
                        if part)
        return f"\\reach({show(node.root)}{extra})"
    if kind is j.ArrayRange:
        inside = "*" if node.low is None else f"{show(node.low)}..{show(node.high)}"
        return f"{show(node.array)}[{inside}]"
    raise TypeError(f"not a JML expression: {node!r}")


def _literal(node: j.Literal) -> str:
    if node.kind == "boolean":
        return "true" if node.value else "false"
    if node.kind == "null":
        return "null"
    if node.kind == "string":
        return f'"{node.value}"'
    if node.kind == "char":
        return f"'{node.value}'"
    return f"{node.value}L" if node.kind == "long" else str(node.value)


def _call(node: j.Call) -> str:
    target = f"{show(node.target)}." if node.target is not None else ""
    return f"{target}{node.name}({', '.join(show(a) for a in node.args)})"


_SIMPLE = {
    j.Ident: lambda n: n.name,
    j.This: lambda n: "this",
    j.Result: lambda n: "\\result",
    j.Field: lambda n: f"{show(n.target)}.{n.name}",
    j.Index: lambda n: f"{show(n.array)}[{show(n.index)}]",
    j.Call: _call,
    j.Unary: lambda n: f"{n.op}{show(n.operand)}",
    j.Binary: lambda n: f"({show(n.left)} {n.op} {show(n.right)})",
    j.InstanceOf: lambda n: f"({show(n.expr)} instanceof {show_type(n.type)})",
    j.Cast: lambda n: f"(({show_type(n.type)}) {show(n.expr)})",
    j.Conditional: lambda n: f"({show(n.cond)} ? {show(n.then)} : {show(n.other)})",
    j.Old: lambda n: f"\\old({show(n.expr)}{', ' + n.label if n.label else ''})",
    j.NonNullElements: lambda n: f"\\nonnullelements({show(n.array)})",
    j.Fresh: lambda n: f"\\fresh({', '.join(show(e) for e in n.exprs)})",
    j.TypeOf: lambda n: f"\\typeof({show(n.expr)})",
    j.TypeLiteral: lambda n: f"\\type({show_type(n.type)})",
    j.NotSpecified: lambda n: "\\not_specified",
    j.UnsupportedExpr: lambda n: f"<unsupported {n.what}>",
    j.Nothing: lambda n: "\\nothing",
    j.Everything: lambda n: "\\everything",
    j.AllFields: lambda n: f"{show(n.target)}.*",
}


def show_clause(clause: j.Clause) -> str:
    kind = type(clause)
    if kind is j.PredicateClause:
        message = f" : {show(clause.message)}" if clause.message is not None else ""
        return f"{clause.kind} {show(clause.expr)}{message};"
    if kind is j.InvariantClause:
        modifiers = "".join(f"{m} " for m in (clause.visibility, "static" * clause.static) if m)
        return f"{modifiers}invariant {show(clause.expr)};"
    if kind is j.SignalsClause:
        variable = f" {clause.variable}" if clause.variable else ""
        predicate = f" {show(clause.expr)}" if clause.expr is not None else ""
        return f"signals ({show_type(clause.exception)}{variable}){predicate};"
    if kind is j.SignalsOnlyClause:
        names = ", ".join(show_type(t) for t in clause.exceptions) or "\\nothing"
        return f"signals_only {names};"
    if kind is j.AssignableClause:
        return f"assignable {', '.join(show(loc) for loc in clause.locations)};"
    return f"<unsupported {clause.kind}>"


def show_case(case: j.SpecCase) -> str:
    head = " ".join(part for part in (case.visibility, case.behavior) if part)
    return " ".join([head] + [show_clause(c) for c in case.clauses])


def show_spec(spec: j.DeclSpec) -> str:
    """One declaration's specification: ``method insert: pure | requires ...; also ...``."""
    parts = [" ".join(m.name for m in spec.modifiers)]
    cases = " also ".join(show_case(c) for c in spec.cases)
    parts.append(("also " if spec.also else "") + cases)
    parts.append(" ".join(show_clause(c) for c in spec.clauses))
    return f"{spec.kind} {spec.name}: " + " | ".join(parts)
