"""Esc closes a question the way its harmless choice does (a player walking by keys pressed Esc
on the hint question several times and nothing happened). The shooter's choice has no harmless
choice: Esc leaves it open."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.engine.match import Match
from game.engine.rules import Rules
from scenes.core.app import App
from scenes.table.online_news import leave_hosted_dialog, seat_given_dialog, table_closed_dialog
from scenes.ui.dialogs import ChoiceDialog, abandon_dialog, moon_dialog


class Calls(list[str]):
    def record(self, name: str) -> Callable[[], None]:
        return lambda: self.append(name)


class FakeHost:
    """What the host's question asks of the table (its code, and ending it)."""

    code = "ABCDEFGH"

    def __init__(self, calls: Calls) -> None:
        self.end_table = calls.record("end the table")


def escape(app: App) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))


def dialogs(app: App, calls: Calls) -> dict[str, ChoiceDialog]:
    view = Match.new(Rules(), seed=1).view(0)
    return {
        "abandon": abandon_dialog(app, calls.record("abandon"), calls.record("resume")),
        "leave hosted": leave_hosted_dialog(
            app,
            FakeHost(calls),  # type: ignore[arg-type]
            calls.record("leave"),
        ),
        "seat given": seat_given_dialog(app, object()),  # type: ignore[arg-type]
        "table closed": table_closed_dialog(
            app,
            "The host left the table",
            view,
            ["Ada", "Bea", "Cid", "Dan"],
            to_menu=calls.record("menu"),
            stay=calls.record("stay"),
        ),
    }


@pytest.mark.parametrize(
    ("name", "expected"),
    [("abandon", []), ("leave hosted", []), ("seat given", []), ("table closed", ["stay"])],
)
def test_esc_takes_the_harmless_choice(app: App, name: str, expected: list[str]) -> None:
    calls = Calls()
    under = app.stack.top
    dialog = dialogs(app, calls)[name]
    app.stack.push(dialog)
    escape(app)
    assert app.stack.top is under, name  # closed
    assert calls == expected


def test_esc_leaves_the_shooters_choice_open(app: App) -> None:
    calls = Calls()
    dialog = moon_dialog(app, calls.record("subtract"), calls.record("add"))
    app.stack.push(dialog)
    escape(app)
    assert app.stack.top is dialog and calls == []
