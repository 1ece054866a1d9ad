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

from scenes.table.card_art import ASPECT

BOTTOM, LEFT, TOP, RIGHT = 0, 1, 2, 3
Point = tuple[float, float]

MIN_SPACING: Final = 0.30
"""The narrowest slice of a hand card that shows (share of its width) before two rows are used."""
RAISE: Final = 0.22
"""How far a selected card rises (share of its height)."""


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

    def __init__(self, size: tuple[int, int], players: int = 4) -> None:
        if not 3 <= players <= 5:
            raise ValueError(f"a table seats 3 to 5 players, not {players}")
        w, h = size
        self.size = size
        self.width, self.height = w, h
        self.players = players
        self.hand_size = 52 // players  # 17, 13 or 10 (the deck loses a card or two: see Rules)
        self.per_row = math.ceil(self.hand_size / 2)  # the back row of a hand in two rows
        self.scale = max(0.6, min(max(w, h) / 1280, min(w, h) / 800, 3.5))
        self.margin = round(min(w, h) * 0.02)
        self.two_rows = w / h < 1.05 or w < 760
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
        self.font_size = max(11, round(18 * self.scale))
        self.small_font = max(10, round(15 * self.scale))
        self._place_table()

    # -- the player's hand ---------------------------------------------------------------------

    def _size_hand(self) -> None:
        w, h = self.width, self.height
        if not self.two_rows:
            card_h = h * 0.21
            card_w = card_h / ASPECT
            gaps = self.hand_size - 1
            # A longer hand than thirteen stops short of the corners, where the hand's number
            # and the hearts indicator are written.
            span = w * (0.86 if gaps <= 12 else 0.78)
            spacing = min(card_w * 0.62, (span - card_w) / gaps)
            if spacing < card_w * MIN_SPACING:
                card_w = span / (1 + gaps * MIN_SPACING)
                spacing = card_w * MIN_SPACING
        else:
            # Half the hand in the back row (seven of thirteen), the rest in front, each card
            # showing about half its width.
            gaps = self.per_row - 1
            card_w = min(w * 0.94 / (1 + gaps * 0.55), h * 0.2 / ASPECT)
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
        side_top = m + bh + m  # the side fans start below the top fan
        play_bottom = self.hand_area.top - m
        centre_y = (side_top + play_bottom) / 2
        if self.two_rows:
            centre_y = (m + bh + play_bottom) / 2 + bh * 0.15
        self.centre = (w / 2, centre_y)
        dx = self.trick_w * 0.72
        dy = self.trick_h * 0.42
        cx, cy = self.centre
        left_x = m + bh / 2
        right_x = w - m - bh / 2
        if self.two_rows:
            dx = self.trick_w * 0.58
            dy = self.trick_h * 0.33
        if self.players == 5:  # five cards round the centre: a wider ring keeps each readable
            dx, dy = dx * 1.3, dy * 1.25
        plate_w, plate_h = self.plate_w, self.plate_h
        gaps = self.hand_size - 1  # between the backs of a full fan
        fan_w = bw + gaps * self.back_step  # a full fan's length
        # Each seat's card in the trick, on an ellipse round the centre, clockwise from the
        # player's (below the centre).
        turn = [math.radians(90 + 360 * k / self.players) for k in range(self.players)]
        tricks = [(cx + dx * round(math.cos(a), 9), cy + dy * round(math.sin(a), 9)) for a in turn]
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
            side_top = m  # nobody across: the side seats may start at the top
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
        fan_span = bh  # side fans are centred beside the trick, below their plates
        left_fan_y = max(cy, left_plate.bottom + m + fan_span * 0.5 + gaps / 2 * self.back_step)
        # ... and end above the player's plate when it reaches under them.
        if bottom_plate.left < m + bh:
            lowest = bottom_plate.top - m - fan_w / 2
            left_fan_y = max(left_plate.bottom + m + fan_w / 2, min(left_fan_y, lowest))
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
        # The pass button sits in the middle of the empty table; messages just above the hand.
        # (wide enough for "Pass across (to Margaret)" and its French)
        self.button = pygame.Rect(0, 0, round(340 * self.scale), round(44 * self.scale))
        self.button.center = (round(cx), round(cy))
        # The hint button: in the bottom-left corner beside the hand, else right of the plate.
        self.hint_button = pygame.Rect(0, 0, round(110 * self.scale), round(36 * self.scale))
        if hand_left - 2 * m >= self.hint_button.w:
            self.hint_button.bottomleft = (m, h - m)
        else:
            self.hint_button.midleft = (bottom_plate.right + m, bottom_plate.centery)
        self.message_centre: Point = (cx, self.hand_area.top - m - self.font_size)
        if self.two_rows:  # above the player's plate, which shares the row with it
            self.message_centre = (cx, bottom_plate.top - m - self.font_size / 2)
        self.banner_centre = (cx, max(m + self.font_size * 2, cy - dy - self.trick_h * 0.5 - m * 2))
        icon = round(34 * self.scale)
        self.hearts_icon = pygame.Rect(w - m - icon, h - m - icon, icon, icon)
        if self.two_rows:
            self.hearts_icon.topright = (w - m, m)
        self._place_corner_buttons()

    def _place_corner_buttons(self) -> None:
        """The menu and score-sheet buttons, side by side in the first corner where they touch
        no plate, no full fan, no card of the hand and no indicator (else the top-left one)."""
        w, h, m = self.width, self.height, self.margin
        bw, bh = round(96 * self.scale), round(32 * self.scale)
        pair = pygame.Rect(0, 0, 2 * bw + m // 2, bh)
        self.rect = pygame.Rect(0, 0, w, h)
        taken = [place.plate.inflate(m, m) for place in self.places]
        # The hearts indicator with "Hand N" beside it (above it on one row, below on two).
        marks = self.hearts_icon.inflate(m, m)
        label_h = round(self.small_font * 2.6)
        marks.union_ip(marks.move(0, label_h if self.two_rows else -label_h))
        taken += [self.hand_area, marks, self.hint_button]
        for side in range(1, len(self.places)):
            backs = [
                pygame.Rect(0, 0, self.back_h, self.back_h).move(
                    round(x - self.back_h / 2), round(y - self.back_h / 2)
                )
                for (x, y), _angle in self.fan(side, self.hand_size)
            ]
            taken.append(backs[0].unionall(backs[1:]))
        corners = [
            {"topleft": (m, m)},
            {"topright": (w - m, m)},
            {"bottomright": (w - m, min(marks.top, self.hand_area.top) - m)},
            {"bottomleft": (m, self.hand_area.top - m)},
            {"midtop": (w // 2, m)},  # three players: nobody sits across
        ]
        pair.topleft = (m, m)
        for corner in corners:
            candidate = pair.copy()
            for name, value in corner.items():
                setattr(candidate, name, value)
            if self.rect.contains(candidate) and candidate.collidelist(taken) < 0:
                pair = candidate
                break
        self.menu_button = pygame.Rect(pair.x, pair.y, bw, bh)
        self.score_button = pygame.Rect(pair.right - bw, pair.y, bw, bh)

    def _top(self, x: float, fan_w: float, trick: Point, outward: int) -> Place:
        """A seat across the table with its fan centred at ``x``: its plate beside the fan, on
        the left (``outward`` -1 or 0) or the right (1), or under it when there is no room."""
        w, m = self.width, self.margin
        y = m + self.back_h / 2
        plate = pygame.Rect(0, 0, self.plate_w, self.plate_h)
        if outward <= 0:
            plate.midright = (round(x - fan_w / 2 - m), round(y))
        else:
            plate.midleft = (round(x + fan_w / 2 + m), round(y))
        if plate.left < m or plate.right > w - m:  # no room beside the fan: under it
            plate.midtop = (round(x), round(m + self.back_h + m / 2))
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
