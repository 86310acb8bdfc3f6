"""Lambdas and method references as values.

A lambda or method reference evaluates to an object of the class ``jdk.LAMBDA`` whose
``content`` is a ``Closure``. Calling an abstract method on it (``compare``, ``apply``,
``applyAsInt``, ``test``, a project interface's own...) runs the closure as a method of
its own, inlined by the executor like any other call, so all of Java's semantics apply to
its body. Library models (``models.java_util.comparators``) make closures that run a
model instead.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.jdk import LAMBDA
from pytest_boundcheck.frontend.types import VOID, ClassInfo, JType, MethodInfo, Param, PrimType
from pytest_boundcheck.symex.values import HeapObj, Prim, Ref, Value, ref_to


@dataclass(frozen=True, eq=False)
class Closure:
    """What a lambda object runs. ``method(ex, state, args, return_type, line)`` gives the
    method to inline for a call with these arguments, its receiver, its arguments (a
    lambda passes what it captured first) and the state after casting them.
    ``arities``: the numbers of arguments it accepts (a method reference may fit more
    than one interface). ``kind`` and ``parts`` let a library model recognise its own
    comparators (``nullsFirst`` overrides ``thenComparing``). A model's closure has no
    method but a ``model(m, state, *args, line)``, which gives (value, state)."""
    text: str
    arities: frozenset[int]
    method: Callable[..., tuple[MethodInfo, Ref | None, list[Value], object]] | None
    kind: str = "lambda"
    parts: tuple = ()
    model: Callable | None = None


def new_closure(ex, closure: Closure) -> Ref:
    cls = ex.program.classes[LAMBDA]
    return ref_to(cls, ex.heap_object(cls, closure.text, "closure", content=closure), ex.ctx)


def is_closure(obj: HeapObj | None) -> bool:
    return obj is not None and obj.kind == "closure"


def invoke(ex, state, obj: HeapObj, sam: MethodInfo, args: list[Value], line: int):
    """``obj.sam(args)`` for a closure object: (value, state, site) as ``ex.invoke`` gives.
    Primitive arguments are converted to the interface method's parameter types."""
    converted = []
    for p, a in zip(sam.params, args):
        if isinstance(p.type, PrimType) or isinstance(a, Prim):
            a, state = ex.assign_convert(state, a, p.type, line)
        converted.append(a)
    closure: Closure = obj.content
    if len(args) not in closure.arities:
        ex.unsupported(state, f"{closure.text} called with {len(args)} arguments", line)
    if closure.model is not None:
        value, state = closure.model(ex.model_context, state, *converted, line)
        return value, state, ex.site("Comparator.compare")
    method, this, bound, state = closure.method(ex, state, converted, sam.return_type, line)
    return ex.invoke(method, this, bound, state, line)


# ------------------------------------------------------------------ lambdas

def lambda_value(ex, expr: ast.Lambda, state):
    """A lambda captures the locals in scope (effectively final, so their values now) and
    ``this``; its parameters take declared types or, inferred, the arguments' own."""
    frame = ex.frame
    captured = dict(state.env)
    declared = [(name, ex.resolve_type(t) if t is not None else None) for name, t in expr.params]
    body = expr.body

    def method(ex, state, args, return_type, line):
        block = body if isinstance(body, ast.Block) else ast.Block(expr.line, (
            _returning(expr.line, body, return_type),))
        args, state = _cast(ex, state, [t for _, t in declared], args, line)
        params = [(n, v.type) for n, v in captured.items()] + [
            (n, a.type) for (n, _), a in zip(declared, args)]
        return (_synthetic(frame, expr.line, params, return_type, block), frame.this,
                list(captured.values()) + args, state)

    return new_closure(ex, Closure(expr.text, frozenset({len(expr.params)}), method)), state


def _returning(line: int, value: ast.Expr, return_type: JType) -> ast.Stmt:
    """An expression body: its value is returned, or dropped for a void method."""
    return ast.ExprStmt(line, value) if return_type is VOID else ast.Return(line, value)


def _cast(ex, state, types: list[JType | None], args: list[Value], line: int):
    """Arguments converted to declared parameter types: a reference is cast (the class
    the compiler makes of a lambda casts what its interface method receives)."""
    out = []
    for k, a in enumerate(args):
        t = types[k] if k < len(types) else None
        if isinstance(t, ClassInfo) and isinstance(a, Ref):
            a, state = ex.check_cast(state, a, t, line)
        elif t is not None:
            a, state = ex.assign_convert(state, a, t, line)
        out.append(a)
    return out, state


def _synthetic(frame, line: int, params: list[tuple[str, JType]], return_type: JType,
               body: ast.Block) -> MethodInfo:
    """The method the compiler would make of a lambda body, in the class that holds it."""
    decl = ast.MethodDecl(frozenset(), (), None, f"lambda${line}", (), body, line, end_line=line)
    return MethodInfo(decl.name, frame.cls, [Param(t, n) for n, t in params], return_type,
                      static=frame.this is None, decl=decl,
                      type_vars=frame.method.type_vars if frame.method else {})


# --------------------------------------------------------- method references

def method_ref_value(ex, expr: ast.MethodRef, state):
    """``Type::method`` (a static method, or an instance method of the first argument) or
    ``expr::method`` (the expression is evaluated now; null throws NullPointerException).
    Each call runs as the lambda the compiler would write: ``(a, b) -> Type.m(a, b)``,
    ``(a, b) -> a.m(b)`` or ``(a) -> receiver.m(a)``."""
    frame = ex.frame
    owner = ex.resolve_type(expr.target) if isinstance(expr.target, ast.TypeName) \
        else ex.type_named(expr.target, state)
    receiver = None
    if owner is None:
        receiver, state = ex.eval(expr.target, state)
        if isinstance(receiver, Prim) or not isinstance(receiver.type, ClassInfo):
            ex.unsupported(state, f"method reference on a {receiver.type} value", expr.line)
        state = ex.null_check(state, receiver, expr.line)
        owner = receiver.type
    if not isinstance(owner, ClassInfo):
        ex.unsupported(state, f"method reference {expr.text}", expr.line)
    methods = ex.program.methods_named(owner, expr.name)
    if not methods:
        ex.unsupported(state, f"method reference {expr.text} (no model of this method)", expr.line)
    if receiver is not None:
        arities = {len(m.params) for m in methods if not m.static}
    else:
        arities = {len(m.params) + (not m.static) for m in methods}
    static = [m for m in methods if m.static]

    def method(ex, state, args, return_type, line):
        names = [f"#{k}" for k in range(len(args))]
        if receiver is not None:
            names, args = ["#receiver"] + names, [receiver] + args
            target, rest = ast.Name(expr.line, "#receiver"), names[1:]
        elif ex.program.select_method(static, [a.type for a in args]) is not None:
            target, rest = _type_expr(expr.line, owner), names
        else:  # an instance method of the first argument, which is cast to the type
            args, state = _cast(ex, state, [owner], args, line)
            target, rest = ast.Name(expr.line, names[0]), names[1:]
        call = ast.MethodCall(expr.line, target, expr.name,
                              tuple(ast.Name(expr.line, n) for n in rest), text=expr.text)
        block = ast.Block(expr.line, (_returning(expr.line, call, return_type),))
        params = [(n, a.type) for n, a in zip(names, args)]
        return _synthetic(frame, expr.line, params, return_type, block), frame.this, args, state

    return new_closure(ex, Closure(expr.text, frozenset(arities), method)), state


def _type_expr(line: int, cls: ClassInfo) -> ast.Expr:
    """An expression naming a class, as a qualified call's target."""
    parts = cls.fqname.split(".")
    expr: ast.Expr = ast.Name(line, parts[0])
    for part in parts[1:]:
        expr = ast.FieldAccess(line, expr, part)
    return expr
