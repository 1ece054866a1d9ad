"""A game or a hand as notation text (docs/notation.md), for the History's "Copy as text" and
"Save as a .hearts file" and the score window's "Copy this hand".

The functions here only write text and files; the buttons that call them are a few lines in
:mod:`scenes.records.history` and :mod:`scenes.table.score`.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from game.engine.save import load_match
from game.notation import write_match
from game.notation.tags import FILE_SUFFIX, program_tags, spelling_for
from game.records.profile.history import FinishedGame
from scenes.core import i18n
from scenes.core.i18n import N_, _
from scenes.ui.clipboard import copy_text
from scenes.ui.widgets import Button

HUMAN = "human"


def spelling() -> str:
    """The card spelling of the player's language: D♠ in French, Q♠ otherwise."""
    return spelling_for(i18n.current_language())


def seat_levels(levels: Sequence[str | None] | None, human_seat: int | None, n: int) -> list[str]:
    """The Level tags: "human" for a person, the AI's level otherwise ("" when not known)."""
    if levels is None:
        return [HUMAN if s == human_seat else "" for s in range(n)]
    return [HUMAN if level is None else str(level) for level in levels]


def finished_game_text(game: FinishedGame) -> str:
    """A game of the History as notation text (raises InvalidSave if its moves do not replay)."""
    match = load_match(game.match)
    day = _dt.date.fromisoformat(game.finished_at[:10]) if game.finished_at else None
    levels = seat_levels(game.levels, game.human_seat, match.rules.players)
    return write_match(
        match,
        tags=program_tags("Game of Dame de pique", day),
        names=list(game.names),
        levels=levels,
        spelling=spelling(),
    )


def save_text(text: str, folder: Path, stem: str) -> Path:
    """Write ``text`` as ``folder/<stem>.hearts`` (a number added rather than overwrite)."""
    safe = re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-") or "game"
    path = folder / f"{safe}{FILE_SUFFIX}"
    number = 2
    while path.exists():
        path = folder / f"{safe}-{number}{FILE_SUFFIX}"
        number += 1
    path.write_text(text, encoding="utf-8")
    return path


class _Profile(Protocol):
    @property
    def path(self) -> Path: ...


class _Records(Protocol):
    @property
    def profile(self) -> _Profile: ...


class GameReport(Protocol):
    """What the History's game screen gives the two buttons (scenes.records.history)."""

    @property
    def app(self) -> _Records: ...

    game: FinishedGame
    scores: list[tuple[int, ...]]

    def say(self, text: str, error: bool = False) -> None: ...


def text_buttons(report: GameReport) -> list[Button]:
    """ "Copy as text" and "Save as file": the game in the notation, to paste or to send."""
    buttons = [
        Button(N_("Copy as text"), lambda: copy_game(report)),
        Button(N_("Save as file"), lambda: save_game(report)),
    ]
    for button in buttons:
        button.enabled = bool(report.scores)
    return buttons


def copy_game(report: GameReport) -> None:
    if copy_text(finished_game_text(report.game)):
        report.say(_("The game is on the clipboard, as text."))
    else:
        report.say(_("The clipboard cannot be used here."), True)


def save_game(report: GameReport) -> None:
    stem = "game-" + (report.game.finished_at or "")[:16].replace(":", "")
    try:
        path = save_text(finished_game_text(report.game), report.app.profile.path.parent, stem)
    except OSError as exc:
        report.say(_("The game could not be saved: {error}").format(error=exc), True)
        return
    report.say(_("Game saved to {path}").format(path=str(path)))
