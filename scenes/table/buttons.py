"""The table's buttons: Pass, OK (after the exchange), Hint, Menu, Score, Last trick, and under
each friend's plate on an online table the host's "Give to computer"; where each one goes
on the window, the order they are drawn in and the clicks they take.

What each button does and when it shows is the table scene's business: it hands in the actions
and sets ``visible`` and ``enabled`` from what the seat may do.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from scenes.core.i18n import N_
from scenes.table.layout import TableLayout
from scenes.ui.widgets import Button, button_widths


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The area two rectangles share."""
    both = a.clip(b)
    return both.w * both.h


class TableButtons:
    """The buttons of one table (see the module docstring); ``players``: one "Give to computer"
    button per seat."""

    def __init__(
        self,
        players: int,
        *,
        pass_label: Callable[[], str],
        confirm_pass: Callable[[], None],
        hint: Callable[[], None],
        leave: Callable[[], None],
        score: Callable[[], None],
        last_trick: Callable[[], None],
        accept_received: Callable[[], None],
        give_to_bot: Callable[[int], None],
    ) -> None:
        self.pass_button = Button(pass_label, confirm_pass)
        self.hint_button = Button(N_("Hint"), hint)
        self.menu_button = Button(N_("Menu"), leave)
        self.score_button = Button(N_("Score"), score)
        self.last_trick_button = Button(N_("Last trick"), last_trick, visible=False)
        # After the exchange: the cards received stay raised until the player says OK.
        self.ok_button = Button(N_("OK"), accept_received, visible=False)
        # The host of an online table: under each friend's plate, hand the seat to a computer
        # player (an idle friend; the friend keeps the token to come back).
        self.bot_buttons = [
            Button(N_("Give to computer"), functools.partial(give_to_bot, seat), visible=False)
            for seat in range(players)
        ]

    def all(self) -> tuple[Button, ...]:
        """The buttons in drawing order (each hides itself when it has nothing to do)."""
        return (
            self.pass_button,
            self.ok_button,
            self.hint_button,
            self.menu_button,
            self.score_button,
            self.last_trick_button,
            *self.bot_buttons,
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on a button (True: taken)."""
        if self.pass_button.visible and self.pass_button.handle_event(event):
            return True
        if self.ok_button.visible and self.ok_button.handle_event(event):
            return True
        if self.hint_button.visible and self.hint_button.handle_event(event):
            return True
        if self.menu_button.handle_event(event) or self.score_button.handle_event(event):
            return True
        if self.last_trick_button.handle_event(event):
            return True
        return any(b.visible and b.handle_event(event) for b in self.bot_buttons)

    def place(self, layout: TableLayout, bottom: int) -> None:
        """Each button where ``layout`` puts it (``bottom``: the seat shown at the bottom)."""
        self.pass_button.rect = layout.button.copy()
        self.hint_button.rect = layout.hint_button.copy()
        self.menu_button.rect = layout.menu_button.copy()
        self.score_button.rect = layout.score_button.copy()
        self.last_trick_button.rect = layout.last_trick_button.copy()
        self.ok_button.rect = layout.button.copy()
        self._fit_toolbar(layout.scale)
        # What keeps out of the buttons' way (the teaching box, the last trick) reads the
        # layout: it gets the widened places.
        layout.menu_button = self.menu_button.rect.copy()
        layout.score_button = self.score_button.rect.copy()
        layout.last_trick_button = self.last_trick_button.rect.copy()
        self._place_bot_buttons(layout, bottom)

    def _fit_toolbar(self, scale: float) -> None:
        """Menu, Score and Last trick as the layout puts them, each widened to its label when
        the label is longer (the French "Dernier pli" was cut at 800x600), the next moved
        along: the strip along the window's top has room to its right."""
        toolbar = (self.menu_button, self.score_button, self.last_trick_button)
        gap = self.score_button.rect.x - self.menu_button.rect.right
        x = self.menu_button.rect.x
        height = self.menu_button.rect.h
        for button, wanted in zip(toolbar, button_widths(toolbar, height, scale, 0), strict=True):
            rect = button.rect
            rect.update(x, rect.y, min(max(rect.w, wanted), 2 * rect.w), rect.h)
            x = rect.right + gap

    def _place_bot_buttons(self, layout: TableLayout, bottom: int) -> None:
        """Each "Give to computer" button by its seat's plate: under it, else beside it towards
        the middle of the table, else above it, else shorter under it, else one of those moved
        a step away; the first spot in the window that covers no plate, no full fan of cards,
        no card of the trick or the hand and no other button. On a table too crowded for any,
        the spot that covers no control and no plate and the least of the cards: two buttons
        never lie on each other (issue 40: two sat on top of each other between two plates)."""
        window = pygame.Rect(0, 0, layout.width, layout.height)
        hard = [self.menu_button.rect, self.score_button.rect, self.hint_button.rect]
        hard += [self.last_trick_button.rect, layout.button]
        soft = [layout.hand_area]
        side = layout.back_h  # a back turned any way fits in a square this wide
        for index, place in enumerate(layout.places):
            card = pygame.Rect(0, 0, layout.trick_w, layout.trick_h)
            card.center = (round(place.trick[0]), round(place.trick[1]))
            hard.append(place.plate)
            soft.append(card)
            backs = [
                pygame.Rect(round(x - side / 2), round(y - side / 2), side, side)
                for (x, y), _angle in layout.fan(index, layout.hand_size)
            ]
            if index:  # the player's own cards are the hand area
                soft.append(backs[0].unionall(backs[1:]))
        for seat, button in enumerate(self.bot_buttons):
            spots = [
                r for r in _spots(layout, layout.place(seat, bottom).plate) if window.contains(r)
            ]
            spots = spots or [_spots(layout, layout.place(seat, bottom).plate)[0]]
            # The first free spot; on a crowded table the one covering the least (never a
            # control or a plate while any spot avoids them).
            button.rect = min(
                spots,
                key=lambda r: (
                    sum(_overlap(r, t) for t in hard),
                    sum(_overlap(r, t) for t in soft),
                ),
            )
            if seat != bottom:
                hard.append(button.rect)


def _spots(layout: TableLayout, plate: pygame.Rect) -> list[pygame.Rect]:
    """Where a seat's "Give to computer" button may go, best first: under the plate, beside
    it towards the middle, above it, shorter under it (plates side by side: five players on a
    tall window), then each of these moved a button's height or half its width away."""
    m = layout.margin
    gap = max(3, plate.h // 10)
    towards_middle = 1 if plate.centerx < layout.width / 2 else -1
    under = pygame.Rect(0, 0, plate.w, max(22, round(30 * layout.scale)))
    under.midtop = (plate.centerx, plate.bottom + gap)
    beside = under.copy()
    if towards_middle > 0:
        beside.midleft = (plate.right + m, plate.centery)
    else:
        beside.midright = (plate.left - m, plate.centery)
    above = under.copy()
    above.midbottom = (plate.centerx, plate.top - gap)
    short = pygame.Rect(0, 0, plate.w * 2 // 3, under.h)
    if towards_middle > 0:
        short.topright = under.topright
    else:
        short.topleft = under.topleft
    first = [under, beside, above, short]
    step_y, step_x = under.h + gap, plate.w // 2
    moved = [
        r.move(dx * towards_middle, dy)
        for dy, dx in ((step_y, 0), (0, step_x), (step_y, step_x), (2 * step_y, 0))
        for r in (under, beside, above)
    ]
    return first + moved
