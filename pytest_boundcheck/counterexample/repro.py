"""Reproducers: a failed check as a JUnit 5 test class and as a plain main program.

Both make the counterexample's objects and run the contract's own harness on them,
so they fail while the violation exists and pass once the class is fixed. The
harness is copied from its contract file with erased parameter types, and with
``assert`` turned into a thrown AssertionError: a JVM runs without ``-ea`` by default.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pytest_boundcheck.counterexample.example import Counterexample
from pytest_boundcheck.frontend.jdk import JML_RUNTIME
from pytest_boundcheck.frontend.parse import declaration_end
from pytest_boundcheck.frontend.types import ClassInfo
from pytest_boundcheck.harness.contracts import Contract

RUNTIME_SOURCES = Path(__file__).parent / "java"
_ASSERT = re.compile(r"^(\s*)assert (.+?)(?: : (.+))?;\s*$")

_REFLECTION = '''
    /** An object made without a constructor: the checked state needs field values no constructor sets. */
    static <T> T allocate(Class<T> type) throws Exception {
        java.lang.reflect.Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        return type.cast(((sun.misc.Unsafe) theUnsafe.get(null)).allocateInstance(type));
    }

    static void set(Object target, Class<?> owner, String name, Object value) throws Exception {
        java.lang.reflect.Field field = owner.getDeclaredField(name);
        field.setAccessible(true);
        field.set(target, value);
    }
'''


@dataclass(frozen=True)
class Reproducer:
    package: str
    name: str     # class name stem: Point2D_HashcodeConsistent
    test: str     # JUnit 5 source
    main: str     # plain main program source
    # sources the main program needs besides the project's: (file name, source), in the
    # package's folder (a JML check's class, with its harness nested in it)
    needs: tuple[tuple[str, str], ...] = ()
    # the JML runtime classes (``jdk.JML_RUNTIME``) the harness calls, by full name: their
    # sources are written under their packages' folders from the reproducer's root
    runtime: tuple[str, ...] = ()
    root: str = ""  # a folder of its own under the directory written to (a JML check's)

    @property
    def main_class(self) -> str:
        return f"{self.package}.{self.name}Main" if self.package else f"{self.name}Main"

    def write(self, directory: Path) -> list[Path]:
        base = directory / self.root if self.root else directory
        folder = base.joinpath(*self.package.split(".")) if self.package else base
        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for suffix, source in (("Test", self.test), ("Main", self.main)):
            path = folder / f"{self.name}{suffix}.java"
            path.write_text(source)
            written.append(path)
        for name, source in self.needs:
            (folder / name).write_text(source)
            written.append(folder / name)
        for fqname in self.runtime:
            relative = Path(*fqname.split(".")).with_suffix(".java")
            path = base / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text((RUNTIME_SOURCES / relative).read_text())
            written.append(path)
        return written


def reproducer(cls: ClassInfo, contract: Contract, found: Counterexample) -> Reproducer:
    name = f"{cls.simple_name.replace('.', '_')}_{_camel(contract.id)}"
    args = ", ".join(p.name for p in contract.method.params)
    body = "\n".join(f"        {line}" for line in found.code) + f"\n        check({args});"
    helpers = _harness(contract) + (_REFLECTION if found.reflective else "")
    about = (f"boundcheck: {cls.fqname}::{contract.id}: {contract.summary}.\n"
             f" * It fails while the violation exists and passes once the class is fixed.")
    header = f"package {found.package};\n\n" if found.package else ""
    test = (f"{header}/**\n * {about}\n */\nclass {name}Test {{\n"
            f"    @org.junit.jupiter.api.Test\n    void {_camel(contract.id, lower=True)}() "
            f"throws Exception {{\n{body}\n    }}\n{helpers}}}\n")
    main = (f"{header}/**\n * {about}\n */\npublic class {name}Main {{\n"
            f"    public static void main(String[] args) throws Exception {{\n{body}\n"
            f'        System.out.println("{cls.fqname}::{contract.id} holds for these objects");\n'
            f"    }}\n{helpers}}}\n")
    return Reproducer(found.package, name, test, main)


def _harness(contract: Contract) -> str:
    """The contract's check method, as a static method any code can call."""
    method = contract.method
    lines = Path(method.owner.path).read_text().splitlines()[method.decl.line - 1:method.decl.end_line]
    params = ", ".join(f"{p.type.simple_name} {p.name}" for p in method.params)
    body = [_no_assert(line) for line in lines[1:]]
    indent = re.match(r"\s*", lines[0]).group(0)
    return "\n" + "\n".join([f"{indent}static void check({params}) {{"] + body) + "\n"


def jml_reproducer(cls: ClassInfo, check, found: Counterexample, source: str) -> Reproducer | None:
    """A JML check's counterexample as a JUnit 5 test and a main program. Both call
    ``replay()`` of the check's harness, nested in a copy of the top-level class that
    holds the class it checks: there it makes the objects and arguments (of private
    nested classes too) and runs the check, reading private fields as the engine's did.
    The harness's assertions throw whatever ``-ea`` says; the main program turns ``-ea``
    on for the project's own asserts, as the check ran them. ``source`` is the text of
    the class's file; None where the class's top-level declaration cannot be found in
    it. The three files are a source tree of their own (``Reproducer.root``): the copy
    must come before the project's class."""
    unit = cls.unit
    top = cls.simple_name.split(".")[0]
    decl = next((t for t in unit.types if t.name == top), None) if unit is not None else None
    end = declaration_end(source, decl.line) if decl is not None else None
    if end is None or not check.source:
        return None
    harness = check.source[check.source.index("final class "):]
    members = [_no_assert(line) for line in harness[harness.index("{"):].rstrip().splitlines()]
    args = ", ".join(p.name for p in check.method.params)
    replay = ("\n    /** The counterexample's objects and arguments, and the check on them. */\n"
              "    static void replay() throws Exception {\n"
              + "".join(f"        {line}\n" for line in found.code)
              + f"        check({args});\n    }}\n")
    nested = "static final class JmlHarness " + "\n".join(members[:-1]) + "\n" + replay + \
        (_REFLECTION if found.reflective else "") + "}"
    name = cls.simple_name.replace(".", "_") + "_" + re.sub(r"\W", "_", check.id)
    header = f"package {found.package};\n\n" if found.package else ""
    about = (f"boundcheck: {cls.fqname}::{check.id}: {check.summary}.\n"
             f" * It fails while the violation exists and passes once the method meets it.\n"
             f" * {Path(cls.path).name} beside it is a copy of its class with the check nested in it\n"
             f" * (JmlHarness): compile it ahead of the project's classes; run with -ea.")
    test = (f"{header}/**\n * {about}\n */\nclass {name}Test {{\n"
            f"    @org.junit.jupiter.api.Test\n    void meetsItsSpecification() throws Exception {{\n"
            f"        {top}.JmlHarness.replay();\n    }}\n}}\n")
    main = (f"{header}/**\n * {about}\n */\npublic class {name}Main {{\n"
            f"    public static void main(String[] args) throws Exception {{\n"
            f"        {name}Main.class.getClassLoader().setDefaultAssertionStatus(true);\n"
            f"        {top}.JmlHarness.replay();\n"
            f'        System.out.println("{cls.fqname}::{check.id} holds for these objects");\n'
            f"    }}\n}}\n")
    return Reproducer(found.package, name, test, main,
                      ((Path(cls.path).name, source[:end] + nested + "\n" + source[end:]),),
                      runtime_classes(harness), name)


def runtime_classes(source: str) -> tuple[str, ...]:
    """The JML runtime classes a harness's source names (it writes their full names)."""
    return tuple(name for name in JML_RUNTIME if name + "." in source)


def _no_assert(line: str) -> str:
    match = _ASSERT.match(line)
    if match is None:
        return line
    indent, cond, message = match.groups()
    return f"{indent}if (!({cond})) {{\n{indent}    throw new AssertionError({message or ''});\n{indent}}}"


def _camel(contract_id: str, lower: bool = False) -> str:
    words = contract_id.replace("hashcode", "hash-code").replace("compareto", "compare-to").split("-")
    text = "".join(w.capitalize() for w in words)
    return text[0].lower() + text[1:] if lower else text
