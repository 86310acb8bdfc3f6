"""Random Java control flow for the differential test of ``test_control_jvm.py``.

``generate`` writes one class of static ``int f(int a, int b)`` methods made of
switch statements (colon groups that fall through or break, ``default`` anywhere,
arrows, several labels, on ints, chars, Strings and a nested enum), switch
expressions (arrows with expressions and blocks, ``yield`` in colon groups),
try/catch/finally (multi-catch, finally blocks that return, exceptions the code
throws and ones the JVM throws: division by zero, a null lock), synchronized
blocks, loops with break and continue, early returns, and the enum's ``ordinal``,
``compareTo`` and ``name``. The program is built so that ``javac`` accepts it: no
statement is unreachable, ``break``, ``continue`` and ``return`` appear only where
Java allows them, every local has its own name. ``javagen`` compiles it with a
batch ``main`` and evaluates the cases with the engine.
"""
from __future__ import annotations

import random

import javagen
import z3
from javagen import Case, GeneratedClass, Method, outcome

from pytest_boundcheck.config.bounds import Bounds
from pytest_boundcheck.engine.wiring import executor, program_of
from pytest_boundcheck.frontend.parse import parse_file
from pytest_boundcheck.symex import semantics
from pytest_boundcheck.symex.state import Frame, State
from pytest_boundcheck.symex.values import DeadPath

ENUM = "    enum E { P, Q, R, S }\n"
EXCEPTIONS = ("IllegalStateException", "IllegalArgumentException", "ArithmeticException",
              "RuntimeException", "NullPointerException")


class _Body:
    """The statements of one method; ``context`` holds the enclosing loop, switch
    statement and switch expression markers, innermost last."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.context: list[str] = []
        self.names = 0

    def fresh(self, prefix: str) -> str:
        self.names += 1
        return f"{prefix}{self.names}"

    def _after_expression(self) -> list[str]:
        return self.context[len(self.context) - self.context[::-1].index("expr"):] \
            if "expr" in self.context else self.context

    def can_break(self) -> bool:
        return any(c in ("loop", "switch") for c in self._after_expression())

    def can_continue(self) -> bool:
        return "loop" in self._after_expression()

    def can_return(self) -> bool:
        return "expr" not in self.context

    # -- expressions
    def atom(self) -> str:
        rng = self.rng
        return rng.choice(["a", "b", "r", str(rng.randint(-3, 9)), f"(a - {rng.randint(-2, 4)})",
                           f"r / (b - {rng.randint(-1, 3)})", "r * 31", "(a ^ b)"])

    def cond(self) -> str:
        rng = self.rng
        return rng.choice([f"{self.atom()} < {self.atom()}", f"(a & {rng.randint(1, 7)}) == {rng.randint(0, 3)}",
                           f"r % 3 == {rng.randint(-2, 2)}", f"b == {rng.randint(-2, 5)}"])

    def selector(self) -> tuple[str, list[str]]:
        """A switch selector and the labels it may match."""
        rng = self.rng
        kind = rng.choice(["int", "int", "char", "string", "enum"])
        if kind == "int":
            return rng.choice(["a", "b - 1", "(a + b) % 4", "r & 3", "(byte) (a * 64)"]), \
                [str(v) for v in range(-2, 6)]
        if kind == "char":
            return "(char) ('a' + (a & 3))", ["'a'", "'b'", "'c'", "'d'", "'\\u0000'"]
        if kind == "string":
            return "(a & 1) == 0 ? \"Aa\" : (b & 1) == 0 ? \"BB\" : \"C\"", ['"Aa"', '"BB"', '"C"', '"D"']
        return "e(a)", ["P", "Q", "R", "S"]

    # -- statements
    def block(self, indent: str, size: int, depth: int) -> list[str]:
        out: list[str] = []
        for _ in range(size):
            out += self.stmt(indent, depth)
        return out

    def stmt(self, indent: str, depth: int) -> list[str]:
        rng = self.rng
        kinds = ["assign", "assign", "if", "throw"]
        if depth > 0:
            kinds += ["switch", "arrow", "switch-expr"] + ([] if "loop" in self.context else ["loop"])
        if depth > 0 and "expr" not in self.context:  # javac 17 miscompiles them in one
            kinds += ["try", "sync"]
        if self.can_return():
            kinds.append("return")
        if self.can_break():
            kinds.append("break")
        if self.can_continue():
            kinds.append("continue")
        kind = rng.choice(kinds)
        return getattr(self, "stmt_" + kind.replace("-", "_"))(indent, depth)

    def stmt_assign(self, indent, depth):
        return [f"{indent}r = r * 3 + {self.atom()};"]

    def stmt_if(self, indent, depth):
        inner = indent + "    "
        out = [f"{indent}if ({self.cond()}) {{"] + self.block(inner, self.rng.randint(1, 2), depth - 1)
        out += [f"{indent}}} else {{"] + self.block(inner, 1, depth - 1) + [f"{indent}}}"]
        return out

    def stmt_throw(self, indent, depth):
        return [f"{indent}if ({self.cond()}) throw new {self.rng.choice(EXCEPTIONS[:2])}();"]

    def stmt_return(self, indent, depth):
        return [f"{indent}if ({self.cond()}) return r + {self.rng.randint(0, 99)};"]

    def stmt_break(self, indent, depth):
        return [f"{indent}if ({self.cond()}) break;"]

    def stmt_continue(self, indent, depth):
        return [f"{indent}if ({self.cond()}) continue;"]

    def _groups(self, labels: list[str]) -> list[list[str]]:
        """Disjoint label groups for the cases; None stands for ``default``."""
        rng = self.rng
        chosen = rng.sample(labels, rng.randint(1, min(4, len(labels))))
        groups, i = [], 0
        while i < len(chosen):
            n = rng.choice([1, 1, 2])
            groups.append(chosen[i:i + n])
            i += n
        if rng.random() < 0.7:
            groups.insert(rng.randint(0, len(groups)), [None])
        return groups

    @staticmethod
    def _label(group: list) -> str:
        return "default" if group == [None] else "case " + ", ".join(group)

    def stmt_switch(self, indent, depth):
        sel, labels = self.selector()
        out = [f"{indent}switch ({sel}) {{"]
        self.context.append("switch")
        for group in self._groups(labels):
            out.append(f"{indent}    {self._label(group)}:")
            out += self.block(indent + "        ", self.rng.randint(0, 2), depth - 1)
            if self.rng.random() < 0.6:
                out.append(f"{indent}        break;")
        self.context.pop()
        return out + [f"{indent}}}"]

    def stmt_arrow(self, indent, depth):
        sel, labels = self.selector()
        out = [f"{indent}switch ({sel}) {{"]
        self.context.append("switch")
        for group in self._groups(labels):
            head = f"{indent}    {self._label(group)} ->"
            if self.rng.random() < 0.3:
                out.append(f"{head} r += {self.atom()};")
            else:
                out += [f"{head} {{"] + self.block(indent + "        ", 2, depth - 1) + [f"{indent}    }}"]
        self.context.pop()
        return out + [f"{indent}}}"]

    def stmt_switch_expr(self, indent, depth):
        sel, labels = self.selector()
        groups = [g for g in self._groups(labels) if g != [None]]
        exhaustive = sel == "e(a)" and self.rng.random() < 0.5
        if exhaustive:
            groups = [["P", "Q"], ["R"], ["S"]]
        else:
            groups.insert(self.rng.randint(0, len(groups)), [None])
        arrows = self.rng.random() < 0.6
        out = [f"{indent}r += switch ({sel}) {{"]
        self.context.append("expr")
        for k, group in enumerate(groups):
            inner = indent + "        "
            if arrows and self.rng.random() < 0.4:
                out.append(f"{indent}    {self._label(group)} -> {self.atom()};")
            elif arrows:
                t = self.fresh("t")
                out += [f"{indent}    {self._label(group)} -> {{", f"{inner}int {t} = {self.atom()};"]
                out += self.block(inner, 1, depth - 1) + [f"{inner}yield {t} + r;", f"{indent}    }}"]
            else:
                out.append(f"{indent}    {self._label(group)}:")
                out += self.block(inner, self.rng.randint(0, 1), depth - 1)
                if k == len(groups) - 1 or self.rng.random() < 0.7:
                    out.append(f"{inner}yield {self.atom()};")
        self.context.pop()
        return out + [f"{indent}}};"]

    def stmt_try(self, indent, depth):
        rng = self.rng
        inner = indent + "    "
        out = [f"{indent}try {{"] + self.block(inner, rng.randint(1, 3), depth - 1) + [f"{indent}}}"]
        catches = rng.sample(EXCEPTIONS, rng.randint(0, 2))
        caught: list[str] = []
        for exc in catches:
            if exc in caught or (exc != "RuntimeException" and "RuntimeException" in caught):
                continue
            types = [exc]
            if exc in EXCEPTIONS[:2] and not set(EXCEPTIONS[:2]) & set(caught) and rng.random() < 0.5:
                types = list(EXCEPTIONS[:2])
            caught += types
            e = self.fresh("e")
            out[-1] += f" catch ({' | '.join(types)} {e}) {{"
            out += [f"{inner}r -= {rng.randint(1, 9) * 100};"] + self.block(inner, rng.randint(0, 1), depth - 1)
            out.append(f"{indent}}}")
        if not catches or rng.random() < 0.6:
            out[-1] += " finally {"
            out += [f"{inner}r += {rng.randint(1, 9)};"] + self.block(inner, rng.randint(0, 1), depth - 1)
            out.append(f"{indent}}}")
        return out

    def stmt_loop(self, indent, depth):
        i = self.fresh("i")
        self.context.append("loop")
        body = self.block(indent + "    ", self.rng.randint(1, 3), depth - 1)
        self.context.pop()
        return [f"{indent}for (int {i} = 0; {i} < 3; {i}++) {{", f"{indent}    r += {i};"] + body + \
            [f"{indent}}}"]

    def stmt_sync(self, indent, depth):
        lock = self.fresh("lock")
        return [f"{indent}Object {lock} = (a & 7) == 5 ? null : new Object();",
                f"{indent}synchronized ({lock}) {{"] + self.block(indent + "    ", 1, depth - 1) + \
            [f"{indent}}}"]


def _method(rng: random.Random, name: str) -> Method:
    body = _Body(rng)
    lines = [f"    static int {name}(int a, int b) {{", f"        int r = {rng.randint(0, 5)};"]
    lines += body.block("        ", rng.randint(2, 3), 2)
    lines += ["        E x = e(b);",
              "        r += x.ordinal() * 7 + x.compareTo(e(a)) * 3 + (x.name().equals(\"Q\") ? 1000 : 0);",
              "        return r;", "    }"]
    return Method(name, [("int", "a"), ("int", "b")], "int", "\n".join(lines))


PREAMBLE = ENUM + """\
    static E e(int k) {
        return switch (k & 3) { case 0 -> E.P; case 1 -> E.Q; case 2 -> E.R; default -> E.S; };
    }
"""
ARGS = (-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 11, -(1 << 31), (1 << 31) - 1)


def generate(seed: int, methods: int, args_per_method: int, class_name: str = "Ctl") -> GeneratedClass:
    rng = random.Random(seed)
    prog = GeneratedClass(class_name, preamble=PREAMBLE)
    for i in range(methods):
        m = _method(rng, f"f{i}")
        prog.methods.append(m)
        for _ in range(args_per_method):
            prog.cases.append(Case(m, (rng.choice(ARGS), rng.choice(ARGS))))
    return prog


def engine_results(program, cls, method: Method, arg_tuples, ctx: z3.Context) -> list[str]:
    """What the engine says ``method`` does for each argument tuple. It runs once, on
    symbolic arguments, so that its branches are merged as in a check; each tuple's
    outcome is then read by substituting its values, which decides every condition."""
    m = next(x for x in cls.methods if x.name == method.name)
    ex = executor(program, Bounds(), ctx, [])
    params = [semantics.variable(ctx, p.type, f"{m.name}.{p.name}") for p in m.params]
    ex.frames.append(Frame(None, cls, None))
    try:
        value = ex.invoke(m, None, params, State(ex.true, {}, {}), 0)[0]
    except DeadPath:
        value = None
    results = []
    for args in arg_tuples:
        fixed = [(p.term, semantics.constant(ctx, p.type, v).term) for p, v in zip(params, args)]

        def number(t, fixed=fixed):
            return z3.simplify(z3.substitute(ex.expand(t), *fixed))

        def holds(g, number=number):
            g = number(g)
            if not (z3.is_true(g) or z3.is_false(g)):
                raise AssertionError(f"path condition not constant: {g}")
            return z3.is_true(g)
        results.append(outcome(ex, value, holds, number))
    return results


def jvm_mismatches(generated: GeneratedClass, directory) -> tuple[list[str], list[str]]:
    """(the JVM's output line per case, the cases where the engine says otherwise): the
    class compiled and run once in ``directory``, each method run by the engine once
    (``engine_results``), in one solver context (creating one per method costs time)."""
    lines = javagen.run_jvm(generated.java(), generated.class_name, directory)
    assert len(lines) == len(generated.cases)
    program = program_of([parse_file(str(directory / f"{generated.class_name}.java"))])
    cls = program.classes[generated.class_name]
    ctx = z3.Context()
    by_method: dict[str, list] = {}
    for case, jvm in zip(generated.cases, lines):
        by_method.setdefault(case.method.name, []).append((case, jvm))
    bad = []
    for cases in by_method.values():
        method = cases[0][0].method
        try:
            engine = engine_results(program, cls, method, [c.args for c, _ in cases], ctx)
        except Exception as e:  # noqa: BLE001 - a crash is reported with its cases, like a mismatch
            engine = [f"[raised {type(e).__name__}: {e}]"] * len(cases)
        bad += [f"{method.name}{case.args}: JVM {jvm}, engine {result}\n{method.source}"
                for (case, jvm), result in zip(cases, engine) if result != jvm]
    return lines, bad
