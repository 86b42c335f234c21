"""Print the import circles (strongly connected components) of one package.

Usage: ``python scripts/import_circles.py fairygui [--top-level-only]``

Reads the sources with ``ast`` (nothing is imported), so it sees every import: at module top
level, inside functions and under ``TYPE_CHECKING``. A circle hidden in a function body is still
a circle in the design, which is why function-local imports count unless ``--top-level-only``.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(tree: ast.Module, here: str, is_package: bool, top_level_only: bool,
                   modules: set[str]) -> Iterator[str]:
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    package = here if is_package else here.rpartition(".")[0]
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - node.level + 1]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            # ``from pkg import sub`` depends on the submodule, not on what else the package holds.
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                yield submodule if submodule in modules else base


def import_graph(root: Path, top_level_only: bool) -> dict[str, set[str]]:
    files = {module_name(root, path): path for path in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets = imported_names(tree, name, path.name == "__init__.py", top_level_only, set(files))
        graph[name] = {target for target in targets if target in files and target != name}
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative so deep packages cannot hit the recursion limit."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = counter
                    counter += 1
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return sorted(components, key=len, reverse=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", type=Path)
    parser.add_argument("--top-level-only", action="store_true", help="ignore imports inside functions")
    arguments = parser.parse_args(argv)
    graph = import_graph(arguments.package.resolve(), arguments.top_level_only)
    circles = strongly_connected(graph)
    print(f"{len(graph)} modules, {sum(map(len, graph.values()))} import edges, {len(circles)} circles")
    for circle in circles:
        print(f"  {len(circle)} modules: {', '.join(circle)}")
    return 1 if circles else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
