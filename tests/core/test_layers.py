"""Only the clients of rules (the command line, perft, the protocols and the engine) import the
package facade, ``rules/__init__.py``: every module below them imports the submodules it needs,
so loading a variant never runs the facade's own imports back into the engine. Checked on the
source with ast, function-local imports included (lint-imports checks the layers themselves)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rules"
#: The modules and packages of the clients layer, which may use the facade.
CLIENTS = frozenset({"cli", "__main__", "perft", "protocols", "engine"})


def module_name(path: Path) -> str:
    """The dotted name of a source file under ``rules/`` (a package by its ``__init__``)."""
    parts = ("rules", *path.relative_to(RULES).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_submodule(name: str) -> bool:
    """Whether ``rules.<name>`` is a module or package of its own rather than a facade name."""
    return (RULES / f"{name}.py").is_file() or (RULES / name / "__init__.py").is_file()


def imported_from(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module a ``from ... import`` statement reads, relative levels resolved."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def facade_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """Each import of the facade in ``source`` as 'line N: statement', at any depth."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            bad = [alias.name for alias in node.names if alias.name == "rules"]
        elif isinstance(node, ast.ImportFrom) and imported_from(node, module, is_package) == "rules":
            bad = [alias.name for alias in node.names if not is_submodule(alias.name)]
        else:
            continue
        if bad:
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def below_the_clients() -> list[Path]:
    out = []
    for path in sorted(RULES.rglob("*.py")):
        top = path.relative_to(RULES).parts[0].removesuffix(".py")
        if path == RULES / "__init__.py" or top in CLIENTS:
            continue
        out.append(path)
    return out


def test_no_module_below_the_clients_imports_the_facade() -> None:
    problems = []
    for path in below_the_clients():
        text = path.read_text(encoding="utf-8")
        for found in facade_imports(text, module_name(path), path.name == "__init__.py"):
            problems.append(f"{path.relative_to(RULES.parent)} {found}")
    assert not problems, "modules below the clients import the rules facade:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    ("source", "module"),
    [
        ("import rules\n", "rules.game"),
        ("import rules as r\n", "rules.game"),
        ("from rules import new_game\n", "rules.game"),
        ("from . import make_rules\n", "rules.pgn"),
        ("from .. import make_rules\n", "rules.powers.drops"),
        ("def load():\n    from rules import new_game\n    return new_game\n", "rules.validate"),
    ],
)
def test_every_form_of_facade_import_is_found(source: str, module: str) -> None:
    """The check sees the facade however it is reached: by name, relatively, inside a function."""
    assert len(facade_imports(source, module)) == 1


@pytest.mark.parametrize(
    ("source", "module", "is_package"),
    [
        ("import rules.game\n", "rules.pgn", False),
        ("from rules import game, errors\n", "rules.pgn", False),
        ("from . import geometry\n", "rules.position", False),
        ("from .errors import RulesError\n", "rules.position", False),
        ("from . import drops\n", "rules.powers", True),
        ("from .. import errors\n", "rules.powers.drops", False),
    ],
)
def test_submodule_imports_are_not_facade_imports(source: str, module: str, is_package: bool) -> None:
    assert facade_imports(source, module, is_package) == []
