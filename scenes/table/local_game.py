"""A game played on this computer, as a :class:`game.engine.source.TableSource`: the match, the
computer players thinking in the worker (:mod:`scenes.core.thinking`), and the profile kept up to
date.

The table scene reads this game only as its seat does: :meth:`LocalTable.view` is the seat's
:class:`~game.engine.view.SeatView`, :meth:`LocalTable.poll` the events meant for it (filtered by
:func:`game.engine.events.for_seat`), and the seat's moves come in through :meth:`LocalTable.send`,
checked by the engine. A computer player's decision is started on the worker by a poll and
applied by a later poll once it is ready, so a poll never waits; each poll makes at most one
move (all the computer players' passes count as one), and the window polls only when it has
shown everything, so the engine is never more than one move ahead of the picture.

The game is saved after every move and when the table is closed; a finished game goes into
the profile's history once (through a :class:`GameKeeper`, the app's profile services).
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import Any, Protocol

from game.engine.events import Event, HandScored, for_seat
from game.engine.hand import Phase
from game.engine.legality import IllegalMove
from game.engine.moves import Move
from game.engine.rules import Rules
from game.engine.source import MoveRefused, Update
from game.engine.view import SeatView
from game.records.profile import DailyResult
from scenes.core import thinking
from scenes.core.thinking import Thinker
from scenes.table.session import GameSession

log = logging.getLogger(__name__)


class GameKeeper(Protocol):
    """Where a local game is kept: the app's profile services (a test may pass its own)."""

    def save_game(self, session: GameSession) -> None: ...

    def clear_saved_game(self, slot: str | None = None) -> None: ...

    def record_finished(self, session: GameSession) -> None: ...

    def record_daily(self, session: GameSession) -> DailyResult | None: ...

    def person_marks(self, session: GameSession) -> int: ...

    def learn_hand(self, session: GameSession) -> None: ...


class LocalTable:
    """One seat's window on a :class:`GameSession` played here (see the module docstring)."""

    def __init__(
        self,
        session: GameSession,
        worker: Thinker,
        names: tuple[str, ...],
        *,
        keeper: GameKeeper | None = None,
        fresh: bool = True,
    ) -> None:
        self.session = session
        self.match = session.match
        self.seat = session.bottom_seat
        self.rules: Rules = self.match.rules
        self.names = names
        self.worker = worker
        self.keeper = keeper
        self.recorded = False  # the finished game went into the profile
        self.daily_record: DailyResult | None = None  # a finished daily hand's stored result
        self.closed = False
        self._updates: list[Update] = []
        self._work: list[Future[Any]] | None = None
        self._work_key: tuple[object, ...] | None = None
        if keeper is not None:
            session.watch(keeper.person_marks(session))
        if fresh and self.at_hand_start():
            self._updates.append(self.match.start_event())
        if fresh:
            self.save()

    # -- the TableSource protocol ------------------------------------------------------------------

    def view(self) -> SeatView:
        return self.match.view(self.seat)

    def poll(self) -> list[Update]:
        if not self._updates and not self.closed:
            self._drive()
        updates, self._updates = self._updates, []
        return updates

    def send(self, move: Move) -> None:
        if self.closed:
            return
        try:
            events = self.match.apply(self.seat, move)
        except IllegalMove as exc:
            hand = self.match.hand
            refused = MoveRefused(str(move), str(exc), exc.reason, hand.led_suit, hand.first_lead)
            self._updates.append(refused)
            return
        self._moved(events)

    def ready(self) -> None:
        if self.match.phase is Phase.HAND_OVER and not self.closed:
            self._moved(self.match.next_hand())

    def close(self) -> None:
        if not self.closed:
            self.save()
        self.closed = True
        self._work = None

    # -- what the window may ask of a local game besides ---------------------------------------

    @property
    def thinking(self) -> bool:
        """A computer player's decision is being worked out in the worker."""
        return self._work is not None

    @property
    def tutor_seed(self) -> str:
        """The seed of the tutor's advice in this game (the same advice every time)."""
        return f"{self.match.seed}/tutor"

    def at_hand_start(self) -> bool:
        """Nothing of the hand is shown yet: no card played and the seat has not passed (the
        daily challenge's opponents have chosen their passes before the deal is shown)."""
        h = self.match.hand
        return not h.plays and h.passes[self.seat] is None and h.phase in (Phase.PASS, Phase.PLAY)

    def mark_practice(self) -> None:
        """The player was helped (a hint): the game no longer counts as a win."""
        if not self.session.practice:
            self.session.practice = True
            self.save()

    def save(self) -> None:
        """Save the game (not in the demo, which must not touch the player's game); a
        finished game goes into the profile's history once and leaves its slot."""
        session, keeper = self.session, self.keeper
        if session.human_seat is None or keeper is None:
            return
        if self.match.is_over:
            if not self.recorded:  # an --autoplay game as the computer's (kept_games)
                self.recorded = True
                if session.daily is not None and not session.autoplay:
                    self.daily_record = keeper.record_daily(session)
                else:
                    keeper.record_finished(session)
            keeper.clear_saved_game(session.slot)
        else:
            keeper.save_game(session)

    # -- the computer players --------------------------------------------------------------------

    def _moved(self, events: list[Event]) -> None:
        self._updates.extend(for_seat(e, self.seat) for e in events)
        if self.keeper is not None and any(isinstance(e, HandScored) for e in events):
            # The opponents learn how the person plays, hand by hand (scenes.table.learning).
            self.keeper.learn_hand(self.session)
            self.session.watch(self.keeper.person_marks(self.session))
        self.save()

    def _drive(self) -> None:
        """Start the computer players' decisions, or make them once they are ready."""
        match = self.match
        seats = [s for s in match.to_act() if self.session.is_computer(s)]
        if not seats:
            return
        key = (match.hand_number, match.phase, len(match.hand.plays), tuple(seats))
        if self._work is None or self._work_key != key:
            players = self.session.players
            self._work = [
                self.worker.submit(thinking.decide, players[s], match.view(s)) for s in seats
            ]
            self._work_key = key
        if not all(f.done() for f in self._work):
            return
        work, self._work, self._work_key = self._work, None, None
        events: list[Event] = []
        for seat, future in zip(seats, work, strict=True):
            events += match.apply(seat, self._move(seat, future))
        self._moved(events)

    def _move(self, seat: int, future: Future[Any]) -> Move:
        """The computer's move, or (if it failed or chose something illegal) a simple legal one."""
        try:
            move = Move.parse(str(future.result()))
        except Exception:
            log.exception("a computer player failed; it makes a simple legal move instead")
            return self.match.legal_moves(seat)[0]
        reason = self.match.move_reason(seat, move)
        if reason is not None:
            log.warning("seat %d chose an illegal move (%s): %s", seat, move, reason)
            return self.match.legal_moves(seat)[0]
        return move
