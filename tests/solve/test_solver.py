"""The solver: how queries are split, weakened, carried to their own context and kept to
their time, and how a model is made small (a whole check where the solver
fails: tests/engine/test_check.py)."""
from __future__ import annotations

import dataclasses
import gc
import math
import time

import z3

from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.frontend.types import INT, LONG
from pytest_boundcheck.solve import minimise, terms
from pytest_boundcheck.solve import solver as solve
from pytest_boundcheck.solve.weaken import WithoutFloatingPoint


def test_floating_point_left_out_of_path_questions_weakens_them_soundly():
    """The feasibility oracle asks about formulas with each floating-point operation
    replaced by any value of its sort: what it then rules out is ruled out indeed, and
    nothing is left to bit-blast."""
    ctx = z3.Context()
    a, b = z3.FP("a", z3.Float64(ctx)), z3.FP("b", z3.Float64(ctx))
    choice = z3.BitVec("y", 32, ctx)
    rm = z3.RNE(ctx)  # an operator would take its rounding mode from Z3's main context
    product = z3.fpDiv(rm, z3.fpMul(rm, a, b, ctx), a, ctx)
    weak = WithoutFloatingPoint()
    contradiction = weak.weakened(z3.And(choice == 1, product > b, choice == 2))
    only_by_arithmetic = weak.weakened(z3.And(a > 1, b > 0, z3.fpMul(rm, a, b, ctx) < b))  # false in IEEE
    assert z3.Solver(ctx=ctx).check(contradiction) == z3.unsat
    assert z3.Solver(ctx=ctx).check(only_by_arithmetic) == z3.sat
    assert "fp.mul" not in only_by_arithmetic.sexpr() and "fp.div" not in contradiction.sexpr()
    assert weak.weakened(z3.fpMul(rm, a, b, ctx) > b).eq(weak.weakened(z3.fpMul(rm, a, b, ctx) > b))


def test_the_formulas_of_a_query_are_carried_to_its_context_together_and_in_order():
    """A query is asked in a context of its own; its formulas, which share most of their
    subterms, are translated there in one pass, each the same formula as before."""
    ctx, other = z3.Context(), z3.Context()
    x, y = z3.BitVec("x", 32, ctx), z3.BitVec("y", 32, ctx)
    shared = x * y + 7
    formulas = [shared > 3, shared == y, z3.Or(shared < 0, x == 1)]
    carried = terms.translated(formulas, other)
    assert [f.sexpr() for f in carried] == [f.sexpr() for f in formulas]
    assert all(f.ctx is other for f in carried)
    assert terms.translated([], other) == []


def test_a_query_leaves_out_unrelated_constraints_only_where_that_cannot_change_its_answer():
    """Constraints sharing no variable with the goal are left out of a query; a model is
    still looked for with all of them, so a contradiction among them is not missed."""
    ctx = z3.Context()
    x, y, w = (z3.BitVec(n, 32, ctx) for n in "xyw")
    related, unrelated = [x == w + 1], [y > 5]
    solver = solve.Solver(ctx, 10.0, related + unrelated, [], set())
    assert solver.check(w == 1).verdict == "sat"  # x == 2 and y > 5
    assert solver.check(z3.And(w == 1, x == 3)).verdict == "unsat"
    contradicted = solve.Solver(ctx, 10.0, related + [y > 5, y < 3], [], set())
    assert contradicted.check(w == 1).verdict == "unsat"
    # the small question, the rest with its model pinned, then the whole one for a model
    assert contradicted.queries == 3


def test_a_model_of_the_goals_part_is_completed_by_the_rest_alone_not_solved_again():
    """Where the goal's part of a query is hard and the unrelated constraints easy, its
    model is completed by asking the rest with that model's values pinned: the whole
    query, asked at once, would solve the hard part again, and a budget that fits it once
    does not fit it twice. The model found so is one of the whole query."""
    ctx = z3.Context()
    x, y, w, u, v = (z3.BitVec(n, 32, ctx) for n in "xywuv")
    factors = z3.And(x * y == 40009 * 30011, z3.UGT(x, 1), z3.UGT(y, 1),
                     z3.ULT(x, 65536), z3.ULT(y, 65536))
    constraints = [w == x + 1, u == v * 3, z3.UGT(v, 7)]
    solver = solve.Solver(ctx, 0.8, list(constraints), [], set())
    answer = solver.check(factors)
    assert answer.verdict == "sat"
    assert all(z3.is_true(answer.model.eval(c, model_completion=True))
               for c in [factors, *constraints])
    whole = solve.Solver(ctx, 0.8, list(constraints), [], set())
    whole._completed = lambda *_: None  # the whole query asked at once instead
    assert whole.check(factors).verdict == "unknown"


def test_a_function_both_parts_share_makes_the_completed_model_no_answer():
    """Two parts sharing no variable may still share an uninterpreted function: a model
    of the goal's part then need not extend to the rest (``f(0)`` is 1 there and must be
    2 here), so the whole query decides."""
    ctx = z3.Context()
    x, y = z3.BitVec("x", 32, ctx), z3.BitVec("y", 32, ctx)
    f = z3.Function("f", z3.BitVecSort(32, ctx), z3.BitVecSort(32, ctx))
    solver = solve.Solver(ctx, 10.0, [y == 0, f(y) == 2], [], set())
    assert solver.check(z3.And(x == 0, f(x) == 1)).verdict == "unsat"
    assert solver.check(z3.And(x == 1, f(x) == 1)).verdict == "sat"


def test_constraints_are_related_through_chains_of_shared_variables_and_later_bridges():
    """The constraints a query keeps are those reached from its facts through shared
    variables, however long the chain; a constraint added later that shares a variable
    with two groups joins them."""
    ctx = z3.Context()
    a, b, c, d, e, f = (z3.BitVec(n, 32, ctx) for n in "abcdef")
    constraints = [a == b + 1, b == c * 2, d > 0, e == d, f < 3, z3.BoolVal(True, ctx)]
    solver = solve.Solver(ctx, 10.0, constraints, [], set())

    def related(*facts):
        return [str(c) for c in solver._related(solver.constraints, list(facts))]
    assert related(c == 1) == ["a == b + 1", "b == c*2", "True"]
    assert related(e == 2) == ["d > 0", "e == d", "True"]
    assert related(z3.BitVec("g", 32, ctx) == 0) == ["True"]
    solver.constraints.append(a == e)
    assert related(c == 1) == ["a == b + 1", "b == c*2", "d > 0", "e == d", "True", "a == e"]


def test_marked_subterms_are_gathered_once_however_often_they_are_shared():
    ctx = z3.Context()
    x, y = z3.BitVec("x", 32, ctx), z3.BitVec("y", 32, ctx)
    shared = x * y
    variables = terms.Marks(lambda t: t if terms.is_variable(t) else None, terms.VARIABLE_KINDS)
    both = variables.of([shared + shared > x, y == 1])
    assert sorted(str(v) for v in variables.labels(both)) == ["x", "y"]
    assert variables.of([y + 1 == 2]) & ~both == 0  # y is the same mark the second time


def test_the_marks_of_a_freed_formula_are_not_those_of_the_next():
    """Z3 gives a new term the id of a freed one: the marks of every subterm seen are
    kept with the subterm itself, so a later formula is never taken for an earlier one."""
    ctx = z3.Context()
    variables = terms.Marks(lambda t: t if terms.is_variable(t) else None, terms.VARIABLE_KINDS)
    for i in range(20):
        term = z3.BitVec(f"v{i}", 32, ctx) * 3 == 1
        assert [str(v) for v in variables.labels(variables.of([term]))] == [f"v{i}"]
        del term
        gc.collect()


def test_a_question_without_floating_point_weakens_nothing_past_its_deadline():
    """Weakening thousands of constraints takes seconds: a question out of time is
    undecided at once, whatever remains to weaken (commons-math's SummaryStatistics
    equals-symmetric took 6 to 11 s of its 0.6 s)."""
    ctx = z3.Context()
    rm, sort = z3.RNE(ctx), z3.Float64(ctx)
    values = [z3.FP(f"d{i}", sort, ctx) for i in range(200)]
    constraints = [z3.fpLT(z3.fpAdd(rm, v, v, ctx), values[0], ctx) for v in values]
    solver = solve.Solver(ctx, 10.0, constraints, [], set())
    answer = solver._weakly(constraints[1], constraints, [], 0.0, 0)
    assert answer.verdict == "unknown"
    assert not solver.weaker._stand_ins


def test_a_query_keeps_its_time_limit_where_z3_would_solve_equalities_under_disjunctions():
    """Z3 solves an equality under a disjunction for its variable only after looking at
    the whole formula for each one, without looking at its limits: on thousands of them
    that took seconds past the limit (about 5 s here, given 0.5 s). The query's limit is
    in Z3's units: its share of 0.5 s of work (the core's units first)."""
    ctx = z3.Context()
    n = 8000
    values = [z3.BitVec(f"v{i}", 32, ctx) for i in range(n)]
    f = z3.Function("f", *[z3.BitVecSort(32, ctx)] * 3)
    chain = z3.BitVec("h", 32, ctx)
    for v in values:
        chain = f(chain, v)
    paths = z3.Or(z3.And(*[v == i for i, v in enumerate(values)], chain == 7),
                  z3.And(*[v == i + 1 for i, v in enumerate(values)], chain == 9))
    solver = solve.Solver(ctx, 10.0, [paths], [], set())
    solver._ask([paths], 0.5)
    assert solver.spent <= solver.clock.units_in(0.5) + solver.config.core_rlimit


def test_whether_a_bound_is_reached_is_asked_of_the_goals_part_once_the_rest_holds():
    """A reachability question needs a model of the goal's variables only: once the
    constraints are known to hold together, the small question decides it, and each
    later one is one query; a contradiction among the unrelated constraints still
    means nothing is reached."""
    ctx = z3.Context()
    x, y, w = (z3.BitVec(n, 32, ctx) for n in "xyw")
    related, unrelated = [x == w + 1], [y > 5]
    solver = solve.Solver(ctx, 10.0, related + unrelated, [], set())
    reached = solver.reached(w == 1)
    assert reached.verdict == "sat" and reached.model.eval(x).as_long() == 2
    assert solver.queries == 2  # the small question, and once whether the rest holds
    assert solver.reached(w == 2).verdict == "sat" and solver.queries == 3
    assert solver.reached(z3.And(w == 1, x == 3)).verdict == "unsat"
    contradicted = solve.Solver(ctx, 10.0, related + [y > 5, y < 3], [], set())
    assert contradicted.reached(w == 1).verdict == "unsat"


def test_whether_a_bound_is_reached_is_asked_only_until_its_own_deadline():
    """Which bounds a pass reached is said after the verdict is made: asked past the
    short deadline it is given, it is undecided at once, and the check's own time
    limit is as before for the questions after it."""
    ctx = z3.Context()
    w = z3.BitVec("w", 32, ctx)
    solver = solve.Solver(ctx, 10.0, [w > 5], [], set())
    late = solver.reached(w == 7, solver.clock.now() - 1)
    assert (late.verdict, late.reason, solver.queries) == ("unknown", "timeout", 0)
    assert solver.reached(w == 7).verdict == "sat"
    assert solver.check(w == 3).verdict == "unsat"


def test_a_check_whose_exploring_took_all_its_time_asks_the_solver_nothing():
    """Past the time limit only a goal false as it stands is decided; any other is a
    time-out at once, not after weakening and asking about all its terms."""
    ctx = z3.Context()
    a, b = (z3.FP(n, z3.Float64(ctx)) for n in "ab")
    solver = solve.Solver(ctx, 0.0, [a > b], [], set())
    assert solver.check(z3.BoolVal(False, ctx)).verdict == "unsat"
    answer = solver.check(z3.fpDiv(z3.RNE(ctx), a, b, ctx) == a)
    assert (answer.verdict, answer.reason, solver.queries) == ("unknown", "timeout", 0)
    assert not solver.weaker._stand_ins  # nothing weakened either


def test_the_question_without_floating_point_gets_a_fixed_short_time_whatever_the_limit(
        monkeypatch):
    """What the weakened question decides, it decides in a fraction of a second; one it
    does not decide takes from the check's own search no more than ``weaker_seconds``,
    even under a long time limit. Solving for its arithmetic's operands, where it has a
    model, takes a share of the time planned, at most ``arithmetic_seconds``. (The times
    it is given are seen by a spy on ``_weakly``, which leaves it as it is.)"""
    ctx = z3.Context()
    a, b = (z3.FP(n, z3.Float64(ctx)) for n in "ab")
    given = []
    weakly = solve.Solver._weakly

    def spy(self, goal, constraints, fixed, left, rlimit, arithmetic=0.0):
        given.append((left, round(arithmetic)))
        return weakly(self, goal, constraints, fixed, left, rlimit, arithmetic)
    monkeypatch.setattr(solve.Solver, "_weakly", spy)
    config = dataclasses.replace(DEFAULT, weaker_seconds=0.5, arithmetic_seconds=2.0)
    solver = solve.Solver(ctx, 100.0, [a > b], [], set(), config=config)
    assert solver.check(z3.fpAdd(z3.RNE(ctx), a, b, ctx) == a).verdict == "sat"
    assert given == [(config.weaker_seconds,
                      round(min(config.arithmetic_seconds, config.arithmetic_share * 100)))]


def test_a_model_of_the_question_without_floating_point_that_holds_of_the_real_one_decides_it(
        monkeypatch):
    """A violation that turns on the bits of fields, not on their arithmetic, is found by
    the weakened question, its inputs pinned, without searching the real one."""
    ctx = z3.Context()
    a, b = (z3.FP(n, z3.Float32(ctx)) for n in "ab")
    bits = z3.BitVec("bits", 64, ctx)
    total = z3.fpAdd(z3.RNE(ctx), a, b, ctx)

    def search(self, goal):
        raise AssertionError("searched")
    monkeypatch.setattr(solve.Solver, "_search", search)
    solver = solve.Solver(ctx, 10.0, [z3.Not(z3.fpIsNaN(total, ctx))], [], set())
    answer = solver.check(z3.And(bits - 7 == 2, z3.fpGT(total, a, ctx)))
    assert answer.verdict == "sat"
    assert answer.model.eval(bits).as_long() == 9
    assert z3.is_true(answer.model.eval(z3.fpGT(total, a, ctx), model_completion=True))


def test_where_the_weaker_models_operands_do_not_fit_the_real_arithmetic_it_is_solved_for(
        monkeypatch):
    """Two longs that convert to one float: a weaker model picks any two longs (its
    conversions free), which the real conversion tells apart; solved for the longs, with
    the rest pinned, the real question finds two that do, without searching."""
    ctx = z3.Context()
    m, n = (z3.BitVec(name, 64, ctx) for name in "mn")
    flag = z3.Bool("flag", ctx)
    as_float = [z3.fpSignedToFP(z3.RNE(ctx), v, z3.Float32(ctx), ctx) for v in (m, n)]

    def search(self, goal):
        raise AssertionError("searched")
    monkeypatch.setattr(solve.Solver, "_search", search)
    solver = solve.Solver(ctx, 10.0, [], [], set())
    answer = solver.check(z3.And(flag, m != n, z3.fpEQ(*as_float, ctx)))
    assert answer.verdict == "sat"
    assert answer.model.eval(m).as_long() != answer.model.eval(n).as_long()
    assert z3.is_true(answer.model.eval(z3.fpEQ(*as_float, ctx), model_completion=True))


def test_arithmetic_too_large_to_bit_blast_is_weighed_with_the_object_choices_put_in():
    """A query whose constraints hold more floating-point arithmetic than the solver can
    hold is asked once an object choice leaves it out (a call dispatched to a class
    whose code has none), and refused, saying why, where the choice keeps it."""
    ctx = z3.Context()
    a, b, c, d, r = (z3.FP(n, z3.Float64(ctx)) for n in "abcdr")
    choice = z3.BitVec("choice", 32, ctx)
    result = [r == z3.If(choice == 1, _divided(a, b, c, d), a)]  # three divisions: about 750 MB
    solver = solve.Solver(ctx, 10.0, [z3.ULE(choice, 1)] + result, [(choice, [0, 1])], {"choice"})
    answer = solver.check(z3.And(z3.fpIsNaN(r, ctx), z3.ULE(choice, 1)))  # split on the choice
    assert answer.verdict == "sat"
    assert answer.model.eval(choice).as_long() == 0
    kept = solve.Solver(ctx, 10.0, [z3.ULE(choice, 1)] + result, [(choice, [0, 1])], {"choice"})
    one = z3.FPVal(1.0, None, z3.Float64(ctx), ctx)
    # 1/1/1/1 is 1, not 2, but with the divisions free the weaker question has a model
    refused = kept.check(z3.And(choice == 1, a == one, b == one, c == one, d == one,
                                r == z3.FPVal(2.0, None, z3.Float64(ctx), ctx)))
    assert refused.verdict == "unknown" and "3 double divisions: bit-blasting" in refused.reason


def _divided(first: z3.FPRef, *divisors: z3.FPRef) -> z3.FPRef:
    """``first / d1 / d2...`` rounded to nearest in their own context (Python's ``/`` takes
    its rounding mode from Z3's main context, and a term of two contexts corrupts both)."""
    for d in divisors:
        first = z3.fpDiv(z3.RNE(first.ctx), first, d, first.ctx)
    return first

def test_putting_the_object_choices_into_the_constraints_stops_at_the_deadline():
    """A case too large to bit-blast has the choices put into every constraint first:
    over the thousands of a large check, seconds that must not run past its limit."""
    ctx = z3.Context()
    choice, x = z3.BitVec("choice", 32, ctx), z3.BitVec("x", 32, ctx)
    formulas = [z3.If(choice == 1, x == k, x != k) for k in range(3)]
    clock = DEFAULT.work_clock()
    assert terms.with_fixed(formulas, [choice == 1], clock.now() - 1, clock) is None
    put_in = terms.with_fixed(formulas, [choice == 1], clock.now() + 60, clock)
    assert [str(t) for t in put_in] == ["x == 0", "x == 1", "x == 2"]


def test_a_case_too_large_to_bit_blast_is_decided_without_its_arithmetic():
    """Arithmetic too large to bit-blast is left free in a case: what holds whatever it
    gives is so proved (one computation read twice is one value, even through a choice),
    and a model of the weaker question whose inputs give the same answer with the real
    arithmetic, computed on constants, is a model, as found."""
    ctx = z3.Context()
    a, b, c, d, r, s = (z3.FP(n, z3.Float64(ctx)) for n in "abcdrs")
    choice = z3.BitVec("choice", 32, ctx)
    n = z3.BitVec("n", 64, ctx)
    quotient = z3.If(choice == 1, _divided(a, b, c, d),
                     z3.fpSignedToFP(z3.RNE(ctx), n, z3.Float64(ctx), ctx))
    constraints = [z3.ULE(choice, 1), r == quotient, s == z3.If(choice == 1, _divided(a, b, c, d), a)]
    solver = solve.Solver(ctx, 10.0, list(constraints), [(choice, [0, 1])], {"choice"})
    differ = z3.fpToIEEEBV(r, ctx) != z3.fpToIEEEBV(s, ctx)
    assert solver.check(z3.And(choice == 1, differ)).verdict == "unsat"
    found = solve.Solver(ctx, 10.0, list(constraints), [(choice, [0, 1])], {"choice"})
    answer = found.check(z3.And(choice == 1, z3.fpIsNaN(r, ctx), n == 7))
    assert answer.verdict == "sat" and answer.model.eval(n).as_long() == 7
    asked = found.queries  # no smaller model is asked for: Z3 would run out of memory on it
    assert minimise.small_model(found, answer, [(n, LONG)]).eval(n).as_long() == 7 and found.queries == asked


def test_minimising_stops_after_a_few_undecided_queries_in_a_row():
    """A case too hard to ask again within a minimising query's units keeps the model
    found after ``minimise_undecided`` tries, not after all ``minimise_queries`` (24
    such took 10 s on commons-math's ``SynchronizedSummaryStatistics``). Here a
    minimising query has one unit: every one is undecided."""
    ctx = z3.Context()
    xs = [z3.BitVec(f"x{i}", 32, ctx) for i in range(4)]
    config = dataclasses.replace(DEFAULT, minimise_rlimit=1)
    solver = solve.Solver(ctx, 10.0, [], [], set(), config=config)
    answer = solver.check(z3.And([x > 5 for x in xs]))
    assert answer.verdict == "sat"
    asked = solver.queries
    smaller = minimise.small_model(solver, answer, [(x, INT) for x in xs])
    assert solver.queries - asked == config.minimise_undecided < config.minimise_queries
    assert all(smaller.eval(x).eq(answer.model.eval(x)) for x in xs)


def test_a_model_that_breaks_a_lazy_constraint_is_asked_again_only_briefly(monkeypatch):
    """A model that breaks a lazy constraint (``h == 3 * x + 1`` here) is asked again with
    it and with ``x`` pinned, within ``split_rlimit``; undecided so, the constraint holds
    for good and the query is searched again, rather than that one pinned case taking
    all the time left. Here ``split_rlimit`` is one unit: the case asked again is
    undecided (as a spy on ``_leaf``, which leaves it as it is, sees)."""
    ctx = z3.Context()
    h, x = z3.BitVec("h", 32, ctx), z3.BitVec("x", 32, ctx)
    asked_again = []
    real_leaf = solve.Solver._leaf

    def leaf(self, goal, fixed, deadline, rlimit=0, plan_end=0.0):
        answer = real_leaf(self, goal, fixed, deadline, rlimit, plan_end)
        if fixed:  # the case asked again, with the constraint and the pins
            asked_again.append((rlimit, answer.verdict))
        return answer
    monkeypatch.setattr(solve.Solver, "_leaf", leaf)
    config = dataclasses.replace(DEFAULT, split_rlimit=1)
    solver = solve.Solver(ctx, 10.0, [], [], set(), lazy=[h == 3 * x + 1], config=config)
    answer = solver.check(z3.And(h == 7, z3.ULE(x, 10)))
    assert answer.verdict == "sat" and answer.model.eval(x).as_long() == 2
    assert asked_again == [(config.split_rlimit, "unknown")]


def test_factoring_out_shared_conditions_walks_a_goal_deeper_than_the_python_stack():
    """A goal of nested Ors and Ands deeper than Python's recursion limit is walked, and an
    Or's shared conjuncts come out: Or(And(a, b), And(a, c)) is And(a, Or(b, c))."""
    ctx = z3.Context()
    a, b, c = (z3.Bool(n, ctx) for n in "abc")
    clock = DEFAULT.work_clock()
    factored = terms.factored(z3.Or(z3.And(a, b), z3.And(a, c)), {}, math.inf, clock)
    assert factored.eq(z3.And(a, z3.Or(b, c)))
    deep = a
    for i in range(5000):
        v = z3.Bool(f"v{i}", ctx)
        deep = z3.Or(z3.And(v, deep), z3.And(v, b)) if i % 2 else z3.And(v, deep)
    assert z3.Solver(ctx=ctx).check(terms.factored(deep, {}, math.inf, clock) != deep) == z3.unsat
    # past its deadline it stops, and the case it was for is undecided
    assert terms.factored(deep, {}, clock.now(), clock) is None


def test_a_hash_computed_twice_through_defined_variables_is_the_same_hash_at_once():
    """Two copies of a hash of the same doubles, each step a variable defined by an
    equality (as exploring writes them): the SMT core is asked after solving those
    equalities, so the copies become one term. Asked as they stand, the core and the
    default solver are left proving two multiplier circuits equal, for seconds."""
    ctx = z3.Context()
    real, imaginary = z3.FPs("real imaginary", z3.Float64(ctx))

    def hashed(tag):
        bits = [z3.BitVec(f"bits{i}{tag}", 64, ctx) for i in range(2)]
        halves = [z3.BitVec(f"hash{i}{tag}", 32, ctx) for i in range(2)]
        code = z3.BitVec(f"hashCode{tag}", 32, ctx)
        return code, [bits[0] == z3.fpToIEEEBV(real, ctx),
                      bits[1] == z3.fpToIEEEBV(imaginary, ctx),
                      *(h == z3.Extract(31, 0, b ^ z3.LShR(b, 32)) for h, b in zip(halves, bits)),
                      code == 37 * (17 * halves[1] + halves[0])]

    (first, defined), (second, again) = hashed("x"), hashed("y")
    solver = solve.Solver(ctx, 5.0, defined + again, [], set())
    start = time.perf_counter()
    assert solver.check(first != second).verdict == "unsat"
    assert time.perf_counter() - start < 2.5


def test_the_object_choices_of_a_case_are_put_into_the_constraints_once(monkeypatch):
    """The paths of one case share its choices: the constraints with them put in are
    made once, and again only for other choices (or more constraints)."""
    ctx = z3.Context()
    choice, x = z3.BitVec("choice", 32, ctx), z3.BitVec("x", 32, ctx)
    solver = solve.Solver(ctx, 10.0, [z3.If(choice == 0, x == 1, x == 2)], [], set())
    calls = []
    real = solve.with_fixed
    monkeypatch.setattr(solve, "with_fixed", lambda *args: calls.append(args) or real(*args))
    deadline = solver.clock.now() + 10
    first = solver._with_choices([choice == 0], deadline)
    assert solver._with_choices([choice == 0], deadline) is first
    assert len(calls) == 1
    solver._with_choices([choice == 1], deadline)
    solver.constraints.append(x > 0)
    solver._with_choices([choice == 1], deadline)
    assert len(calls) == 3


def test_a_path_requiring_two_hashes_to_differ_is_split_by_the_parts_that_can_differ():
    """``x.hashCode() != y.hashCode()`` where both are ``31 * h(f) + h(g)`` through defined
    variables: the path becomes one case per pair of field hashes required to differ,
    beside the other paths; a model of a case is one of the goal."""
    ctx = z3.Context()
    fx, gx, fy, gy, hx, hy = (z3.BitVec(n, 32, ctx) for n in ("fx", "gx", "fy", "gy", "hx", "hy"))
    same, thrown = z3.Bools("same thrown", ctx)
    constraints = [hx == 31 * fx + gx, hy == 31 * fy + gy, z3.Implies(same, fx == fy)]
    solver = solve.Solver(ctx, 10.0, constraints, [], set())
    goal = z3.Or(thrown, z3.And(same, hx != hy))
    cases = solver._cases_by_differences(goal)
    assert [str(c) for c in cases] == ["thrown", str(z3.And(z3.And(same, hx != hy), fx != fy)),
                                      str(z3.And(z3.And(same, hx != hy), gx != gy))]
    branch = z3.And(same, fx != fy)  # a branch condition, not two results
    assert solver._cases_by_differences(branch) == [branch]
    negated = z3.And(same, z3.Not(hx == hy))  # as exploring writes an assertion's failure
    assert [str(c) for c in solver._cases_by_differences(negated)] == [
        str(z3.And(negated, fx != fy)), str(z3.And(negated, gx != gy))]
    answer = solver.check(z3.And(goal, z3.Not(thrown)))
    assert answer.verdict == "sat"
    assert z3.is_true(answer.model.eval(z3.And(same, hx != hy, gx != gy), model_completion=True))
    solver.constraints.append(z3.Implies(same, gx == gy))
    assert solver.check(z3.And(goal, z3.Not(thrown))).verdict == "unsat"
    looped = solve.Solver(ctx, 10.0, [hx == hy, hy == hx], [], set())
    assert looped._cases_by_differences(goal) == [goal]  # definitions in a loop end the walk
