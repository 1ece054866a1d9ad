"""Where everything goes on the table, computed from the window size and nothing else.

Seats are placed relative to the player at the bottom: ``place = (seat - bottom_seat) % 4`` is
0 bottom, 1 left, 2 top, 3 right (play goes clockwise). A wide window lays the hand out in one
row; a narrow (portrait) one in two overlapping rows so the cards stay big enough to read.

>>> layout = TableLayout((1280, 800))
>>> layout.two_rows, len(layout.hand_rects(13))
(False, 13)
>>> TableLayout((700, 1000)).two_rows
True
"""

from __future__ import annotations

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

    side: int  # BOTTOM, LEFT, TOP or RIGHT
    fan_centre: Point
    plate: pygame.Rect
    trick: Point  # centre of this seat's card in the trick
    sweep: Point  # where won tricks slide to (off the edge, beside the seat)


class TableLayout:
    """Every size and position of the table for one window size."""

    def __init__(self, size: tuple[int, int], players: int = 4) -> None:
        w, h = size
        self.size = size
        self.width, self.height = w, h
        self.players = players
        self.scale = max(0.6, min(max(w, h) / 1280, min(w, h) / 800, 3.5))
        self.margin = round(min(w, h) * 0.02)
        self.two_rows = w / h < 1.05 or w < 760
        self._size_hand()
        self.back_w = max(24, round(self.card_w * (0.5 if self.two_rows else 0.62)))
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
            spacing = min(card_w * 0.62, (w * 0.86 - card_w) / 12)
            if spacing < card_w * MIN_SPACING:
                card_w = w * 0.86 / (1 + 12 * MIN_SPACING)
                spacing = card_w * MIN_SPACING
        else:
            # Seven cards in the back row, six in front, each showing half its width.
            card_w = min(w * 0.94 / (1 + 6 * 0.55), h * 0.2 / ASPECT)
            spacing = min(card_w * 0.55, (w * 0.94 - card_w) / 6)
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
        if self.two_rows and count > 7:
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
        top_fan_y = m + bh / 2
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
        plate_w, plate_h = self.plate_w, self.plate_h
        left_plate = pygame.Rect(m, round(cy - bw * 3.4 - plate_h - m), plate_w, plate_h)
        left_plate.top = max(round(side_top), left_plate.top)
        right_plate = pygame.Rect(w - m - plate_w, left_plate.top, plate_w, plate_h)
        top_plate = pygame.Rect(0, 0, plate_w, plate_h)
        top_plate.midright = (round(w / 2 - (bw + 12 * self.back_step) / 2 - m), round(top_fan_y))
        if top_plate.left < m:  # no room beside the top fan: under it
            top_plate.midtop = (round(w / 2), round(m + bh + m / 2))
        bottom_plate = pygame.Rect(0, 0, plate_w, plate_h)
        # The player's plate sits just above the left end of the hand, clear of the left fan.
        per_row = 7 if self.two_rows else 13
        hand_left = (w - (self.card_w + (per_row - 1) * self.spacing)) / 2
        bottom_plate.bottomleft = (round(max(m, hand_left)), self.hand_area.top - m)
        fan_span = bh  # side fans are centred beside the trick, below their plates
        left_fan_y = max(cy, left_plate.bottom + m + fan_span * 0.5 + 6 * self.back_step)
        self.places = (
            Place(
                BOTTOM,
                (w / 2, self.hand_top + self.card_h / 2),
                bottom_plate,
                (cx, cy + dy),
                (w / 2, h + self.trick_h),
            ),
            Place(LEFT, (left_x, left_fan_y), left_plate, (cx - dx, cy), (-self.trick_w, cy)),
            Place(TOP, (w / 2, top_fan_y), top_plate, (cx, cy - dy), (w / 2, -self.trick_h)),
            Place(RIGHT, (right_x, left_fan_y), right_plate, (cx + dx, cy), (w + self.trick_w, cy)),
        )
        self.deck = (cx, cy)
        # The pass button sits in the middle of the empty table; messages just above the hand.
        self.button = pygame.Rect(0, 0, round(200 * self.scale), round(44 * self.scale))
        self.button.center = (round(cx), round(cy))
        # The hint button: in the bottom-left corner beside the hand, else right of the plate.
        self.hint_button = pygame.Rect(0, 0, round(110 * self.scale), round(36 * self.scale))
        if hand_left - 2 * m >= self.hint_button.w:
            self.hint_button.bottomleft = (m, h - m)
        else:
            self.hint_button.midleft = (bottom_plate.right + m, bottom_plate.centery)
        self.message_centre = (cx, self.hand_area.top - m - self.font_size)
        if self.two_rows:  # above the player's plate, which shares the row with it
            self.message_centre = (cx, bottom_plate.top - m - self.font_size / 2)
        self.banner_centre = (cx, max(m + self.font_size * 2, cy - dy - self.trick_h * 0.5 - m * 2))
        icon = round(34 * self.scale)
        self.hearts_icon = pygame.Rect(w - m - icon, h - m - icon, icon, icon)
        if self.two_rows:
            self.hearts_icon.topright = (w - m, m)

    def place(self, seat: int, bottom_seat: int = 0) -> Place:
        return self.places[(seat - bottom_seat) % 4]

    def fan(self, side: int, count: int) -> list[tuple[Point, float]]:
        """Centres and angles of an opponent's ``count`` backs (in drawing order)."""
        place = self.places[side]
        cx, cy = place.fan_centre
        step = self.back_step
        result: list[tuple[Point, float]] = []
        for i in range(count):
            offset = (i - (count - 1) / 2) * step
            if side == TOP:
                result.append(((cx - offset, cy), 180.0))
            elif side == LEFT:
                result.append(((cx, cy + offset), 270.0))
            else:
                result.append(((cx, cy - offset), 90.0))
        return result
