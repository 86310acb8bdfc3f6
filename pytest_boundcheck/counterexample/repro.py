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
from pytest_boundcheck.frontend.types import ClassInfo
from pytest_boundcheck.harness.contracts import Contract

_RUNTIME_SOURCES = Path(__file__).parent / "java"
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
    # sources are written under their packages' folders from the output root
    runtime: tuple[str, ...] = ()

    @property
    def main_class(self) -> str:
        return f"{self.package}.{self.name}Main" if self.package else f"{self.name}Main"

    def write(self, directory: Path) -> list[Path]:
        folder = directory.joinpath(*self.package.split(".")) if self.package else directory
        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for suffix, source in (("Test", self.test), ("Main", self.main)):
            if not source:  # (a JML check's has no JUnit test yet)
                continue
            path = folder / f"{self.name}{suffix}.java"
            path.write_text(source)
            written.append(path)
        for name, source in self.needs:
            (folder / name).write_text(source)
            written.append(folder / name)
        for fqname in self.runtime:
            relative = Path(*fqname.split(".")).with_suffix(".java")
            path = directory / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text((_RUNTIME_SOURCES / relative).read_text())
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


def jml_replayer(cls: ClassInfo, check, found: Counterexample, source: str) -> Reproducer | None:
    """A JML check's counterexample as a main program for replay: it makes the objects
    and arguments and calls the check's harness, nested in the class it checks so that
    it reads private fields as the engine's did, with assertions on (``java -ea``, as the
    check ran the project's asserts). ``source`` is the text of the class's file; None
    where the file declares more than one top-level class (the nest is not known)."""
    unit = cls.unit
    if unit is None or len(unit.types) != 1 or not check.source:
        return None
    top = unit.types[0].name
    harness = check.source[check.source.index("final class "):]
    nested = "static final class JmlHarness " + harness[harness.index("{"):]
    end = source.rindex("}")
    name = cls.simple_name.replace(".", "_") + "_" + re.sub(r"\W", "_", check.id)
    args = ", ".join(p.name for p in check.method.params)
    body = "\n".join(f"        {line}" for line in found.code)
    header = f"package {found.package};\n\n" if found.package else ""
    main = (f"{header}public class {name}Main {{\n"
            f"    public static void main(String[] args) throws Exception {{\n"
            f"        {name}Main.class.getClassLoader().setDefaultAssertionStatus(true);\n"
            f"        run();\n    }}\n\n"
            f"    static void run() throws Exception {{\n{body}\n"
            f"        {top}.JmlHarness.check({args});\n"
            f'        System.out.println("{cls.fqname}::{check.id} holds for these objects");\n'
            f"    }}\n{_REFLECTION if found.reflective else ''}}}\n")
    return Reproducer(found.package, name, "", main,
                      ((Path(cls.path).name, source[:end] + nested + "\n" + source[end:]),),
                      runtime_classes(harness))


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
