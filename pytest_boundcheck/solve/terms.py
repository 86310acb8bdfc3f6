"""Terms and formulas, walked and rewritten: the variables and operations in them, the
conjuncts and disjuncts of a goal, what its paths share. Walks that go through every
subterm use Z3's C API: the Python API's checks per call took seconds on large goals."""
from __future__ import annotations

import z3

from pytest_boundcheck.config.workclock import WorkClock
from pytest_boundcheck.symex.values import bool_app

VARIABLE_KINDS = frozenset({z3.Z3_OP_UNINTERPRETED})  # a variable is an application too


# operations two terms may share below which ``Solver._differing`` looks for what differs
SHARED_OPERATIONS = {z3.Z3_OP_BADD, z3.Z3_OP_BMUL, z3.Z3_OP_BSUB, z3.Z3_OP_BXOR, z3.Z3_OP_BOR,
                      z3.Z3_OP_BAND, z3.Z3_OP_BNOT, z3.Z3_OP_BNEG, z3.Z3_OP_CONCAT,
                      z3.Z3_OP_EXTRACT, z3.Z3_OP_SIGN_EXT, z3.Z3_OP_ZERO_EXT, z3.Z3_OP_BLSHR,
                      z3.Z3_OP_BASHR, z3.Z3_OP_BSHL, z3.Z3_OP_AND, z3.Z3_OP_OR, z3.Z3_OP_NOT,
                      z3.Z3_OP_ITE}


class Marks:
    """The marked subterms of formulas (those ``mark`` labels: variables, costly
    operations), each a bit of an int, gathered per term and remembered per subterm: the
    queries of one check share most of their subterms, and the union over a term's
    children is then an ``|`` of ints, where sets made per subterm took seconds on a
    large goal. ``floating``: only floating-point terms are marked, so that a term
    without any, as Z3's probe tells at once (the common case), has none."""

    def __init__(self, mark, kinds: frozenset[int], floating: bool = False):
        self._mark = mark
        self._kinds = kinds  # the kinds of operation ``mark`` may label: others are not asked
        self._floating = floating
        self._known: dict[int, int] = {}  # term id -> its marks, for each subterm seen
        self._held: z3.AstVector | None = None  # those subterms: Z3 reuses a freed one's id
        self._labels: list = []  # bit -> the label of its subterm

    def of(self, terms: list[z3.ExprRef]) -> int:
        if self._floating:
            new = [t for t in terms if t.get_id() not in self._known]
            if new and without_floating_point(new):
                for t in new:
                    self._hold(t.ctx, t.as_ast())
                    self._known[t.get_id()] = 0
        marks = 0
        for t in terms:
            marks |= self._gathered(t)
        return marks

    def labels(self, marks: int) -> list:
        found = []
        while marks:
            found.append(self._labels[lowest(marks)])
            marks &= marks - 1
        return found

    def _gathered(self, term: z3.ExprRef) -> int:
        """Walked through Z3's C API, a subterm wrapped only where ``mark`` is asked about
        it: a Python wrapper per subterm, and its sort, made most of the time of this walk,
        which took seconds of a check's solving on large formulas."""
        known, kinds = self._known, self._kinds
        ctx = term.ctx
        ref = ctx.ref()
        root = term.as_ast()
        stack = [(root, z3.Z3_get_ast_id(ref, root), None)]
        while stack:
            ast, key, ids = stack.pop()
            if key in known:
                continue
            if ids is None:
                children = []
                if z3.Z3_get_ast_kind(ref, ast) in (z3.Z3_APP_AST, z3.Z3_NUMERAL_AST):
                    children = [z3.Z3_get_app_arg(ref, ast, i)
                                for i in range(z3.Z3_get_app_num_args(ref, ast))]
                ids = [z3.Z3_get_ast_id(ref, c) for c in children]
                stack.append((ast, key, ids))
                stack.extend((c, i, None) for c, i in zip(children, ids) if i not in known)
                continue
            marks = 0
            if operator_kind(ref, ast) in kinds:
                label = self._mark(z3.z3._to_expr_ref(ast, ctx))
                if label is not None:
                    marks = 1 << len(self._labels)
                    self._labels.append(label)
            for i in ids:
                marks |= known[i]
            self._hold(ctx, ast)
            known[key] = marks
        return known[z3.Z3_get_ast_id(ref, root)]

    def _hold(self, ctx: z3.Context, ast) -> None:
        if self._held is None:
            self._held = z3.AstVector(ctx=ctx)
        z3.Z3_ast_vector_push(ctx.ref(), self._held.vector, ast)


def translated(terms: list[z3.BoolRef], ctx: z3.Context) -> list[z3.BoolRef]:
    """``terms`` in ``ctx``, translated together: the terms of one query share most of their
    subterms, which one translation walks once and term by term would walk once per term."""
    if not terms:
        return []
    vector = z3.AstVector(ctx=terms[0].ctx)
    for t in terms:
        vector.push(t)
    return list(vector.translate(ctx))


def implied(t: z3.BoolRef, known: dict[int, tuple]) -> dict[int, z3.BoolRef]:
    """Conjuncts that ``t`` implies, by term id: its own, and those all disjuncts of a
    disjunction among them share (merged paths repeat what they all hold). ``known``:
    term id -> (term, result), kept across calls as in ``factored``."""
    key = t.get_id()
    if key not in known:
        kind = bool_kind(t)
        if kind == z3.Z3_OP_AND:
            found = {k: c for child in kids(t) for k, c in implied(child, known).items()}
        elif kind == z3.Z3_OP_OR:
            parts = [implied(d, known) for d in kids(t)]
            found = {k: c for k, c in parts[0].items() if all(k in p for p in parts[1:])}
        else:
            found = {key: t}
        known[key] = (t, found)
    return known[key][1]


def with_fixed(terms: list[z3.BoolRef], fixed: list[z3.BoolRef],
                deadline: float, clock: WorkClock) -> list[z3.BoolRef] | None:
    """``terms`` with the object choices ``fixed`` (``choice == value``) put in, simplified:
    a choice picks one branch of each call dispatched on it, and the floating-point
    arithmetic of the others goes. They line up with ``terms``; the variables of each
    are among those of its original. None past the ``deadline`` on the ``clock``, which
    counts a step per term: over the constraints of a large check made from field values,
    this can take seconds past the check's limit."""
    pairs = [(a, b) if z3.is_bv_value(b) else (b, a) for a, b in (f.children() for f in fixed)]
    simpler = []
    for t in terms:
        if clock.now() >= deadline:
            return None
        clock.step()
        simpler.append(z3.simplify(z3.substitute(t, *pairs)))
    return simpler


def constants(terms: list[z3.ExprRef],
               definitions: dict[str, z3.ExprRef] | None = None) -> list[z3.ExprRef]:
    """The uninterpreted constants in ``terms``, each once; with ``definitions`` (name ->
    defining term), also those that the defined constants among them depend on."""
    seen: set[int] = set()
    found = []
    stack = list(terms)
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if is_variable(t):
            found.append(t)
            if definitions and str(t) in definitions:
                stack.append(definitions[str(t)])
        else:
            stack.extend(t.children())
    return found


def factored(goal: z3.BoolRef, done: dict, deadline: float,
             clock: WorkClock) -> z3.BoolRef | None:
    """``goal`` with the conjuncts that every side of an Or shares taken out of it, bottom
    up: ``Or(And(a, b, c), And(a, b, d))`` is ``And(a, b, Or(c, d))``. The paths through a
    branch of the code share the conditions from before it, and where those equate two
    variables ``_identify`` can use them only at the top. Walked through Z3's C API: on a
    goal of thousands of paths, the Python API's checks per child took seconds; and without
    recursion, as a goal may nest deeper than Python's stack.
    ``done``: term id -> (term, result), kept across calls (the term keeps its id). None
    past the ``deadline`` on the ``clock``, which counts a step per 256 terms visited: a
    goal of thousands of paths can take seconds."""
    pending, kids_of, steps = [goal], {}, 0
    while pending:
        steps += 1
        if steps % 256 == 0:
            if clock.now() >= deadline:
                return None
            clock.step()
        term = pending[-1]
        key = term.get_id()
        if key in done:
            pending.pop()
            continue
        kind = bool_kind(term)
        if kind not in (z3.Z3_OP_AND, z3.Z3_OP_OR):
            done[key] = (term, term)
            pending.pop()
            continue
        if key not in kids_of:
            kids_of[key] = kids(term)
            pending.extend(k for k in kids_of[key] if k.get_id() not in done)
            continue
        pending.pop()
        done[key] = (term, _factor(kind, [done[k.get_id()][1] for k in kids_of.pop(key)]))
    return done[goal.get_id()][1]


def _factor(kind: int, children: list[z3.BoolRef]) -> z3.BoolRef:
    """An And or an Or of factored ``children``, with an Or's shared conjuncts taken out."""
    parts = [kids(k) if bool_kind(k) == z3.Z3_OP_AND else [k] for k in children]
    if kind == z3.Z3_OP_AND:
        flat = {c.get_id(): c for p in parts for c in p}
        return bool_app(z3.Z3_mk_and, list(flat.values()))
    shared = set.intersection(*({c.get_id() for c in p} for p in parts))
    rests = [[c for c in p if c.get_id() not in shared] for p in parts]
    common = [c for c in parts[0] if c.get_id() in shared]
    if not common:
        return bool_app(z3.Z3_mk_or, children)
    if any(not r for r in rests):
        return bool_app(z3.Z3_mk_and, common)
    return bool_app(z3.Z3_mk_and, [*common, bool_app(z3.Z3_mk_or, [
        bool_app(z3.Z3_mk_and, r) if len(r) > 1 else r[0] for r in rests])])


def bool_kind(t: z3.BoolRef) -> int | None:
    """The operator of a Boolean application (``Z3_OP_AND``...), None for other terms."""
    return operator_kind(t.ctx.ref(), t.as_ast())


def operator_kind(ref, ast) -> int | None:
    """The operator of an application given through Z3's C API, None for other terms."""
    if z3.Z3_get_ast_kind(ref, ast) != z3.Z3_APP_AST:
        return None
    return z3.Z3_get_decl_kind(ref, z3.Z3_get_app_decl(ref, ast))


def kids(t: z3.BoolRef) -> list[z3.BoolRef]:
    """The arguments of an and or an or, wrapped without the Python API's checks."""
    ctx = t.ctx
    ref, ast = ctx.ref(), t.as_ast()
    return [z3.BoolRef(z3.Z3_get_app_arg(ref, ast, i), ctx)
            for i in range(z3.Z3_get_app_num_args(ref, ast))]


class VariableGroups:
    """The variables of a growing list of constraints, grouped by the constraints that
    share them (a union-find forest over the variables' bits in ``marks``): two variables
    are in one group where a chain of constraints connects them."""

    def __init__(self, marks: Marks):
        self._marks = marks
        self._mentions: list[int] = []  # the variables of each constraint, as needed
        self._parent: dict[int, int] = {}  # bit -> a bit of its group
        self._groups: dict[int, int] = {}  # root bit -> the variables of its group
        self._covered = 0  # the variables of all the groups
        self._grouped = 0  # constraints whose variables are in ``_groups``

    def of(self, constraints: list[z3.BoolRef]) -> list[int]:
        """The variables of each of ``constraints`` (the list grouped so far, grown at its
        end since), with the groups brought up to date."""
        while len(self._mentions) < len(constraints):
            self._mentions.append(self._marks.of([constraints[len(self._mentions)]]))
        for names in self._mentions[self._grouped:]:
            if names:
                self._merge(names)
        self._grouped = len(self._mentions)
        return self._mentions

    def connected(self, names: int) -> int:
        """The variables of the groups of the variables ``names``."""
        found = 0
        for root in self._roots(names):
            found |= self._groups[root]
        return found

    def _merge(self, names: int) -> None:
        """Merge the groups of ``names``, with its new variables."""
        new = names & ~self._covered
        roots = self._roots(names)
        root = min(roots) if roots else lowest(new)
        merged = new
        for other in roots:
            merged |= self._groups.pop(other)
            self._parent[other] = root
        while new:
            self._parent[lowest(new)] = root
            new &= new - 1
        self._groups[root] = merged
        self._covered |= merged

    def _roots(self, names: int) -> set[int]:
        """The roots of the groups of the variables ``names``, by one variable of each."""
        roots = set()
        rest = names & self._covered
        while rest:
            root = self._root(lowest(rest))
            roots.add(root)
            rest &= ~self._groups[root]
        return roots

    def _root(self, bit: int) -> int:
        while self._parent[bit] != bit:
            self._parent[bit] = self._parent[self._parent[bit]]
            bit = self._parent[bit]
        return bit


def lowest(bits: int) -> int:
    """The lowest of ``bits``, as an index."""
    return (bits & -bits).bit_length() - 1


def is_variable(t: z3.ExprRef) -> bool:
    return z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED


def conjuncts(t: z3.BoolRef) -> list[z3.BoolRef]:
    """The conjuncts of ``t``, flattened through nested ands and negated ors."""
    if z3.is_and(t):
        return [c for child in t.children() for c in conjuncts(child)]
    if z3.is_not(t):
        inner = t.arg(0)
        if z3.is_or(inner):
            return [c for child in inner.children() for c in conjuncts(negated(child))]
        if z3.is_not(inner):
            return conjuncts(inner.arg(0))
    return [t]


def disjuncts(t: z3.BoolRef) -> list[z3.BoolRef]:
    """The ways ``t`` can hold, when it is a disjunction in some form (an or, a negated
    and, a boolean if-then-else); else none."""
    if z3.is_or(t):
        return list(t.children())
    if z3.is_not(t) and z3.is_and(t.arg(0)):
        return [negated(c) for c in t.arg(0).children()]
    is_negation = z3.is_not(t)
    ite = t.arg(0) if is_negation else t
    if z3.is_app_of(ite, z3.Z3_OP_ITE):
        c, a, b = ite.children()
        if is_negation:
            a, b = negated(a), negated(b)
        return [z3.And(c, a), z3.And(negated(c), b)]
    return []


def negated(t: z3.BoolRef) -> z3.BoolRef:
    return t.arg(0) if z3.is_not(t) else z3.Not(t)


def without_floating_point(terms: list[z3.ExprRef]) -> bool:
    """Do ``terms`` have no floating-point term at all? Asked of Z3 (a probe of the
    logic), which is much faster than looking at each term in Python."""
    goal = z3.Goal(ctx=terms[0].ctx)
    goal.add(*(t if z3.is_bool(t) else t == t for t in terms))
    return z3.Probe("is-qfaufbv", terms[0].ctx)(goal) == 1.0
