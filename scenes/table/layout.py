"""Where everything goes on the table, computed from the window size and nothing else.

Seats are placed relative to the player at the bottom, clockwise as play goes:
``places[(seat - bottom_seat) % players]``. Each place sits on an edge of the table: with four
players bottom, left, top, right; with three the two opponents sit left and right; with five the
two across share the top edge. A wide window lays the hand out in one row; a narrow (portrait)
one in two overlapping rows so the cards stay big enough to read.

>>> layout = TableLayout((1280, 800))
>>> layout.two_rows, len(layout.hand_rects(13))
(False, 13)
>>> TableLayout((700, 1000)).two_rows
True
>>> [place.side for place in TableLayout((1280, 800), players=5).places]
[0, 1, 2, 2, 3]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import pygame

from scenes.core.card_shapes import ASPECT

BOTTOM, LEFT, TOP, RIGHT = 0, 1, 2, 3
Point = tuple[float, float]

MIN_SPACING: Final = 0.30
"""The narrowest slice of a hand card that shows (share of its width) before two rows are used."""
LARGE_CARDS: Final = 1.25
"""How much larger the player's cards are with the "Large cards" setting."""
TEACHING_LINES: Final = 3
"""The lines of the tutor's box the table keeps room for in teaching mode (a pass's three
reasons in French take three lines at the box's usual width)."""
RAISE: Final = 0.22
"""How far a selected card rises (share of its height)."""


def trick_gap(card_w: float) -> int:
    """The gap between a trick's cards of width ``card_w``."""
    return max(4, round(card_w * 0.06))


def trick_cross(
    players: int, centre: Point, card: Point, gap: float, dy: float | None = None
) -> list[Point]:
    """The centres of a trick's cards, one a seat, clockwise from the player's (index 0): below
    the centre for the player, left and right for the seats beside, above for the seats across
    (two side by side with five players; with three, the two opponents' cards side by side above
    the player's). Cards ``card`` (width, height) sit ``gap`` apart so none hides another; ``dy``
    (from the centre to the cards above and below it) defaults to half a card and a gap. The
    table, its last-trick window and the hand review lay a trick out the same way.

    >>> trick_cross(4, (100, 100), (20, 28), 4)
    [(100, 118.0), (76, 100), (100, 82.0), (124, 100)]
    """
    cx, cy = centre
    tw, th = card
    if dy is None:
        dy = th / 2 + gap
    below = (cx, cy + dy)
    if players == 3:
        half = tw / 2 + gap / 2
        return [below, (cx - half, cy - dy), (cx + half, cy - dy)]
    if players == 4:
        return [below, (cx - tw - gap, cy), (cx, cy - dy), (cx + tw + gap, cy)]
    half = tw / 2 + gap / 2  # five: the two across side by side, the sides beyond them
    side = tw * 1.5 + gap * 1.5
    return [below, (cx - side, cy), (cx - half, cy - dy), (cx + half, cy - dy), (cx + side, cy)]


@dataclass(frozen=True)
class Place:
    """One seat's spots: its fan of cards, its name plate, its card in the trick."""

    side: int  # the edge it sits on: BOTTOM, LEFT, TOP or RIGHT
    fan_centre: Point
    plate: pygame.Rect
    trick: Point  # centre of this seat's card in the trick
    sweep: Point  # where won tricks slide to (off the edge, beside the seat)


class TableLayout:
    """Every size and position of the table for one window size."""

    def __init__(
        self,
        size: tuple[int, int],
        players: int = 4,
        top_inset: int = 0,
        *,
        large_cards: bool = False,
        teaching: bool = False,
    ) -> None:
        """``top_inset``: pixels at the top of the window kept clear (a notice shown there);
        ``large_cards``: the player's cards (and so the trick's) larger, for players who see
        less well (the hand overlaps more to fit); ``teaching``: room kept above the help line
        for the tutor's box at its real height (:data:`TEACHING_LINES` lines and a heading),
        so it never covers the trick (see :mod:`scenes.table.teaching_box`)."""
        if not 3 <= players <= 5:
            raise ValueError(f"a table seats 3 to 5 players, not {players}")
        w, h = size
        self.size = size
        self.width, self.height = w, h
        self.players = players
        self.card_scale = LARGE_CARDS if large_cards else 1.0
        self.hand_size = 52 // players  # 17, 13 or 10 (the deck loses a card or two: see Rules)
        self.per_row = math.ceil(self.hand_size / 2)  # the back row of a hand in two rows
        self.scale = max(0.6, min(max(w, h) / 1280, min(w, h) / 800, 3.5))
        self.margin = round(min(w, h) * 0.02)
        self.top_inset = top_inset
        self.font_size = max(11, round(18 * self.scale))
        self.small_font = max(10, round(15 * self.scale))
        # The tutor's box: its lines, its heading and its padding (0 outside teaching mode).
        box_h = self.small_font * (1.35 * TEACHING_LINES + 1 + 1.2) + self.margin
        self.teaching_room = 0  # kept once the cards' size is chosen (below)
        self._place_toolbar()
        self.top = self.toolbar.bottom + self.margin // 2  # where the table's top edge starts
        self.two_rows = w / h < 1.05 or w < 760
        # Large cards grow as much as the window leaves the trick room for (a short window
        # keeps them nearer the usual size rather than squeeze the trick).
        scales = [s for s in (self.card_scale, 1.15, 1.05) if s <= self.card_scale] + [1.0]
        chosen = 0
        for chosen, card_scale in enumerate(scales):  # noqa: B007 (the scale chosen is kept)
            self._lay_out(card_scale)
            if not self._crowded():
                break
        if teaching:  # room for the box: the trick gives it first (its cards may overlap a
            self.teaching_room = round(box_h)  # little), then larger cards do
            for card_scale in scales[chosen:]:
                self._lay_out(card_scale)
                if not self._crowded(squeezed=False) and self._box_fits():
                    break

    def _lay_out(self, card_scale: float) -> None:
        """The hand, the backs, the trick and the table for cards ``card_scale`` larger."""
        w, players = self.width, self.players
        self.card_scale = card_scale
        self._size_hand()
        back_w = self.card_w * (0.5 if self.two_rows else 0.62)
        # A full fan is this many backs long; the fans across the table must fit side by side
        # (two of them with five players).
        fan_length = 1 + (self.hand_size - 1) * 0.24
        across = 2 if players == 5 else 1
        back_w = min(back_w, (w - 4 * self.margin * across) / (across * fan_length))
        self.back_w = max(24, round(back_w))
        self.back_h = round(self.back_w * ASPECT)
        self.back_step = max(4, round(self.back_w * 0.24))
        self.trick_w = self.card_w if not self.two_rows else max(40, round(self.card_w * 0.85))
        self.trick_h = round(self.trick_w * ASPECT)
        self.plate_h = max(30, round(54 * self.scale))
        self.plate_w = max(120, round(210 * self.scale))
        self.avatar_size = self.plate_h - max(4, round(self.plate_h * 0.12))
        self._place_table()

    def _box_fits(self) -> bool:
        """The tutor's box has its room clear of the trick: above the help line, or under the
        fans and plates across the table."""
        cards = []
        for place in self.places:
            card = pygame.Rect(0, 0, self.trick_w, self.trick_h)
            card.center = (round(place.trick[0]), round(place.trick[1]))
            cards.append(card)
        lowest = max(card.bottom for card in cards)
        highest = min(card.top for card in cards)
        help_top = self.message_centre[1] - self.small_font
        across = [p.plate.bottom for p in self.places if p.side == TOP]
        across += [self._fan_box(i).bottom for i, p in enumerate(self.places) if p.side == TOP]
        ceiling = max([self.toolbar.bottom, *across])
        room = self.teaching_room - self.margin
        return help_top - lowest >= room or highest - ceiling >= room

    def _crowded(self, squeezed: bool = True) -> bool:
        """The trick's cards overlap one another (unless ``squeezed`` is false), a plate or a
        fan (only larger cards are given up for it: the usual size is laid out as it comes)."""
        if squeezed and self.trick_squeezed:
            return True
        spots = []
        for place in self.places:
            card = pygame.Rect(0, 0, self.trick_w, self.trick_h)
            card.center = (round(place.trick[0]), round(place.trick[1]))
            spots.append(card)
        taken = [place.plate for place in self.places]
        taken += [self._fan_box(side) for side in range(1, len(self.places))]
        return any(card.collidelist(taken) >= 0 for card in spots)

    # -- the player's hand ---------------------------------------------------------------------

    def _size_hand(self) -> None:
        w, h = self.width, self.height
        if not self.two_rows:
            card_h = h * 0.21 * self.card_scale
            card_w = card_h / ASPECT
            gaps = self.hand_size - 1
            # A longer hand than thirteen stops short of the corners, where the hand's number
            # and the hearts indicator are written.
            span = w * (0.86 if gaps <= 12 else 0.78)
            spacing = min(card_w * 0.62, (span - card_w) / gaps)
            least = MIN_SPACING / self.card_scale  # larger cards overlap more (the index shows)
            if spacing < card_w * least:
                card_w = span / (1 + gaps * least)
                spacing = card_w * least
        else:
            # Half the hand in the back row (seven of thirteen), the rest in front, each card
            # showing about half its width.
            gaps = self.per_row - 1
            card_w = min(w * 0.94 / (1 + gaps * 0.55), h * 0.2 / ASPECT) * self.card_scale
            spacing = min(card_w * 0.55, (w * 0.94 - card_w) / gaps)
        self.card_w = max(30, round(card_w))
        self.card_h = round(self.card_w * ASPECT)
        self.spacing = spacing
        self.row_offset = round(self.card_h * 0.42)  # the front row sits this much lower
        self.raise_px = round(self.card_h * RAISE)
        bottom = h - self.margin
        if self.two_rows:
            self.hand_top = bottom - self.card_h - self.row_offset
        else:
            self.hand_top = bottom - self.card_h
        self.hand_area = pygame.Rect(
            0, self.hand_top - self.raise_px, w, h - self.hand_top + self.raise_px
        )

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        """The resting rectangles of ``count`` cards, in hand order (later ones drawn on top)."""
        if count <= 0:
            return []
        if self.two_rows and count > self.per_row:
            back = (count + 1) // 2
            rows = [(0, back, self.hand_top), (back, count - back, self.hand_top + self.row_offset)]
        else:
            top = self.hand_top + (self.row_offset if self.two_rows else 0)
            rows = [(0, count, top)]
        rects: list[pygame.Rect] = []
        for _first, n, top in rows:
            total = self.card_w + (n - 1) * self.spacing
            left = (self.width - total) / 2
            for i in range(n):
                rects.append(
                    pygame.Rect(round(left + i * self.spacing), top, self.card_w, self.card_h)
                )
        return rects

    # -- the opponents and the trick -----------------------------------------------------------

    def _place_table(self) -> None:
        w, h, m = self.width, self.height, self.margin
        bw, bh = self.back_w, self.back_h
        edge = self.top
        side_top = edge + bh + m  # the side fans start below the top fan
        play_bottom = self.hand_area.top - m
        centre_y = (side_top + play_bottom) / 2
        if self.two_rows:
            centre_y = (edge + bh + play_bottom) / 2 + bh * 0.15
        self.centre = (w / 2, centre_y)
        cx, cy = self.centre
        left_x = m + bh / 2
        right_x = w - m - bh / 2
        gaps = self.hand_size - 1  # between the backs of a full fan
        fan_w = bw + gaps * self.back_step  # a full fan's length
        # The trick stays clear of the fan across and of the help line above the hand (above
        # the player's plate when the hand has two rows).
        help_line = self.hand_area.top - m - self.font_size * 1.8 - self.teaching_room
        if self.two_rows:
            help_line -= self.plate_h + m
        tricks = self._trick_spots(
            edge if self.players == 3 else edge + bh + m / 2, help_line, bh + 2 * m
        )
        dy = cy - min(y for _x, y in tricks)  # how far above the centre the highest card is
        # The seats across: one at the top (four players), two sharing it (five), none (three).
        if self.players == 4:
            tops = [self._top(w / 2, fan_w, tricks[2], 0)]
        elif self.players == 5:  # each fan with its plate outside it
            shift = fan_w / 2 + m * 2
            tops = [
                self._top(w / 2 - shift, fan_w, tricks[2], -1),
                self._top(w / 2 + shift, fan_w, tricks[3], 1),
            ]
        else:
            tops = []
            side_top = edge  # nobody across: the side seats may start at the top
        left_plate, right_plate, bottom_plate = self._plates(side_top, tops)
        fan_span = bh  # side fans are centred beside the trick, below their plates
        left_fan_y = max(cy, left_plate.bottom + m + fan_span * 0.5 + gaps / 2 * self.back_step)
        # ... and end above the player's plate when it reaches under them.
        if bottom_plate.left < m + bh:
            lowest = bottom_plate.top - m - fan_w / 2
            left_fan_y = max(left_plate.bottom + m + fan_w / 2, min(left_fan_y, lowest))
            if left_fan_y + fan_w / 2 > bottom_plate.top - m / 2:  # a short window: beside it
                bottom_plate.left = round(m + bh + m)
        bottom = Place(
            BOTTOM,
            (w / 2, self.hand_top + self.card_h / 2),
            bottom_plate,
            tricks[0],
            (w / 2, h + self.trick_h),
        )
        left = Place(LEFT, (left_x, left_fan_y), left_plate, tricks[1], (-self.trick_w, cy))
        right = Place(RIGHT, (right_x, left_fan_y), right_plate, tricks[-1], (w + self.trick_w, cy))
        self.places: tuple[Place, ...] = (bottom, left, *tops, right)
        self.deck = (cx, cy)
        self._place_controls(tricks, bottom_plate, dy)

    def _place_controls(self, tricks: list[Point], bottom_plate: pygame.Rect, dy: float) -> None:
        """The pass button, the help line, the banner, the trick's area, the hint button and
        the hearts icon, around the places of the seats."""
        w, h, m = self.width, self.height, self.margin
        edge = self.top
        cx, cy = self.centre
        # The pass button sits in the middle of the empty table; messages just above the hand.
        # (wide enough for "Pass across (to Margaret)" and its French)
        self.button = pygame.Rect(0, 0, round(340 * self.scale), round(44 * self.scale))
        self.button.center = (round(cx), round(cy))
        self.message_centre: Point = (cx, self.hand_area.top - m - self.font_size)
        if self.two_rows:  # above the player's plate, which shares the row with it
            self.message_centre = (cx, bottom_plate.top - m - self.font_size / 2)
        banner_y = max(edge + self.font_size * 2, cy - dy - self.trick_h * 0.5 - m * 2)
        self.banner_centre = (cx, banner_y)
        # The trick's cards and round them: a click there shows the last trick.
        spots = [pygame.Rect(0, 0, self.trick_w, self.trick_h) for _spot in tricks]
        for rect, (x, y) in zip(spots, tricks, strict=True):
            rect.center = (round(x), round(y))
        self.trick_area = spots[0].unionall(spots[1:]).inflate(m, m)
        # The hint button: beside the player's plate at every size (in the corner beside a
        # wide window's hand it was far from everything the player looks at), on its right
        # unless a trick card is there (five players), then on its left, else above it.
        hint = pygame.Rect(0, 0, round(110 * self.scale), round(36 * self.scale))
        window = pygame.Rect(m, 0, w - 2 * m, h)
        fans = [self._fan_box(side) for side in range(1, len(self.places))]
        for spot in (
            {"midleft": (bottom_plate.right + m, bottom_plate.centery)},
            {"midright": (bottom_plate.left - m, bottom_plate.centery)},
            {"bottomleft": (bottom_plate.left, bottom_plate.top - m // 2)},
        ):
            for name, value in spot.items():
                setattr(hint, name, value)
            if window.contains(hint) and hint.collidelist([*spots, *fans]) < 0:
                break
        self.hint_button = hint
        icon = round(34 * self.scale)
        self.hearts_icon = pygame.Rect(w - m - icon, h - m - icon, icon, icon)
        if self.two_rows:
            self.hearts_icon.topright = (w - m, edge)

    def _plates(
        self, side_top: float, tops: list[Place]
    ) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The name plates of the left, right and bottom seats (the seats across have theirs)."""
        w, m = self.width, self.margin
        bw = self.back_w
        cy = self.centre[1]
        plate_w, plate_h = self.plate_w, self.plate_h
        gaps = self.hand_size - 1
        left_plate = pygame.Rect(
            m, round(cy - bw * 3.4 * gaps / 12 - plate_h - m), plate_w, plate_h
        )
        left_plate.top = max(round(side_top), left_plate.top)
        for top in tops:  # below a plate that had to go under its fan
            if top.plate.left < left_plate.right or top.plate.right > w - m - plate_w:
                left_plate.top = max(left_plate.top, top.plate.bottom + m)
        right_plate = pygame.Rect(w - m - plate_w, left_plate.top, plate_w, plate_h)
        bottom_plate = pygame.Rect(0, 0, plate_w, plate_h)
        # The player's plate sits just above the left end of the hand, clear of the left fan.
        per_row = self.per_row if self.two_rows else self.hand_size
        hand_left = (w - (self.card_w + (per_row - 1) * self.spacing)) / 2
        bottom_plate.bottomleft = (round(max(m, hand_left)), self.hand_area.top - m)
        return left_plate, right_plate, bottom_plate

    def _trick_spots(self, top: float, bottom: float, side: float) -> list[Point]:
        """Each seat's card in the trick, by side of the centre, clockwise from the player's:
        below the centre for the player, left and right for the seats beside, above for the
        seats across (two side by side with five players; with three, the two opponents'
        cards side by side above the player's). The cards sit a gap apart so none hides
        another. Between ``top`` and ``bottom`` (the felt clear of the fans and of the help
        line above the hand) the trick's cards shrink, down to 80% of the hand's (60% in two
        rows), to stay two cards high; only then do the cards above and below the centre
        overlap. Across,
        they shrink to stay ``side`` away from the window's edges (clear of the side fans)."""
        gap = trick_gap(self.trick_w)
        cx, cy = self.centre
        reach = min(cy - top, bottom - cy)  # from the centre to the nearer limit
        width = self.trick_w
        if self.trick_h + gap > reach:
            smallest = self.card_w / self.card_scale * (0.6 if self.two_rows else 0.8)
            if self.card_scale > 1:  # large cards: the hand first, the trick a little smaller
                smallest *= 0.85
            width = max(round(smallest), math.floor((reach - gap) / ASPECT))
        # Half the trick's width: the cards beside the centre, in card widths and gaps.
        cards, gaps = {3: (1, 0.5), 4: (1.5, 1), 5: (2, 1.5)}[self.players]
        width = min(width, math.floor((cx - side - gaps * gap) / cards))
        if width < self.trick_w:
            self.trick_w, self.trick_h = width, round(width * ASPECT)
        th = self.trick_h
        self.trick_squeezed = th + gap > reach  # the cards above and below the centre overlap
        dy = min(th / 2 + gap, max(th * 0.3, reach - th / 2))
        return trick_cross(self.players, self.centre, (self.trick_w, th), gap, dy)

    def _place_toolbar(self) -> None:
        """The menu, score-sheet and last-trick buttons: one strip along the window's top, like
        the classic game's menu bar, Menu in the top-left corner, then Score, then Last trick
        (hidden before the first trick, its empty slot on the felt's side). The same place and
        order at every size and seat count: the table is laid out below the strip. Which hand
        this is ("Hand 3", "Daily challenge, par 14") and "Practice" under it are written at
        the strip's right end."""
        w, m = self.width, self.margin
        bw, bh = round(96 * self.scale), round(32 * self.scale)
        label_h = round(self.small_font * 2.6)  # the hand's name and "Practice" under it
        self.toolbar = pygame.Rect(0, self.top_inset + m, w, max(bh, label_h))
        y = self.toolbar.y + (self.toolbar.h - bh) // 2
        gap = max(4, m // 2)
        self.menu_button = pygame.Rect(m, y, bw, bh)
        self.score_button = pygame.Rect(self.menu_button.right + gap, y, bw, bh)
        self.last_trick_button = pygame.Rect(self.score_button.right + gap, y, bw, bh)
        # Where the hand's name is written: (position, anchor, the next line's direction).
        self.hand_label = ((w - m, self.toolbar.y), "topright", 1)
        self.rect = pygame.Rect(0, self.top_inset, w, self.height - self.top_inset)

    def fan_box(self, side: int) -> pygame.Rect:
        """Round the full fan of backs of the seat at ``places[side]`` (what no text covers)."""
        return self._fan_box(side)

    def _fan_box(self, side: int) -> pygame.Rect:
        """Round the full fan of backs of the seat at ``places[side]``, whichever way it turns."""
        backs = [
            pygame.Rect(0, 0, self.back_h, self.back_h).move(
                round(x - self.back_h / 2), round(y - self.back_h / 2)
            )
            for (x, y), _angle in self.fan(side, self.hand_size)
        ]
        return backs[0].unionall(backs[1:])

    def _top(self, x: float, fan_w: float, trick: Point, outward: int) -> Place:
        """A seat across the table with its fan centred at ``x``: its plate beside the fan, on
        the left (``outward`` -1 or 0) or the right (1), or under it when there is no room."""
        w, m = self.width, self.margin
        y = self.top + self.back_h / 2
        plate = pygame.Rect(0, 0, self.plate_w, self.plate_h)
        if outward <= 0:
            plate.midright = (round(x - fan_w / 2 - m), round(y))
        else:
            plate.midleft = (round(x + fan_w / 2 + m), round(y))
        if plate.left < m or plate.right > w - m:  # no room beside the fan: under it
            plate.midtop = (round(x), round(self.top + self.back_h + m / 2))
        return Place(TOP, (x, y), plate, trick, (x, -self.trick_h))

    def place(self, seat: int, bottom_seat: int = 0) -> Place:
        return self.places[(seat - bottom_seat) % self.players]

    def fan(self, side: int, count: int) -> list[tuple[Point, float]]:
        """Centres and angles of the ``count`` backs of the opponent at ``places[side]`` (in
        drawing order)."""
        place = self.places[side]
        edge = place.side
        cx, cy = place.fan_centre
        step = self.back_step
        result: list[tuple[Point, float]] = []
        for i in range(count):
            offset = (i - (count - 1) / 2) * step
            if edge == TOP:
                result.append(((cx - offset, cy), 180.0))
            elif edge == LEFT:
                result.append(((cx, cy + offset), 270.0))
            else:
                result.append(((cx, cy - offset), 90.0))
        return result
