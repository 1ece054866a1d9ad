"""The table's drawing, from the scene's state, with the still part of the table kept in a
cached :class:`~scenes.table.layer.Layer`.

The contract, in one place:

- :meth:`TableRenderer.draw` paints what the scene's state says (the model, the hand's marks,
  the animation running, the messages) and changes none of it: the only things it writes are
  its own caches (the layer, the fans of backs, what the last frame left on the screen), which
  never change what is shown.
- :meth:`TableRenderer.redraw` paints the same picture with no cache at all; the tests compare
  the two pixel for pixel.
- While the table is the top scene nothing else draws on the screen, so it still holds the last
  frame: a frame repaints only the rectangles that changed (the layer's repainted parts, the
  flights' old and new places), with the overlay drawn clipped to them. Anything the renderer
  cannot vouch for paints the whole window: another scene above, a resize, a window exposed
  again (:meth:`forget_screen`), a change of overlay, and at least every ``TRUST_FRAMES``.
- It reads no private pygame attribute.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Any, Final, Protocol

import pygame

from game.engine.events import CardPlayed
from game.engine.hand import Phase
from game.engine.source import HostControls
from scenes.core.i18n import _
from scenes.core.preferences import AVATARS
from scenes.core.services import Media, Settings
from scenes.table.avatars import avatar
from scenes.table.layer import Area, Layer, Part, area, merged_areas
from scenes.table.layout import BOTTOM, TableLayout
from scenes.table.overlay import TEACH_EDGE, OverlaidTable, TableOverlay
from scenes.table.seat_marks import draw_mark, mark_label, mark_rect, seat_mark
from scenes.ui.felt import felt_surface
from scenes.ui.widgets import FELT, draw_text, fit_text, text_surface

if TYPE_CHECKING:
    from game.engine.source import TableSource
    from game.engine.view import SeatView
    from scenes.table.animator import Animator
    from scenes.table.hand_controls import HandControls

GOLD: Final = (250, 204, 60)
MARK: Final = (255, 190, 0)
FOCUS_BLUE: Final = (40, 110, 255)
HOVER: Final = (255, 255, 255)
TEACH: Final = (80, 230, 255)  # the tutor's choice in teaching mode (marked, never raised)
PLATE: Final = (0, 40, 14, 150)
PLATE_TEXT: Final = (255, 255, 255)
LEADER_INK: Final = (120, 80, 0)
MAX_AREAS: Final = 6  # more rectangles to paint in a frame than this: their bounding box instead
# After this many frames painted in part, one is painted whole: a net for whatever might spoil
# the window's pixels unseen (it heals within two seconds).
TRUST_FRAMES: Final = 120


class DrawServices(Media, Settings, Protocol):
    """What the drawing asks of the program: the card pictures, the back chosen in the
    preferences."""


class DrawnTable(OverlaidTable, Protocol):
    """What the renderer reads of the table scene (the overlay's part included)."""

    @property
    def app(self) -> DrawServices: ...

    @property
    def source(self) -> TableSource: ...

    @property
    def bottom(self) -> int: ...

    @property
    def animator(self) -> Animator: ...

    @property
    def hand(self) -> HandControls: ...

    def shown_greyed(self) -> set[int]: ...

    def human_to_pass(self) -> bool: ...

    def human_to_play(self) -> bool: ...

    @property
    def view(self) -> SeatView: ...

    def name(self, seat: int) -> str: ...


class TableRenderer:
    """Paints one table scene (see the module docstring); what lies over the cards in flight
    is its :class:`~scenes.table.overlay.TableOverlay`'s."""

    def __init__(self, table: DrawnTable) -> None:
        self.table = table
        self.overlay = TableOverlay(table)
        self.background: pygame.Surface | None = None
        self._rotated: dict[tuple[int, int, float], pygame.Surface] = {}
        self._fans: dict[tuple[int, int, int], tuple[pygame.Surface, tuple[int, int]]] = {}
        self.plate_panel: pygame.Surface | None = None
        # The still table (all but the cards in flight), kept between frames (see still_parts).
        self.layer = Layer()
        # What the last frame left on the screen (surface, layer generation, overlay, flights'
        # places), while nothing but this scene draws there (see draw).
        self._on_screen: tuple[Any, ...] | None = None
        self._on_screen_for = 0  # frames painted in part since the last whole one

    @property
    def layout(self) -> TableLayout:
        return self.table.layout

    @property
    def app(self) -> DrawServices:
        return self.table.app

    def forget_screen(self) -> None:
        """Something else drew on the screen: the next frame is painted whole."""
        self._on_screen = None

    def resize(self, size: tuple[int, int]) -> None:
        """The window has a new size (the table's layout is already made for it)."""
        self.background = felt_surface(size)
        self._rotated.clear()
        self._fans.clear()
        self.layer.clear()
        self._on_screen = None
        screen = pygame.display.get_surface()
        if screen is not None and screen.get_size() == size:
            self.layer.prepare(screen)
        plate = self.layout.places[0].plate
        self.plate_panel = pygame.Surface(plate.size, pygame.SRCALPHA)
        radius = plate.h // 4
        pygame.draw.rect(self.plate_panel, PLATE, self.plate_panel.get_rect(), border_radius=radius)
        # Every face the table can show, drawn now (a few tens of milliseconds) rather than
        # during an animation.
        art = self.app.card_art
        for card in range(52):
            art.face(card, self.layout.trick_w)
            art.greyed(card, self.layout.card_w)
        # The same for the portraits and each fan of backs (one picture per count of cards).
        rules = self.table.source.rules
        for seat in range(rules.players):
            avatar(AVATARS[seat % len(AVATARS)], self.layout.avatar_size)
            side = (seat - self.table.bottom) % rules.players
            if side != BOTTOM:
                for count in range(1, rules.hand_size + 1):
                    self._fan(side, count, self.app.prefs.card_back)

    def draw(self, surface: pygame.Surface) -> None:
        """The still table from its cached layer (painted again where what it shows changed),
        then the cards in flight and what is drawn over them.

        While the table is the top scene nothing else draws on ``surface``, so it still holds
        the last frame: only the rectangles where something moved or changed are painted (the
        layer copied there, the flights and the overlay drawn clipped to them). It changes no
        state of the game or the scene, only these caches."""
        layer = self.layer.picture(surface, self.still_parts())
        sprites = self._flight_sprites()
        overlay = self._overlay_picture()
        areas = self.areas_to_paint(surface, sprites, overlay)
        self._on_screen = None  # a drawing that fails leaves nothing to rely on
        if areas is None:
            surface.blit(layer, (0, 0))
            self._draw_above(surface, sprites, overlay)
        else:
            try:
                for region in areas:
                    surface.set_clip(region)
                    surface.blit(layer, region, region)
                    self._draw_above(surface, sprites, overlay)
            finally:
                surface.set_clip(None)
        if self.table.on_top():  # else a scene above draws over this frame
            shown = [area(rect) for _image, rect in sprites]
            trusted = 0 if areas is None else self._on_screen_for + 1
            self._on_screen = (surface, surface.get_size(), self.layer.generation, overlay, shown)
            self._on_screen_for = trusted

    def redraw(self, surface: pygame.Surface) -> None:
        """What :meth:`draw` shows, every part painted afresh (no cached layer): the reference
        the tests compare the cached frames with, and a way to see each draw call."""
        if self._on_screen is not None and self._on_screen[0] is surface:
            self._on_screen = None  # drawn over: the next frame is painted whole
        for part in self.still_parts():
            part.paint(surface)
        self._draw_above(surface, self._flight_sprites(), self._overlay_picture())

    def areas_to_paint(
        self,
        surface: pygame.Surface,
        sprites: list[tuple[pygame.Surface, pygame.Rect]],
        overlay: tuple[Any, ...],
    ) -> list[pygame.Rect] | None:
        """Where this frame differs from the last one on ``surface`` (None: everywhere, or
        unknown): the layer's newly painted rectangles, the flights' old and new places."""
        last = self._on_screen
        if last is None or self._on_screen_for >= TRUST_FRAMES:
            return None
        last_surface, size, generation, last_overlay, last_sprites = last
        if last_surface is not surface or size != surface.get_size():
            return None
        if last_overlay != overlay:
            return None
        rects = [*last_sprites, *(area(rect) for _image, rect in sprites)]
        if self.layer.generation != generation:
            painted = self.layer.painted
            if self.layer.generation != generation + 1 or painted is None:
                return None
            rects += [area(rect) for rect in painted]
        areas = merged_areas(rects, surface.get_rect())
        if areas is not None and len(areas) > MAX_AREAS:  # fewer, larger rectangles
            whole = areas[0].unionall(areas[1:])
            areas = merged_areas([area(whole)], surface.get_rect())
        return areas

    def still_parts(self) -> list[Part]:
        """The table but for the cards in flight, bottom first: the felt, each seat's plate and
        fan of backs, the trick, the player's cards. Each part's key holds every value its
        painting reads, so the cached layer is painted again exactly where they change."""
        layout = self.layout
        anim = self.table.animator.current
        art = self.app.card_art
        four = (art.four_colour, art.rank_letters())  # the faces' colours and corner letters
        parts = [
            Part(
                "felt",
                (layout.size, self.background is not None),
                (0, 0, *layout.size),
                self._paint_felt,
            )
        ]
        fan_minus = anim.fan_minus if anim is not None else {}
        n = self.table.source.rules.players
        back_style = self.app.prefs.card_back
        for seat in range(n):
            plate = self._plate_picture(seat)
            parts.append(
                Part(
                    ("plate", seat),
                    plate,
                    self._plate_bounds(plate),
                    functools.partial(self._draw_plate, picture=plate),
                )
            )
            side = (seat - self.table.bottom) % n
            count = max(0, self.table.model.counts[seat] - fan_minus.get(seat, 0))
            if side != BOTTOM and count:
                image, topleft = self._fan(side, count, back_style)
                bounds = (*topleft, *image.get_size())
                key = (side, count, back_style)
                parts.append(
                    Part(
                        ("fan", seat),
                        key,
                        bounds,
                        functools.partial(_blit, image=image, at=topleft),
                    )
                )
        if not (anim is not None and anim.trick_hidden):
            for i, (seat, card) in enumerate(self.table.model.trick):
                centre = layout.place(seat, self.table.bottom).trick
                image = art.face(card, layout.trick_w)
                rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
                shown = (card, area(rect), i == 0, four)
                paint = functools.partial(
                    self._paint_trick_card, image=image, rect=rect, first=i == 0
                )
                parts.append(Part(("trick", i), shown, area(rect.inflate(4, 4)), paint))
        parts += self._hand_parts()
        return parts

    def _hand_parts(self) -> list[Part]:
        """The player's cards: where each is, greyed, received, the tutor's, focused, hovered."""
        anim = self.table.animator.current
        hidden = anim.hidden if anim is not None else frozenset()
        greyed = self.table.shown_greyed()
        choosing = self.table.human_to_play() or self.table.human_to_pass()
        taught = self.table.advisor.teaching_cards()
        rects = self.table.hand.rects()
        card_w = self.layout.card_w
        four = (self.app.card_art.four_colour, self.app.card_art.rank_letters())
        parts = []
        for index, card in enumerate(self.table.model.hand):
            if card in hidden:
                continue
            rect = rects[index]
            marks = (
                card in greyed,
                card in self.table.hand.received,
                card in taught,
                index == self.table.hand.focus,
                index == self.table.hand.hover and card not in greyed and choosing,
            )
            # The tutor's pointer sits over the part of the card the next one leaves showing.
            following = area(rects[index + 1]) if index + 1 < len(rects) else None
            bounds = rect.inflate(10, 10)
            if card in taught:
                xs, ys = zip(*self._teaching_pointer(rects, index), strict=True)
                left, top = math.floor(min(xs)) - 2, math.floor(min(ys)) - 2
                bounds.union_ip(
                    left, top, math.ceil(max(xs)) + 3 - left, math.ceil(max(ys)) + 3 - top
                )
            key = (card, area(rect), following, card_w, four, marks)
            paint = functools.partial(
                self._paint_hand_card, rects=rects, index=index, card=card, marks=marks
            )
            parts.append(Part(("card", index), key, area(bounds), paint))
        return parts

    def _paint_felt(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        else:
            surface.fill(FELT)

    def turn_ring(self) -> int | None:
        """The seat whose plate has the turn ring: the seat the engine waits for in the state
        shown. A card in flight has left its seat, so the ring is already on the next one;
        none while a full trick is shown or out of play."""
        model = self.table.model
        if model.phase is not Phase.PLAY or self.table.view.phase is not Phase.PLAY:
            return None
        current = self.table.animator.current_event
        if current is not None and isinstance(current[0], CardPlayed):
            return self.table.animator.next_to_act()
        if len(model.trick) >= self.table.source.rules.players:
            return None
        return model.turn

    def _plate_picture(self, seat: int) -> tuple[Any, ...]:
        """One name plate: the seat, its name, its points, its turn ring, the leader's token."""
        model = self.table.model
        turn = self.turn_ring() == seat
        total = model.totals[seat] if seat < len(model.totals) else 0
        scores = model.hand_scores
        if model.moon_shooter == seat:  # not 26 under the one who may have taken 26 off
            this_hand = _("Moon!")
        elif model.moon_shooter is not None and scores is not None and seat < len(scores):
            # After a moon the others' hand is what the engine scored (+26), as their totals
            # say: "hand 0" beside a total that jumped by 26 read wrong.
            this_hand = _("hand {points}").format(points=scores[seat])
        else:
            this_hand = _("hand {points}").format(points=model.points[seat])
        kind = seat_mark(self.table.source, seat, self.table.bottom)
        return (
            seat,
            self.table.name(seat),
            _("Total {total}").format(total=total),
            this_hand,
            turn,
            model.leader == seat and model.phase is Phase.PLAY,
            kind,  # online: a person, the computer, away (seat_marks); "" for none
            mark_label(kind) if kind else "",
        )

    @staticmethod
    def _paint_trick_card(
        surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, first: bool
    ) -> None:
        surface.blit(image, rect)
        if first:  # the card led
            pygame.draw.rect(surface, GOLD, rect.inflate(4, 4), 2, border_radius=6)

    def _paint_hand_card(
        self,
        surface: pygame.Surface,
        rects: list[pygame.Rect],
        index: int,
        card: int,
        marks: tuple[bool, bool, bool, bool, bool],
    ) -> None:
        """One of the player's cards with its marks (see :meth:`_hand_parts`)."""
        greyed, received, taught, focused, hovered = marks
        art = self.app.card_art
        card_w = self.layout.card_w
        rect = rects[index]
        surface.blit(art.greyed(card, card_w) if greyed else art.face(card, card_w), rect)
        if received:
            pygame.draw.rect(surface, MARK, rect.inflate(6, 6), 4, border_radius=8)
        if taught:
            self.draw_teaching_mark(surface, rects, index)
        if focused:
            pygame.draw.rect(surface, FOCUS_BLUE, rect.inflate(8, 8), 3, border_radius=9)
        elif hovered:
            pygame.draw.rect(surface, HOVER, rect.inflate(4, 4), 2, border_radius=8)

    def _flight_sprites(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The cards in flight now: each picture and where it goes."""
        anim = self.table.animator.current
        if anim is None:
            return []
        layout = self.layout
        art = self.app.card_art
        back_style = self.app.prefs.card_back
        sprites = []
        for flight in anim.flights:
            if not flight.visible(anim.elapsed):
                continue
            x, y = flight.position(anim.elapsed)
            if flight.card is None:
                image = art.back(layout.back_w, back_style)
            else:
                width = layout.card_w if flight.end[1] > layout.hand_top else layout.trick_w
                image = art.face(flight.card, width)
            sprites.append((image, image.get_rect(center=(round(x), round(y)))))
        return sprites

    def _overlay_picture(self) -> tuple[Any, ...]:
        """What is drawn over the flights, as plain values (see :mod:`scenes.table.overlay`)."""
        return self.overlay.picture()

    def _draw_above(
        self,
        surface: pygame.Surface,
        sprites: list[tuple[pygame.Surface, pygame.Rect]],
        overlay: tuple[Any, ...],
    ) -> None:
        """The cards in flight and what is drawn over them (the indicators, the buttons, the
        messages), from :meth:`_flight_sprites` and :meth:`_overlay_picture`."""
        for image, rect in sprites:
            surface.blit(image, rect)
        self.overlay.draw(surface, overlay)

    def _fan(self, side: int, count: int, style: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """An opponent's fan of backs as one picture (one blit a frame instead of thirteen)."""
        key = (side, count, style)
        cached = self._fans.get(key)
        if cached is not None:
            return cached
        layout = self.layout
        placed = []
        for centre, angle in layout.fan(side, count):
            image = self._back(layout.back_w, style, angle)
            placed.append((image, image.get_rect(center=(round(centre[0]), round(centre[1])))))
        bounds = placed[0][1].unionall([rect for _, rect in placed])
        fan = pygame.Surface(bounds.size, pygame.SRCALPHA)
        for image, rect in placed:
            fan.blit(image, rect.move(-bounds.x, -bounds.y))
        if pygame.display.get_surface() is not None:
            fan = fan.convert_alpha()
        self._fans[key] = (fan, bounds.topleft)
        return self._fans[key]

    def _back(self, width: int, style: int, angle: float) -> pygame.Surface:
        key = (width, style, angle)
        image = self._rotated.get(key)
        if image is None:
            image = self.app.card_art.back(width, style)
            if angle:
                image = pygame.transform.rotate(image, angle)
            self._rotated[key] = image
        return image

    def _plate_texts(self, picture: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """The plate's texts: (text, size, colour, position, anchor, bold) for ``draw_text``."""
        seat, name, total, this_hand, _turn, leader, kind, label = picture
        layout = self.layout
        rect = layout.place(seat, self.table.bottom).plate
        pad = (rect.h - layout.avatar_size) // 2
        text_x = rect.x + pad * 2 + layout.avatar_size
        name_y, line_y = rect.y + rect.h * 0.32, rect.y + rect.h * 0.72
        # The game's total, then apart (after a gap, in gold) the points of this hand.
        total_w = text_surface(total, layout.small_font, PLATE_TEXT, True).get_width()
        hand_x = text_x + total_w + layout.small_font
        r = max(7, rect.h // 4)  # the leader's token, on the name's line
        right = rect.right - pad - (2 * r + pad if leader else 0)  # the name's line ends here
        marks = []
        if kind:  # the seat's kind, at the end of the name's line
            size = max(9, round(layout.small_font * 0.78))
            pill = mark_rect(label, size, right, name_y)
            marks.append((label, size, kind, pill.center, "center", True))
            right = pill.left - pad
        if isinstance(self.table.source, HostControls):  # online: names cut to the plate
            name = fit_text(name, layout.font_size, max(0, right - text_x), True)
        texts = [
            (name, layout.font_size, PLATE_TEXT, (text_x, name_y), "midleft", True),
            (total, layout.small_font, PLATE_TEXT, (text_x, line_y), "midleft", True),
            (this_hand, layout.small_font, GOLD, (hand_x, line_y), "midleft", False),
            *marks,
        ]
        if leader:
            # On the name's line, clear of the points under it.
            centre = (rect.right - r - pad, rect.y + r + pad)
            texts.append(("★", round(r * 1.3), LEADER_INK, centre, "center", False))
        return texts

    def _plate_bounds(self, picture: tuple[Any, ...]) -> Area:
        """Where a plate paints: its panel and its text (a long name runs past the panel)."""
        bounds = self.layout.place(picture[0], self.table.bottom).plate.copy()
        for text, size, colour, pos, anchor, bold in self._plate_texts(picture):
            if isinstance(colour, str):  # a seat's mark: its pill
                bounds.union_ip(mark_rect(text, size, 0, pos[1]).move_to(center=pos))
                continue
            image = text_surface(text, size, colour, bold)
            bounds.union_ip(image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))}))
        return area(bounds)

    def _draw_plate(self, surface: pygame.Surface, picture: tuple[Any, ...]) -> None:
        """One name plate, from :meth:`_plate_picture`."""
        seat, _name, _total, _hand, turn, leader, kind, _label = picture
        layout = self.layout
        rect = layout.place(seat, self.table.bottom).plate
        if self.plate_panel is not None:
            surface.blit(self.plate_panel, rect)
        if turn:
            pygame.draw.rect(surface, GOLD, rect, max(2, rect.h // 18), border_radius=rect.h // 4)
        pad = (rect.h - layout.avatar_size) // 2
        surface.blit(
            avatar(AVATARS[seat % len(AVATARS)], layout.avatar_size), (rect.x + pad, rect.y + pad)
        )
        texts = self._plate_texts(picture)
        for text, size, colour, pos, anchor, bold in texts[:3]:
            draw_text(surface, text, size, colour, pos, anchor, bold=bold)
        if kind:
            label, size, _kind, centre, _anchor, _bold = texts[3]
            draw_mark(
                surface, kind, label, size, mark_rect(label, size, 0, 0).move_to(center=centre)
            )
        if leader:
            # The leader's token: a small gold disc with the suit led or a star before the lead.
            r = max(7, rect.h // 4)
            centre = (rect.right - r - pad, rect.y + r + pad)
            pygame.draw.circle(surface, GOLD, centre, r)
            pygame.draw.circle(surface, LEADER_INK, centre, r, max(1, r // 6))
            star, size, colour, pos, anchor, bold = texts[-1]
            draw_text(surface, star, size, colour, pos, anchor, bold=bold)

    def draw_teaching_mark(
        self, surface: pygame.Surface, rects: list[pygame.Rect], index: int
    ) -> None:
        """The tutor's card: an outline and a small pointer above the part of it that shows."""
        rect = rects[index]
        pygame.draw.rect(surface, TEACH_EDGE, rect.inflate(9, 9), 2, border_radius=10)
        pygame.draw.rect(surface, TEACH, rect.inflate(6, 6), 3, border_radius=9)
        points = self._teaching_pointer(rects, index)
        pygame.draw.polygon(surface, TEACH, points)
        pygame.draw.polygon(surface, TEACH_EDGE, points, 1)

    def _teaching_pointer(self, rects: list[pygame.Rect], index: int) -> list[tuple[float, float]]:
        """The corners of the tutor's pointer over card ``index``."""
        rect = rects[index]
        shown = rects[index + 1].x - rect.x if index + 1 < len(rects) else rect.w
        shown = max(8, min(rect.w, shown))
        cx = rect.x + shown // 2
        half = max(5, round(self.layout.card_w * 0.09))
        tip = rect.top - 5
        return [(cx - half, tip - half * 1.4), (cx + half, tip - half * 1.4), (cx, tip)]


def _blit(surface: pygame.Surface, image: pygame.Surface, at: tuple[int, int]) -> None:
    surface.blit(image, at)
