"""A sheet kept like a game: its chart of totals (as History draws a game's) and the final sheet
as a picture to share, saved as a PNG next to the profile and copied to the clipboard where the
system has a tool for pictures (``wl-copy`` or ``xclip``); elsewhere the message says where the
file is.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final

import pygame

from scenes.core.i18n import _
from scenes.records import sheet_drawing
from scenes.records.chart import draw_chart
from scenes.records.sheet_words import local_time, result_text
from scenes.ui.report import ReportScene
from scenes.ui.widgets import INK, WHITE, draw_text

if TYPE_CHECKING:
    from game.records.scoresheet import ScoreSheet
    from scenes.core.services import Navigation

IMAGE_WIDTH: Final = 1000
MARGIN: Final = 24


@dataclass
class Picture:
    """A sheet drawn off the screen: what :mod:`scenes.records.sheet_drawing` reads of a pad."""

    sheet: ScoreSheet
    sheet_area: pygame.Rect
    photos: dict[int, bytes] = field(default_factory=dict)
    scale: float = 1.0
    correcting: int | None = None
    entry_area: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    boxes: list[pygame.Rect] = field(default_factory=list)
    keypad: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    inputs: list[str] = field(default_factory=list)
    field: int = 0
    jack: int | None = None
    selected_whole: bool = False
    problem: str = ""

    def columns(self) -> tuple[int, int]:
        label_w = round(self.sheet_area.w * 0.22)
        return label_w, (self.sheet_area.w - label_w) // self.sheet.players

    def entering(self) -> bool:
        return False


def sheet_image(sheet: ScoreSheet, photos: dict[int, bytes], when: str) -> pygame.Surface:
    """The whole sheet (every hand, the totals and ranks) under a line with its result and
    date, on a white page."""
    size = 22
    probe = Picture(sheet, pygame.Rect(0, 0, IMAGE_WIDTH, 10))
    row_h, head_h, _first, _room = sheet_drawing.row_geometry(probe)
    height = head_h + 8 + (len(sheet.hands) + 3) * row_h
    area = pygame.Rect(MARGIN, MARGIN + round(size * 1.8), IMAGE_WIDTH, height)
    image = pygame.Surface((IMAGE_WIDTH + 2 * MARGIN, area.bottom + MARGIN))
    image.fill(WHITE)
    heading = " · ".join(part for part in (result_text(sheet), local_time(when)) if part)
    draw_text(image, heading, size, INK, (MARGIN, MARGIN + size // 2), "midleft", bold=True)
    sheet_drawing.draw_table(Picture(sheet, area, photos), image)
    return image


def save_image(image: pygame.Surface, folder: Path, sheet_id: int) -> Path:
    """The picture as ``folder/sheet-<id>.png`` (through a temporary file); raises OSError or
    pygame.error."""
    path = folder / f"sheet-{sheet_id}.png"
    partial = path.with_name(path.stem + ".part.png")
    pygame.image.save(image, str(partial))
    partial.replace(path)
    return path


def copy_image(path: Path) -> bool:
    """Put the PNG on the clipboard where the system has a tool for pictures; False elsewhere."""
    if sys.platform.startswith("linux"):
        for tool in (["wl-copy", "--type", "image/png"], ["xclip", "-selection", "clipboard"]):
            if shutil.which(tool[0]) is None:
                continue
            command = tool + (["-t", "image/png", "-i"] if tool[0] == "xclip" else [])
            try:
                with path.open("rb") as data:
                    subprocess.run(command, stdin=data, timeout=5, check=True)
            except (OSError, subprocess.SubprocessError):
                continue
            return True
    return False


def share(
    sheet: ScoreSheet, sheet_id: int, photos: dict[int, bytes], when: str, folder: Path
) -> tuple[str, bool]:
    """Save the final sheet's picture in ``folder``, copy it where the system allows; the
    sentence that says where it is, and whether it is an error."""
    try:
        path = save_image(sheet_image(sheet, photos, when), folder, sheet_id)
    except (OSError, pygame.error) as exc:
        return _("The picture could not be saved: {error}").format(error=exc), True
    if copy_image(path):
        return _("The sheet's picture is saved to {path} and copied.").format(path=path), False
    return _("The sheet's picture is saved to {path}.").format(path=path), False


class SheetChartScene(ReportScene):
    """One sheet's chart: every player's total after each hand, as History draws a game's."""

    window_size = (1100, 700)

    def __init__(self, app: Navigation, sheet: ScoreSheet) -> None:
        super().__init__(app)
        self.sheet = sheet

    def title(self) -> str:
        return _("Score sheet") + " · " + _("Chart")

    def draw_content(self, surface: pygame.Surface) -> None:
        area = self.content
        line = result_text(self.sheet)
        size = sheet_drawing.px(self.scale, 15)
        draw_text(surface, line, size, INK, area.topleft, "topleft", bold=True)
        chart = pygame.Rect(area.x, area.y + round(size * 1.8), area.w, area.h - round(size * 1.8))
        scores = [hand.scores for hand in self.sheet.hands]
        rules = self.sheet.rules.to_dict()
        draw_chart(surface, chart, scores, list(self.sheet.names), rules, self.scale)
