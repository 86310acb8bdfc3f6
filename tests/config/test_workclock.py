"""The work clock counts every kind of expensive work, in units, never in seconds."""
from __future__ import annotations

import z3

from pytest_boundcheck.config.tuning import DEFAULT
from pytest_boundcheck.config.workclock import SYNC_EVERY, WorkClock, context_units
from pytest_boundcheck.solve import solver as solve


def test_a_watched_count_counts_from_when_it_is_watched_at_every_sync():
    count = [1_000]
    clock = WorkClock(units_per_second=100, step_units=1)
    clock.watch(lambda: count[0])
    count[0] += 250
    for _ in range(SYNC_EVERY - 1):
        assert clock.now() == 0.0  # not looked at on every reading: a look costs
    assert clock.now() == 2.5  # the SYNC_EVERY-th reading looks
    count[0] += 50
    clock.sync()
    assert clock.units == 300


def test_a_count_watched_in_a_block_is_taken_to_its_end_and_then_no_more():
    count = [0]
    clock = WorkClock(units_per_second=100, step_units=1)
    with clock.watching(lambda: count[0]):
        count[0] += 40
    count[0] += 1_000
    clock.sync()
    assert clock.units == 40


def test_simplifying_advances_a_contexts_units():
    """Z3 counts simplification in the context's units, so the check's context, watched,
    puts the path splitting's simplifications on the clock."""
    ctx = z3.Context()
    counted = context_units(ctx)
    before = counted()
    xs = [z3.BitVec(f"x{i}", 32, ctx) for i in range(200)]
    z3.simplify(z3.And([x + 1 == xs[(i + 1) % 200] for i, x in enumerate(xs)]))
    assert counted() > before


def test_a_query_counts_its_context_and_terms_beyond_z3s_own_units():
    """Making a query's context and translating its terms into it are work Z3 does not
    count: the clock counts them by the number of terms."""
    ctx = z3.Context()
    xs = [z3.Int(f"x{i}", ctx) for i in range(300)]
    clock = DEFAULT.work_clock()
    solver = solve.Solver(ctx, 10.0, [], [], set(), clock=clock)
    result, _ = solver._ask([z3.And([x > i for i, x in enumerate(xs)])], None, 10_000_000,
                            core_first=False)
    assert result == z3.sat
    beyond = clock.units - solver.spent
    assert beyond >= DEFAULT.query_units + DEFAULT.node_units * len(xs)
