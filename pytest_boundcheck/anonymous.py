"""Anonymous classes in the syntax tree: where a class's code declares them, and which of
the enclosing code's local variables each one captures.

The class table (``program``) makes each a class nested in the one whose code creates it;
a captured local becomes a final field of that class, set where the object is made, as
javac does (``val$name``; here the local's own name, which the body's code reads).
"""
from __future__ import annotations

from dataclasses import dataclass

from . import javaast as ast


@dataclass(frozen=True)
class Site:
    """An anonymous class body, as the code around it sees it."""
    body: ast.TypeDecl
    args: int  # the arguments of ``new T(...) { ... }``, passed to T's constructor
    static: bool  # made in a static context: no enclosing instance
    type_params: tuple[tuple[str, ast.TypeName | None], ...]  # of the enclosing method
    captured: tuple[tuple[str, ast.TypeName], ...]  # locals the body reads, with their types


def sites(decl: ast.TypeDecl) -> list[Site]:
    """The anonymous classes the code of ``decl`` itself creates (those nested in them are
    theirs), in source order."""
    scopes = [(m, "static" in m.modifiers, m.type_params, m.params, m.body)
              for m in decl.methods + decl.constructors]
    scopes += [(f, "static" in f.modifiers or decl.kind == "interface", (), (), f.init)
               for f in decl.fields if f.init is not None]
    scopes += [(i, i.static, (), (), i.body) for i in decl.initializers]
    scopes += [(c, True, (), (), c.args) for c in decl.constants]
    found = []
    for _, static, type_params, params, code in scopes:
        nodes = list(ast.walk(code))
        local = {p.name: p.type for p in params}
        local.update(_declared(nodes))
        for node in nodes:
            if isinstance(node, ast.New) and node.body is not None:
                used = _names_used(node.body) - {f.name for f in node.body.fields}
                found.append(Site(node.body, len(node.args), static, type_params,
                                  tuple((n, t) for n, t in local.items() if n in used)))
    found.sort(key=lambda s: s.body.line)
    return found


def _declared(nodes: list) -> dict[str, ast.TypeName]:
    """Locals declared with a type (not ``var``) in the walked code."""
    declared = {}
    for n in nodes:
        if isinstance(n, (ast.LocalVar, ast.ForEach)) and n.type.name != "var":
            declared[n.name] = n.type
        elif isinstance(n, ast.Catch) and len(n.types) == 1:
            declared[n.name] = n.types[0]
        elif isinstance(n, ast.Lambda):
            declared.update((name, t) for name, t in n.params if t is not None)
    return declared


def _names_used(body: ast.TypeDecl) -> set[str]:
    """The simple names the body's code reads, nested anonymous classes' included."""
    used, pending = set(), [body]
    while pending:
        decl = pending.pop()
        for node in ast.walk([decl.methods, decl.constructors, decl.fields, decl.initializers]):
            if isinstance(node, ast.Name):
                used.add(node.name)
            elif isinstance(node, ast.New) and node.body is not None:
                pending.append(node.body)
    return used
