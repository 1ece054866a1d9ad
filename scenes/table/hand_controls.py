"""The player's cards as the player handles them: where each one is, the one under the mouse,
the keyboard's focus, the cards raised for the pass, the cards just received (raised and
marked until the player says OK or plays), and the hand closing up after a card leaves it.
Input here only chooses a card; what choosing it means (raise it, play it) is the table
scene's business.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

import pygame

from game.engine.rules import PASS_SIZE
from scenes.core.i18n import _
from scenes.table.tween import ease_out_cubic

if TYPE_CHECKING:
    from scenes.table.layout import TableLayout
    from scenes.table.model import TableModel
    from scenes.table.sent_move import SentMove

HAND_CLOSE: Final = 0.2  # seconds the hand takes to close up after a card leaves it
CHOOSE_KEYS: Final = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP)


class HandTable(Protocol):
    """What the hand's controls read of the table scene, and what they tell it."""

    @property
    def layout(self) -> TableLayout: ...

    @property
    def model(self) -> TableModel: ...

    @property
    def speed(self) -> float: ...

    @property
    def sent(self) -> SentMove: ...

    def human_to_pass(self) -> bool: ...

    def shown_greyed(self) -> set[int]: ...

    def say(self, text: str, seconds: float = ..., *, boxed: bool = False) -> None: ...

    def card_chosen(self, card: int, *, raise_only: bool = False) -> None:
        """A card was clicked or chosen with the keys (the scene says what that means)."""


class HandControls:
    """The bottom seat's cards under the mouse and the keys (see the module docstring)."""

    def __init__(self, table: HandTable) -> None:
        self.table = table
        self.selected: set[int] = set()  # cards raised for the pass
        self.received: set[int] = set()  # cards received, raised and marked until OK
        self.motion: dict[int, tuple[int, int]] = {}  # where each card slides from
        self.motion_time = 0.0
        self.focus: int | None = None  # keyboard focus: an index into the shown hand
        self.hover: int | None = None  # the card under the mouse

    # -- where the cards are ---------------------------------------------------------------------

    def resting_rects(self) -> list[pygame.Rect]:
        """Where each shown card rests, raised ones raised."""
        layout = self.table.layout
        cards = self.table.model.hand
        rects = layout.hand_rects(len(cards))
        raised = self.selected | self.received | self.table.sent.cards  # sent: not answered
        for rect, card in zip(rects, cards, strict=True):
            if card in raised:
                rect.move_ip(0, -layout.raise_px)
        return rects

    def rects(self) -> list[pygame.Rect]:
        """Where each card of the shown hand is, raised ones raised, sliding ones on their way
        (input and drawing agree)."""
        rects = self.resting_rects()
        if self.motion:
            f = ease_out_cubic(self.motion_time / (HAND_CLOSE * max(self.table.speed, 0.01)))
            for rect, card in zip(rects, self.table.model.hand, strict=True):
                start = self.motion.get(card)
                if start is not None and start[1] == rect.y:
                    rect.x = round(start[0] + (rect.x - start[0]) * f)
        return rects

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the topmost shown card under ``pos``."""
        rects = self.rects()
        for index in range(len(rects) - 1, -1, -1):
            if rects[index].collidepoint(pos):
                return index
        return None

    @property
    def moving(self) -> bool:
        """Something here moves on its own (the hand closing up)."""
        return bool(self.motion)

    # -- changes ---------------------------------------------------------------------------------

    def toggle(self, card: int) -> None:
        """Raise or lower a card for the pass (at most three raised)."""
        if card in self.selected:
            self.selected.discard(card)
        elif len(self.selected) < PASS_SIZE:
            self.selected.add(card)
        else:
            self.table.say(_("Choose three cards to pass"))

    def end_received(self) -> None:
        """OK (or the player's first card): the received cards go down among the others."""
        self.received.clear()

    def show_received(self, cards: set[int]) -> None:
        """The cards just received stay raised and marked until :meth:`end_received`."""
        self.received = cards

    def close_up(self, before: dict[int, tuple[int, int]]) -> None:
        """The hand changed: the cards left slide from where they were (``before``)."""
        self.hover = None
        self.motion = before
        self.motion_time = 0.0

    def new_deal(self) -> None:
        self.selected.clear()
        self.end_received()

    def tick(self, dt: float) -> None:
        if self.motion:
            self.motion_time += dt
            if self.motion_time >= HAND_CLOSE * self.table.speed:
                self.motion = {}

    def clamp_focus(self) -> None:
        """The focus stays on a card of the hand, and never on a greyed one: on the player's
        turn it moves to the nearest playable card (the right one first)."""
        hand = self.table.model.hand
        count = len(hand)
        if self.focus is not None and self.focus >= count:
            self.focus = count - 1 if count else None
        greyed = self.table.shown_greyed()
        if self.focus is None or hand[self.focus] not in greyed:
            return
        for distance in range(1, count):
            for index in (self.focus + distance, self.focus - distance):
                if 0 <= index < count and hand[index] not in greyed:
                    self.focus = index
                    return

    def _step(self, step: int) -> int:
        """The next card from the focus in ``step``'s direction, greyed cards skipped."""
        hand = self.table.model.hand
        greyed = self.table.shown_greyed()
        index = self.focus if self.focus is not None else (-1 if step > 0 else len(hand))
        for _moves in range(len(hand)):
            index = (index + step) % len(hand)
            if hand[index] not in greyed:
                return index
        return index

    # -- input -----------------------------------------------------------------------------------

    def mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.card_at(event.pos)
            if index is None:
                return False
            self.table.card_chosen(self.table.model.hand[index])
            return True
        return False

    def key(self, key: int) -> bool:
        """The arrows move the focus (over the greyed cards); Space, Enter or Up choose the
        focused card; Down lowers a raised one."""
        hand = self.table.model.hand
        if not hand:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = self._step(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in CHOOSE_KEYS:
            if self.focus is None:
                self.focus = self._step(1)
                return True
            card = hand[min(self.focus, len(hand) - 1)]
            self.table.card_chosen(card, raise_only=key == pygame.K_UP)
            return True
        if key == pygame.K_DOWN and self.focus is not None and self.table.human_to_pass():
            self.selected.discard(hand[min(self.focus, len(hand) - 1)])
            return True
        return False
