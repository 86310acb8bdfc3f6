"""The lowering of ``assignable`` and ``\\fresh``: a snapshot of the heap before the call,
each case's locations allowed under its precondition (evaluated in the pre-state), the
frame checked after a normal return and an exception caught; no frame where every case
assigns ``\\everything``; ``\\nothing`` for a ``pure`` method without ``assignable``."""
from __future__ import annotations

import pytest
from test_jml_lowering import checks, lines

from pytest_boundcheck.frontend import jmlast as j
from pytest_boundcheck.harness.jmlframe import EVERYTHING, case_frames

FRAME = "boundcheck.jml.Frame"


def test_a_setter_takes_a_snapshot_allows_its_field_and_checks_after_the_call():
    got = lines(checks("""
    /*@ requires x > 0;
      @ assignable n;
      @*/
    public void set(int x) { n = x; }
""")["set(int)"])
    snapshot = got.index(f"Object jml$frame = {FRAME}.snapshot(self, C.class);")
    allow = got.index(f'if (jml$c0) try {{ {FRAME}.allow(jml$frame, self, "n"); }} '
                      "catch (RuntimeException jml$x) { }")
    call = got.index("self.set(x);")
    checked = got.index(f'{FRAME}.check(jml$frame, "assignable at C.java:9:9");')
    assert snapshot < allow < call < checked


@pytest.mark.parametrize("location, allowed", [
    ("this.n", f'{FRAME}.allow(jml$frame, self, "n");'),
    ("a[x]", f"{FRAME}.allowElements(jml$frame, self.a, x, x);"),
    ("a[*]", f"{FRAME}.allowElements(jml$frame, self.a, 0, Integer.MAX_VALUE);"),
    ("a[1..x]", f"{FRAME}.allowElements(jml$frame, self.a, 1, x);"),
    ("this.*", f"{FRAME}.allowAll(jml$frame, self);"),
    ("count", f'{FRAME}.allowStatic(jml$frame, C.class, "count");'),
    ("C.count", f'{FRAME}.allowStatic(jml$frame, C.class, "count");'),
])
def test_each_kind_of_location(location, allowed):
    source = checks(f"""
    static int count;
    //@ assignable {location};
    public void m(int x) {{ }}
""")["m(int)"].source
    assert f"try {{ {allowed} }}" in source


def test_a_parameter_and_nothing_allow_no_location_and_the_frame_is_still_checked():
    got = lines(checks("""
    //@ assignable x, \\nothing;
    public void m(int x) { }
""")["m(int)"])
    assert not [line for line in got if ".allow" in line]
    assert f'{FRAME}.check(jml$frame, "assignable at C.java:8:9");' in got


def test_everything_or_no_clause_checks_no_frame_but_pure_means_nothing():
    found = checks("""
    //@ assignable \\everything;
    public void all() { }

    //@ ensures true;
    public void none() { }

    //@ ensures true;
    public /*@ pure @*/ int get() { return n; }
""")
    assert "Frame" not in found["all()"].source
    assert "Frame" not in found["none()"].source
    assert (f'{FRAME}.check(jml$frame, "assignable \\\\nothing (the default of a pure method) '
            f'at C.java:15:5");') in lines(found["get()"])


def test_a_case_that_assigns_everything_allows_everything_under_its_precondition():
    source = checks("""
    /*@ requires x > 0;
      @ assignable n;
      @ also
      @ requires x <= 0;
      @*/
    public void m(int x) { }
""")["m(int)"].source
    assert f'if (jml$c0) try {{ {FRAME}.allow(jml$frame, self, "n"); }}' in source
    assert f"if (jml$c1) try {{ {FRAME}.allowEverything(jml$frame); }}" in source


def test_an_exception_caught_is_framed_too():
    got = lines(checks("""
    /*@ behavior
      @ assignable \\nothing;
      @ signals_only IllegalStateException;
      @*/
    public void m() { }
""")["m()"])
    caught = got.index("} catch (IllegalStateException jml$e) {")
    assert got[caught + 1] == f'{FRAME}.check(jml$frame, "assignable at C.java:9:9");'


def test_fresh_asks_the_snapshot_taken_even_without_a_frame():
    check = checks("""
    //@ ensures \\fresh(\\result, a);
    public Object make() { return new Object(); }
""")["make()"]
    assert f"Object jml$frame = {FRAME}.snapshot(self, C.class);" in lines(check)
    assert (f"({FRAME}.fresh(jml$frame, jml$result) && {FRAME}.fresh(jml$frame, self.a))"
            in check.source)
    assert f"{FRAME}.check(" not in check.source


def test_an_informal_location_is_unsupported_naming_it():
    check = checks("""
    //@ assignable (* the whole list *);
    public void m() { }
""")["m()"]
    assert check.unsupported == "informal description (* ... *)"


def test_the_frames_of_cases():
    nothing = j.AssignableClause(1, "assignable", "assignable", (j.Nothing(1, column=1),),
                                 column=1)
    case = j.SpecCase(1, "lightweight", "", (nothing,), column=1)
    bare = j.SpecCase(1, "lightweight", "", (), column=1)
    assert case_frames((case, bare), pure=False) == [(), EVERYTHING]
    assert case_frames((case, bare), pure=True) == [(), ()]
