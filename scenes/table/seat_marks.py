"""The mark on each seat's name plate at an online table: who is a person playing from
elsewhere, who is the computer, who is away (the computer plays for them). Issue 40: only a
line of text said it, for 2.8 s; the mark stays on the plate for as long as it is true.

A seat's kind is the one the table's news gives (:attr:`HostControls.kinds`, as this window
sees them: ``remote``, ``bot``, ``away``, ``idle``); the window's own seat and a game played
on this computer carry no mark.
"""

from __future__ import annotations

from typing import Final

import pygame

from game.engine.source import HostControls, TableSource
from scenes.core.i18n import N_, _
from scenes.core.text import Colour, text_surface

MARK_TEXT: Final[Colour] = (255, 255, 255)
SEAT_MARKS: Final[dict[str, tuple[str, Colour]]] = {
    "remote": (N_("online"), (34, 130, 70)),  # a person, at the table from another window
    "bot": (N_("computer"), (70, 86, 130)),  # a computer player
    "away": (N_("away"), (170, 96, 10)),  # a person who left: the computer plays for now
    "idle": (N_("away"), (170, 96, 10)),  # a person whose time ran out, until they act
}


def seat_mark(source: TableSource, seat: int, bottom: int) -> str:
    """The kind to mark on ``seat``'s plate ("" for none: a local game, the window's seat).

    >>> seat_mark(object(), 1, 0)  # type: ignore[arg-type]
    ''
    """
    if not isinstance(source, HostControls) or seat == bottom or seat >= len(source.kinds):
        return ""
    kind = source.kinds[seat]
    return kind if kind in SEAT_MARKS else ""


def mark_label(kind: str) -> str:
    """The word on the mark, in the player's language."""
    return _(SEAT_MARKS[kind][0])


def mark_rect(label: str, size: int, right: int, centre_y: float) -> pygame.Rect:
    """The mark's pill: ``label`` at ``size`` px with a margin, its right edge at ``right``."""
    text = text_surface(label, size, MARK_TEXT, True).get_rect()
    pill = text.inflate(max(6, size // 2 * 2), 2)
    pill.midright = (right, round(centre_y))
    return pill


def draw_mark(surface: pygame.Surface, kind: str, label: str, size: int, pill: pygame.Rect) -> None:
    """The pill in the kind's colour, its word in white."""
    pygame.draw.rect(surface, SEAT_MARKS[kind][1], pill, border_radius=pill.h // 2)
    image = text_surface(label, size, MARK_TEXT, True)
    surface.blit(image, image.get_rect(center=pill.center))
