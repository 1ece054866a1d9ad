"""The layout's rules, read from the sources with ast: no class over 500 lines in ``game/`` or
``scenes/``; no import circle among their modules (imports inside functions and under
``TYPE_CHECKING`` count: a circle of types still ties the modules together); and every import
points the way the folders say (each package's ``__init__`` docstring: "May import ...").
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Final

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

if TYPE_CHECKING:
    from scenes.core.scene import Scene

ROOT: Final = Path(__file__).resolve().parent.parent
PACKAGES: Final = ("game", "scenes")
MAX_CLASS_LINES: Final = 500
STARTUP: Final = frozenset({"scenes.core.app"})
"""The app's start-up, which builds every screen: the one part of ``scenes.core`` that may
import the other folders of ``scenes`` (their modules know it only through the services)."""
KNOWN_CIRCLES: Final[frozenset[frozenset[str]]] = frozenset()
"""Circles known and being cut elsewhere (none now); the test fails when one of them is gone,
so that it is taken off this list."""


def _modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project's packages by dotted name (``__init__`` as the package)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Which project modules each module imports, at any depth of its code."""
    modules = _modules(root)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                while target and target not in modules:  # a name imported from a module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected sets of two modules or more (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.add(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(frozenset(members))
    return found


def _within(module: str, prefixes: set[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def allowed_imports() -> dict[str, set[str]]:
    """Per package with a "May import ``x``, ``y`` ...;" sentence in its ``__init__``
    docstring: the packages its modules may import (itself included)."""
    rules = {}
    for name, path in _modules().items():
        if path.name != "__init__.py":
            continue
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        sentence = re.search(r"May import (.*?)(?:;|\.\s|\.$)", docstring, re.S)
        if sentence is not None:
            rules[name] = {name, *re.findall(r"``([\w.]+)``", sentence.group(1))}
    return rules


def wrong_way(graph: dict[str, set[str]]) -> list[str]:
    """Every import against the direction of the folders, as "a -> b"."""
    problems = []
    rules = allowed_imports()
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if module.startswith("game") and target.startswith("scenes"):
                problems.append(f"{module} -> {target} (game never imports scenes)")
            if _within(module, {"game.engine"}) and not _within(
                target, {"game.engine", "game.native"}
            ):
                problems.append(f"{module} -> {target} (the engine imports only itself)")
            for package, allowed in rules.items():
                if not _within(module, {package}) or module in STARTUP:
                    continue
                own_root = package.split(".")[0]
                outside = not _within(target, allowed | {package})
                if _within(target, {own_root}) and outside and target != own_root:
                    problems.append(f"{module} -> {target} ({package} may import {allowed})")
    return problems


def test_no_class_over_500_lines() -> None:
    long = []
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_CLASS_LINES:
                    long.append(f"{name}.{node.name}: {lines} lines")
    assert long == []


def test_no_import_circle() -> None:
    found = set(circles(import_graph()))
    assert sorted(sorted(c) for c in found - KNOWN_CIRCLES) == []
    assert sorted(sorted(c) for c in KNOWN_CIRCLES - found) == [], "cut: take it off the list"


def test_imports_go_the_way_the_folders_say() -> None:
    rules = allowed_imports()
    assert {"scenes.core", "scenes.ui", "scenes.table", "scenes.screens", "scenes.records"} <= set(
        rules
    )
    assert wrong_way(import_graph()) == []


def test_the_checks_can_fail(tmp_path: Path) -> None:
    """The checks above see a circle made of a type-only and a function-level import, and a
    wrong-way import."""
    (tmp_path / "scenes" / "core").mkdir(parents=True)
    (tmp_path / "scenes" / "__init__.py").write_text("")
    (tmp_path / "scenes" / "core" / "__init__.py").write_text("")
    (tmp_path / "scenes" / "core" / "app.py").write_text(
        "def start() -> None:\n    from scenes.core.menu import Menu\n"
    )
    (tmp_path / "scenes" / "core" / "menu.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .app import start\n"
    )
    assert circles(import_graph(tmp_path)) == [frozenset({"scenes.core.app", "scenes.core.menu"})]
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [frozenset({"a", "b", "c"})]
    assert wrong_way({"scenes.ui.widgets": {"scenes.table.layout"}}) != []
    assert wrong_way({"scenes.table.score": {"scenes.records.hand_review"}}) != []
    assert wrong_way({"game.engine.match": {"game.ai.hard"}}) != []
    assert wrong_way({"game.records.stats": {"scenes.core.i18n"}}) != []
    assert wrong_way({"scenes.table.score": {"scenes.ui.widgets", "scenes.core.scene"}}) == []


class _RulesOnly:
    """Only what the rules' page asks for (Navigation and Media): no profile, no worker, no
    preferences, no App. The card pictures it is asked for are noted."""

    def __init__(self) -> None:
        from scenes.core.card_art import CardArt
        from scenes.core.scene import SceneStack

        self.stack = SceneStack()
        self.art = CardArt()
        self.faces: list[int] = []
        self.four_colour = False
        self.english_indices = False

    def rank_letters(self) -> tuple[str, ...]:
        return self.art.rank_letters()

    @property
    def card_art(self) -> _RulesOnly:
        return self

    def face(self, card: int, width: int) -> pygame.Surface:
        self.faces.append(card)
        return self.art.face(card, width)

    def greyed(self, card: int, width: int) -> pygame.Surface:
        return self.art.greyed(card, width)

    def back(self, width: int, style: int = 0) -> pygame.Surface:
        return self.art.back(width, style)

    def play_sound(self, name: str) -> None:
        raise AssertionError("the rules' page plays no sound")

    def show_table(self, table: Scene) -> None:
        raise AssertionError("the rules' page never shows the table")

    def leave_game(self) -> None:
        raise AssertionError("the rules' page never leaves a game")

    def to_menu(self) -> None:
        raise AssertionError("the rules' page never goes to the menu")


def test_a_screen_runs_on_its_services_alone() -> None:
    """A screen asks only for its Protocols: the rules' page opens, draws its cards and goes
    back on a stand-in holding nothing but the stack and the card pictures."""
    from scenes.screens.rules_summary import ILLUSTRATION, RulesScene

    pygame.init()
    services = _RulesOnly()
    services.stack.size = (1280, 800)
    scene = RulesScene(services)
    services.stack.push(scene)
    scene.draw(pygame.Surface((1280, 800)))
    assert services.faces == list(ILLUSTRATION)
    scene.back()
    assert services.stack.scenes == []
