"""Anonymous and local classes in the syntax tree: where a class's code declares them,
and which of the enclosing code's local variables each one captures.

The class table (``program``) makes each a class nested in the one whose code declares
it; a captured local becomes a final field of that class, set where an object is made, as
javac does (``val$name``; here the local's own name, which the class's code reads).
"""
from __future__ import annotations

from dataclasses import dataclass

from pytest_boundcheck.frontend import javaast as ast


@dataclass(frozen=True)
class Site:
    """An anonymous or local class, as the code around it sees it."""
    body: ast.TypeDecl
    args: int  # the arguments of ``new T(...) { ... }``, passed to T's constructor (0: local)
    static: bool  # declared in a static context: no enclosing instance
    type_params: tuple[tuple[str, ast.TypeName | None], ...]  # of the enclosing method
    captured: tuple[tuple[str, ast.TypeName], ...]  # locals the body reads, with their types


def sites(decl: ast.TypeDecl) -> list[Site]:
    """The anonymous and local classes the code of ``decl`` itself declares (those nested
    in them are theirs), in source order."""
    scopes = [("static" in m.modifiers, m.type_params, m.params, m.body)
              for m in decl.methods + decl.constructors]
    scopes += [("static" in f.modifiers or decl.kind == "interface", (), (), f.init)
               for f in decl.fields if f.init is not None]
    scopes += [(i.static, (), (), i.body) for i in decl.initializers]
    scopes += [(True, (), (), c.args) for c in decl.constants]
    found = []
    for static, type_params, params, code in scopes:
        nodes = list(ast.walk(code))
        local = {p.name: p.type for p in params}
        local.update(_declared(nodes))
        for node in nodes:
            if isinstance(node, ast.New) and node.body is not None or isinstance(node, ast.LocalClass):
                body, args = (node.body, len(node.args)) if isinstance(node, ast.New) else (node.decl, 0)
                used = _names_used(body) - {f.name for f in body.fields}
                found.append(Site(body, args, static, type_params,
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
    """The simple names the body's code reads, that of the classes nested in it included."""
    used, pending = set(), [body]
    while pending:
        decl = pending.pop()
        pending.extend(decl.members)
        for node in ast.walk([decl.methods, decl.constructors, decl.fields, decl.initializers]):
            if isinstance(node, ast.Name):
                used.add(node.name)
            elif isinstance(node, ast.New) and node.body is not None:
                pending.append(node.body)
            elif isinstance(node, ast.LocalClass):
                pending.append(node.decl)
    return used
