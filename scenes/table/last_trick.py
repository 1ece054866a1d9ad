"""The last trick, shown over the table: each seat's card where it lay in the trick, the card
led marked, and who took it with its points.

The table opens it (the Last trick button, L, or a click on the trick) once a trick of the hand
has been taken; it shows the table's :attr:`~scenes.table.model.TableModel.last_trick` as it
was when opened and closes with Esc, L, Enter, Space or a click. The table does not run while it
is open (only the top scene is updated), so looking changes nothing in the game.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol

import pygame

from scenes.core.i18n import _, ngettext
from scenes.core.scene import Scene
from scenes.core.services import Media, Navigation
from scenes.table.layout import TableLayout
from scenes.ui.widgets import draw_text, text_surface

if TYPE_CHECKING:
    from scenes.table.model import TableModel


class TrickServices(Navigation, Media, Protocol):
    """What the last trick's window asks of the program: the stack, the card pictures."""


class TrickTable(Protocol):
    """What the last trick's window reads of the table scene."""

    @property
    def layout(self) -> TableLayout: ...

    @property
    def model(self) -> TableModel: ...

    @property
    def bottom(self) -> int: ...

    def name(self, seat: int) -> str: ...


VEIL: Final = (0, 0, 0, 110)  # over the table: the trick stands out, the table stays seen
PANEL: Final = (0, 50, 18)  # opaque: the trick on the table beneath does not show through
PANEL_EDGE: Final = (250, 204, 60)
LED: Final = (250, 204, 60)
TAKER: Final = (255, 255, 255)
LABEL: Final = (225, 245, 225)
CLOSE_KEYS: Final = (
    pygame.K_ESCAPE,
    pygame.K_l,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
)


class LastTrickScene(Scene):
    """The trick taken last this hand, by seat (see the module docstring)."""

    opaque = False

    app: TrickServices

    def __init__(self, app: TrickServices, table: TrickTable) -> None:
        super().__init__(app)
        self.table = table
        model = table.model
        self.cards = list(model.last_trick)  # (seat, card) in play order, the first one led
        self.winner = model.last_winner
        self.points = model.last_points

    @property
    def layout(self) -> TableLayout:
        return self.table.layout

    def close(self) -> None:
        self.app.stack.remove(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in CLOSE_KEYS:
                self.close()
            return True  # the table beneath takes no key while the trick is shown
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.close()
            return True
        return event.type == pygame.MOUSEBUTTONDOWN

    # -- what is shown ---------------------------------------------------------------------------

    def title(self) -> str:
        return _("Last trick")

    def caption(self) -> str:
        """Who took the trick and what it was worth."""
        if self.winner is None:
            return ""
        points = ngettext("{count} point", "{count} points", self.points).format(count=self.points)
        return _("Taken by {name} ({points})").format(
            name=self.table.name(self.winner), points=points
        )

    def arrangement(self) -> Arrangement:
        """Where everything goes: each card where the seat's card lies in a trick, its seat's
        name under it (above it for the cards above the centre, never wider than two cards),
        the title above, the caption below, all in a panel moved inside the window and off the
        player's cards and the table's buttons if need be (see :func:`clear_shift`)."""
        layout = self.layout
        size = layout.small_font
        cy = layout.centre[1]
        cards, labels = [], []
        for seat, card in self.cards:
            x, y = layout.place(seat, self.table.bottom).trick
            rect = pygame.Rect(0, 0, layout.trick_w, layout.trick_h)
            rect.center = (round(x), round(y))
            cards.append((seat, card, rect))
            taker = seat == self.winner
            text = _shortened(self.table.name(seat), size, taker, layout.trick_w * 2)
            image = text_surface(text, size, LABEL, taker)
            gap = max(2, size // 4)
            if rect.centery < cy - rect.h * 0.2:
                where = image.get_rect(midbottom=(rect.centerx, rect.top - gap))
            else:
                where = image.get_rect(midtop=(rect.centerx, rect.bottom + gap))
            labels.append((text, where, taker))
        bounds = cards[0][2].unionall([rect for _s, _c, rect in cards[1:]])
        bounds.unionall_ip([rect for _t, rect, _k in labels])
        font, pad = layout.font_size, layout.margin
        title = text_surface(self.title(), font, TAKER, True).get_rect()
        caption = text_surface(self.caption() or " ", font, TAKER, True).get_rect()
        title.midbottom = (bounds.centerx, bounds.top - pad // 2)
        caption.midtop = (bounds.centerx, bounds.bottom + pad // 2)
        box = bounds.unionall([title, caption]).inflate(pad * 2, pad * 2)
        dx, dy = clear_shift((box.x, box.y, box.w, box.h), layout)
        return Arrangement(
            box.move(dx, dy),
            title.move(dx, dy),
            caption.move(dx, dy),
            [(seat, card, rect.move(dx, dy)) for seat, card, rect in cards],
            [(text, rect.move(dx, dy), taker) for text, rect, taker in labels],
        )

    # -- scene -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if not self.cards:
            return
        layout = self.layout
        shown = self.arrangement()
        surface.blit(_veil(surface.get_size()), (0, 0))
        radius = layout.margin
        pygame.draw.rect(surface, PANEL, shown.box, border_radius=radius)
        pygame.draw.rect(surface, PANEL_EDGE, shown.box, 2, border_radius=radius)
        font = layout.font_size
        draw_text(surface, self.title(), font, TAKER, shown.title.center, bold=True)
        art = self.app.card_art
        for index, (seat, card, rect) in enumerate(shown.cards):
            surface.blit(art.face(card, layout.trick_w), rect)
            if seat == self.winner:
                pygame.draw.rect(surface, TAKER, rect.inflate(8, 8), 3, border_radius=8)
            if index == 0:  # the card led
                pygame.draw.rect(surface, LED, rect.inflate(4, 4), 2, border_radius=6)
        for text, rect, taker in shown.labels:
            colour = LED if taker else LABEL
            draw_text(surface, text, layout.small_font, colour, rect.topleft, "topleft", taker)
        draw_text(surface, self.caption(), font, LED, shown.caption.center, bold=True)


@dataclass(frozen=True)
class Arrangement:
    """Where the last trick's parts go (see :meth:`LastTrickScene.arrangement`)."""

    box: pygame.Rect
    title: pygame.Rect
    caption: pygame.Rect
    cards: list[tuple[int, int, pygame.Rect]]  # (seat, card, rect) in play order
    labels: list[tuple[str, pygame.Rect, bool]]  # (name, rect, the taker's)


@functools.lru_cache(maxsize=16)
def clear_shift(place: tuple[int, int, int, int], layout: TableLayout) -> tuple[int, int]:
    """How far to move the box at ``place`` to keep it in the window and off the player's
    cards (raised) and the buttons the table shows once a trick is taken: the nearest such
    place, else the least covering one. Its panel covered the hint button beside the
    player's plate and the top of the hand (800x600, 1280x800, 640x1000; issue 42)."""
    box = pygame.Rect(place)
    window = pygame.Rect((0, 0), layout.size)
    hand = [card.inflate(0, 2 * layout.raise_px) for card in layout.hand_rects(layout.hand_size)]
    buttons = [layout.hint_button, layout.menu_button, layout.score_button]
    obstacles = [*buttons, layout.last_trick_button, *hand]
    inside = box.clamp(window)
    step = max(2, layout.margin // 2)
    shifts = sorted(
        (
            (dx, dy)
            for dx in range(-window.w, window.w + 1, step)
            for dy in range(-window.h, 1, step)
        ),
        key=lambda d: abs(d[0]) + abs(d[1]),
    )
    best: tuple[int, tuple[int, int]] | None = None
    for dx, dy in shifts:
        moved = inside.move(dx, dy)
        if not window.contains(moved):
            continue
        covered = sum(moved.clip(o).w * moved.clip(o).h for o in obstacles)
        if covered == 0:
            return inside.x + dx - box.x, inside.y + dy - box.y
        if best is None or covered < best[0]:
            best = (covered, (inside.x + dx - box.x, inside.y + dy - box.y))
    return best[1] if best is not None else (inside.x - box.x, inside.y - box.y)


def _shortened(text: str, size: int, bold: bool, width: float) -> str:
    """``text``, cut with an ellipsis to fit ``width`` pixels."""
    if text_surface(text, size, LABEL, bold).get_width() <= width:
        return text
    while len(text) > 1 and text_surface(text + "…", size, LABEL, bold).get_width() > width:
        text = text[:-1]
    return text + "…"


@functools.lru_cache(maxsize=4)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(VEIL)
    return veil
