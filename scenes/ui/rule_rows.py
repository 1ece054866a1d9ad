"""The rule variants' rows, worded once: New game and the score sheet's set-up ask the same
questions with the same words (issue 29). Each row reads and writes through the caller's
getter and setter; moon and tie values are the rules' own values (``MoonMode.value``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from game.engine.rules import MoonMode, TieRule
from scenes.core.i18n import N_
from scenes.ui.widgets import ChoiceRow, Row, toggle_row

TARGETS: Final = ((100, "100"), (50, "50"))
MOON_LABELS: Final = (
    (MoonMode.OTHERS_PLUS.value, N_("Others +26")),
    (MoonMode.SHOOTER_MINUS.value, N_("Shooter −26")),
    (MoonMode.SHOOTER_CHOOSES.value, N_("Shooter chooses")),
)
TIE_LABELS: Final = (
    (TieRule.PLAY_ON.value, N_("Play another hand")),
    (TieRule.SHARED.value, N_("Shared victory")),
)

Getter = Callable[[], Any]
Setter = Callable[[Any], None]


def target_row(get: Getter, set_: Setter) -> Row:
    return ChoiceRow(N_("Game ends at"), TARGETS, get, set_)


def moon_row(get: Getter, set_: Setter) -> Row:
    return ChoiceRow(N_("Shooting the moon"), MOON_LABELS, get, set_)


def jack_row(get: Callable[[], bool], set_: Callable[[bool], None]) -> Row:
    return toggle_row(N_("Jack of diamonds −10"), get, set_)


def tie_row(get: Getter, set_: Setter) -> Row:
    return ChoiceRow(N_("Tie at the end"), TIE_LABELS, get, set_)
