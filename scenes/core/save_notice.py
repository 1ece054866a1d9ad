"""The notice shown over every scene while the game is not being saved.

One sentence at the top of the window, whatever the scene: the profile could not be opened
for writing (a full or read-only disk, no permission, no home folder, a newer version's
profile: the game is played without saving), or a save failed during play (said once, tried
again at every move; when one succeeds the notice says so for a moment and goes).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Final

import pygame

from game.records.profile import Trouble, WriteProblem
from scenes.core.i18n import N_, _
from scenes.core.text import draw_text, ui_scale, wrap_text

log = logging.getLogger(__name__)

RECOVERED_SHOWN: Final = 4.0  # seconds "saved again" stays on screen
PAPER: Final = (70, 26, 0)  # opaque: painted over itself every frame, it must not darken
INK: Final = (255, 236, 170)

REASONS: Final = {
    Trouble.FULL: N_("the disk is full"),
    Trouble.READ_ONLY: N_("the disk or the folder is read-only"),
    Trouble.PERMISSION: N_("you may not write in its folder"),
    Trouble.NEWER: N_("a newer version of the game wrote it; it is left as it is"),
    Trouble.IN_USE: N_("another window of the game has it open"),
    Trouble.FOLDER: N_("a folder stands where its file should be"),
}


def reason_text(problem: WriteProblem) -> str:
    """Why, in the player's language (the system's own words when nothing better is known)."""
    words = REASONS.get(problem.trouble)
    return _(words) if words is not None else problem.detail


class SaveNotice:
    """Whether the game is being saved, and the sentence to show when it is not."""

    def __init__(self, unsaved: WriteProblem | None = None) -> None:
        self.unsaved = unsaved  # the profile is in memory for the whole run
        self.failing: WriteProblem | None = None  # the last save failed
        self.failures = 0  # saves that failed in a row
        self.recovered = 0.0  # seconds "saved again" is still shown

    def failed(self, problem: WriteProblem) -> None:
        """A save failed: shown (once, not at every card) until one works."""
        if self.failing is None:
            log.error("the game cannot be saved: %s", problem.detail)
        self.failing = problem
        self.failures += 1
        self.recovered = 0.0

    def saved(self) -> None:
        """A save worked: a failure before it is over."""
        if self.failing is not None:
            log.warning("the game is saved again after %d failed saves", self.failures)
            self.failing = None
            self.failures = 0
            self.recovered = RECOVERED_SHOWN

    def update(self, dt: float) -> None:
        self.recovered = max(0.0, self.recovered - dt)

    def text(self) -> str:
        """The sentence shown now ("" when all is well)."""
        if self.unsaved is not None:
            return _("Your profile cannot be written ({reason}): this game is not saved.").format(
                reason=reason_text(self.unsaved)
            )
        if self.failing is not None:
            return _(
                "The game could not be saved ({reason}); it is tried again at every move."
            ).format(reason=reason_text(self.failing))
        if self.recovered > 0:
            return _("The game is saved again.")
        return ""

    def _lines(
        self, size: tuple[int, int], notes: Sequence[str] = ()
    ) -> tuple[list[str], int, int, int]:
        """The notice's lines at a window size (``notes`` first, each its own paragraph), its
        text size, line height and padding."""
        w, h = size
        scale = ui_scale((w, h))
        text_size = round(16 * scale)
        width = min(w - 40, round(1000 * scale))
        lines = []
        for text in (*notes, self.text()):
            if text:
                lines += wrap_text(text, text_size, width)
        return lines, text_size, round(text_size * 1.35), round(8 * scale)

    def height(self, size: tuple[int, int]) -> int:
        """How much of the window's top the notice covers now (0: none): the table keeps it
        clear."""
        lines, _size, line_h, pad = self._lines(size)
        return len(lines) * line_h + 2 * pad if lines else 0

    def draw(self, surface: pygame.Surface, notes: Sequence[str] = ()) -> pygame.Rect | None:
        """Paint the notice at the top of the window, after ``notes`` (what the start-up has
        to say: over every scene, never under a window); returns where (None: nothing shown)."""
        lines, size, line_h, pad = self._lines(surface.get_size(), notes)
        if not lines:
            return None
        w = surface.get_width()
        box = pygame.Rect(0, 0, w, len(lines) * line_h + 2 * pad)
        surface.fill(PAPER, box)
        y = pad + line_h // 2
        for line in lines:
            draw_text(surface, line, size, INK, (w // 2, y))
            y += line_h
        return box
