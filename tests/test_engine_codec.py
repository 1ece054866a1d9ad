"""The engine's plain-data codec, and the import direction it makes possible."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from game.engine.cards import cards_of, mask_of
from game.engine.codec import (
    InvalidData,
    Reader,
    card_names,
    direction_name,
    names_of,
    read_cards,
    read_direction,
    rules_from,
)
from game.engine.match import Match
from game.engine.rules import MoonMode, PassDirection, Rules, TieRule
from game.engine.save import InvalidSave, load_match, save_match

GAME = Path(__file__).resolve().parent.parent / "game"


def _imports(path: Path, package: str, modules: set[str]) -> set[str]:
    """The project modules ``path`` imports (function-level and type-only imports included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            targets = [base, *(f"{base}.{a.name}" for a in node.names)]
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target:
                found.add(target)
    return found


def _graph() -> dict[str, set[str]]:
    files = {}
    for path in GAME.rglob("*.py"):
        parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        files[".".join(parts)] = path
    modules = set(files)
    graph = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        graph[name] = _imports(path, package, modules) - {name}
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (its modules in order), or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def test_no_import_circle_among_the_game_modules() -> None:
    graph = _graph()
    assert "game.engine.codec" in graph  # (the scan read the tree)
    assert graph["game.engine.match"] >= {"game.engine.view"}  # (and its imports)
    assert _circle(graph) is None, " -> ".join(_circle(graph) or [])


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circle(graph) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None


def test_the_view_and_the_codec_import_no_match_and_no_save() -> None:
    graph = _graph()
    for module in ("game.engine.view", "game.engine.codec"):
        assert not graph[module] & {"game.engine.match", "game.engine.save"}, module
    assert "game.engine.view" not in graph["game.engine.save"]


def test_names_and_readers_go_both_ways() -> None:
    rng = random.Random(26)
    for _ in range(200):
        mask = rng.getrandbits(52)
        assert mask_of(read_cards(names_of(mask), "cards")) == mask
        order = cards_of(mask)
        rng.shuffle(order)
        assert read_cards(card_names(order), "cards") == order
        assert names_of(mask) == [str(c) for c in cards_of(mask)]
    for direction in PassDirection:
        assert read_direction(direction_name(direction), "pass") is direction


@pytest.mark.parametrize(
    ("value", "message"),
    [("QS", "must be a list of cards"), (["QS", 3], "list of cards"), (["1X"], "is not a card")],
)
def test_a_bad_card_list_is_refused_with_a_sentence(value: object, message: str) -> None:
    with pytest.raises(InvalidData, match=message):
        read_cards(value, "the pass")


def test_the_reader_names_what_is_wrong() -> None:
    with pytest.raises(InvalidData, match="hand 2 must be a mapping"):
        Reader([1], "hand 2")
    reader = Reader({"seed": 3, "dealer": 4, "note": None}, "saved game")
    with pytest.raises(InvalidData, match="'seed' has the wrong type"):
        reader.get("seed", str)
    with pytest.raises(InvalidData, match="'dealer' is not a seat"):
        reader.seat("dealer", 4)
    with pytest.raises(InvalidData, match="'first' is missing"):
        reader.get("first", str)
    assert reader.get("note", str, optional=True) is None


def test_a_bad_save_is_still_an_invalid_save() -> None:
    data = save_match(Match.new(Rules(), seed=2))
    for damage, message in (
        ({"seed": 5}, "'seed' has the wrong type"),
        ({"first_pass": "up"}, "first_pass must be left, right, across or hold"),
        ({"hands": [{"dealer": 9}]}, "'dealer' is not a seat"),
    ):
        with pytest.raises(InvalidSave, match=message):
            load_match(json.loads(json.dumps({**data, **damage})))


def test_rules_from_plain_fields() -> None:
    assert rules_from() == Rules()
    assert rules_from(
        players=5, target=50, moon="shooter-chooses", tie=TieRule.SHARED, jack_of_diamonds=True
    ) == Rules(
        players=5,
        target=50,
        moon=MoonMode.SHOOTER_CHOOSES,
        tie=TieRule.SHARED,
        jack_of_diamonds=True,
    )
    for bad, message in (
        ({"moon": "never"}, "bad rule value"),
        ({"trumps": "hearts"}, "unknown rule"),
        ({"jack_of_diamonds": "yes"}, "true or false"),
        ({"players": 7}, "3, 4 or 5"),
    ):
        with pytest.raises(ValueError, match=message):
            rules_from(**bad)


def test_the_readme_engine_example_prints_what_it_says(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (GAME.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The engine", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    said = [line.removeprefix("# ") for line in code.splitlines() if line.startswith("# ")]
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert said and printed == said
    assert "[]" not in printed[0]  # (not the pass phase, where no card may be played)


def test_the_readme_says_what_the_daily_depends_on() -> None:
    readme = (GAME.parent / "README.md").read_text(encoding="utf-8")
    daily = readme.split("**Daily challenge**", 1)[1].split("\n\n", 1)[0]
    assert "AI_VERSION" in daily and "game/ai/__init__.py" in daily
    assert "from the date alone" not in daily
