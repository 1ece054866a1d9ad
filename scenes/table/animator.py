"""What each event looks like on the table, played in order.

Events wait in a queue; each becomes one or more :class:`~scenes.table.tween.Animation` (the
deal, the pass, a card played, the trick swept to its taker, the moon). When the last of an
event's animations ends, the event is applied to the :class:`~scenes.table.model.TableModel`
(and, at the end of a batch, the source's view copied in), so what the table shows is always a
state the game reached.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Final, Protocol

from game.engine.cards import QUEEN_OF_SPADES
from game.engine.events import (
    CardPlayed,
    Event,
    HandScored,
    HandStarted,
    HeartsBroken,
    PassesExchanged,
    TrickWon,
)
from game.engine.rules import PASS_SIZE, PassDirection
from game.engine.view import SeatView
from scenes.core import sound
from scenes.core.i18n import _
from scenes.table.layout import BOTTOM, Point
from scenes.table.tween import Animation, Flight, ease_in_out

if TYPE_CHECKING:
    from game.engine.source import TableSource
    from scenes.core.scene import Countdown
    from scenes.core.services import Media
    from scenes.table.hand_controls import HandControls
    from scenes.table.layout import TableLayout
    from scenes.table.model import TableModel

# Times at normal speed, in seconds (multiplied by the speed setting).
DEAL_STAGGER: Final = 0.018
DEAL_FLIGHT: Final = 0.22
PASS_FLIGHT: Final = 0.55
PLAY_FLIGHT: Final = 0.28
TRICK_SHOWN: Final = 0.75
SWEEP_FLIGHT: Final = 0.35
MOON_SHOWN: Final = 2.0


class AnimatedTable(Protocol):
    """What the animator reads of the table scene, and what it tells it."""

    @property
    def app(self) -> Media: ...

    @property
    def source(self) -> TableSource: ...

    @property
    def model(self) -> TableModel: ...

    @property
    def hand(self) -> HandControls: ...

    @property
    def layout(self) -> TableLayout: ...

    @property
    def speed(self) -> float: ...

    @property
    def human(self) -> bool: ...

    @property
    def bottom(self) -> int: ...

    def show_banner(self, text: str, seconds: float = ...) -> None: ...

    @property
    def banner_shown(self) -> Countdown: ...

    def announce_moon(self, shooter: int) -> None: ...


class Animator:
    """The queue of events still to show and the animation running now."""

    def __init__(self, table: AnimatedTable) -> None:
        self.table = table
        self.waiting: deque[tuple[Event, SeatView | None]] = deque()
        self.steps: deque[Animation] = deque()
        self.current: Animation | None = None
        self.current_event: tuple[Event, SeatView | None] | None = None

    @property
    def idle(self) -> bool:
        """Nothing left to show."""
        return self.current is None and not self.waiting and not self.steps

    def queue(self, event: Event, view: SeatView | None = None) -> None:
        """Show ``event`` after those already queued (``view``: the state it led to)."""
        self.waiting.append((event, view))

    def run(self, dt: float) -> float:
        """Run the queued animations for ``dt`` seconds; returns the time not used."""
        while True:
            if self.current is None:
                if not self.steps:
                    if self.current_event is not None:
                        self._finish_event()
                    if not self.waiting:
                        return dt
                    self.current_event = self.waiting.popleft()
                    self.steps = deque(self.animations_for(self.current_event[0]))
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

    def next_to_act(self) -> int | None:
        """While a card flies to the trick: the seat the engine waits for once it has landed,
        from the engine's own updates (the seat of the next card queued, else the view the
        updates led to), or None when that card ends the trick."""
        current = self.current_event
        if current is None or not isinstance(current[0], CardPlayed):
            return None
        if len(self.table.model.trick) + 1 >= self.table.source.rules.players:
            return None  # the trick is full: it is shown, then taken
        view = current[1]
        for event, later_view in self.waiting:
            if isinstance(event, CardPlayed):
                return event.seat
            if isinstance(event, TrickWon):
                return None
            view = later_view if later_view is not None else view
        return view.turn if view is not None else None

    def _finish_event(self) -> None:
        assert self.current_event is not None
        event, view = self.current_event
        self.current_event = None
        table = self.table
        model, hand = table.model, table.hand
        before = {c: r.topleft for c, r in zip(model.hand, hand.resting_rects(), strict=True)}
        old_hand = list(model.hand)
        model.apply(event)
        if view is not None:
            model.sync(view)
        if model.hand != old_hand and table.speed > 0 and not isinstance(event, HandStarted):
            hand.close_up(before)  # the cards left slide together instead of jumping
        if isinstance(event, PassesExchanged) and table.human:
            # Raised and marked until the player says OK (or leads): see TableScene.
            received = event.received[table.bottom] or ()
            hand.show_received({int(c) for c in received})

    # -- what each event looks like --------------------------------------------------------------

    def animations_for(self, event: Event) -> list[Animation]:
        table = self.table
        f = table.speed
        layout = table.layout
        bottom = table.bottom
        if isinstance(event, HandStarted):
            return [self._deal(event)]
        if isinstance(event, PassesExchanged):
            return [self._exchange(event)]
        if isinstance(event, CardPlayed):
            seat = event.seat
            target = layout.place(seat, bottom).trick
            start_at: Point
            if seat == bottom and event.card in table.model.hand:
                start_at = table.hand.rects()[table.model.hand.index(event.card)].center
            else:
                start_at = self.seat_point(seat)
            return [
                Animation(
                    PLAY_FLIGHT * f,
                    [Flight(int(event.card), start_at, target, PLAY_FLIGHT * f)],
                    hidden=frozenset({int(event.card)}),
                    fan_minus={seat: 1} if seat != bottom else {},
                    on_start=lambda: table.app.play_sound(sound.CARD),
                )
            ]
        if isinstance(event, HeartsBroken):
            return [Animation(0.0, on_start=self._hearts_broken)]
        if isinstance(event, TrickWon):
            return self._sweep(event)
        if isinstance(event, HandScored) and event.moon_shooter is not None:
            shooter = event.moon_shooter

            def moon() -> None:
                table.announce_moon(shooter)
                table.app.play_sound(sound.MOON)

            return [Animation(MOON_SHOWN * f, on_start=moon)]
        if isinstance(event, HandScored):
            # "Hearts broken" belongs to the hand: at instant speed it outlived the last trick.
            return [Animation(0.0, on_start=table.banner_shown.stop)]
        return []

    def _exchange(self, event: PassesExchanged) -> Animation:
        """The passed cards fly to their receivers (the player's own from its hand, face up)."""
        table = self.table
        f = table.speed
        layout = table.layout
        bottom = table.bottom
        n = table.source.rules.players
        flights = []
        rects = table.hand.rects()
        shown = table.model.hand
        for seat in range(n):
            source = self.seat_point(seat)
            target = self.seat_point(event.direction.target(seat, n))
            given = event.given[seat] if seat == bottom else None
            for i in range(PASS_SIZE):
                if given is not None and given[i] in shown:
                    start: Point = rects[shown.index(given[i])].center
                    flights.append(Flight(int(given[i]), start, target, PASS_FLIGHT * f))
                else:
                    offset = (i - 1) * layout.back_w * 0.3
                    start = (source[0] + offset, source[1])
                    flights.append(Flight(None, start, target, PASS_FLIGHT * f))
        given_bottom = event.given[bottom] or ()
        return Animation(
            PASS_FLIGHT * f,
            flights,
            hidden=frozenset(int(c) for c in given_bottom),
            fan_minus={s: PASS_SIZE for s in range(n) if s != bottom},
        )

    def _sweep(self, event: TrickWon) -> list[Animation]:
        """The trick shown a moment, then swept to its winner."""
        table = self.table
        f = table.speed
        layout = table.layout
        bottom = table.bottom
        sweep_to = layout.place(event.winner, bottom).sweep
        flights = [
            Flight(c, layout.place(s, bottom).trick, sweep_to, SWEEP_FLIGHT * f, easing=ease_in_out)
            for s, c in table.model.trick
        ]
        queen = QUEEN_OF_SPADES in event.cards
        return [
            Animation(TRICK_SHOWN * f),
            Animation(
                SWEEP_FLIGHT * f,
                flights,
                trick_hidden=True,
                on_start=lambda: table.app.play_sound(sound.QUEEN if queen else sound.TRICK),
            ),
        ]

    def _deal(self, event: HandStarted) -> Animation:
        table = self.table
        f = table.speed
        layout = table.layout
        rules = table.source.rules
        n, size = rules.players, rules.hand_size
        rects = layout.hand_rects(size)
        flights = []
        for k in range(n * size):
            seat = (event.dealer + 1 + k) % n
            index = k // n
            if seat == table.bottom:
                end: Point = rects[index].center
            else:
                end = layout.fan((seat - table.bottom) % n, size)[index][0]
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
            table.model.clear_hands()
            table.hand.new_deal()

        def done() -> None:
            if event.pass_direction is PassDirection.HOLD:
                table.show_banner(_("No pass this hand"))

        return Animation(
            n * size * DEAL_STAGGER * f + DEAL_FLIGHT * f, flights, on_done=done, on_start=start
        )

    def seat_point(self, seat: int) -> Point:
        """Where a seat's cards leave from and arrive at: its fan, or the player's hand."""
        table = self.table
        layout = table.layout
        side = (seat - table.bottom) % table.source.rules.players
        if side == BOTTOM:
            return layout.places[BOTTOM].fan_centre
        count = max(1, table.model.counts[seat])
        return layout.fan(side, count)[-1][0]

    def _hearts_broken(self) -> None:
        self.table.show_banner(_("Hearts broken"))
        self.table.app.play_sound(sound.HEARTS_BROKEN)
