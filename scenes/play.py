"""The table: dealing, the pass, the tricks. One scene runs a whole hand, phase by phase.

The engine is the only judge: the greyed cards are the engine's legal set, a refused card shows
the engine's reason, and the screen is moved on by the events each move returns. A move is made
only when the screen has caught up (no animation left), so the engine is at most one move ahead
of the picture. Computer players think in a worker process (:mod:`scenes.thinking`); the frame
loop polls their answers.
"""

from __future__ import annotations

import functools
import logging
import math
from collections import deque
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Final

import pygame

from game.cards import QUEEN_OF_SPADES, cards_of
from game.events import (
    CardPlayed,
    Event,
    ExtraHand,
    GameOver,
    HandScored,
    HandStarted,
    HeartsBroken,
    PassesExchanged,
    TrickWon,
)
from game.hand import Phase
from game.legality import Reason
from game.rules import PASS_SIZE, PassDirection
from game.view import SeatView
from scenes import sound, thinking
from scenes.i18n import N_, _, ngettext, reason_message, render_sentence
from scenes.preferences import AVATARS
from scenes.scene import Scene
from scenes.session import GameSession
from scenes.table.avatars import avatar
from scenes.table.card_art import suit_surface
from scenes.table.felt import felt_surface
from scenes.table.layer import Area, Layer, Part, area, merged_areas
from scenes.table.layout import BOTTOM, TableLayout
from scenes.table.model import TableModel
from scenes.table.tween import Animation, Flight, ease_in_out, ease_out_cubic
from scenes.widgets import FELT, Button, draw_text, text_surface, wrap_text

if TYPE_CHECKING:
    from scenes.app import App

log = logging.getLogger(__name__)

# Times at normal speed, in seconds (multiplied by the speed setting).
DEAL_STAGGER: Final = 0.018
DEAL_FLIGHT: Final = 0.22
PASS_FLIGHT: Final = 0.55
RECEIVED_SHOWN: Final = 2.2
PLAY_FLIGHT: Final = 0.28
TRICK_SHOWN: Final = 0.75
SWEEP_FLIGHT: Final = 0.35
AI_PACE: Final = 0.45
MOON_SHOWN: Final = 2.0
BANNER_SHOWN: Final = 1.4
MESSAGE_SHOWN: Final = 2.8
HINT_SHOWN: Final = 12.0
TEACHING_MESSAGE_SHOWN: Final = 6.0  # a refused card's reason and the legal cards instead
HAND_CLOSE: Final = 0.2

GOLD: Final = (250, 204, 60)
MARK: Final = (255, 190, 0)
FOCUS_BLUE: Final = (40, 110, 255)
HOVER: Final = (255, 255, 255)
TEACH: Final = (80, 230, 255)  # the tutor's choice in teaching mode (marked, never raised)
TEACH_EDGE: Final = (0, 60, 90)
PRACTICE_INK: Final = (190, 225, 190)
HINT_PAPER: Final = (255, 250, 215)
PLATE: Final = (0, 40, 14, 150)
PLATE_TEXT: Final = (255, 255, 255)
PLATE_SUBTEXT: Final = (210, 240, 210)
LEADER_INK: Final = (120, 80, 0)
MAX_AREAS: Final = 6  # more rectangles to paint in a frame than this: their bounding box instead
# After this many frames painted in part, one is painted whole: a net for whatever might spoil
# the window's pixels unseen (it heals within two seconds).
TRUST_FRAMES: Final = 120

PASS_LABELS: Final = {
    PassDirection.LEFT: N_("Pass left"),
    PassDirection.RIGHT: N_("Pass right"),
    PassDirection.ACROSS: N_("Pass across"),
}


class TableScene(Scene):
    """The game table for one :class:`GameSession` (a new game, a continued one or a demo)."""

    def __init__(
        self,
        app: App,
        session: GameSession,
        *,
        fresh: bool = True,
        hands_limit: int | None = None,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.match = session.match
        self.bottom = session.bottom_seat
        # The seat taking input (None in the demo, or when the computer plays for the player).
        self.human = None if session.autoplay else session.human_seat
        self.fresh = fresh
        self.hands_limit = hands_limit
        self.hands_done = 0
        self.model = TableModel.from_view(self.match.view(self.bottom))
        self.queue: deque[tuple[Event, SeatView | None]] = deque()
        self.steps: deque[Animation] = deque()
        self.current: Animation | None = None
        self.current_event: tuple[Event, SeatView | None] | None = None
        self.futures: list[Future[Any]] | None = None
        self.future_key: tuple[Any, ...] | None = None
        self.waited = 0.0  # seconds the current computer move has been pending
        self.selected: set[int] = set()  # cards raised for the pass
        self.received: set[int] = set()  # cards just received, shown raised and marked
        self.received_timer = 0.0
        self.hand_motion: dict[int, tuple[int, int]] = {}  # where each card slides from
        self.hand_motion_time = 0.0
        self.focus: int | None = None  # keyboard focus: an index into the shown hand
        self.hover: int | None = None  # the card under the mouse
        self.hint: Future[Any] | None = None  # the tutor's advice being worked out
        self.hint_key: tuple[Any, ...] | None = None
        self.hint_text = ""
        self.hint_timer = 0.0
        # Teaching mode: the tutor's choice for the decision in hand, asked for as it comes.
        self.advice: Future[Any] | None = None
        self.advice_key: tuple[Any, ...] | None = None
        self.advice_for: tuple[Any, ...] | None = None  # the decision the advice below is for
        self.advice_cards: tuple[int, ...] = ()
        self.advice_text = ""
        self.recorded = False  # the finished game went into the profile's history
        self.daily_record: Any = None  # a finished daily hand's stored result
        self.message = ""
        self.message_timer = 0.0
        self.message_boxed = False
        self.banner = ""
        self.banner_timer = 0.0
        self.extra_hand = False
        self.score_open = False
        self.moon_open = False
        self.finished = False
        self.layout = TableLayout((1280, 800))
        self.background: pygame.Surface | None = None
        self._rotated: dict[tuple[int, int, float], pygame.Surface] = {}
        self._fans: dict[tuple[int, int, int], tuple[pygame.Surface, tuple[int, int]]] = {}
        self.plate_panel: pygame.Surface | None = None
        # The still table (all but the cards in flight), kept between frames (see still_parts).
        self._layer = Layer()
        # What the last frame left on the screen (surface, layer generation, overlay, flights'
        # places), while nothing but this scene draws there (see draw).
        self._on_screen: tuple[Any, ...] | None = None
        self._on_screen_for = 0  # frames painted in part since the last whole one
        self.pass_button = Button(self._pass_label, self.confirm_pass)
        self.hint_button = Button(N_("Hint"), self.request_hint)

    # -- lifecycle -------------------------------------------------------------------------------

    def enter(self) -> None:
        if self.fresh and self._at_hand_start():
            self.queue.append((self.match.start_event(), self.match.view(self.bottom)))
        if self.fresh:
            self._save()

    def exit(self) -> None:
        self._save()

    def pause(self) -> None:
        self._on_screen = None  # the scene pushed over the table draws on the screen

    def screen_spoiled(self) -> None:
        self._on_screen = None  # the App drew over the table (the "not saved" notice)

    def resize(self, size: tuple[int, int]) -> None:
        if size[0] <= 0 or size[1] <= 0:
            return
        self.layout = TableLayout(size, self.match.rules.players)
        self.background = felt_surface(size)
        self.pass_button.rect = self.layout.button.copy()
        self.hint_button.rect = self.layout.hint_button.copy()
        self._rotated.clear()
        self._fans.clear()
        self._layer.clear()
        self._on_screen = None
        screen = pygame.display.get_surface()
        if screen is not None and screen.get_size() == size:
            self._layer.prepare(screen)
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
        rules = self.match.rules
        for seat in range(rules.players):
            avatar(AVATARS[seat % 4], self.layout.avatar_size)
            side = (seat - self.bottom) % rules.players
            if side != BOTTOM:
                for count in range(1, rules.hand_size + 1):
                    self._fan(side, count, self.app.prefs.card_back)

    def _at_hand_start(self) -> bool:
        """Nothing of the hand is shown yet: no card played and the player has not passed (the
        daily challenge's opponents have chosen their passes before the deal is shown)."""
        h = self.match.hand
        return not h.plays and h.passes[self.bottom] is None and h.phase in (Phase.PASS, Phase.PLAY)

    # -- the engine ------------------------------------------------------------------------------

    def _step(self, events: list[Event]) -> None:
        """Queue what one engine move caused; the last event carries the engine's new view."""
        if not events:
            return
        snapshot = self.match.view(self.bottom)
        for event in events[:-1]:
            self.queue.append((event, None))
        self.queue.append((events[-1], snapshot))
        for event in events:
            if isinstance(event, ExtraHand):
                self.extra_hand = True
        self._save()

    def _save(self) -> None:
        """Save after every move (not in the demo, which must not touch the player's game);
        a finished game goes into the profile's history once and leaves its slot."""
        session = self.session
        if session.human_seat is None:
            return
        if self.match.is_over:
            if not self.recorded and not session.autoplay:
                self.recorded = True
                if session.daily is not None:
                    self.daily_record = self.app.record_daily(self)
                else:
                    self.app.record_finished(session)
            self.app.clear_saved_game(session.slot)
        else:
            self.app.save_game(session)

    @property
    def idle(self) -> bool:
        return self.current is None and not self.queue and not self.steps

    @property
    def speed(self) -> float:
        return self.app.speed_factor

    def human_to_pass(self) -> bool:
        return (
            self.idle
            and self.human is not None
            and self.match.phase is Phase.PASS
            and self.match.hand.passes[self.human] is None
        )

    def human_to_play(self) -> bool:
        return (
            self.idle
            and self.human is not None
            and self.match.phase is Phase.PLAY
            and self.match.hand.turn == self.human
        )

    def legal_cards(self) -> int:
        """The cards shown playable: the engine's legal set on the player's turn, else none."""
        if not self.human_to_play():
            return 0
        return self.match.view(self.bottom).legal_mask()

    def _drive(self) -> bool:
        """With the screen caught up: make the next move if a computer player has one ready.
        Returns True when the engine moved."""
        match = self.match
        phase = match.phase
        if phase is Phase.PASS:
            waiting = [
                s
                for s in range(match.rules.players)
                if match.hand.passes[s] is None and self.session.is_computer(s)
            ]
            if not waiting:
                return False
            players = self.session.players
            result = self._ask(
                ("pass", match.hand_number),
                [(thinking.choose_pass, players[s], match.view(s)) for s in waiting],
            )
            if result is None:
                return False
            events: list[Event] = []
            for seat, cards in zip(waiting, result, strict=True):
                if match.hand.pass_reason(seat, cards) is not None:
                    log.warning("seat %d chose an illegal pass; passing its first cards", seat)
                    cards = cards_of(match.hand.hands[seat])[:PASS_SIZE]
                events += match.choose_pass(seat, cards)
            self._step(events)
            return True
        if phase is Phase.PLAY:
            seat = match.hand.turn
            if not self.session.is_computer(seat):
                return False
            key = ("play", match.hand_number, len(match.hand.plays))
            work = (thinking.choose_play, self.session.players[seat], match.view(seat))
            answer = self._ask(key, [work], AI_PACE * self.speed)
            if answer is None:
                return False
            card = answer[0]
            if match.hand.play_reason(card, seat) is not None:
                log.warning("seat %d chose an illegal card; playing its first legal one", seat)
                card = match.hand.legal_cards()[0]
            self._step(match.play(card, seat))
            return True
        if phase is Phase.MOON_CHOICE:
            seat = match.hand.turn
            if not self.session.is_computer(seat):
                if not self.moon_open:
                    self.moon_open = True
                    self.app.open_moon_choice(self)
                return False
            work = (thinking.choose_moon, self.session.players[seat], match.view(seat))
            answer = self._ask(("moon", match.hand_number), [work])
            if answer is None:
                return False
            self._step(match.choose_moon(answer[0], seat))
            return True
        # The hand (or the game) is over: the score window, once.
        if not self.score_open:
            self.score_open = True
            if phase is Phase.HAND_OVER:
                self.hands_done += 1
            if self.hands_limit is not None and (
                self.hands_done >= self.hands_limit or phase is Phase.GAME_OVER
            ):
                self.finished = True
                self.app.finish_demo()
                return False
            if self.session.daily is not None and phase is Phase.GAME_OVER:
                self.app.open_daily_result(self)
                return False
            self.app.open_score(self, extra_hand=self.extra_hand)
        return False

    def _ask(
        self, key: tuple[Any, ...], work: list[tuple[Any, ...]], pace: float = 0.0
    ) -> list[Any] | None:
        """Start each ``(function, player, view)`` in ``work`` on the worker, or return their
        answers once all are ready (and at least ``pace`` seconds went by, so people can follow
        the computer's plays)."""
        if self.futures is None or self.future_key != key:
            self.futures = [self.app.thinker.submit(*item) for item in work]
            self.future_key = key
            self.waited = 0.0
        if not all(f.done() for f in self.futures) or self.waited < pace:
            return None
        futures, self.futures, self.future_key = self.futures, None, None
        answers = []
        for (function, _player, view), future in zip(work, futures, strict=True):
            try:
                answers.append(future.result())
            except Exception:
                log.exception("a computer player failed; it makes a simple legal move instead")
                answers.append(self._fallback(function, view))
        return answers

    @staticmethod
    def _fallback(function: Any, view: SeatView) -> Any:
        if function is thinking.choose_pass:
            return cards_of(view.hand)[:PASS_SIZE]
        if function is thinking.choose_play:
            return int(view.legal_cards()[0])
        return True

    # -- moves the player makes ------------------------------------------------------------------

    def confirm_pass(self) -> None:
        if not self.human_to_pass() or len(self.selected) != PASS_SIZE or self.human is None:
            return
        cards = sorted(self.selected)
        reason = self.match.hand.pass_reason(self.human, cards)
        if reason is not None:
            self.say(_(reason))
            return
        self.selected.clear()
        self._step(self.match.choose_pass(self.human, cards))

    def play_card(self, card: int) -> None:
        """The player asks to play ``card``: played if the engine allows it, else the reason."""
        if self.human is None:
            return
        hand = self.match.hand
        reason = hand.play_reason(card, self.human)
        if reason is not None:
            if self.session.teaching and self.human_to_play():
                from game import tutor

                view = self.match.view(self.human)
                sentence = tutor.explain_illegal(view, card, teaching=True)
                if sentence is not None:
                    self.say(self._render(sentence), TEACHING_MESSAGE_SHOWN, boxed=True)
                    return
            self.say(reason_message(reason, hand.led_suit, hand.first_lead))
            return
        self.focus = None
        self._step(self.match.play(card, self.human))

    def choose_moon(self, subtract: bool) -> None:
        """The moon dialog's answer."""
        self.moon_open = False
        if self.human is not None and self.match.phase is Phase.MOON_CHOICE:
            self._step(self.match.choose_moon(subtract, self.human))

    def next_hand(self) -> None:
        """The score window was closed: deal the next hand."""
        self.score_open = False
        self.extra_hand = False
        if self.match.phase is Phase.HAND_OVER:
            self._step(self.match.next_hand())

    def _decision_key(self) -> tuple[Any, ...]:
        """Names the decision the player faces now (a hint for another one is dropped)."""
        return (self.match.hand_number, self.match.phase, len(self.match.hand.plays))

    def request_hint(self) -> None:
        """Ask the tutor (in the worker) which cards it would pass or play, and why."""
        if self.human is None or not (self.human_to_pass() or self.human_to_play()):
            return
        key = self._decision_key()
        if self.hint is not None and self.hint_key == key:
            return  # already being worked out
        view = self.match.view(self.human)
        self.hint = self.app.thinker.submit(thinking.advise, view, f"{self.match.seed}/tutor")
        self.hint_key = key
        self.session.practice = True  # helped: the game no longer counts as a win
        self._save()

    def _take_hint(self) -> None:
        if self.hint is None or not self.hint.done():
            return
        future, self.hint = self.hint, None
        if self.hint_key != self._decision_key():
            return
        try:
            cards, sentence = future.result()
        except Exception:
            log.exception("the tutor could not give a hint")
            return
        self.hint_text = self._render(sentence)
        self.hint_timer = HINT_SHOWN
        if self.human_to_pass():
            self.selected = set(cards)
        elif cards and cards[0] in self.model.hand:
            self.focus = self.model.hand.index(cards[0])

    def _render(self, sentence: Any) -> str:
        """A tutor's sentence in the player's language, with the table's names."""
        return render_sentence(sentence, seat_name=self.app.prefs.name)

    def _teach(self) -> None:
        """Teaching mode: ask the tutor (in the worker) about each decision as it comes, and
        keep its answer while that decision is the one in hand."""
        key = self._decision_key()
        if self.advice is not None and self.advice.done():
            future, self.advice = self.advice, None
            try:
                cards, sentence = future.result()
            except Exception:  # no advice for this decision, and no asking again
                log.exception("the tutor could not advise")
                cards, sentence = [], None
            if self.advice_key == key:
                self.advice_for = key
                self.advice_cards = tuple(int(c) for c in cards)
                self.advice_text = self._render(sentence) if sentence is not None else ""
        if self.human is None or not (self.human_to_pass() or self.human_to_play()):
            return
        if self.advice_for == key or (self.advice is not None and self.advice_key == key):
            return
        if self.advice is not None:
            return  # an answer about an older decision is still coming: wait for it
        view = self.match.view(self.human)
        self.advice = self.app.thinker.submit(thinking.advise, view, f"{self.match.seed}/tutor")
        self.advice_key = key

    def teaching_cards(self) -> tuple[int, ...]:
        """The cards marked as the tutor's choice now (none outside the player's decisions)."""
        if not self.session.teaching or self.advice_for != self._decision_key():
            return ()
        if not (self.human_to_pass() or self.human_to_play()):
            return ()
        return tuple(c for c in self.advice_cards if c in self.model.hand)

    def teaching_text(self) -> str:
        """The tutor's one-sentence reason shown above the hand in teaching mode."""
        return self.advice_text if self.teaching_cards() else ""

    def say(self, text: str, seconds: float = MESSAGE_SHOWN, *, boxed: bool = False) -> None:
        """Show ``text`` on the help line above the hand, or (``boxed``: the tutor's longer
        words) in the pale box above it."""
        self.message = text
        self.message_timer = seconds
        self.message_boxed = boxed

    def toggle(self, card: int) -> None:
        """Raise or lower a card for the pass (at most three raised)."""
        if card in self.selected:
            self.selected.discard(card)
        elif len(self.selected) < PASS_SIZE:
            self.selected.add(card)
        else:
            self.say(_("Choose three cards to pass"))

    # -- input -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if self.pass_button.visible and self.pass_button.handle_event(event):
            return True
        if self.hint_button.visible and self.hint_button.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.card_at(event.pos)
            if index is None:
                return False
            self._end_received()
            card = self.model.hand[index]
            if self.human_to_pass():
                self.toggle(card)
            elif self.human_to_play():
                self.play_card(card)
            elif self.idle and self.human is not None and self.match.phase is Phase.PLAY:
                self.say(reason_message(Reason.NOT_YOUR_TURN))
            return True
        return False

    def _key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            self.app.leave_game()
            return True
        if key == pygame.K_p:
            self.confirm_pass()
            return True
        if key == pygame.K_h:
            self.request_hint()
            return True
        hand = self.model.hand
        if not hand:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if self.focus is None:
                self.focus = 0 if step > 0 else len(hand) - 1
            else:
                self.focus = (self.focus + step) % len(hand)
            self._end_received()
            return True
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP):
            if self.focus is None:
                self.focus = 0
                return True
            card = hand[min(self.focus, len(hand) - 1)]
            self._end_received()
            if self.human_to_pass():
                if key == pygame.K_UP and card in self.selected:
                    return True
                self.toggle(card)
            elif self.human_to_play():
                self.play_card(card)
            return True
        if key == pygame.K_DOWN and self.focus is not None and self.human_to_pass():
            self.selected.discard(hand[min(self.focus, len(hand) - 1)])
            return True
        return False

    def _end_received(self) -> None:
        self.received.clear()
        self.received_timer = 0.0

    def _resting_rects(self) -> list[pygame.Rect]:
        rects = self.layout.hand_rects(len(self.model.hand))
        raised = self.selected | self.received
        for rect, card in zip(rects, self.model.hand, strict=True):
            if card in raised:
                rect.move_ip(0, -self.layout.raise_px)
        return rects

    def hand_rects(self) -> list[pygame.Rect]:
        """Where each card of the shown hand is, raised ones raised, sliding ones on their way
        (input and drawing agree)."""
        rects = self._resting_rects()
        if self.hand_motion:
            f = ease_out_cubic(self.hand_motion_time / (HAND_CLOSE * max(self.speed, 0.01)))
            for rect, card in zip(rects, self.model.hand, strict=True):
                start = self.hand_motion.get(card)
                if start is not None and start[1] == rect.y:
                    rect.x = round(start[0] + (rect.x - start[0]) * f)
        return rects

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the topmost shown card under ``pos``."""
        rects = self.hand_rects()
        for index in range(len(rects) - 1, -1, -1):
            if rects[index].collidepoint(pos):
                return index
        return None

    # -- time ------------------------------------------------------------------------------------

    def busy(self) -> bool:
        waiting_for_player = self.human_to_pass() or self.human_to_play()
        timers = (
            self.message_timer
            or self.banner_timer
            or self.received_timer
            or self.hand_motion
            or self.hint is not None
            or self.advice is not None
        )
        return not waiting_for_player or bool(timers)

    def update(self, dt: float) -> None:
        self.message_timer = max(0.0, self.message_timer - dt)
        self.hint_timer = max(0.0, self.hint_timer - dt)
        self._take_hint()
        self.banner_timer = max(0.0, self.banner_timer - dt)
        if self.received_timer > 0:
            self.received_timer -= dt
            if self.received_timer <= 0:
                self._end_received()
        if self.futures is not None:
            self.waited += dt
        if self.hand_motion:
            self.hand_motion_time += dt
            if self.hand_motion_time >= HAND_CLOSE * self.speed:
                self.hand_motion = {}
        # Instant speed runs many moves in one frame; a time budget keeps the window responsive.
        deadline = pygame.time.get_ticks() + 12
        remaining = dt
        for _round in range(400):
            remaining = self._animate(remaining)
            if self.finished or not self.idle or self.app.stack.top is not self:
                break
            if not self._drive() or pygame.time.get_ticks() > deadline:
                break
            remaining = 0.0
        if self.focus is not None and self.focus >= len(self.model.hand):
            self.focus = len(self.model.hand) - 1 if self.model.hand else None
        # The buttons show what the player may do now that the moves above are made.
        self.pass_button.visible = self.human_to_pass()
        self.pass_button.enabled = len(self.selected) == PASS_SIZE
        self.hint_button.visible = self.human_to_pass() or self.human_to_play()
        if self.hint_timer and not self.hint_button.visible:
            self.hint_timer = 0.0  # the hint was about a decision now made
        if self.session.teaching:
            self._teach()

    def _animate(self, dt: float) -> float:
        """Run the queued animations for ``dt`` seconds; returns time not used."""
        while True:
            if self.current is None:
                if not self.steps:
                    if self.current_event is not None:
                        self._finish_event()
                    if not self.queue:
                        return dt
                    self.current_event = self.queue.popleft()
                    self.steps = deque(self._animations_for(self.current_event[0]))
                    if not self.steps:
                        continue
                self.current = self.steps.popleft()
                if self.current.on_start is not None:
                    self.current.on_start()
            dt = self.current.advance(dt)
            if not self.current.done:
                return 0.0
            done, self.current = self.current, None
            if done.on_done is not None:
                done.on_done()

    def _finish_event(self) -> None:
        assert self.current_event is not None
        event, snapshot = self.current_event
        self.current_event = None
        before = {c: r.topleft for c, r in zip(self.model.hand, self._resting_rects(), strict=True)}
        old_hand = list(self.model.hand)
        self.model.apply(event)
        if snapshot is not None:
            self.model.sync(snapshot)
        if self.model.hand != old_hand and self.speed > 0 and not isinstance(event, HandStarted):
            # The cards left in the hand slide together instead of jumping.
            self.hover = None
            self.hand_motion = before
            self.hand_motion_time = 0.0
        if isinstance(event, PassesExchanged) and self.speed > 0:
            received = event.received[self.bottom] or ()
            self.received = {int(c) for c in received}
            self.received_timer = RECEIVED_SHOWN * self.speed

    # -- what each event looks like ----------------------------------------------------------

    def _animations_for(self, event: Event) -> list[Animation]:
        f = self.speed
        layout = self.layout
        if isinstance(event, HandStarted):
            return [self._deal_animation(event)]
        if isinstance(event, PassesExchanged):
            flights = []
            for seat in range(self.match.rules.players):
                source = self._seat_point(seat)
                target = self._seat_point(event.direction.target(seat, self.match.rules.players))
                given = event.given[seat] if seat == self.bottom else None
                rects = self.hand_rects()
                for i in range(PASS_SIZE):
                    if given is not None and given[i] in self.model.hand:
                        start = rects[self.model.hand.index(given[i])].center
                        flights.append(Flight(int(given[i]), start, target, PASS_FLIGHT * f))
                    else:
                        offset = (i - 1) * layout.back_w * 0.3
                        start = (source[0] + offset, source[1])
                        flights.append(Flight(None, start, target, PASS_FLIGHT * f))
            given_bottom = event.given[self.bottom] or ()
            return [
                Animation(
                    PASS_FLIGHT * f,
                    flights,
                    hidden=frozenset(int(c) for c in given_bottom),
                    fan_minus={s: PASS_SIZE for s in range(4) if s != self.bottom},
                )
            ]
        if isinstance(event, CardPlayed):
            seat = event.seat
            target = layout.place(seat, self.bottom).trick
            if seat == self.bottom and event.card in self.model.hand:
                start = self.hand_rects()[self.model.hand.index(event.card)].center
            else:
                start = self._seat_point(seat)
            return [
                Animation(
                    PLAY_FLIGHT * f,
                    [Flight(int(event.card), start, target, PLAY_FLIGHT * f)],
                    hidden=frozenset({int(event.card)}),
                    fan_minus={seat: 1} if seat != self.bottom else {},
                    on_start=lambda: self.app.play_sound(sound.CARD),
                )
            ]
        if isinstance(event, HeartsBroken):
            return [Animation(0.0, on_start=self._hearts_broken)]
        if isinstance(event, TrickWon):
            sweep_to = layout.place(event.winner, self.bottom).sweep
            trick = [(s, c) for s, c in self.model.trick]
            flights = [
                Flight(
                    c,
                    layout.place(s, self.bottom).trick,
                    sweep_to,
                    SWEEP_FLIGHT * f,
                    easing=ease_in_out,
                )
                for s, c in trick
            ]
            queen = QUEEN_OF_SPADES in event.cards
            return [
                Animation(TRICK_SHOWN * f),
                Animation(
                    SWEEP_FLIGHT * f,
                    flights,
                    trick_hidden=True,
                    on_start=lambda: self.app.play_sound(sound.QUEEN if queen else sound.TRICK),
                ),
            ]
        if isinstance(event, HandScored) and event.moon_shooter is not None:
            shooter = event.moon_shooter
            return [Animation(MOON_SHOWN * f, on_start=lambda: self._moon(shooter))]
        if isinstance(event, GameOver):
            return []
        return []

    def _deal_animation(self, event: HandStarted) -> Animation:
        f = self.speed
        layout = self.layout
        n = self.match.rules.players
        size = self.match.rules.hand_size
        rects = layout.hand_rects(size)
        flights = []
        for k in range(n * size):
            seat = (event.dealer + 1 + k) % n
            index = k // n
            if seat == self.bottom:
                end: tuple[float, float] = rects[index].center
            else:
                side = (seat - self.bottom) % n
                end = layout.fan(side, size)[index][0]
            flights.append(
                Flight(
                    None,
                    layout.deck,
                    end,
                    DEAL_FLIGHT * f,
                    delay=k * DEAL_STAGGER * f,
                    hidden_before=True,
                )
            )

        def start() -> None:
            self.model.clear_hands()
            self.selected.clear()
            self._end_received()

        def done() -> None:
            if event.pass_direction is PassDirection.HOLD:
                self.show_banner(_("No pass this hand"))

        return Animation(
            n * size * DEAL_STAGGER * f + DEAL_FLIGHT * f, flights, on_done=done, on_start=start
        )

    def _seat_point(self, seat: int) -> tuple[float, float]:
        layout = self.layout
        side = (seat - self.bottom) % 4
        if side == BOTTOM:
            return layout.places[BOTTOM].fan_centre
        count = max(1, self.model.counts[seat])
        return layout.fan(side, count)[-1][0]

    def _hearts_broken(self) -> None:
        self.show_banner(_("Hearts broken"))
        self.app.play_sound(sound.HEARTS_BROKEN)

    def _moon(self, shooter: int) -> None:
        if shooter == self.human:
            self.show_banner(_("You shot the moon!"))
        else:
            self.show_banner(_("{name} shot the moon!").format(name=self.app.prefs.name(shooter)))
        self.banner_timer = MOON_SHOWN * max(self.speed, 0.5)
        self.app.play_sound(sound.MOON)

    def show_banner(self, text: str) -> None:
        self.banner = text
        self.banner_timer = BANNER_SHOWN * (self.speed if self.speed > 0 else 0.5)

    # -- drawing ---------------------------------------------------------------------------------

    def _pass_label(self) -> str:
        direction = self.model.pass_direction
        return _(PASS_LABELS.get(direction, "Pass"))

    def status_text(self) -> str:
        """The line of help above the hand."""
        if self.message_timer > 0 and not self.message_boxed:
            return self.message
        if self.human_to_pass():
            return _("Choose three cards to pass")
        if self.human_to_play():
            return _("Your turn")
        return ""

    def shown_greyed(self) -> set[int]:
        """The cards drawn greyed (the complement of the engine's legal set on the turn)."""
        if not self.human_to_play():
            return set()
        legal = self.legal_cards()
        return {c for c in self.model.hand if not legal >> c & 1}

    def draw(self, surface: pygame.Surface) -> None:
        """The still table from its cached layer (painted again where what it shows changed),
        then the cards in flight and what is drawn over them.

        While the table is the top scene nothing else draws on ``surface``, so it still holds
        the last frame: only the rectangles where something moved or changed are painted (the
        layer copied there, the flights and the overlay drawn clipped to them). It changes no
        state of the game or the scene, only these caches."""
        layer = self._layer.picture(surface, self.still_parts())
        sprites = self._flight_sprites()
        overlay = self._overlay_picture()
        areas = self._areas_to_paint(surface, sprites, overlay)
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
        if self.app.stack.top is self:  # else a scene above draws over this frame
            shown = [area(rect) for _image, rect in sprites]
            trusted = 0 if areas is None else self._on_screen_for + 1
            pixels = surface._pixels_address  # a new buffer under the same surface: whole
            self._on_screen = (surface, pixels, self._layer.generation, overlay, shown)
            self._on_screen_for = trusted

    def redraw(self, surface: pygame.Surface) -> None:
        """What :meth:`draw` shows, every part painted afresh (no cached layer): the reference
        the tests compare the cached frames with, and a way to see each draw call."""
        if self._on_screen is not None and self._on_screen[0] is surface:
            self._on_screen = None  # drawn over: the next frame is painted whole
        for part in self.still_parts():
            part.paint(surface)
        self._draw_above(surface, self._flight_sprites(), self._overlay_picture())

    def _areas_to_paint(
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
        last_surface, pixels, generation, last_overlay, last_sprites = last
        if last_surface is not surface or pixels != surface._pixels_address:
            return None
        if last_overlay != overlay:
            return None
        rects = [*last_sprites, *(area(rect) for _image, rect in sprites)]
        if self._layer.generation != generation:
            painted = self._layer.painted
            if self._layer.generation != generation + 1 or painted is None:
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
        anim = self.current
        art = self.app.card_art
        four = art.four_colour
        parts = [
            Part(
                "felt",
                (layout.size, self.background is not None),
                (0, 0, *layout.size),
                self._paint_felt,
            )
        ]
        fan_minus = anim.fan_minus if anim is not None else {}
        n = self.match.rules.players
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
            side = (seat - self.bottom) % n
            count = max(0, self.model.counts[seat] - fan_minus.get(seat, 0))
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
            for i, (seat, card) in enumerate(self.model.trick):
                centre = layout.place(seat, self.bottom).trick
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
        anim = self.current
        hidden = anim.hidden if anim is not None else frozenset()
        greyed = self.shown_greyed()
        choosing = self.human_to_play() or self.human_to_pass()
        taught = self.teaching_cards()
        rects = self.hand_rects()
        card_w = self.layout.card_w
        four = self.app.card_art.four_colour
        parts = []
        for index, card in enumerate(self.model.hand):
            if card in hidden:
                continue
            rect = rects[index]
            marks = (
                card in greyed,
                card in self.received,
                card in taught,
                index == self.focus,
                index == self.hover and card not in greyed and choosing,
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

    def _plate_picture(self, seat: int) -> tuple[Any, ...]:
        """One name plate: the seat, its name, its points, its turn ring, the leader's token."""
        model = self.model
        turn = (
            model.turn == seat
            and len(model.trick) < self.match.rules.players
            and model.phase is Phase.PLAY
            and self.match.phase is Phase.PLAY
        )
        points = model.points[seat]
        return (
            seat,
            self.app.prefs.name(seat),
            ngettext("{count} point", "{count} points", points).format(count=points),
            turn,
            model.leader == seat and model.phase is Phase.PLAY,
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
            self._draw_teaching_mark(surface, rects, index)
        if focused:
            pygame.draw.rect(surface, FOCUS_BLUE, rect.inflate(8, 8), 3, border_radius=9)
        elif hovered:
            pygame.draw.rect(surface, HOVER, rect.inflate(4, 4), 2, border_radius=8)

    def _flight_sprites(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The cards in flight now: each picture and where it goes."""
        anim = self.current
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
        """Everything drawn over the flights, as plain values: :meth:`_draw_above` paints from
        these and the layout alone (a frame that changes any of them is painted whole)."""
        hint: tuple[str, str] | None = None
        if self.message_timer > 0 and self.message_boxed:
            hint = (self.message, _("Teach me"))
        elif self.hint_timer > 0 and self.hint_text:
            hint = (self.hint_text, "")
        elif self.teaching_text():
            hint = (self.teaching_text(), _("Teach me"))
        banner = self.banner_timer > 0 and self.banner and self.app.stack.top is self
        buttons = tuple(
            (button.visible, button.enabled, button.text(), area(button.rect))
            for button in (self.pass_button, self.hint_button)
        )
        return (
            self.layout.size,
            self._indicator_picture(),
            buttons,
            hint,
            self.status_text(),
            self.banner if banner else "",
        )

    def _draw_above(
        self,
        surface: pygame.Surface,
        sprites: list[tuple[pygame.Surface, pygame.Rect]],
        overlay: tuple[Any, ...],
    ) -> None:
        """The cards in flight and what is drawn over them (the indicators, the buttons, the
        messages), from :meth:`_flight_sprites` and :meth:`_overlay_picture`."""
        _size, indicators, _buttons, hint, status, banner = overlay
        for image, rect in sprites:
            surface.blit(image, rect)
        self._draw_indicators(surface, indicators)
        self.pass_button.draw(surface, focused=False)
        self.hint_button.draw(surface, focused=False)
        if hint is not None:
            self._draw_hint(surface, *hint)
        if status:
            self._draw_status(surface, status)
        if banner:
            self._draw_banner(surface, banner)

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
        seat, name, points, _turn, leader = picture
        layout = self.layout
        rect = layout.place(seat, self.bottom).plate
        pad = (rect.h - layout.avatar_size) // 2
        text_x = rect.x + pad * 2 + layout.avatar_size
        texts = [
            (name, layout.font_size, PLATE_TEXT, (text_x, rect.y + rect.h * 0.32), "midleft", True),
            (
                points,
                layout.small_font,
                PLATE_SUBTEXT,
                (text_x, rect.y + rect.h * 0.72),
                "midleft",
                False,
            ),
        ]
        if leader:
            r = max(7, rect.h // 4)
            centre = (rect.right - r - pad, rect.centery)
            texts.append(("★", round(r * 1.3), LEADER_INK, centre, "center", False))
        return texts

    def _plate_bounds(self, picture: tuple[Any, ...]) -> Area:
        """Where a plate paints: its panel and its text (a long name runs past the panel)."""
        bounds = self.layout.place(picture[0], self.bottom).plate.copy()
        for text, size, colour, pos, anchor, bold in self._plate_texts(picture):
            image = text_surface(text, size, colour, bold)
            bounds.union_ip(image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))}))
        return area(bounds)

    def _draw_plate(self, surface: pygame.Surface, picture: tuple[Any, ...]) -> None:
        """One name plate, from :meth:`_plate_picture`."""
        seat, _name, _points, turn, leader = picture
        layout = self.layout
        rect = layout.place(seat, self.bottom).plate
        if self.plate_panel is not None:
            surface.blit(self.plate_panel, rect)
        if turn:
            pygame.draw.rect(surface, GOLD, rect, max(2, rect.h // 18), border_radius=rect.h // 4)
        pad = (rect.h - layout.avatar_size) // 2
        surface.blit(avatar(AVATARS[seat % 4], layout.avatar_size), (rect.x + pad, rect.y + pad))
        texts = self._plate_texts(picture)
        for text, size, colour, pos, anchor, bold in texts[:2]:
            draw_text(surface, text, size, colour, pos, anchor, bold=bold)
        if leader:
            # The leader's token: a small gold disc with the suit led or a star before the lead.
            r = max(7, rect.h // 4)
            centre = (rect.right - r - pad, rect.centery)
            pygame.draw.circle(surface, GOLD, centre, r)
            pygame.draw.circle(surface, LEADER_INK, centre, r, max(1, r // 6))
            star, size, colour, pos, anchor, bold = texts[2]
            draw_text(surface, star, size, colour, pos, anchor, bold=bold)

    def _indicator_picture(self) -> tuple[str, str, str]:
        """The corner's texts: "Hearts broken" (or nothing), which hand, "Practice"."""
        broken = _("Hearts broken") if self.model.hearts_broken else ""
        daily = self.session.daily
        if daily is not None:
            hand_text = _("Daily challenge, par {par}").format(par=daily.par)
        else:
            hand_text = _("Hand {number}").format(number=self.model.hand_number + 1)
        return (broken, hand_text, self.practice_label())

    def _draw_indicators(self, surface: pygame.Surface, picture: tuple[str, str, str]) -> None:
        broken, hand_text, practice = picture
        layout = self.layout
        rect = layout.hearts_icon
        colour = (214, 20, 40) if broken else (40, 90, 50)
        icon = suit_surface(3, rect.w, colour)
        surface.blit(icon, rect)
        if broken:
            draw_text(
                surface,
                broken,
                layout.small_font,
                (255, 255, 255),
                (rect.left - layout.margin // 2, rect.centery),
                "midright",
                shadow=(0, 0, 0),
            )
        # Which hand this is, beside the hearts indicator.
        if layout.two_rows:
            pos, anchor = (rect.right, rect.bottom + layout.margin // 2), "topright"
        else:
            pos, anchor = (rect.right, rect.top - layout.margin // 2), "bottomright"
        drawn = draw_text(surface, hand_text, layout.small_font, PLATE_SUBTEXT, pos, anchor)
        if practice:
            # Discreet: a small italic-free note under (or above) the hand's number.
            step = drawn.h if layout.two_rows else -drawn.h
            draw_text(
                surface,
                practice,
                round(layout.small_font * 0.9),
                PRACTICE_INK,
                (pos[0], pos[1] + step),
                anchor,
            )

    def _draw_status(self, surface: pygame.Surface, text: str) -> None:
        """The line of help above the hand; a long one (a refused card's reason with the legal
        cards) wraps upwards so it never reaches the cards."""
        layout = self.layout
        size = layout.font_size
        lines = _wrapped(text, size, round(layout.width * 0.9), True)
        line_h = round(size * 1.25)
        x, y = layout.message_centre
        y -= line_h * (len(lines) - 1)
        for line in lines:
            draw_text(surface, line, size, (255, 255, 255), (x, y), shadow=(0, 0, 0), bold=True)
            y += line_h

    def _draw_teaching_mark(
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

    def practice_label(self) -> str:
        """ "Practice" once a hint or teaching mode was used (the game will not count)."""
        return _("Practice") if self.session.practice and self.human is not None else ""

    def _draw_hint(self, surface: pygame.Surface, text: str, label: str = "") -> None:
        """The tutor's sentence in a pale box above the hand (``label``: a small heading)."""
        layout = self.layout
        size = layout.small_font
        lines = _wrapped(text, size, round(min(layout.width * 0.7, 900 * layout.scale)))
        line_h = round(size * 1.35)
        width = max(text_surface(line, size).get_width() for line in lines) + size * 2
        heading = text_surface(label, round(size * 0.85), TEACH_EDGE, True) if label else None
        if heading is not None:
            width = max(width, heading.get_width() + size * 2)
        head_h = heading.get_height() if heading is not None else 0
        box = pygame.Rect(0, 0, width, line_h * len(lines) + size + head_h)
        # Above the message line, the player's plate and the hint button.
        plate = layout.places[BOTTOM].plate
        bottom = min(layout.message_centre[1] - size, plate.top, self.hint_button.rect.top)
        box.midbottom = (round(layout.message_centre[0]), round(bottom - layout.margin // 2))
        pygame.draw.rect(surface, HINT_PAPER, box, border_radius=size // 2)
        pygame.draw.rect(surface, (120, 110, 60), box, 1, border_radius=size // 2)
        y = box.y + size // 2
        if heading is not None:
            surface.blit(heading, heading.get_rect(midtop=(box.centerx, y - size // 4)))
            y += head_h - size // 4
        for line in lines:
            draw_text(surface, line, size, (30, 30, 30), (box.centerx, y), "midtop")
            y += line_h

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        layout = self.layout
        size = round(layout.font_size * 1.6)
        image = text_surface(text, size, (255, 255, 255), True)
        centre = layout.banner_centre
        image_rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
        box = image_rect.inflate(size * 1.5, size * 0.8)
        surface.blit(_banner_panel(box.size), box)
        surface.blit(image, image_rect)


def _blit(surface: pygame.Surface, image: pygame.Surface, at: tuple[int, int]) -> None:
    surface.blit(image, at)


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
