"""The layers hold: the registered game is the only door (docs/architecture.md).

Surfaces (the CLI, the terminal apps, the simulator, the learning adapters, the server and the
agents) reach a game only through `dejarik.core` and the registry: they import no game
package, name no registered game in code, load no module by a computed name and probe no game
object with getattr/hasattr. Game packages import no surface. Read from the source with `ast`,
so a new module is checked the day it is written.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "dejarik"
SURFACES = ("cli", "tui", "sim", "interop", "server", "agents")
GAMES = ("deckbuilding", "pandemic", "tcg")


def _modules(package: str) -> list[Path]:
    return sorted((SRC / package).rglob("*.py"))


def _imports(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module a file imports, absolute, with its line."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.lineno, node.module))
            out += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _under(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == f"dejarik.{p}" or module.startswith(f"dejarik.{p}.") for p in packages)


def _surface_problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    where = path.relative_to(SRC.parent) if path.is_relative_to(SRC.parent) else path.name
    problems = [f"{where}:{line}: imports {name}" for line, name in _imports(tree) if _under(name, GAMES)]
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            if text in GAMES or any(f"dejarik.{g}" in text for g in GAMES):
                problems.append(f"{where}:{node.lineno}: names the game {text!r}")
        elif isinstance(node, ast.Call):
            fn = node.func
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
            if name in ("import_module", "__import__"):
                problems.append(f"{where}:{node.lineno}: imports a module by a computed name")
            if name in ("getattr", "hasattr") and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                problems.append(f"{where}:{node.lineno}: probes for {node.args[1].value!r} with {name}")
    return problems


@pytest.mark.parametrize("surface", SURFACES)
def test_surfaces_reach_games_only_through_the_registry(surface: str) -> None:
    problems = [p for path in _modules(surface) for p in _surface_problems(path)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_game_packages_import_no_surface(game: str) -> None:
    problems = [f"{path.relative_to(SRC.parent)}:{line}: imports {name}"
                for path in _modules(game)
                for line, name in _imports(ast.parse(path.read_text(), str(path)))
                if _under(name, SURFACES)]
    assert not problems, "\n".join(problems)


def test_every_game_package_is_registered() -> None:
    """The list above is the registry's: a new game package is checked once it registers."""
    from dejarik.core.registry import game_names

    assert set(GAMES) <= set(game_names())
    assert {p.name for p in SRC.iterdir() if (p / "game.py").is_file()} == set(GAMES)


def test_the_checks_catch_what_they_forbid(tmp_path: Path) -> None:
    """A surface module written the old way is caught on every count."""
    bad = tmp_path / "bad.py"
    bad.write_text('"""A module."""\nimport importlib\nfrom dejarik.tcg.game import GAME\n'
                   'def f(g, s):\n    if g == "pandemic":\n        importlib.import_module(f"dejarik.{g}.x")\n'
                   '    return getattr(s, "evaluate", None)\n')
    found = _surface_problems(bad)
    assert len(found) == 5, found
