"""The JML runtime class boundcheck.jml.Frame's engine models (``models/jml/frame.py``),
called from code directly: a location given back its old value has not changed; a box
is fresh only where ``valueOf`` does not cache it; each check asks its own snapshot."""
from __future__ import annotations

from test_jml_heap import jml_results

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.result import Verdict

FRAME = "boundcheck.jml.Frame"


def test_a_field_given_back_its_old_value_has_not_changed(tmp_path):
    result = jml_results(tmp_path, f"""
        package p;

        public class L {{
            private int a;

            //@ ensures true;
            public void m(int x) {{
                Object f = {FRAME}.snapshot(this);
                int was = a;
                a = x;
                a = was;
                {FRAME}.check(f, "restored");
                a = x;
                {FRAME}.allow(f, this, "a");
                {FRAME}.check(f, "allowed");
            }}
        }}
        """, Bounds())["m(int)"]
    assert result.verdict is Verdict.PASS


def test_a_box_is_fresh_only_outside_the_cache_of_valueof(tmp_path):
    result = jml_results(tmp_path, f"""
        package p;

        public class L {{
            public void m(int x) {{
                Object f = {FRAME}.snapshot(this);
                assert !{FRAME}.fresh(f, Integer.valueOf(x)) : "fresh";
            }}
        }}
        """, Bounds())["m(int)"]
    assert result.verdict is Verdict.VIOLATION
    assert result.counterexample.message == "fresh"
    written = next(line for line in result.counterexample.code if line.startswith("int x = "))
    text = written.removeprefix("int x = ").rstrip(";")
    x = {"Integer.MIN_VALUE": -2**31, "Integer.MAX_VALUE": 2**31 - 1}.get(text) or int(text)
    assert not -128 <= x <= 127


def test_a_later_snapshot_sees_the_objects_made_before_it_as_old(tmp_path):
    result = jml_results(tmp_path, f"""
        package p;

        public class L {{
            public void m() {{
                Object first = {FRAME}.snapshot(this);
                Object made = new Object();
                Object second = {FRAME}.snapshot(this);
                assert {FRAME}.fresh(first, made) && !{FRAME}.fresh(second, made) : "order";
                assert !{FRAME}.fresh(first, null) : "null";
            }}
        }}
        """, Bounds())["m()"]
    assert result.verdict is Verdict.PASS
