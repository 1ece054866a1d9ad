"""What the table draws over the cards in flight: the corner's indicators (hearts broken, which
hand, practice), the buttons, the tutor's box, the line of help above the hand and the banner.

:meth:`TableOverlay.picture` reads the scene's state into plain values, and
:meth:`TableOverlay.draw` paints from those values and the layout alone: the renderer compares
the picture with the last frame's to know when the overlay changed (it then paints the window
whole), and paints the overlay over the flights (see :mod:`scenes.table.renderer`).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Final, Protocol

import pygame

from scenes.core.card_shapes import suit_surface
from scenes.core.i18n import _
from scenes.table.banner import banner_box
from scenes.table.layer import area
from scenes.table.layout import TableLayout
from scenes.table.status_line import status_lines
from scenes.table.teaching_box import hearts_badge, teaching_box
from scenes.ui.widgets import draw_text, text_surface, wrap_text

if TYPE_CHECKING:
    from scenes.table.advisor import Advisor
    from scenes.table.model import TableModel
    from scenes.table.session import GameSession
    from scenes.ui.widgets import Button

TEACH_EDGE: Final = (0, 60, 90)  # the edge of the tutor's marks, the heading of its box
PRACTICE_INK: Final = (190, 225, 190)
HINT_PAPER: Final = (255, 250, 215)
HAND_INK: Final = (210, 240, 210)  # which hand it is, in the corner


class OverlaidTable(Protocol):
    """What the overlay reads of the table scene."""

    @property
    def layout(self) -> TableLayout: ...

    @property
    def model(self) -> TableModel: ...

    @property
    def session(self) -> GameSession | None: ...

    @property
    def advisor(self) -> Advisor: ...

    @property
    def hint_button(self) -> Button: ...

    @property
    def message(self) -> str: ...

    @property
    def message_timer(self) -> float: ...

    @property
    def message_boxed(self) -> bool: ...

    @property
    def banner(self) -> str: ...

    @property
    def banner_timer(self) -> float: ...

    def on_top(self) -> bool:
        """The table is the top scene (nothing drawn over it)."""

    def buttons(self) -> tuple[Button, ...]: ...

    def status_text(self) -> str: ...

    def practice_label(self) -> str: ...


class TableOverlay:
    """Paints what lies over the flights for one table scene (see the module docstring)."""

    def __init__(self, table: OverlaidTable) -> None:
        self.table = table

    @property
    def layout(self) -> TableLayout:
        return self.table.layout

    def picture(self) -> tuple[Any, ...]:
        """Everything drawn over the flights, as plain values: :meth:`draw` paints from these
        and the layout alone (a frame that changes any of them is painted whole)."""
        hint: tuple[str, str] | None = None
        if self.table.message_timer > 0 and self.table.message_boxed:
            hint = (self.table.message, _("Teach me"))
        elif self.table.advisor.hint_timer > 0 and self.table.advisor.hint_text:
            hint = (self.table.advisor.hint_text, "")
        elif self.table.advisor.teaching_text():
            hint = (self.table.advisor.teaching_text(), _("Teach me"))
        banner = self.table.banner_timer > 0 and self.table.banner and self.table.on_top()
        buttons = tuple(
            (button.visible, button.enabled, button.text(), area(button.rect))
            for button in self.table.buttons()
        )
        return (
            self.layout.size,
            self._indicator_picture(),
            buttons,
            hint,
            self.table.status_text(),
            self.table.banner if banner else "",
        )

    def draw(self, surface: pygame.Surface, picture: tuple[Any, ...]) -> None:
        """The indicators, the buttons and the messages, from :meth:`picture`."""
        _size, indicators, _buttons, hint, status, banner = picture
        self._draw_indicators(surface, indicators)
        for button in self.table.buttons():
            button.draw(surface, focused=False)
        if hint is not None:
            self._draw_hint(surface, *hint)
        if status:
            self._draw_status(surface, status)
        if banner:
            self._draw_banner(surface, banner)

    def _indicator_picture(self) -> tuple[str, str, str]:
        """The corner's texts: "Hearts broken" (or nothing), which hand, "Practice"."""
        broken = _("Hearts broken") if self.table.model.hearts_broken else ""
        session = self.table.session
        daily = session.daily if session is not None else None
        if daily is not None:
            hand_text = _("Daily challenge, par {par}").format(par=daily.par)
        else:
            hand_text = _("Hand {number}").format(number=self.table.model.hand_number + 1)
        return (broken, hand_text, self.table.practice_label())

    def _draw_indicators(self, surface: pygame.Surface, picture: tuple[str, str, str]) -> None:
        broken, hand_text, practice = picture
        layout = self.layout
        # The heart and its words where no card, fan, plate or button is (teaching_box).
        rect, words = hearts_badge(layout, _("Hearts broken"))
        colour = (214, 20, 40) if broken else (40, 90, 50)
        icon = suit_surface(3, rect.w, colour)
        surface.blit(icon, rect)
        if broken:
            at = words.topleft
            draw_text(
                surface, broken, layout.small_font, (255, 255, 255), at, "topleft", shadow=(0, 0, 0)
            )
        # Which hand this is: under the hearts indicator (two rows) or beside the corner
        # buttons (one row), with "Practice" on the next line.
        pos, anchor, step = layout.hand_label
        drawn = draw_text(surface, hand_text, layout.small_font, HAND_INK, pos, anchor)
        if practice:
            draw_text(
                surface,
                practice,
                round(layout.small_font * 0.9),
                PRACTICE_INK,
                (pos[0], pos[1] + step * drawn.h),
                anchor,
            )

    def _draw_status(self, surface: pygame.Surface, text: str) -> None:
        """The line of help above the hand, in the widest stretch no button touches; a long one
        (a refused card's reason with the legal cards) wraps upwards so it never reaches the
        cards (see :mod:`scenes.table.status_line`)."""
        controls = [button.rect for button in self.table.buttons() if button.visible]
        for line, rect in status_lines(self.layout, text, controls):
            draw_text(
                surface,
                line,
                self.layout.font_size,
                (255, 255, 255),
                rect.topleft,
                "topleft",
                shadow=(0, 0, 0),
                bold=True,
            )

    def _draw_hint(self, surface: pygame.Surface, text: str, label: str = "") -> None:
        """The tutor's sentence in a pale box above the hand (``label``: a small heading), clear
        of every card and control (see :mod:`scenes.table.teaching_box`)."""
        controls = [button.rect for button in self.table.buttons() if button.visible]
        placed = teaching_box(self.layout, text, label, controls)
        box, size = placed.rect, placed.size
        heading = text_surface(label, placed.heading_size, TEACH_EDGE, True) if label else None
        pygame.draw.rect(surface, HINT_PAPER, box, border_radius=size // 2)
        pygame.draw.rect(surface, (120, 110, 60), box, 1, border_radius=size // 2)
        y = box.y + size // 2
        if heading is not None:
            surface.blit(heading, heading.get_rect(midtop=(box.centerx, y - size // 4)))
            y += heading.get_height() - size // 4
        for line in placed.lines:
            draw_text(surface, line, size, (30, 30, 30), (box.centerx, y), "midtop")
            y += placed.line_height

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        """The announcement in its dark box, clear of every card and control (see
        :mod:`scenes.table.banner`)."""
        controls = [button.rect for button in self.table.buttons() if button.visible]
        placed = banner_box(self.layout, text, controls)
        surface.blit(_banner_panel(placed.rect.size), placed.rect)
        images = [text_surface(line, placed.size, (255, 255, 255), True) for line in placed.lines]
        y = placed.rect.centery - sum(image.get_height() for image in images) // 2
        for image in images:
            surface.blit(image, image.get_rect(midtop=(placed.rect.centerx, y)))
            y += image.get_height()


@functools.lru_cache(maxsize=64)
def _wrapped(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """:func:`wrap_text`, remembered: a message is drawn again every frame it shows."""
    return tuple(wrap_text(text, size, width, bold))


@functools.lru_cache(maxsize=8)
def _banner_panel(size: tuple[int, int]) -> pygame.Surface:
    """The banner's dark rounded box (cached: read-only)."""
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (0, 0, 0, 170), panel.get_rect(), border_radius=size[1] // 3)
    return panel
