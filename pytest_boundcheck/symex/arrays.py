"""Arrays: an object whose ``content`` is its length and whose elements are pseudo-fields
``[0]``, ``[1]``...: the heap, its merging and the initial values of objects made the
fields way serve them as they serve fields. An array the check makes up, or code makes
with ``new T[n]``, is at most ``bounds.max_length`` long; one an initialiser writes out
(``static final String[] NAMES = {...}``) keeps its length, whatever it is. Also the
enhanced ``for`` over arrays and collections.
"""
from __future__ import annotations

import z3

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.types import INT, ClassInfo, type_name
from pytest_boundcheck.symex import collections as collections_model
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.runtime_types import instance_of
from pytest_boundcheck.symex.state import State
from pytest_boundcheck.symex.values import (
    ID_BITS,
    DeadPath,
    HeapObj,
    Prim,
    Ref,
    Value,
    merge_values,
    mk_and,
    mk_or,
    ref_to,
)


class ArraysMixin:
    """The executor's arrays (``Executor``)."""


    @property
    def met_arrays(self) -> bool:
        return any(o.cls.element is not None for o in self.objects)

    def any_array(self, cls: ClassInfo, label: str) -> HeapObj:
        """An array of any length within the bound and (read lazily) any elements. The
        length is a choice the solver may split on, like an object choice: with it fixed,
        loops over the elements unroll to constants."""
        length = z3.BitVec(f"{label}.length", ID_BITS, self.ctx)
        self.constraints.append(z3.ULE(length, self.bounds.max_length))
        self.selectors[str(length)] = (length, list(range(self.bounds.max_length + 1)))
        self.split_early.add(str(length))
        return self.heap_object(cls, label, "slot", content=length)

    def array_init(self, state: State, cls: ClassInfo, init: ast.ArrayInit) -> tuple[Ref, State]:
        """``{a, b, ...}`` as an array of ``cls``, its elements evaluated left to right. Its
        length is the code's, not a choice of the check: the length bound, which limits
        what the check makes up, does not cut it (see ``element_slots``)."""
        values = []
        for e in init.elements:
            value, state = self.eval_to(e, cls.element, state, e.line)
            values.append(value)
        length = semantics.constant(self.ctx, INT, len(values))
        values += [self.default_value(cls.element)] * (self.bounds.max_length - len(values))
        return self.allocate(state, cls, length, values, init.line)

    def element_slots(self, obj: HeapObj) -> int:
        """How many element slots an array object has: ``max_length``, or more for one an
        initialiser wrote out longer (its length is then a constant)."""
        if z3.is_bv_value(obj.content) and obj.content.as_long() > self.bounds.max_length:
            return obj.content.as_long()
        return self.bounds.max_length

    def new_array(self, state: State, cls: ClassInfo, lengths: list[Prim], line: int,
                  values: list[Value] | None = None) -> tuple[Ref, State]:
        """``new T[n][m]...``: NegativeArraySizeException if any length is negative (JLS
        15.10.2); lengths past the bound end the path as a bound. ``values``: the elements
        of a one-dimensional array, else the defaults."""
        zero, bound = (semantics.constant(self.ctx, INT, k) for k in (0, self.bounds.max_length))
        state = self.throw(state, mk_or(self.ctx, [semantics.compare("<", n, zero).term
                                                   for n in lengths]),
                           "java.lang.NegativeArraySizeException", line)
        state = self.bounded_unless(state, mk_and(*[semantics.compare("<=", n, bound).term
                                                    for n in lengths]),
                                    f"arrays longer than --boundcheck-max-length "
                                    f"({self.bounds.max_length})", line, "max-length")
        if values is not None:
            return self.allocate(state, cls, lengths[0], values, line)
        return self._filled(state, cls, lengths, line)

    def _filled(self, state: State, cls: ClassInfo, lengths: list[Prim], line: int):
        values = []
        for _ in range(self.bounds.max_length):
            if len(lengths) > 1:
                inner, state = self._filled(state, cls.element, lengths[1:], line)
                values.append(inner)
            else:
                values.append(self.default_value(cls.element))
        return self.allocate(state, cls, lengths[0], values, line)

    def allocate(self, state: State, cls: ClassInfo, length: Prim, values: list[Value], line: int):
        obj = self.heap_object(cls, f"new {cls.simple_name}@{line}", "new", content=length.term)
        heap = dict(state.heap)
        for k, value in enumerate(values):
            heap[(obj, self.element_field(cls, k))] = value
        return ref_to(cls, obj, self.ctx), State(state.guard, state.env, heap)

    def array_contents(self, state: State, ref: Ref) -> tuple[Prim, list[Value]]:
        """The length and the element slots of an array reference where it is not null
        (length 0 and no slots if it is always null): as many as its longest array has
        (``element_slots``), a slot past an array's own being past its length."""
        cases = ref.non_null()
        if not cases:
            return semantics.constant(self.ctx, INT, 0), []
        length = merge_values(self.ctx, INT, [(g, Prim(INT, o.content)) for g, o in cases])
        return length, [merge_values(self.ctx, ref.type.element,
                                     [(g, self.read(state, o, self.element_field(o.cls, k)))
                                      for g, o in cases if k < self.element_slots(o)])
                        for k in range(max(self.element_slots(o) for _, o in cases))]

    def array_length(self, state: State, ref: Ref, line: int) -> tuple[Prim, State]:
        state = self.null_check(state, ref, line)
        state, ref = self.arrays_only(state, ref, line)
        pairs = [(g, Prim(INT, o.content)) for g, o in ref.non_null()]
        if not pairs:
            raise DeadPath
        return merge_values(self.ctx, INT, pairs), state

    def arrays_only(self, state: State, ref: Ref, line: int) -> tuple[State, Ref]:
        """A reference used as an array whose targets include objects that are no arrays
        is the result of a generic method (``List<double[]>.get(i)``, of type Object once
        generics are erased), which javac casts to the array type first: on those objects
        the cast throws ClassCastException, as on the JVM."""
        misfits = [o for _, o in ref.non_null() if getattr(o.cls, "element", None) is None]
        return self.erased_cast(state, ref, misfits, line)

    def _index_check(self, state: State, ref: Ref, index: Value, line: int) -> tuple[Prim, State]:
        """The index as an int, where it is within the array (else
        ArrayIndexOutOfBoundsException; NullPointerException for a null array)."""
        index, state = self.unboxed(state, index, line)
        index = semantics.unary_promote(index)
        length, state = self.array_length(state, ref, line)
        out = z3.Or(index.term < 0, index.term >= length.term)
        return index, self.throw(state, out, "java.lang.ArrayIndexOutOfBoundsException", line)

    def array_read(self, state: State, ref: Ref, index: Value, line: int) -> tuple[Value, State]:
        i, state = self._index_check(state, ref, index, line)
        pairs = [(mk_and(g, i.term == k), self.read(state, o, self.element_field(o.cls, k)))
                 for g, o in ref.non_null() for k in range(self.element_slots(o))]
        return merge_values(self.ctx, ref.type.element, pairs), state

    def array_write(self, state: State, ref: Ref, index: Value, value: Value, line: int) -> State:
        i, state = self._index_check(state, ref, index, line)
        value, state = self.assign_convert(state, value, ref.type.element, line)
        return self.store_element(state, ref, i.term, value, self.true, line)

    def store_element(self, state: State, ref: Ref, index: z3.BitVecRef, value: Value,
                      when: z3.BoolRef, line: int) -> State:
        """``ref[index] = value`` where ``when`` holds, the index being within the array:
        a reference array's store check first (covariance: a String[] seen as an Object[]
        takes Strings only; ArrayStoreException for others)."""
        if isinstance(value, Ref):
            pairs = [(mk_and(when, g, h), instance_of(v, o.cls.element))
                     for g, o in ref.non_null() for h, v in value.non_null()]
            state = self.stuck_unless(state, mk_or(self.ctx, [c for c, ok in pairs if ok is None]),
                                      "storing an object of unknown class into an array", line)
            state = self.throw(state, mk_or(self.ctx, [c for c, ok in pairs if ok is False]),
                               "java.lang.ArrayStoreException", line)
        heap = dict(state.heap)
        for g, o in ref.non_null():
            for k in range(self.element_slots(o)):
                fld = self.element_field(o.cls, k)
                heap[(o, fld)] = merge_values(self.ctx, fld.type, [(mk_and(g, when, index == k), value),
                                                                   (self.true, self.read(state, o, fld))])
        return State(state.guard, state.env, heap)

    def _eval_ArrayAccess(self, expr: ast.ArrayAccess, state: State):
        array, state = self.eval(expr.array, state)
        index, state = self.eval(expr.index, state)
        return self.array_read(state, array, index, expr.line)

    def _eval_NewArray(self, expr: ast.NewArray, state: State):
        cls = self.resolve_type(expr.type)
        if expr.init is not None:
            return self.array_init(state, cls, expr.init)
        lengths = []
        for e in expr.lengths:
            n, state = self.eval(e, state)
            n, state = self.unboxed(state, n, e.line)
            lengths.append(semantics.unary_promote(n))
        return self.new_array(state, cls, lengths, expr.line)

    def _eval_ArrayInit(self, expr: ast.ArrayInit, state: State):
        self.unsupported(state, "array initializer outside a declaration", expr.line)

    def _exec_ForEach(self, stmt: ast.ForEach, state: State) -> State:
        """``for (T x : array) body`` as ``for (int i = 0; i < a.length && i < element_slots;
        i++) { T x = a[i]; body }`` over hidden locals; the second test ends the unrolling
        where none of the arrays can go on (``element_slots``)."""
        array, state = self.eval(stmt.iterable, state)
        if isinstance(array, Ref) and isinstance(array.type, ClassInfo) and array.type.element is None:
            return self._for_each_element(stmt, array, state)
        if isinstance(array, Prim) or not isinstance(array.type, ClassInfo) or array.type.element is None:
            self.unsupported(state, f"enhanced for over a {type_name(array.type)}", stmt.line)
        state = self.null_check(state, array, stmt.line)
        bound = max((self.element_slots(o) for _, o in array.non_null()),
                    default=self.bounds.max_length)
        self._loops += 1
        a, i, line = f"#array{self._loops}", f"#index{self._loops}", stmt.line
        state.env[a] = array

        def less(bound: ast.Expr) -> ast.Expr:
            return ast.Binary(line, "<", ast.Name(line, i), bound)
        loop = ast.Loop(
            line, (ast.LocalVar(line, ast.TypeName("int"), i, ast.Literal(line, "int", 0)),),
            ast.Binary(line, "&&", less(ast.FieldAccess(line, ast.Name(line, a), "length")),
                       less(ast.Literal(line, "int", bound))),
            (ast.Update(line, "++", True, ast.Name(line, i)),),
            ast.Block(line, (ast.LocalVar(line, stmt.type, stmt.name,
                                          ast.ArrayAccess(line, ast.Name(line, a), ast.Name(line, i))),
                             stmt.body)),
            label=stmt.label, column=stmt.column)  # (where its JML clauses are found)
        # a JML harness's loop over objects (``Heap.objects``) runs over an array of known
        # length, every element: that is the quantifier's domain, not code to bound
        whole = self.frame.cls.origin == "contract" and all(
            z3.is_bv_value(o.content) for _, o in array.non_null())
        state = self._exec_Loop(loop, state, unroll=max(bound, self.bounds.unroll) if whole else None)
        del state.env[a]
        return state

    def _for_each_element(self, stmt: ast.ForEach, ref: Ref, state: State) -> State:
        """``for (T x : c) body`` over a collection (``collections_model.for_each_loop``)."""
        state = self.null_check(state, ref, stmt.line)
        others = [o for o in ref.targets if o is not None and (
            collections_model.kind_of(o.cls) in (None, collections_model.MAP)
            or not collections_model.represented(o))]
        ref, state = collections_model.stuck_on(self.model_context, state, ref, others,
                                                "enhanced for over a {}", stmt.line)
        self._loops += 1
        collection, index = f"#collection{self._loops}", f"#index{self._loops}"
        state.env[collection] = ref.typed(self.program.classes["java.util.Collection"])
        loop = collections_model.for_each_loop(stmt, collection, index, self.bounds.max_length)
        state = self.exec_stmt(loop, state)
        del state.env[collection]
        return state
