"""The shape of the package: no import cycle among refcli's modules, and few modules at its top.

Every module is read with ``ast`` (never imported), and every import statement in it counts, at
any depth: at the top, inside a function, a method, a ``try`` or an ``if``. An import inside a
function hides a dependency from the reader of the module's head, it does not remove it: two
modules that import each other, even lazily, cannot be understood, tested or moved one without
the other. ``if TYPE_CHECKING:`` imports count too. They never run, but they are still a
dependency (mypy reads them, and so does a person following a type to its definition), and
excluding them would let a cycle hide behind ``if TYPE_CHECKING:`` as it hid behind a
function-level import; refcli has no cycle even counting them, so the stricter rule costs
nothing. Only imports by computed name (``importlib.import_module(f"{package}.formats")``, the
registry's dotted paths) are not seen: they are how the declarations name code without
depending on it.

How an import names a module: ``import refcli.x.y`` and ``from refcli.x.y import name`` import
``refcli.x.y`` (for a package, its ``__init__.py``); ``from refcli.x import y`` where ``y`` is a
submodule imports that submodule; relative imports are resolved against the importing module's
package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import refcli

PACKAGE = Path(refcli.__file__).resolve().parent
MOST_TOP_LEVEL_MODULES = 15  # a newcomer reads the top of the tree first: the subpackages tell the story


def modules(package: Path) -> dict[str, Path]:
    """Every module under ``package`` by dotted name (a package by its own name, for its ``__init__.py``)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, int]]:
    """(module imported, line) for each import of a module of ``known`` anywhere in ``path``'s source."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _known(alias.name, known, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                yield from _known(submodule if submodule in known else source, known, node.lineno)


def _known(name: str, known: dict[str, Path], line: int) -> Iterator[tuple[str, int]]:
    """``name``, or the nearest module of ``known`` holding it (``refcli.x.y.attribute`` → ``refcli.x.y``)."""
    while name not in known and "." in name:
        name = name.rpartition(".")[0]
    if name in known:
        yield name, line


def import_graph(package: Path) -> dict[str, dict[str, int]]:
    """Each module → the modules of the package it imports, with the line of the first such import."""
    known = modules(package)
    graph: dict[str, dict[str, int]] = {}
    for module, path in known.items():
        edges: dict[str, int] = {}
        for target, line in imported(module, path, known):
            if target != module:
                edges.setdefault(target, line)
        graph[module] = edges
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in graph[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in graph:
        if module not in index:
            visit(module)
    return sorted(found)


def explained(component: list[str], graph: dict[str, dict[str, int]]) -> str:
    """A cycle's modules, then each import between them (``a:LINE imports b``), to start untangling it."""
    members = set(component)
    edges = [
        f"    {module}:{line} imports {target}"
        for module in component
        for target, line in sorted(graph[module].items())
        if target in members
    ]
    return f"  {len(component)} modules: {', '.join(component)}\n" + "\n".join(edges)


def test_no_import_cycle_among_refcli_modules() -> None:
    graph = import_graph(PACKAGE)
    found = cycles(graph)
    assert not found, "import cycles (imports inside functions and TYPE_CHECKING blocks count):\n" + "\n".join(
        explained(component, graph) for component in found
    )


def test_the_top_of_the_package_holds_few_modules() -> None:
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= MOST_TOP_LEVEL_MODULES, f"{len(top)} modules directly in refcli/: {top}"


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The checker itself: a cycle hidden in a function, one behind TYPE_CHECKING, and relative imports."""
    package = tmp_path / "toy"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from toy.sub import b\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "b.py").write_text("from ..a import f\n")  # a ⇄ sub.b, one side in a function
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from toy import d\n")
    (package / "d.py").write_text("import toy.c\n")  # c ⇄ d, one side behind TYPE_CHECKING
    (package / "e.py").write_text("from toy.sub.b import f\nimport toy\n")  # e → sub.b and the package: no cycle
    graph = import_graph(package)
    assert graph["toy.a"] == {"toy.sub.b": 2} and graph["toy.sub.b"] == {"toy.a": 1}
    assert graph["toy.e"] == {"toy.sub.b": 1, "toy": 2}
    assert cycles(graph) == [["toy.a", "toy.sub.b"], ["toy.c", "toy.d"]]
    assert "toy.a:2 imports toy.sub.b" in explained(["toy.a", "toy.sub.b"], graph)
