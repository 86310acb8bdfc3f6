"""Program stage: compilation units -> one class table with names, overloads and overriding resolved.

Holds project classes, the JDK's classes (``jdk.py``), those of the libraries modelled
in Java, and placeholder
entries for classes the project names but does not contain ("external"): code
may pass those around and compare them with ``==``, but anything more is an
unsupported construct for the engine.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from pytest_boundcheck.frontend import anonymous, jdk, lombok, nullness
from pytest_boundcheck.frontend import javaast as ast
from pytest_boundcheck.frontend.parse import parse_members
from pytest_boundcheck.frontend.types import (
    ENCLOSING_FIELD,
    PRIMITIVES,
    ClassInfo,
    FieldInfo,
    JType,
    MethodInfo,
    Param,
    PrimType,
    assignable,
    widens_to,
)


class Program:
    def __init__(self, units: list[ast.CompilationUnit], origin: str = "project",
                 modelled: Iterable[tuple[str, str]] = (),
                 libraries: Iterable[ast.CompilationUnit] = ()):
        """``modelled``: the (owner, Java signature) of each JDK method a model implements;
        ``libraries``: the library classes modelled in Java."""
        self.classes: dict[str, ClassInfo] = jdk.build_classes(modelled)
        self.project: list[ClassInfo] = []
        self._tested: set[ClassInfo] | None = None
        self._caches: dict[str, bool] = {}  # field key -> is it a lazy cache
        self._subclasses: dict[str, list[ClassInfo]] = {}
        self._package_annotations: dict[str, tuple[ast.Annotation, ...]] = {}  # package-info.java
        # id of an anonymous class body (``ast.New.body``) -> its class; (class, name) -> the
        # local class of that name its code declares (None: more than one); each of those
        # classes -> where its code declares it
        self.anonymous: dict[int, ClassInfo] = {}
        self._locals: dict[tuple[ClassInfo, str], ClassInfo | None] = {}
        self._sites: dict[ClassInfo, anonymous.Site] = {}
        # tables that later stages derive from the class table and keep with it (the
        # harness's tables of what each equals accepts): made once per project, which
        # every check of it reads
        self.derived: dict[str, object] = {}
        # classes whose nullness a JML default declares (``jmlnull``): not under the null policy
        self.nullness_declared: set[ClassInfo] = set()
        # a class -> the static boolean method (a JML check's) telling whether an object of
        # it keeps its instance invariants: objects made from field values are assumed to
        # (``symex.invariants``)
        self.invariant_checks: dict[ClassInfo, MethodInfo] = {}
        # first, so that a project with a library's own source (the library itself) uses it
        self.add_units(list(libraries), "library")
        self.add_units(units, origin)

    # ------------------------------------------------------------ building
    def add_units(self, units: list[ast.CompilationUnit], origin: str) -> list[ClassInfo]:
        added: list[ClassInfo] = []
        for unit in units:
            if unit.package_annotations:
                self._package_annotations[unit.package] = unit.package_annotations
            prefix = f"{unit.package}." if unit.package else ""
            for decl in unit.types:
                self._declare(decl, unit, None, prefix + decl.name, origin, added)
        for cls in added:
            self._link_supertypes(cls)
        for cls in added:
            self._add_members(cls)
        for cls in added:
            if cls in self._sites:
                self._complete_local(cls)
        if origin == "project":  # (anonymous and local classes are not checked, nor made
            self.project.extend(c for c in added if not self._in_local(c))  # by checks)
        self._subclasses.clear()
        return added

    def _declare(self, decl, unit, outer, fqname, origin, added):
        mods = decl.modifiers
        if outer is not None and (outer.is_interface or decl.kind in ("enum", "record", "interface")):
            mods = mods | {"static"}
        cls = self._class(decl, mods, unit, outer, fqname, origin, added)
        if outer is not None:
            outer.members[decl.name] = cls

    def _class(self, decl, mods, unit, outer, fqname, origin, added) -> ClassInfo:
        """A class, and those declared in it: its members, and the anonymous and local
        classes of its code (``Outer$1``, ``Outer$1Local``), with the enclosing method's
        type variables as their own."""
        cls = ClassInfo(fqname, decl.kind, mods, decl, unit, outer, origin=origin,
                        hierarchy=self.classes[jdk.OBJECT].hierarchy)
        self.classes[fqname] = cls
        added.append(cls)
        for member in decl.members:
            self._declare(member, unit, cls, f"{fqname}.{member.name}", origin, added)
        named: list[str] = []  # javac numbers anonymous classes, and local ones of each name
        for site in anonymous.sites(decl):
            named.append(site.body.name)
            number = named.count(site.body.name)
            name = str(number) if site.body.anonymous else site.body.name
            body = replace(site.body, name=name, type_params=site.type_params + site.body.type_params)
            made = self._class(body, body.modifiers | ({"static"} if site.static else set()), unit,
                               cls, f"{fqname}${number}{'' if site.body.anonymous else name}",
                               origin, added)
            if site.body.anonymous:
                self.anonymous[id(site.body)] = made
            else:
                self._locals[cls, name] = None if (cls, name) in self._locals else made
            self._sites[made] = site
        return cls

    def _link_supertypes(self, cls: ClassInfo) -> None:
        decl = cls.decl
        obj = self.classes[jdk.OBJECT]
        cls.type_vars = {name: obj for name, _ in decl.type_params}
        for name, bound in decl.type_params:
            if bound is not None:
                cls.type_vars[name] = self._erased(self.resolve_type(bound, cls))
        if decl.superclass is not None:
            cls.superclass = self._erased(self.resolve_type(decl.superclass, cls))
        elif decl.kind == "enum":
            cls.superclass = self.classes["java.lang.Enum"]
        elif not cls.is_interface:
            cls.superclass = obj
        cls.interfaces = [c for c in (self._erased(self.resolve_type(t, cls)) for t in decl.interfaces)
                          if c.is_interface or c.origin == "external"]
        if decl.anonymous and (cls.superclass.is_interface or jdk.is_library_interface(cls.superclass)):
            cls.superclass, cls.interfaces = obj, [cls.superclass]  # new Runnable() { ... }

    def _erased(self, t: JType) -> ClassInfo:
        return t if isinstance(t, ClassInfo) else self.classes[jdk.OBJECT]

    def _add_members(self, cls: ClassInfo) -> None:
        decl, generated_methods, generated_ctors = lombok.members(cls.decl, cls.unit)
        for f in decl.fields:
            cls.fields[f.name] = FieldInfo(f.name, self.resolve_type(f.type, cls), cls,
                                           static="static" in f.modifiers,
                                           final="final" in f.modifiers, init=f.init, line=f.line,
                                           transient="transient" in f.modifiers,
                                           never_null=self._never_null(f.annotations, cls, False))
        for c in decl.constants:
            cls.fields[c.name] = FieldInfo(c.name, cls, cls, static=True, final=True, line=c.line)
        if cls.outer is not None and decl.kind == "class" and "static" not in cls.modifiers:
            cls.fields[ENCLOSING_FIELD] = FieldInfo(ENCLOSING_FIELD, cls.outer, cls, static=False,
                                                    final=True, line=decl.line, never_null=True)
        methods = list(decl.methods) + generated_methods
        ctors = [c for c in decl.constructors if c.name == "<init>"] + generated_ctors
        if decl.kind == "record":
            implicit_methods, implicit_ctors = _record_members(decl, cls.unit.path)
            methods += implicit_methods
            ctors += implicit_ctors
        cls.methods = [self._method(cls, m) for m in methods]
        cls.ctors = [self._method(cls, c) for c in ctors]
        if not ctors and not cls.is_interface:
            implicit = ast.MethodDecl(frozenset({"public"}), (), None, "<init>", (),
                                      ast.Block(decl.line, ()), decl.line)
            cls.ctors = [self._method(cls, implicit)]

    def _complete_local(self, cls: ClassInfo) -> None:
        """An anonymous or local class's captured locals, as final fields (but for a name a
        field it inherits hides); and an anonymous class's constructors: one for each of
        its superclass's that takes the arguments its ``new`` passes, passing them on
        (taken as Objects where the superclass's constructors are unknown)."""
        site = self._sites[cls]
        for name, tn in site.captured:
            if all(t.lookup_field(name) is None for t in [cls.superclass, *cls.interfaces]):
                cls.fields[name] = FieldInfo(name, self.resolve_type(tn, cls), cls, static=False,
                                             final=True, line=site.body.line)
        if not site.body.anonymous:
            return
        signatures = [([p.type for p in c.params], c.varargs) for c in cls.superclass.ctors
                      if len(c.params) == site.args or c.varargs and site.args >= len(c.params) - 1]
        if not cls.superclass.ctors:
            signatures = [([self.classes[jdk.OBJECT]] * site.args, False)]
        line = site.body.line
        cls.ctors = []
        for types, varargs in signatures:
            names = [f"arg{i}" for i in range(len(types))]
            call = ast.CtorCall(line, "super", tuple(ast.Name(line, n) for n in names))
            decl = ast.MethodDecl(frozenset(), (), None, "<init>", (), ast.Block(line, (call,)), line)
            cls.ctors.append(MethodInfo("<init>", cls, [Param(t, n) for t, n in zip(types, names)],
                                        PRIMITIVES["void"], varargs=varargs, decl=decl))

    def _in_local(self, cls: ClassInfo) -> bool:
        """Is this an anonymous or local class, or declared in one?"""
        return cls in self._sites or cls.outer is not None and self._in_local(cls.outer)

    def captured(self, cls: ClassInfo) -> list[FieldInfo]:
        """The fields of an anonymous or local class that hold the locals its code reads."""
        site = self._sites.get(cls)
        return [cls.fields[n] for n, _ in site.captured if n in cls.fields] if site else []

    def speaks_of_nullness(self, cls: ClassInfo) -> bool:
        """Does ``cls``'s code, or its package's, carry nullness annotations (``nullness``),
        or is it in a file with JML annotations, which default to non-null (``jmlnull``)?"""
        return cls in self.nullness_declared or nullness.speaks_of_nullness(cls, self._package_annotations.get(cls.package, ()))

    def _never_null(self, annotations: tuple[ast.Annotation, ...], cls: ClassInfo,
                    parameter: bool) -> bool:
        package = self._package_annotations.get(cls.package, ())
        return nullness.never_null(annotations, cls, parameter, package)

    def _method(self, cls: ClassInfo, m: ast.MethodDecl) -> MethodInfo:
        type_vars = {name: self.classes[jdk.OBJECT] for name, _ in m.type_params}
        for name, bound in m.type_params:
            if bound is not None:
                type_vars[name] = self._erased(self.resolve_type(bound, cls, type_vars))
        # a record's canonical constructor takes its components' annotations
        components = {f.name: f.annotations for f in cls.decl.fields if "static" not in f.modifiers}
        if cls.decl.kind != "record" or [p.name for p in m.params] != list(components):
            components = {}
        params = []
        for p in m.params:
            is_var = p.type.dims == 0 and (p.type.name in type_vars or p.type.name in cls.type_vars)
            never_null = self._never_null(p.annotations + components.get(p.name, ()), cls, True)
            params.append(Param(self.resolve_type(p.type, cls, type_vars), p.name, is_var,
                                never_null))
        ret = (PRIMITIVES["void"] if m.return_type is None
               else self.resolve_type(m.return_type, cls, type_vars))
        return MethodInfo(m.name, cls, params, ret, static="static" in m.modifiers,
                          abstract="abstract" in m.modifiers, private="private" in m.modifiers,
                          varargs=bool(m.params) and m.params[-1].varargs, decl=m, type_vars=type_vars)

    # ------------------------------------------------------ name resolution
    def resolve_type(self, tn: ast.TypeName, scope: ClassInfo | None,
                     type_vars: dict[str, JType] | None = None) -> JType:
        if tn.dims:
            element = self.resolve_type(ast.TypeName(tn.name, tn.dims - 1), scope, type_vars)
            return jdk.array_class(self.classes, element)
        if tn.name in PRIMITIVES:
            return PRIMITIVES[tn.name]
        if type_vars and tn.name in type_vars:
            return type_vars[tn.name]
        c = scope
        while c is not None:
            if tn.name in c.type_vars:
                return c.type_vars[tn.name]
            c = c.outer
        found = self.lookup_class(tn.name, scope)
        return found if found is not None else self.external(self._guess_fqname(tn.name, scope))

    def lookup_class(self, name: str, scope: ClassInfo | None) -> ClassInfo | None:
        """A class by the name code in ``scope`` writes for it, or None."""
        head, _, rest = name.partition(".")
        found = self._lookup_simple(head, scope)
        if found is not None:
            for part in filter(None, rest.split(".")):
                found = self._member(found, part)
                if found is None:
                    break
            if found is not None:
                return found
        return self.classes.get(name) if "." in name else None

    def _lookup_simple(self, name: str, scope: ClassInfo | None) -> ClassInfo | None:
        c = scope
        while c is not None:
            if c.fqname.rpartition(".")[2] == name:
                return c
            member = self._member(c, name) or self._locals.get((c, name))
            if member is not None:
                return member
            c = c.outer
        unit = scope.unit if scope is not None else None
        if unit is not None:
            for imp in unit.imports:
                if not imp.wildcard and not imp.static and imp.name.rpartition(".")[2] == name:
                    if imp.name in self.classes:
                        return self.classes[imp.name]
                    return self.external(imp.name)
            same_package = f"{unit.package}.{name}" if unit.package else name
            if same_package in self.classes:
                return self.classes[same_package]
            for imp in unit.imports:
                if imp.wildcard and not imp.static:
                    candidate = self.classes.get(f"{imp.name}.{name}")
                    if candidate is not None:
                        return candidate
        return self.classes.get(f"java.lang.{name}")

    def statically_imported(self, name: str, scope: ClassInfo,
                            has: Callable[[ClassInfo], object]) -> ClassInfo | None:
        """The class whose static member ``name`` an ``import static`` of ``scope``'s file
        brings in (a single import first, then on-demand ones, where ``has(cls)``)."""
        imports = scope.unit.imports if scope.unit is not None else ()
        for imp in imports:
            owner, _, member = imp.name.rpartition(".")
            if imp.static and not imp.wildcard and member == name:
                return self.classes.get(owner) or self.external(owner)
        for imp in imports:
            owner = self.classes.get(imp.name)
            if imp.static and imp.wildcard and owner is not None and has(owner):
                return owner
        return None

    def _member(self, cls: ClassInfo, name: str) -> ClassInfo | None:
        for t in cls.supertypes():
            if name in t.members:
                return t.members[name]
        return None

    def _guess_fqname(self, name: str, scope: ClassInfo | None) -> str:
        """The full name of a class without source, from the import of its name's first
        part (``Spliterator.OfInt`` under ``import java.util.Spliterator``), else the JDK
        type an on-demand import or ``java.lang`` gives it (``Callable`` under ``import
        java.util.concurrent.*``)."""
        imports = scope.unit.imports if scope is not None and scope.unit is not None else ()
        head, dot, rest = name.partition(".")
        for imp in imports:
            if not imp.wildcard and imp.name.rpartition(".")[2] == head:
                return imp.name + dot + rest
        packages = [imp.name for imp in imports if imp.wildcard and not imp.static] + ["java.lang"]
        return next((f"{package}.{name}" for package in packages
                     if f"{package}.{name}" in jdk.LIBRARY_SUPERTYPES), name)

    def external(self, fqname: str, kind: str = "external") -> ClassInfo:
        """A class the project names but the engine has no source or model for."""
        if fqname not in self.classes:
            cls = ClassInfo(fqname, kind, origin="external",
                            hierarchy=self.classes[jdk.OBJECT].hierarchy)
            self.classes[fqname] = cls
            superclass, interfaces = jdk.LIBRARY_SUPERTYPES.get(fqname, (None, None))
            cls.superclass = self.external(superclass) if superclass else self.classes[jdk.OBJECT]
            if interfaces is not None:
                cls.interfaces = [self.external(name) for name in interfaces]
                cls.known_supertypes = True
        return self.classes[fqname]

    # ---------------------------------------------------------- hierarchy
    def tested_types(self) -> set[ClassInfo]:
        """The classes the project's code tests objects against: ``instanceof``, casts,
        ``catch`` clauses and class literals. Computed once."""
        if self._tested is None:
            self._tested = set()
            for cls in [c for c in self.classes.values() if c.is_project]:  # local ones too
                for node in ast.walk([cls.decl.methods, cls.decl.constructors, cls.decl.fields,
                                      cls.decl.initializers]):
                    names = (node.types if isinstance(node, ast.Catch) else
                             [node.type] if isinstance(node, (ast.InstanceOf, ast.Cast,
                                                              ast.ClassLiteral, ast.TypePattern))
                             else [])
                    for name in names:
                        t = self.resolve_type(name, cls)
                        if isinstance(t, ClassInfo):
                            self._tested.add(t)
        return self._tested

    def assigned_fields(self, method: MethodInfo) -> set[str]:
        """Names of the fields (or locals) a method's own body assigns."""
        return _assigned_names(method.decl.body) if method.decl is not None else set()

    def is_cache(self, fld: FieldInfo) -> bool:
        """Is ``fld`` a lazily computed cache: a non-final instance field without
        initialiser that only its class's ``hashCode()`` assigns (``if (hash == 0) hash =
        ...``)? Every object a constructor makes starts with it at its default value."""
        if fld.key not in self._caches:
            self._caches[fld.key] = self._lazy_cache(fld)
        return self._caches[fld.key]

    def _lazy_cache(self, fld: FieldInfo) -> bool:
        cls = fld.owner
        if fld.static or fld.final or fld.init is not None or not cls.is_project:
            return False
        setup = [c.decl.body for c in cls.ctors] + [i.body for i in cls.decl.initializers]
        if fld.name in _assigned_names(setup):
            return False
        writers = [m for m in cls.methods if fld.name in self.assigned_fields(m)]
        return bool(writers) and all(m.name == "hashCode" and not m.params for m in writers)

    def static_writers(self, fld: FieldInfo) -> tuple[str, ...]:
        """The methods and constructors of a static field's class that assign it, by name
        (``Tag.setMatcher``): what may change it after class initialisation."""
        return tuple(dict.fromkeys(
            f"{m.owner.simple_name}.{m.owner.simple_name if m.name == '<init>' else m.name}"
            for m in fld.owner.methods + fld.owner.ctors if fld.name in self.assigned_fields(m)))

    def subclasses(self, cls: ClassInfo) -> list[ClassInfo]:
        """Project classes that are ``cls`` or a subtype of it, in declaration order;
        remembered, as every check asks it of every class in its universe."""
        if cls.fqname not in self._subclasses:
            self._subclasses[cls.fqname] = [c for c in self.project if c.is_subtype_of(cls)]
        return self._subclasses[cls.fqname]

    # ------------------------------------------------------------ methods
    def methods_named(self, cls: ClassInfo, name: str) -> list[MethodInfo]:
        """Methods visible in ``cls`` by name; an override hides what it overrides."""
        found: list[MethodInfo] = []
        types = list(cls.supertypes())
        if cls.is_interface:
            types.append(self.classes[jdk.OBJECT])
        for t in types:
            for m in t.methods:
                if m.name == name and not any(m.same_erasure(f) for f in found):
                    found.append(m)
        return found

    def select_method(self, candidates: list[MethodInfo], arg_types: list[JType]) -> MethodInfo | None:
        """Overload resolution (JLS 15.12.2): arity, then applicability phases, then most specific."""
        fixed = [m for m in candidates if len(m.params) == len(arg_types) and not m.varargs]
        if len(fixed) == 1:
            return fixed[0]
        for convert in (assignable, self._loosely_assignable):
            applicable = [m for m in fixed
                          if all(convert(a, p.type) or _lambda_fits(a, p.type)
                                 for a, p in zip(arg_types, m.params))]
            if applicable:
                return _most_specific(applicable)
        variable = [m for m in candidates if m.varargs and len(arg_types) >= len(m.params) - 1]
        fitting = [m for m in variable if self._varargs_fit(m, arg_types)]
        return _most_specific(fitting) if fitting else variable[0] if variable else None

    def _varargs_fit(self, method: MethodInfo, arg_types: list[JType]) -> bool:
        """Is a variable-arity method applicable (JLS 15.12.2.4): its fixed parameters
        take the first arguments, its array (one argument) or elements the rest."""
        def fits(a, t):
            return self._loosely_assignable(a, t) or _lambda_fits(a, t)
        *fixed, last = method.params
        rest = arg_types[len(fixed):]
        element = getattr(last.type, "element", None)  # None: an array type not resolved
        return all(fits(a, p.type) for a, p in zip(arg_types, fixed)) and (
            element is not None and all(fits(a, element) for a in rest)
            or len(rest) == 1 and fits(rest[0], last.type))

    def _loosely_assignable(self, src: JType, dst: JType) -> bool:
        """Assignment with boxing and unboxing (JLS 5.3, loose context)."""
        if assignable(src, dst):
            return True
        if isinstance(src, PrimType) and isinstance(dst, ClassInfo):
            box = next((self.classes[n] for n, prim in jdk.BOXED.items() if prim is src), None)
            return box is not None and box.is_subtype_of(dst)
        unboxed = jdk.unboxed_type(src)
        return isinstance(dst, PrimType) and unboxed is not None and widens_to(unboxed, dst)

    def find_override(self, dynamic: ClassInfo, method: MethodInfo) -> tuple[MethodInfo | None, bool]:
        """The method a virtual call of ``method`` runs on a ``dynamic`` object.

        Returns (method, bridged): bridged is true when the implementation
        narrows a type-variable parameter (``compareTo(Money)`` implementing
        ``Comparable.compareTo(T)``), so the call checks its argument casts first.
        """
        if method.static or method.private or method.name == "<init>":
            return method, False
        c: ClassInfo | None = dynamic
        while c is not None:
            for cand in c.methods:
                if cand.name != method.name or cand.static or cand.abstract:
                    continue
                if cand.same_erasure(method):
                    return cand, False
                if _bridges(cand, method):
                    return cand, True
            c = c.superclass
        for t in dynamic.supertypes():  # a default method, bridged as a class's would be
            for cand in t.methods:
                if t.is_interface and not cand.abstract and not cand.static and cand.name == method.name:
                    if cand.same_erasure(method):
                        return cand, False
                    if _bridges(cand, method):
                        return cand, True
        return None, False


_BOX_HASH = {"boolean": "Boolean", "byte": "Byte", "short": "Short", "char": "Character",
             "int": "Integer", "long": "Long", "float": "Float", "double": "Double"}
_FLOATING = ("float", "double")  # records compare these as the wrappers' compare does


def _record_members(decl: ast.TypeDecl, path: str) -> tuple[list[ast.MethodDecl], list[ast.MethodDecl]]:
    """The members a record declares implicitly (JLS 8.10.3): the canonical constructor
    (completing a compact one), accessors, and equals and hashCode over the components,
    written as Java and parsed at the record's line. hashCode combines the components
    as OpenJDK does: h = 31 * h + hash(c), from 0."""
    comps = [f for f in decl.fields if "static" not in f.modifiers]
    typed = [(f"{f.type.name}{'[]' * f.type.dims}", f.name) for f in comps]
    declared = {m.name for m in decl.methods if not m.params}
    compact = next((c for c in decl.constructors if c.name == "<compact>"), None)
    canonical = any(c.name == "<init>" and [p.type for p in c.params] == [f.type for f in comps]
                    for c in decl.constructors)
    members = []
    if not canonical:  # with the record's own access (JLS 8.10.4)
        access = next((f"{m} " for m in ("public", "protected", "private") if m in decl.modifiers), "")
        members.append(f"{access}{decl.name}({', '.join(f'{t} {n}' for t, n in typed)}) {{ "
                       + " ".join(f"this.{n} = {n};" for _, n in typed) + " }")
    members += [f"public {t} {n}() {{ return this.{n}; }}" for t, n in typed if n not in declared]
    if not any(m.name == "equals" and len(m.params) == 1 for m in decl.methods):
        same = " && ".join(f"{_BOX_HASH[t]}.compare(this.{n}, r.{n}) == 0" if t in _FLOATING else
                           f"this.{n} == r.{n}" if t in _BOX_HASH else
                           f"java.util.Objects.equals(this.{n}, r.{n})" for t, n in typed)
        members.append(f"public boolean equals(Object o) {{ if (!(o instanceof {decl.name})) "
                       f"return false; {decl.name} r = ({decl.name}) o; return {same or 'true'}; }}")
    if "hashCode" not in declared:
        hashes = " ".join(f"h = 31 * h + {_BOX_HASH[t]}.hashCode(this.{n});" if t in _BOX_HASH else
                          f"h = 31 * h + java.util.Objects.hashCode(this.{n});" for t, n in typed)
        members.append(f"public int hashCode() {{ int h = 0; {hashes} return h; }}")
    implicit = parse_members(decl.name, members, decl.line, path)
    ctors = list(implicit.constructors)
    if compact is not None:  # the compact body runs first, then the fields are assigned
        body = ctors[0].body
        ctors[0] = replace(ctors[0], modifiers=compact.modifiers,
                           body=ast.Block(compact.line, compact.body.stmts + body.stmts))
    return list(implicit.methods), ctors


def _lambda_fits(src: JType, dst: JType) -> bool:
    """Is ``src`` a lambda or method reference, and ``dst`` an interface it may implement
    (JLS 15.12.2.1: potentially compatible; a library type without source may be one)?"""
    return isinstance(src, ClassInfo) and src.fqname == jdk.LAMBDA and isinstance(dst, ClassInfo) \
        and (dst.is_interface or dst.origin == "external")


def _assigned_names(node) -> set[str]:
    targets = [n.target for n in ast.walk(node) if isinstance(n, (ast.Assign, ast.Update))]
    return {t.name for t in targets if isinstance(t, (ast.Name, ast.FieldAccess))}


def _bridges(impl: MethodInfo, method: MethodInfo) -> bool:
    if len(impl.params) != len(method.params):
        return False
    return any(p.is_type_var for p in method.params) and all(
        a.type is b.type or (b.is_type_var and isinstance(a.type, ClassInfo)
                             and isinstance(b.type, ClassInfo) and a.type.is_subtype_of(b.type))
        for a, b in zip(impl.params, method.params))


def _most_specific(methods: list[MethodInfo]) -> MethodInfo:
    best = methods[0]
    for m in methods[1:]:
        if all(assignable(a.type, b.type) for a, b in zip(m.params, best.params)):
            best = m
    return best

