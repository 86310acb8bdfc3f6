"""Expressions: literals, this, names and fields, assignment and its conversions, lambdas
and method references.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend import jdk
from pytest_boundcheck.frontend.types import (
    BOOLEAN,
    CHAR,
    DOUBLE,
    FLOAT,
    INT,
    LONG,
    NULL,
    ClassInfo,
    FieldInfo,
    JType,
    PrimType,
    type_name,
)
from pytest_boundcheck.symex import lambdas as functional
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.boxes import BOXES
from pytest_boundcheck.symex.runtime_types import dotted, holding
from pytest_boundcheck.symex.state import State
from pytest_boundcheck.symex.values import DeadPath, Prim, Ref, Value, merge_values, ref_to


class ExpressionsMixin:
    """The executor's expressions other than operators and calls (``Executor``)."""

    def eval_to(self, expr: ast.Expr, t: JType, state: State, line: int) -> tuple[Value, State]:
        """An initialiser, converted to the declared type ``t``; an array initialiser
        ``{...}`` makes an array of that type."""
        if isinstance(expr, ast.ArrayInit) and isinstance(t, ClassInfo) and t.element is not None:
            return self.array_init(state, t, expr)
        value, state = self.eval(expr, state)
        return self.assign_convert(state, value, t, line)

    def eval_cond(self, expr: ast.Expr, state: State) -> tuple[z3.BoolRef, State]:
        v, state = self.eval(expr, state)
        v, state = self.unboxed(state, v, expr.line)
        if v.type is not BOOLEAN:
            self.unsupported(state, f"a {v.type} condition", expr.line)
        return v.term, state

    def _eval_Literal(self, expr: ast.Literal, state: State):
        if expr.kind == "null":
            return ref_to(NULL, None, self.ctx), state
        if expr.kind == "string":
            return self.string_literal(expr.value), state
        return semantics.constant(self.ctx, _LITERAL_TYPES[expr.kind], expr.value), state

    def _eval_UnsupportedExpr(self, expr: ast.UnsupportedExpr, state: State):
        self.unsupported(state, expr.what, expr.line, column=expr.column)

    def _eval_This(self, expr: ast.This, state: State):
        if self.frame.this is None:
            self.unsupported(state, "'this' in a static context", expr.line)
        if not expr.qualifier:
            return self.frame.this, state
        c = self.frame.cls
        while c is not None and c.simple_name.rpartition(".")[2] != expr.qualifier.rpartition(".")[2]:
            c = c.outer
        if c is None:
            self.unsupported(state, f"{expr.qualifier}.this (no enclosing class of that name)", expr.line)
        return self.enclosing(state, c, expr.line)

    def enclosing(self, state: State, cls: ClassInfo, line: int) -> tuple[Ref, State]:
        """The innermost instance of ``cls`` (or a subclass) that ``this`` is, or encloses:
        ``Outer.this``, and the object an outer class's field or method is used on from an
        inner class's code, through each inner class's enclosing instance (``this$0``)."""
        c, ref = self.frame.cls, self.frame.this
        if ref is None:
            self.unsupported(state, f"{cls.simple_name}'s instance from a static context", line)
        while not c.is_subtype_of(cls):
            if c.enclosing_field is None:
                self.unsupported(state, f"{cls.simple_name}'s instance from {c.simple_name}, "
                                        "which has no enclosing instance", line)
            ref, state = self.read_field(state, ref, c.enclosing_field, line)
            c = c.outer
        return ref, state

    def _eval_ClassLiteral(self, expr: ast.ClassLiteral, state: State):
        t = self.resolve_type(expr.type)
        if not isinstance(t, ClassInfo):
            self.unsupported(state, "class literal of a primitive type", expr.line)
        return ref_to(self.program.classes["java.lang.Class"], self.class_object(t), self.ctx), state

    # -- names and fields
    def _eval_Name(self, expr: ast.Name, state: State):
        if expr.name in state.env:
            return state.env[expr.name], state
        fld = self.field_in_scope(expr.name)
        if fld is None:
            self.unsupported(state, f"'{expr.name}' (no model of a class or field of that name)",
                             expr.line)
        if fld.static:
            return self.static_value(fld, state, expr.line), state
        holder, state = self.enclosing(state, fld.owner, expr.line)
        return self.read_field(state, holder, fld, expr.line)

    def field_in_scope(self, name: str) -> FieldInfo | None:
        c: ClassInfo | None = self.frame.cls
        while c is not None:
            fld = c.lookup_field(name)
            if fld is not None:
                return fld
            c = c.outer
        imported = self.program.statically_imported(name, self.frame.cls,
                                                    lambda owner: owner.lookup_field(name))
        return imported.lookup_field(name) if imported is not None else None

    def type_named(self, expr: ast.Expr, state: State) -> ClassInfo | None:
        """The class an expression names when it is a type, not a value (``Integer.MAX_VALUE``)."""
        name = dotted(expr)
        if name is None:
            return None
        head = name.partition(".")[0]
        if head in state.env or self.field_in_scope(head) is not None:
            return None
        return self.program.lookup_class(name, self.frame.cls)

    def _eval_FieldAccess(self, expr: ast.FieldAccess, state: State):
        if expr.is_super:
            fld = self.frame.cls.superclass.lookup_field(expr.name) if self.frame.cls.superclass else None
            if fld is None:
                self.unsupported(state, f"unknown field super.{expr.name}", expr.line)
            if fld.static:
                return self.static_value(fld, state, expr.line), state
            return self.read_field(state, self.frame.this, fld, expr.line)
        owner = self.type_named(expr.target, state)
        if owner is not None:
            fld = owner.lookup_field(expr.name)
            if fld is None or not fld.static:
                self.unsupported(state, f"field {owner.simple_name}.{expr.name}", expr.line)
            return self.static_value(fld, state, expr.line), state
        target, state = self.eval(expr.target, state)
        if isinstance(target, Ref) and isinstance(target.type, ClassInfo) \
                and target.type.element is not None and expr.name == "length":
            return self.array_length(state, target, expr.line)
        fld = self.field_of(target, expr.name, state, expr.line)
        if fld.static:
            return self.static_value(fld, state, expr.line), state
        return self.read_field(state, target, fld, expr.line)

    def field_of(self, target: Value, name: str, state: State, line: int) -> FieldInfo:
        if isinstance(target, Prim) or not isinstance(target.type, ClassInfo):
            self.unsupported(state, f"field '{name}' of a {type_name(target.type)} value", line)
        fld = target.type.lookup_field(name)
        if fld is None:
            self.unsupported(state, f"field {type_name(target.type)}.{name}", line)
        return fld

    def null_check(self, state: State, ref: Ref, line: int) -> State:
        return self.throw(state, ref.null_guard(), "java.lang.NullPointerException", line)

    def read_field(self, state: State, target: Ref, fld: FieldInfo, line: int) -> tuple[Value, State]:
        state = self.null_check(state, target, line)
        self.fields_read.add(fld)
        cases = holding(target, fld)
        if not cases:
            raise DeadPath
        if len(cases) == 1:  # the path has ruled out every other object
            return self.read(state, cases[0][1], fld), state
        pairs = [(g, self.read(state, obj, fld)) for g, obj in cases]
        return merge_values(self.ctx, fld.type, pairs), state

    def write_field(self, state: State, target: Ref, fld: FieldInfo, value: Value, line: int) -> State:
        state = self.null_check(state, target, line)
        cases = holding(target, fld)
        heap = dict(state.heap)
        value = self.named(value, fld.name)
        for g, obj in cases:
            if obj.kind == "enum" and self.enum_trouble(obj.cls) is not None:
                self._enum_unsupported(state, obj.cls)
            if len(cases) == 1:
                heap[(obj, fld)] = value
            else:
                old = self.read(state, obj, fld)
                heap[(obj, fld)] = merge_values(self.ctx, fld.type, [(g, value), (self.true, old)])
        return State(state.guard, state.env, heap)

    # -- assignment
    def _eval_Assign(self, expr: ast.Assign, state: State):
        read, write, state = self.lvalue(expr.target, state)
        if expr.op == "=":
            assigned = self._typed_call(expr.value, self._assigned_type(expr.target, state))
            value, state = self.eval(assigned, state)
        else:
            old, state = read(state)
            rhs, state = self.eval(expr.value, state)
            value, state = self.binary(expr.op[:-1], old, rhs, state, expr.line)
            narrow = jdk.unboxed_type(old.type)
            if narrow is not None:
                value = semantics.convert(value, narrow)  # compound assignment narrows
        return write(state, value)

    def _eval_Update(self, expr: ast.Update, state: State):
        read, write, state = self.lvalue(expr.target, state)
        old, state = read(state)
        value, state = self.unboxed(state, old, expr.line)
        new = semantics.add_one(value, 1 if expr.op == "++" else -1)
        stored, state = write(state, new)
        return (stored if expr.prefix else old), state

    def _assigned_type(self, target: ast.Expr, state: State) -> JType | None:
        """The declared type of a local or field named alone, or of ``this.field``, else
        None."""
        if isinstance(target, ast.FieldAccess) and isinstance(target.target, ast.This) \
                and target.target.qualifier is None:
            fld = self.frame.cls.lookup_field(target.name)
            return fld.type if fld is not None else None
        if not isinstance(target, ast.Name):
            return None
        if target.name in state.env:
            return state.env[target.name].type
        fld = self.field_in_scope(target.name)
        return fld.type if fld is not None else None

    def lvalue(self, target: ast.Expr, state: State):
        """(read, write, state) for an assignable expression, its object evaluated once."""
        if isinstance(target, ast.Name) and target.name in state.env:
            name = target.name

            def write_local(s, v):
                v, s = self.assign_convert(s, v, s.env[name].type, target.line)
                s.env[name] = v
                return v, s
            return (lambda s: (s.env[name], s)), write_local, state
        if isinstance(target, ast.Name):
            fld = self.field_in_scope(target.name)
            if fld is None:
                self.unsupported(state, f"unknown name '{target.name}'", target.line)
            obj, state = (None, state) if fld.static else self.enclosing(state, fld.owner, target.line)
        elif isinstance(target, ast.FieldAccess):
            owner = None if target.is_super else self.type_named(target.target, state)
            if target.is_super:
                obj = self.frame.this
                fld = self.field_of(obj, target.name, state, target.line)
            elif owner is not None:
                obj, fld = None, owner.lookup_field(target.name)
            else:
                obj, state = self.eval(target.target, state)
                fld = self.field_of(obj, target.name, state, target.line)
            if fld is None:
                self.unsupported(state, f"unknown field {target.name}", target.line)
        elif isinstance(target, ast.ArrayAccess):
            array, state = self.eval(target.array, state)
            index, state = self.eval(target.index, state)

            def write_element(s, v):
                v, s = self.assign_convert(s, v, array.type.element, target.line)
                return v, self.array_write(s, array, index, v, target.line)
            return (lambda s: self.array_read(s, array, index, target.line)), write_element, state
        else:
            self.unsupported(state, f"assignment to a {type(target).__name__}", target.line)
        if fld.static:
            self._check_static(state, fld, target.line)
            obj = self.class_state(fld.owner)

        def write_field(s, v):
            v, s = self.assign_convert(s, v, fld.type, target.line)
            return v, self.write_field(s, obj, fld, v, target.line)
        return (lambda s: self.read_field(s, obj, fld, target.line)), write_field, state

    def assign_convert(self, state: State, value: Value, t: JType, line: int) -> tuple[Value, State]:
        """Assignment conversion: widening, constant narrowing, boxing and unboxing, a
        reference's static type."""
        if isinstance(t, PrimType):
            value, state = self.unboxed(state, value, line)
            return semantics.convert(value, t), state
        if isinstance(value, Prim):
            box = BOXES.get(t.fqname)  # Short s = 1: narrowed, then boxed
            value = self.box(value if box is None else semantics.convert(value, box.prim), line)
        elif getattr(t, "element", None) is not None:
            state, value = self.arrays_only(state, value, line)
        return value.typed(t), state

    def erased_cast(self, state: State, ref: Ref, misfits: list, line: int) -> tuple[State, Ref]:
        """javac's cast of a value whose type argument generics erased (a collection's
        element, a lambda's parameter) to the type its use needs: on ``misfits``, the
        targets that are no instance of it, ClassCastException, as on the JVM; the
        reference goes on without them."""
        if not misfits:
            return state, ref
        state = self.throw(state, ref.member_guard(misfits), "java.lang.ClassCastException", line)
        return state, ref.narrowed([o for o in ref.targets if o not in misfits])

    def unboxed(self, state: State, value: Value, line: int) -> tuple[Prim, State]:
        """A primitive as it is, a box unboxed. A reference of another static type whose
        objects are all boxes of one class is the result of a generic method
        (``Supplier<Integer>.get()``, of type Object once generics are erased), which javac
        casts to that class before unboxing."""
        if isinstance(value, Prim):
            return value, state
        if jdk.unboxed_type(value.type) is None:
            classes = {o.cls for _, o in value.non_null()}
            if len(classes) != 1 or jdk.unboxed_type(next(iter(classes))) is None:
                self.unsupported(state, f"a {type_name(value.type)} where a number is needed", line)
            value = value.typed(classes.pop())
        return self.unbox(state, value, line)

    def new_closure(self, closure: functional.Closure) -> Ref:
        return functional.new_closure(self, closure)

    def _eval_Lambda(self, expr: ast.Lambda, state: State):
        return functional.lambda_value(self, expr, state)

    def _eval_MethodRef(self, expr: ast.MethodRef, state: State):
        return functional.method_ref_value(self, expr, state)


_LITERAL_TYPES = {"int": INT, "long": LONG, "float": FLOAT, "double": DOUBLE, "char": CHAR,
                  "boolean": BOOLEAN}
