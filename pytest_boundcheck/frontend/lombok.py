"""The members Lombok generates, written as the Java its documentation gives, so that an
annotated class is checked like hand-written code (program stage, as records are).

Covered: ``@EqualsAndHashCode`` (``callSuper``, ``of``, ``exclude``,
``onlyExplicitlyIncluded``, ``doNotUseGetters``, field-level ``Include``/``Exclude``),
``@Data`` and ``@Value`` (equals/hashCode, getters, setters, the required- or all-args
constructor, ``@Value``'s private final fields), ``@Getter``/``@Setter`` on the class or a
field, ``@NoArgsConstructor``/``@RequiredArgsConstructor``/``@AllArgsConstructor`` and
``@NonNull`` checks in constructors and setters. An annotation counts as Lombok's when it is
written ``lombok.X`` or its file imports ``lombok.X`` or ``lombok.*``.
"""
from __future__ import annotations

import re
from dataclasses import replace

from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.parse import parse_members

_WHOLE = {"boolean", "byte", "short", "char", "int", "long"}
_ACCESS = {"PUBLIC": "public", "PROTECTED": "protected", "PACKAGE": "", "PRIVATE": "private",
           "MODULE": "", "NONE": None}


class _Lombok:
    """Which Lombok annotations a declaration carries, under their simple names."""

    def __init__(self, unit: ast.CompilationUnit):
        self.imported = {i.name.rsplit(".", 1)[-1] for i in unit.imports
                         if not i.static and not i.wildcard and i.name.startswith("lombok.")}
        self.everything = any(i.wildcard and i.name == "lombok" for i in unit.imports)

    def of(self, annotations: tuple[ast.Annotation, ...]) -> dict[str, ast.Annotation]:
        found = {}
        for a in annotations:
            name = a.name.removeprefix("lombok.")
            head = name.split(".")[0]
            if a.name.startswith("lombok.") or head in self.imported or self.everything:
                found[name] = a
        return found


def _flag(a: ast.Annotation | None, key: str) -> bool:
    return a is not None and a.arg(key) == "true"


def _names(a: ast.Annotation | None, key: str) -> list[str] | None:
    text = a.arg(key) if a is not None else None
    return None if text is None else re.findall(r'"([^"]*)"', text)


def _access(a: ast.Annotation) -> str | None:
    """The modifier a Lombok ``access``/``value`` level asks for (None: generate nothing)."""
    level = a.arg("access") or a.arg("value") or "AccessLevel.PUBLIC"
    return _ACCESS.get(level.rsplit(".", 1)[-1], "public")


def _type(f: ast.FieldDecl) -> str:
    return f.type.name + "[]" * f.type.dims


def _capitalised(f: ast.FieldDecl) -> str:
    return f.name[:1].upper() + f.name[1:]


def _getter_name(f: ast.FieldDecl) -> str:
    prefix = "is" if _type(f) == "boolean" else "get"
    return prefix + _capitalised(f)


def members(decl: ast.TypeDecl, unit: ast.CompilationUnit) -> tuple[ast.TypeDecl, list, list]:
    """``decl`` as Lombok leaves it (``@Value`` makes fields private final and the class
    final), with the methods and constructors Lombok adds to it."""
    lombok = _Lombok(unit)
    on_class = lombok.of(decl.annotations)
    if not on_class:
        return decl, [], []
    value, data = "Value" in on_class, "Data" in on_class
    if value:
        decl = replace(decl, modifiers=decl.modifiers | {"final"}, fields=tuple(
            f if "static" in f.modifiers or "NonFinal" in lombok.of(f.annotations)
            else replace(f, modifiers=(f.modifiers - {"public", "protected"}) | {"private", "final"})
            for f in decl.fields))
    instance = [f for f in decl.fields if "static" not in f.modifiers]
    declared = {m.name for m in decl.methods}
    sources: list[str] = []
    getters: dict[str, str] = {}  # field name -> getter method, hand-written or generated
    for f in instance:
        on_field = lombok.of(f.annotations)
        getter = on_field.get("Getter") or on_class.get("Getter")
        name = _getter_name(f)
        if name in declared:
            getters[f.name] = name
        elif (getter is not None and _access(getter) is not None) or value or data:
            getters[f.name] = name
            sources.append(f"{_access(getter) if getter else 'public'} {_type(f)} {name}() "
                           f"{{ return this.{f.name}; }}")
        setter = on_field.get("Setter") or on_class.get("Setter")
        wants_setter = setter is not None and _access(setter) is not None or data
        if wants_setter and "final" not in f.modifiers and f"set{_capitalised(f)}" not in declared:
            sources.append(f"{_access(setter) if setter else 'public'} void set{_capitalised(f)}"
                           f"({_type(f)} {f.name}) {{ {_null_check(f, lombok)}"
                           f"this.{f.name} = {f.name}; }}")
    sources += _constructors(decl, instance, on_class, lombok)
    equality = on_class.get("EqualsAndHashCode")
    if (equality or value or data) and not declared & {"equals", "hashCode"}:
        sources += _equals_and_hash_code(decl, instance, equality, getters, lombok)
    if not sources:
        return decl, [], []
    generated = parse_members(decl.name, sources, decl.line, unit.path)
    return decl, list(generated.methods), list(generated.constructors)


def _null_check(f: ast.FieldDecl, lombok: _Lombok) -> str:
    if "NonNull" not in lombok.of(f.annotations):
        return ""
    return (f'if ({f.name} == null) throw new NullPointerException("{f.name} is marked '
            f'non-null but is null"); ')


def _constructors(decl, instance, on_class, lombok) -> list[str]:
    wanted = {kind: on_class[kind] for kind in
              ("NoArgsConstructor", "RequiredArgsConstructor", "AllArgsConstructor")
              if kind in on_class}
    if not decl.constructors and not wanted:
        if "Value" in on_class:
            wanted["AllArgsConstructor"] = on_class["Value"]
        elif "Data" in on_class:
            wanted["RequiredArgsConstructor"] = on_class["Data"]
    settable = [f for f in instance if not ("final" in f.modifiers and f.init is not None)]
    required = [f for f in settable if "final" in f.modifiers
                or ("NonNull" in lombok.of(f.annotations) and f.init is None)]
    sources = []
    for kind, a in wanted.items():
        fields = {"NoArgsConstructor": [], "RequiredArgsConstructor": required,
                  "AllArgsConstructor": settable}[kind]
        access = _access(a)
        if access is None:
            continue
        params = ", ".join(f"{_type(f)} {f.name}" for f in fields)
        body = "".join(_null_check(f, lombok) for f in fields) + \
            "".join(f"this.{f.name} = {f.name}; " for f in fields)
        static_name = (a.arg("staticName") or a.arg("staticConstructor") or "").strip('"')
        if static_name:
            args = ", ".join(f.name for f in fields)
            sources.append(f"public static {decl.name} {static_name}({params}) "
                           f"{{ return new {decl.name}({args}); }}")
            access = "private"
        sources.append(f"{access} {decl.name}({params}) {{ {body}}}")
    return sources


def _compared_fields(instance, a, lombok) -> list[ast.FieldDecl]:
    """The fields equals and hashCode compare: those included, else all but those excluded
    (by ``of``/``exclude``, ``onlyExplicitlyIncluded``, field marks), transient or ``$``."""
    only, excluded = _names(a, "of"), set(_names(a, "exclude") or ())
    explicit = _flag(a, "onlyExplicitlyIncluded")
    fields = []
    for f in instance:
        marks = lombok.of(f.annotations)
        if "EqualsAndHashCode.Include" in marks:
            fields.append(f)
        elif ("transient" in f.modifiers or f.name.startswith("$") or f.name in excluded
              or "EqualsAndHashCode.Exclude" in marks or explicit
              or (only is not None and f.name not in only)):
            continue
        else:
            fields.append(f)
    return fields


def _equals_and_hash_code(decl, instance, a, getters, lombok) -> list[str]:
    """equals, canEqual and hashCode exactly as Lombok writes them (delombok's output)."""
    fields = _compared_fields(instance, a, lombok)
    use_getters = not _flag(a, "doNotUseGetters")
    call_super = _flag(a, "callSuper")
    can_equal = not ("final" in decl.modifiers and decl.superclass is None)
    name = decl.name

    def read(owner: str, f: ast.FieldDecl) -> str:
        return f"{owner}.{getters[f.name]}()" if use_getters and f.name in getters \
            else f"{owner}.{f.name}"

    compare, hashes = [], []
    for f in fields:
        t, this, other, n = _type(f), read("this", f), read("other", f), f.name
        if f.type.dims:
            deep = f.type.dims > 1 or f.type.name not in _WHOLE | {"float", "double"}
            equals, hash_code = ("deepEquals", "deepHashCode") if deep else ("equals", "hashCode")
            compare.append(f"if (!java.util.Arrays.{equals}({this}, {other})) return false;")
            hashes.append(f"result = result * PRIME + java.util.Arrays.{hash_code}({this});")
        elif t in _WHOLE:
            compare.append(f"if ({this} != {other}) return false;")
            hashes.append({"boolean": f"result = result * PRIME + ({this} ? 79 : 97);",
                           "long": f"final long ${n} = {this}; "
                                   f"result = result * PRIME + (int) (${n} >>> 32 ^ ${n});"
                           }.get(t, f"result = result * PRIME + {this};"))
        elif t in ("float", "double"):
            box = t.capitalize()
            compare.append(f"if ({box}.compare({this}, {other}) != 0) return false;")
            hashes.append(f"result = result * PRIME + Float.floatToIntBits({this});" if t == "float"
                          else f"final long ${n} = Double.doubleToLongBits({this}); "
                               f"result = result * PRIME + (int) (${n} >>> 32 ^ ${n});")
        else:
            compare.append(f"final Object this${n} = {this}; final Object other${n} = {other}; "
                           f"if (this${n} == null ? other${n} != null : !this${n}.equals(other${n})) "
                           f"return false;")
            hashes.append(f"final Object ${n} = {this}; "
                          f"result = result * PRIME + (${n} == null ? 43 : ${n}.hashCode());")
    check_other = "if (!other.canEqual((Object) this)) return false; " if can_equal else ""
    check_super = "if (!super.equals(o)) return false; " if call_super else ""
    hash_super = "result = result * PRIME + super.hashCode(); " if call_super else ""
    sources = [
        (f"public boolean equals(final Object o) {{ if (o == this) return true; "
         f"if (!(o instanceof {name})) return false; final {name} other = ({name}) o; "
         f"{check_other}{check_super}{' '.join(compare)} return true; }}"),
        (f"public int hashCode() {{ final int PRIME = 59; int result = 1; {hash_super}"
         f"{' '.join(hashes)} return result; }}"),
    ]
    if can_equal:
        sources.append(f"protected boolean canEqual(final Object other) "
                       f"{{ return other instanceof {name}; }}")
    return sources
