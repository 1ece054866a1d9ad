"""The figures typed on a sheet and not validated, kept with the sheet (a profile setting per
sheet) when the sheet closes without asking: F2 for a new game, or the window closed. They
come back when the sheet is opened again: the new hand's in its boxes, a correction changed
and not validated on its hand.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any, Protocol

from game.records.profile.sheets import draft_key
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

    def changed(self) -> bool: ...

    def start_correction(self, index: int | None) -> None: ...


def key(sheet_id: int) -> str:
    return draft_key(sheet_id)


def new_hand(scene: SheetScene) -> tuple[list[str], int | None] | None:
    """The new hand's figures typed (set aside while a hand is corrected), or None."""
    if scene.correcting is not None:
        return scene.draft
    if not scene.typed():
        return None
    return list(scene.inputs), scene.jack


def keep(scene: SheetScene) -> None:
    """Store the new hand's figures with the sheet, and a correction changed and not yet
    validated (or forget an old draft once validated)."""
    figures = new_hand(scene)
    value: dict[str, Any] = {}
    if figures is not None:
        value = {"inputs": figures[0], "jack": figures[1]}
    if scene.correcting is not None and scene.changed():
        value["correction"] = {
            "hand": scene.correcting,
            "inputs": list(scene.inputs),
            "jack": scene.jack,
        }
    try:
        stored = scene.app.profile.setting(key(scene.sheet_id))
        if stored != (value or None):
            scene.app.profile.set_setting(key(scene.sheet_id), value or None)
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
    """The draft in the new hand's boxes, the caret on the first box still empty; and the
    correction that was being typed, back on its hand."""
    if scene.typed():
        return
    try:
        value = scene.app.profile.setting(key(scene.sheet_id))
    except sqlite3.Error:
        return
    figures = read(value, scene.sheet.players)
    if figures is not None and not scene.sheet.over:
        scene.draft = figures
        scene.back_to_new_hand()
    correction = value.get("correction") if isinstance(value, dict) else None
    changed = read(correction, scene.sheet.players)
    hand = correction.get("hand") if isinstance(correction, dict) else None
    if changed is None or not isinstance(hand, int) or isinstance(hand, bool):
        return
    if 0 <= hand < len(scene.sheet.hands):
        scene.start_correction(hand)
        scene.inputs, scene.jack = changed
