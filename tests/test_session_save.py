"""A saved game as the window keeps it (GameSession): bad data is refused with a sentence."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from game.engine.save import InvalidSave
from scenes.core.preferences import GameOptions
from scenes.table.session import GameSession


def saved() -> dict[str, Any]:
    session = GameSession.new(GameOptions(level="hard", teaching=True, target=50), seed=5)
    data: dict[str, Any] = json.loads(json.dumps(session.to_saved()))
    return data


def test_a_saved_session_round_trips() -> None:
    data = saved()
    loaded = GameSession.from_saved(data)
    assert loaded.to_saved() == data
    assert loaded.options == GameOptions(level="hard", teaching=True, target=50)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("level", 3, "'level' must be a text"),
        ("level", "expert", "'level' cannot be 'expert'"),
        ("teaching", "no", "'teaching' must be true or false"),
        ("teaching", 0, "'teaching' must be true or false"),
        ("target", True, "'target' must be a whole number"),
        ("target", 50.0, "'target' must be a whole number"),
        ("moon", "never", "'moon' cannot be 'never'"),
        ("tie", None, "'tie' must be a text"),
    ],
)
def test_options_of_the_wrong_kind_are_refused(option: str, value: object, message: str) -> None:
    data = saved()
    data["options"][option] = value
    with pytest.raises(InvalidSave, match=message):
        GameSession.from_saved(data)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d["options"].pop("jack_of_diamonds"), "'jack_of_diamonds' is missing"),
        (lambda d: d.update(options=[1, 2]), "options are missing"),
        (lambda d: d.update(practice="yes"), "'practice' must be true or false"),
    ],
)
def test_missing_options_and_a_bad_practice_flag_are_refused(
    damage: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = saved()
    damage(data)
    with pytest.raises(InvalidSave, match=message):
        GameSession.from_saved(data)
