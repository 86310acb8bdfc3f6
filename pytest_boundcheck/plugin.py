"""Report stage, pytest side: options, Java files as collectors, one item per (class, contract).

Without ``--boundcheck`` (or the ``boundcheck`` ini option) the plugin only
registers its markers: nothing else about a pytest run changes, and the
engine (Z3, tree-sitter) is not even imported.
"""
from __future__ import annotations

import argparse
import codecs
import fnmatch
import os
from pathlib import Path

import pytest

from pytest_boundcheck.config.bounds import JML_TIMEOUT, Bounds
from pytest_boundcheck.frontend import discover
from pytest_boundcheck.harness.registry import FAMILIES

DEFAULTS = Bounds()
DEFAULT_ENCODING = "UTF-8"
STASH = pytest.StashKey["Run"]()
MARKERS = ("boundcheck: a bounded check of a Java class's contract (pytest-boundcheck)",
           *(f"{f.marker}: {f.description}" for f in FAMILIES),
           "boundcheck_jml: a check of a method's JML specification or its class's invariants")


def _whole_number(least: int):
    """An option parser for whole numbers of at least ``least``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{text!r} must be at least {least}")
        return value
    return parse


_positive_int = _whole_number(1)
_count = _whole_number(0)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be more than 0 seconds")
    return value


def _encoding(text: str) -> str:
    try:
        codecs.lookup(text)
    except LookupError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an encoding this Python knows") from None
    return text


def _objects_mode(text: str) -> str:
    if text not in ("constructors", "fields"):
        raise argparse.ArgumentTypeError(f"{text!r} is neither 'constructors' nor 'fields'")
    return text


def _null_fields(text: str) -> str:
    if text not in ("once", "off"):
        raise argparse.ArgumentTypeError(f"{text!r} is neither 'once' nor 'off'")
    return text


# option name -> (parser, Bounds field, help)
_BOUND_OPTIONS = {
    "objects": (_objects_mode, "objects_mode",
                "how the objects a check starts from are made: 'constructors' (by the classes' "
                "constructors, factories and void methods) or 'fields' (any field values: a "
                "JML item's pre-state is then any heap its invariants allow)"),
    "calls": (_count, "calls", "void method calls on an object after its constructor"),
    "max_objects": (_positive_int, "objects",
                    "objects per class made the fields way: the scope of a JML item's heap"),
    "max_length": (_count, "max_length", "elements of an array or a collection"),
    "unroll": (_positive_int, "unroll",
               "loop iterations to unroll (a loop walking a list of N nodes takes N)"),
    "inline_depth": (_positive_int, "inline_depth", "nesting of inlined calls"),
    "delegation_depth": (_positive_int, "delegation_depth",
                         "nesting of calls of one method through objects made from field values"),
    "timeout": (_positive_float, "timeout",
                "work per item, all of it, in reference seconds (Z3's resource units and "
                "statements explored, the same on every machine); a check still exploring at "
                "six tenths of them, or undecided at three quarters, is done again within "
                "smaller bounds in the rest"),
    "wall_limit": (_positive_float, "wall_limit",
                   "wall-clock seconds per item, a safety net only: an item that reaches it is "
                   "skipped, as its verdict would not be reproducible"),
    "string_length": (_count, "string_length", "length of the strings a check starts from"),
    "null_fields": (_null_fields, "null_fields",
                    "nulls that only a caller passing null to a constructor, factory or method of "
                    "a class without nullness annotations makes: 'once' (a violation that needs "
                    "one is reported once per class) or 'off' (never made)"),
}

# Bounds fields whose default is derived from another option or from the item
_DERIVED_DEFAULTS = {"timeout": f"{DEFAULTS.timeout:g}, {JML_TIMEOUT:g} for JML items",
                     "wall_limit": "30 times the timeout, 300 at least",
                     "objects_mode": "fields for JML items, constructors for the others",
                     "unroll": f"{DEFAULTS.unroll}, or --boundcheck-max-objects if more"}
# what --boundcheck-fail-on may name: the results that then fail their item
FAIL_ON = {"skipped": "every skipped item", "undecided": "items skipped as undecided (their "
           "work budget ran out, the solver could not decide, or the safety net was reached)",
           "possible": "possible violations (else expected failures)"}


def _fail_on(text: str) -> frozenset[str]:
    kinds = frozenset(k.strip() for k in text.split(",") if k.strip())
    unknown = sorted(kinds - FAIL_ON.keys())
    if unknown:
        raise argparse.ArgumentTypeError(
            f"{', '.join(map(repr, unknown))}: fail-on takes {', '.join(FAIL_ON)}, comma-separated")
    return kinds


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("boundcheck", "boundcheck: Java equals/hashCode/compareTo contracts, "
                                          "checked within bounds by symbolic execution")
    group.addoption("--boundcheck", action="append", nargs="+", metavar="PATH", default=None,
                    help="check the Java sources under PATH (repeatable). Checking never runs "
                         "the Java code.")
    for name, (parse, field, what) in _BOUND_OPTIONS.items():
        default = _DERIVED_DEFAULTS.get(field) or getattr(DEFAULTS, field)
        group.addoption(f"--boundcheck-{name.replace('_', '-')}", type=parse, default=None,
                        metavar="MODE" if name in ("objects", "null_fields") else "N",
                        help=f"{what} (default {default}; ini boundcheck_{name})")
        parser.addini(f"boundcheck_{name}", f"boundcheck: {what} (default {default})")
    group.addoption("--boundcheck-encoding", type=_encoding, default=None, metavar="NAME",
                    help="the encoding of the Java sources, as javac's -encoding (default "
                         f"{DEFAULT_ENCODING}; ini boundcheck_encoding)")
    parser.addini("boundcheck_encoding", "boundcheck: the encoding of the Java sources "
                                         f"(default {DEFAULT_ENCODING})")
    group.addoption("--boundcheck-repro", metavar="DIR", default=None,
                    help="write a JUnit 5 test and a main program reproducing each failed check "
                         "into DIR (ini boundcheck_repro)")
    group.addoption("--boundcheck-replay", action="store_true", default=None,
                    help="confirm each counterexample on a real JVM before reporting it. This "
                         "compiles and RUNS the project's code; checking alone never does "
                         "(ini boundcheck_replay)")
    group.addoption("--boundcheck-classpath", metavar="PATHS", default=None,
                    help="jars and class directories the project's sources need to compile and "
                         f"run, separated by '{os.pathsep}', for --boundcheck-replay "
                         "(ini boundcheck_classpath, one per line)")
    parser.addini("boundcheck_repro", "boundcheck: directory for reproducers", type="paths",
                  default=[])
    parser.addini("boundcheck_classpath", "boundcheck: the project's dependencies, for replay",
                  type="paths", default=[])
    parser.addini("boundcheck_replay", "boundcheck: replay counterexamples on a JVM", type="bool",
                  default=False)
    group.addoption("--boundcheck-fail-on", type=_fail_on, metavar="KINDS", default=None,
                    help="fail the items with these results, for CI: "
                         + "; ".join(f"'{k}': {w}" for k, w in FAIL_ON.items())
                         + " (comma-separated; ini boundcheck_fail_on)")
    parser.addini("boundcheck_fail_on", "boundcheck: results that fail their item, as "
                                        "--boundcheck-fail-on", default="")
    group.addoption("--boundcheck-strict-compareto-equals", action="store_true", default=None,
                    help="fail, instead of xfail, when compareTo is inconsistent with equals "
                         "(ini boundcheck_strict_compareto_equals)")
    parser.addini("boundcheck", "boundcheck: Java source roots to check, as --boundcheck",
                  type="paths", default=[])
    parser.addini("boundcheck_strict_compareto_equals",
                  "boundcheck: fail when compareTo is inconsistent with equals", type="bool",
                  default=False)


def pytest_configure(config: pytest.Config) -> None:
    for line in MARKERS:
        config.addinivalue_line("markers", line)
    roots, on_command_line = _roots(config)
    if not roots:
        return
    settings = {field: _setting(config, name, parse, getattr(DEFAULTS, field))
                for name, (parse, field, _) in _BOUND_OPTIONS.items()}
    if _setting(config, "unroll", _positive_int, None) is None:
        settings["unroll"] = max(DEFAULTS.unroll, settings["objects"])
    if _setting(config, "timeout", _positive_float, None) is None:
        settings["jml_timeout"] = JML_TIMEOUT
    strict = config.getoption("boundcheck_strict_compareto_equals") or \
        config.getini("boundcheck_strict_compareto_equals")
    excludes = tuple(config.getini("norecursedirs")) + ("target", "out")
    repro = config.getoption("boundcheck_repro")
    repro_dir = (config.invocation_params.dir / repro if repro
                 else next(iter(config.getini("boundcheck_repro")), None))
    replay = config.getoption("boundcheck_replay") or config.getini("boundcheck_replay")
    encoding = _setting(config, "encoding", _encoding, DEFAULT_ENCODING)
    run = Run(roots, Bounds(**settings), bool(strict), (excludes, encoding), repro_dir,
              bool(replay), _classpath(config), _setting(config, "fail_on", _fail_on, frozenset()))
    config.stash[STASH] = run
    config.pluginmanager.register(run, "boundcheck-run")
    _collect_roots_too(config, roots, on_command_line)


def _roots(config: pytest.Config) -> tuple[list[Path], bool]:
    """The source roots, and whether they came from the command line."""
    given = config.getoption("boundcheck")
    if given:
        base = config.invocation_params.dir
        roots = [(base / p).resolve() for group in given for p in group]
        source = "--boundcheck"
    else:
        roots = [Path(p).resolve() for p in config.getini("boundcheck")]
        source = "the boundcheck ini option"
    for root in roots:
        if not root.exists():
            raise pytest.UsageError(f"{source}: no such file or directory: {root}")
    return roots, bool(given)


def _classpath(config: pytest.Config) -> list[Path]:
    """The project's dependencies for replay: from the command line, else the ini file."""
    given = config.getoption("boundcheck_classpath")
    if given is None:
        entries = [Path(p) for p in config.getini("boundcheck_classpath")]
    else:
        entries = [(config.invocation_params.dir / p).resolve()
                   for p in given.split(os.pathsep) if p]
    for entry in entries:
        if not entry.exists():
            raise pytest.UsageError(f"boundcheck classpath: no such file or directory: {entry}")
    return entries


def _setting(config: pytest.Config, name: str, parse, default):
    value = config.getoption(f"boundcheck_{name}")
    if value is not None:
        return value
    text = config.getini(f"boundcheck_{name}")
    if not text:
        return default
    try:
        return parse(str(text))
    except argparse.ArgumentTypeError as e:
        raise pytest.UsageError(f"ini option boundcheck_{name}: {e}") from None


def _collect_roots_too(config: pytest.Config, roots: list[Path], on_command_line: bool) -> None:
    """``pytest --boundcheck ROOT`` collects ROOT instead of what pytest would collect by
    default (the current directory or ``testpaths``); paths named on the command line,
    and the defaults when the roots come from the ini file, are collected besides. A root
    with a named path inside it (a Java file, an item's node id) is not collected whole."""
    if on_command_line and config.args_source != pytest.Config.ArgsSource.ARGS:
        config.args = [str(r) for r in roots]
        return
    given = [(config.invocation_params.dir / a.split("::")[0]).resolve() for a in config.args]
    config.args = list(config.args) + [str(r) for r in roots
                                       if not any(r == g or g in r.parents or r in g.parents
                                                  for g in given)]


class Run:
    """One session's checks, registered as a plugin of its own while the session runs.
    The project is parsed once, on first use."""

    def __init__(self, roots: list[Path], bounds: Bounds, strict: bool,
                 reading: tuple[tuple[str, ...], str], repro_dir: Path | None, replay: bool,
                 classpath: list[Path], fail_on: frozenset[str] = frozenset()):
        """``reading``: the directory names excluded, and the sources' encoding."""
        self.roots, self.bounds, self.strict = roots, bounds, strict
        self.excludes, self.encoding = reading
        self.repro_dir, self.replay, self.classpath = repro_dir, replay, classpath
        self.fail_on = fail_on  # of ``FAIL_ON``
        self._project = None
        self._replayer = None
        self.parse_errors = 0
        self.results: dict[tuple[str, str], str] = {}
        self.bounded: dict[tuple[str, str], str] = {}  # passes a bound cut: where (pass*)

    @property
    def project(self):
        if self._project is None:
            from pytest_boundcheck.engine.project import (
                Project,  # the engine loads only when checks are asked for
            )
            self._project = Project(self.roots, self.excludes, self.encoding)
        return self._project

    def reported(self, cls, contract, result) -> tuple[str, bool]:
        """The failure text with its reproducer and replay, and whether the engine and the
        JVM disagree."""
        from pytest_boundcheck.counterexample.repro import jml_reproducer, reproducer
        from pytest_boundcheck.report.text import message
        found = result.counterexample
        text = message(result)
        if contract.family == "jml":
            from pytest_boundcheck.harness.jmlreplay import not_replayed, replay_source
            source = replay_source(self.project.program, cls.path,
                                   Path(cls.path).read_text(self.encoding))
            repro = jml_reproducer(cls, contract, found, source)
            if repro is None:
                return text + "\nnot replayed: the class's declaration was not found in its file", False
        else:
            repro = reproducer(cls, contract, found)
        if self.repro_dir is not None:
            written = repro.write(self.repro_dir)
            text += "\nreproducers: " + ", ".join(str(p) for p in written)
        if not self.replay:
            return text, False
        unreplayed = not_replayed(self.project.program, found.message, cls.path) \
            if contract.family == "jml" else ""
        if unreplayed:
            return f"{text}\nnot replayed: {unreplayed}", False
        if not found.exact:
            return text + "\nnot replayed: the counterexample has objects Java cannot make as " \
                          "such (of a class without source, or of an unknown subclass of an " \
                          "abstract class)", False
        if self._replayer is None:
            from pytest_boundcheck.counterexample.replay import Replayer
            self._replayer = Replayer([f for f in self.project.files if f not in self.project.errors],
                                      self.classpath)
        replayed = self._replayer.replay(repro, found.exception)
        if replayed.verdict == "not-replayed":
            return f"{text}\nnot replayed: {replayed.detail}", False
        return f"{text}\n{replayed.detail}", replayed.verdict == "disagree"

    def pytest_sessionfinish(self) -> None:
        if self._replayer is not None:
            self._replayer.close()

    @pytest.hookimpl(tryfirst=True)
    def pytest_ignore_collect(self, collection_path: Path, config: pytest.Config):
        """pytest walks the directories the discover stage walked: a second way into one
        (a symbolic link loop, two links to one directory) is not entered, and a package
        directory that pytest's ``norecursedirs`` names (``com/acme/build``) is."""
        if not collection_path.is_dir():
            return None
        sources = self.project.sources
        if sources.enters_twice(collection_path):
            return True
        if collection_path in sources.leading and \
                any(fnmatch.fnmatch(collection_path.name, pattern)
                    for pattern in config.getini("norecursedirs")):
            return False
        return None

    def pytest_collect_file(self, file_path: Path, parent: pytest.Collector):
        """A Java file the discover stage found, by the way it found it: a file linked
        twice is collected once."""
        if file_path.suffix == ".java" and discover.place(file_path) in self.project.places:
            return JavaFile.from_parent(parent, path=file_path)
        return None

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Java files that do not parse are collection errors of their own: the
        other files' checks still run."""
        if self.parse_errors and session.testsfailed == self.parse_errors:
            session.config.option.continue_on_collection_errors = True

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        item = dict(report.user_properties).get("boundcheck_item")
        if item is None:
            return
        key = tuple(item.split("::"))
        if hasattr(report, "wasxfail"):
            self.results[key] = "xfailed"
        elif dict(report.user_properties).get("boundcheck_disagree"):
            self.results[key] = "error"
        elif report.failed and report.when != "call":
            self.results[key] = "error"
        elif report.when == "call" or (report.skipped and report.when == "setup"):
            self.results[key] = report.outcome
            bounded = dict(report.user_properties).get("boundcheck_bounded")
            if report.passed and bounded:
                self.bounded[key] = bounded

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if self.results:
            from pytest_boundcheck.report.summary import summary_table
            terminalreporter.section("boundcheck")
            terminalreporter.write_line(summary_table(self.results, self.bounded))


class JavaSourceError(Exception):
    """A Java file the parser rejects: a collection error for that file alone."""


class JavaFile(pytest.File):
    def collect(self):
        run: Run = self.config.stash[STASH]
        error = run.project.errors.get(discover.place(self.path))
        if error is not None:
            run.parse_errors += 1
            where = f"{self.path.name}:{error.line}:{error.column}" if error.line else self.path.name
            raise JavaSourceError(f"{where}: {error.detail}; this file's classes are not checked")
        for cls in run.project.classes_in(self.path):
            contracts = run.project.contracts_for(cls) + run.project.jml_for(cls)
            if contracts:
                yield JavaClass.from_parent(self, name=cls.fqname, java_class=cls, contracts=contracts)

    def repr_failure(self, excinfo):
        if excinfo.errisinstance(JavaSourceError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)


class JavaClass(pytest.Collector):
    def __init__(self, *, java_class, contracts, **kwargs):
        super().__init__(**kwargs)
        self.java_class, self.contracts = java_class, contracts

    def collect(self):
        for contract in self.contracts:
            yield ContractItem.from_parent(self, name=contract.id, java_class=self.java_class,
                                           contract=contract)


class ContractViolation(Exception):
    """The counterexample of a failed check, shown as it is."""


class EngineDisagreement(Exception):
    """The JVM did not show the violation the engine found: a bug in the engine."""


def _jml_not_checked(check) -> None:
    """A JML check whose specification has an error is an error naming file:line:col; one
    with a construct not lowered yet is a skip naming it. (Raised in the item's setup, so
    that pytest reports an error; without its traceback, which is the plugin's.)"""
    if getattr(check, "errors", ()):
        raise pytest.fail.Exception("\n".join(
            f"JML error: {Path(e.path).name}:{e.line}:{e.column}: {e.message}"
            for e in check.errors), pytrace=False)
    if getattr(check, "unsupported", ""):
        raise pytest.skip.Exception(f"JML construct not checked yet: {check.unsupported}",
                                    _use_item_location=True)


class ContractItem(pytest.Item):
    def __init__(self, *, java_class, contract, **kwargs):
        super().__init__(**kwargs)
        self.java_class, self.contract = java_class, contract
        self.add_marker("boundcheck")
        self.add_marker(f"boundcheck_{contract.family}")  # (``registry.Family.marker``, jml)
        # (class, contract) on every report of the item, for the summary table: under xdist
        # the reports reach the session that prints it, the items do not
        self.user_properties.append(("boundcheck_item", f"{java_class.fqname}::{contract.id}"))

    def setup(self) -> None:
        _jml_not_checked(self.contract)

    def runtest(self) -> None:
        from pytest_boundcheck.engine.result import SkipReason, Verdict
        from pytest_boundcheck.report.text import bounded_text, message, same_cause_text
        run: Run = self.config.stash[STASH]
        try:
            result = run.project.check(self.java_class, self.contract, run.bounds)
        except KeyboardInterrupt:
            if self.config.option.fulltrace:
                raise
            # pytest's Ctrl-C message formats the arguments of every frame of the traceback,
            # and printing the solver's terms there takes minutes: the run stops from here
            raise KeyboardInterrupt from None
        self.user_properties.append(("boundcheck_seconds", f"{result.seconds:.3f}"))
        if result.verdict is Verdict.PASS:
            self.user_properties.append(("boundcheck", message(result)))
            if bounded_text(result):
                self.user_properties.append(("boundcheck_bounded", bounded_text(result)))
        elif result.verdict is Verdict.SKIPPED:
            failing = run.fail_on & ({"skipped", "undecided"} if result.reason is SkipReason.UNDECIDED
                                     else {"skipped"})
            if failing:
                raise ContractViolation(f"skipped, failed by --boundcheck-fail-on="
                                        f"{min(failing)}: {message(result)}")
            # reported at the class, not at this line of the plugin
            raise pytest.skip.Exception(message(result), _use_item_location=True)
        else:
            text, disagree = run.reported(self.java_class, self.contract, result)
            if disagree and not result.unconfirmed:  # a possible violation may not replay
                self.user_properties.append(("boundcheck_disagree", "true"))
                raise EngineDisagreement(text)
            if result.verdict is Verdict.SAME_CAUSE:
                pytest.xfail(f"{same_cause_text(result.found)}\n{text}")
            if result.verdict is Verdict.POSSIBLE_VIOLATION:
                if "possible" in run.fail_on:
                    raise ContractViolation(f"possible violation, failed by --boundcheck-fail-on="
                                            f"possible: {result.unconfirmed}\n{text}")
                pytest.xfail(f"possible violation: {result.unconfirmed}\n{text}")
            if result.verdict is Verdict.ADVISORY and not run.strict:
                pytest.xfail("advisory (--boundcheck-strict-compareto-equals makes it fail)\n" + text)
            raise ContractViolation(text)

    def repr_failure(self, excinfo):
        if excinfo.errisinstance(EngineDisagreement):
            return f"ERROR: boundcheck's engine and the JVM disagree; please report it\n{excinfo.value}"
        if excinfo.errisinstance(ContractViolation):
            return str(excinfo.value)
        # short: the long style lists the source of each of the hundreds of frames of a
        # recursive exploration, which can take minutes
        return ("boundcheck internal error, please report it\n"
                f"{super().repr_failure(excinfo, style='short')}")

    def reportinfo(self):
        # pytest shows this as the failure's heading; it must end the node id and hold
        # no dot, or pytest rewrites the dots of the verbose line's node id into "::"
        cls = self.java_class
        return self.path, cls.decl.line - 1, f"{cls.fqname.rpartition('.')[2]}::{self.contract.id}"


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config):
    """A pass says what it held within in a verbose run; one whose executions a bound
    cut is ``PASSED*`` and says where in every run (the word ``-rA`` and ``-v`` show)."""
    if report.when != "call" or not report.passed:
        return None
    said = dict(report.user_properties)
    word = "PASSED*" if said.get("boundcheck_bounded") else "PASSED"
    if config.option.verbose > 0 and said.get("boundcheck"):
        return "passed", ".", (f"{word} ({said['boundcheck']})", {"green": True})
    if said.get("boundcheck_bounded"):
        return "passed", ".", (f"{word} ({said['boundcheck_bounded']})", {"green": True})
    return None
