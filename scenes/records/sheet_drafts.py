"""The figures typed on a sheet and not validated, kept with the sheet (a profile setting per
sheet) when the sheet closes without asking: F2 for a new game, or the window closed. They
come back in the new hand's boxes when the sheet is opened again.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any, Protocol

from game.records.scoresheet import MAX_TYPED, ScoreSheet
from scenes.core.i18n import _

if TYPE_CHECKING:
    from scenes.core.services import ProfileScreen


class SheetScene(Protocol):
    """What a draft reads and sets of the sheet's scene (:mod:`scenes.records.sheet_pad`)."""

    app: ProfileScreen
    sheet_id: int
    sheet: ScoreSheet
    inputs: list[str]
    jack: int | None
    correcting: int | None
    draft: tuple[list[str], int | None] | None

    def typed(self) -> bool: ...

    def back_to_new_hand(self) -> None: ...


def key(sheet_id: int) -> str:
    return f"sheet_draft.{sheet_id}"


def new_hand(scene: SheetScene) -> tuple[list[str], int | None] | None:
    """The new hand's figures typed (set aside while a hand is corrected), or None."""
    if scene.correcting is not None:
        return scene.draft
    if not scene.typed():
        return None
    return list(scene.inputs), scene.jack


def keep(scene: SheetScene) -> None:
    """Store the new hand's figures with the sheet (or forget an old draft once validated)."""
    figures = new_hand(scene)
    value = None if figures is None else {"inputs": figures[0], "jack": figures[1]}
    try:
        stored = scene.app.profile.setting(key(scene.sheet_id))
        if stored != value:
            scene.app.profile.set_setting(key(scene.sheet_id), value)
    except sqlite3.Error as exc:
        scene.app.notices.append(
            _("The figures typed on the score sheet could not be kept ({error})").format(error=exc)
        )


def read(value: Any, players: int) -> tuple[list[str], int | None] | None:
    """A stored draft, or None when there is none or it is not one (it is then ignored).

    >>> read({"inputs": ["1", "", "-5"], "jack": 2}, 3)
    (['1', '', '-5'], 2)
    >>> read({"inputs": ["1x", "", ""], "jack": None}, 3) is None
    True
    """
    if not isinstance(value, dict):
        return None
    inputs, jack = value.get("inputs"), value.get("jack")
    if not isinstance(inputs, list) or len(inputs) != players:
        return None
    for text in inputs:
        if not isinstance(text, str) or len(text) > MAX_TYPED:
            return None
        if text.lstrip("-") and not text.lstrip("-").isdigit():
            return None
    if jack is not None and (isinstance(jack, bool) or jack not in range(players)):
        return None
    return list(inputs), jack


def restore(scene: SheetScene) -> None:
    """The draft in the new hand's boxes, the caret on the first box still empty."""
    if scene.sheet.over or scene.typed():
        return
    try:
        figures = read(scene.app.profile.setting(key(scene.sheet_id)), scene.sheet.players)
    except sqlite3.Error:
        return
    if figures is None:
        return
    scene.draft = figures
    scene.back_to_new_hand()
