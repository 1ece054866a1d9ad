"""What the table-source tests share: the seat the window plays and the updates it is sent."""

from __future__ import annotations

from typing import Any

from game.engine.events import for_seat
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.players import RandomPlayer, decide
from game.engine.rules import Rules
from game.engine.source import HostControls, MoveRefused, SeatChanged, TableClosed, Update
from game.engine.view import SeatView

SEAT = 0
"""The seat the window plays in the table-source tests."""


def seat_update(update: Update) -> Update:
    """``update`` as SEAT is sent it: only the engine's events are filtered for the seat; the
    table's own updates pass as they are."""
    if isinstance(update, MoveRefused | TableClosed | SeatChanged):
        return update
    return for_seat(update, SEAT)


class SeatViewOnlySource:
    """A table seen from seat 0: the game itself lives in a closure the table cannot reach;
    whatever the table asks outside the protocol raises. The other seats play at random."""

    PROTOCOL = frozenset({"seat", "rules", "names", "view", "poll", "send", "ready", "close"})

    def __init__(self, rules: Rules, seed: int, *, others_ready_after: int = 0) -> None:
        match = Match.new(rules, seed)
        bots = [RandomPlayer(f"{seed}/{s}") for s in range(rules.players)]
        pending: list[Update] = [match.start_event()]
        self.asked: list[str] = []  # what the table called, in order
        self.views = 0
        self.events = 0
        self.closed = False

        def view() -> SeatView:
            self.views += 1
            seen = match.view(SEAT)
            # The view holds the seat's own cards only: a count for everyone else.
            assert seen.hand == match.hand.hands[SEAT]
            return seen

        def poll() -> list[Update]:
            if waiting[0]:
                waiting[0] -= 1
                if not waiting[0]:
                    pending.extend(match.next_hand())
                return []
            if not pending:
                acting = [s for s in match.to_act() if s != SEAT]
                for seat in acting:
                    pending.extend(match.apply(seat, decide(bots[seat], match.view(seat))))
            out = [seat_update(u) for u in pending]
            pending.clear()
            self.events += len(out)
            return out

        def send(move: Move) -> None:
            reason = match.move_reason(SEAT, move)
            if reason is not None:
                pending.append(MoveRefused(str(move), reason))
            else:
                pending.extend(match.apply(SEAT, move))

        waiting = [0]  # polls left before the other people at the table are ready too

        def ready() -> None:
            if not match.to_act() and not match.is_over:
                waiting[0] = others_ready_after
                if not waiting[0]:
                    pending.extend(match.next_hand())

        def close() -> None:
            self.closed = True

        def over() -> bool:
            return match.is_over

        def totals() -> tuple[int, ...]:
            return tuple(match.totals)

        self._calls = {"view": view, "poll": poll, "send": send, "ready": ready, "close": close}
        self.game_over = over  # for the test's eyes only
        self.totals = totals
        self.seat = SEAT
        self.rules = rules
        self.names = tuple(f"Seat {s}" for s in range(rules.players))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        calls = self.__dict__.get("_calls", {})
        if name in calls:
            self.__dict__["asked"].append(name)
            return calls[name]
        raise AssertionError(f"the table asked its source for {name!r}, outside the protocol")


class HostedSeat(HostControls):
    """Seat 0 hosting a table where every other seat is a friend's (all buttons shown)."""

    def __init__(self, players: int) -> None:
        self.match = Match.new(Rules(players=players), 1)
        self.seat = 0
        self.rules = self.match.rules
        self.names = tuple(f"Player {s}" for s in range(players))
        self.kinds = ("human", *("remote",) * (players - 1))

    @property
    def is_host(self) -> bool:
        return True

    def view(self) -> SeatView:
        return self.match.view(0)

    def poll(self) -> list[Update]:
        return []

    def send(self, move: Move) -> None:
        pass

    def ready(self) -> None:
        pass

    def close(self) -> None:
        pass

    def give_to_bot(self, seat: int) -> None:
        pass


class LaggingSource:
    """Seat 0 of a match whose moves are held (``in_flight``) until the test lets the table
    answer them; what the test injects meanwhile reaches the window first."""

    def __init__(self, seed: int) -> None:
        self.match = Match.new(Rules(), seed)
        self.bots = [RandomPlayer(f"{seed}/{s}") for s in range(4)]
        self.pending: list[Update] = [self.match.start_event()]
        self.in_flight: list[Move] = []
        self.seat = SEAT
        self.rules = self.match.rules
        self.names: tuple[str, ...] = ("Ada", "Bea", "Cy", "Dee")

    def view(self) -> SeatView:
        return self.match.view(SEAT)

    def poll(self) -> list[Update]:
        out = [seat_update(u) for u in self.pending]
        self.pending.clear()
        return out

    def send(self, move: Move) -> None:
        self.in_flight.append(move)

    def ready(self) -> None:
        pass

    def close(self) -> None:
        pass

    def move_of(self, seat: int) -> Move:
        """What the computer player at ``seat`` does now."""
        return decide(self.bots[seat], self.match.view(seat))

    def another_seat_passes(self, seat: int) -> None:
        self.pending.extend(self.match.apply(seat, self.move_of(seat)))

    def answer(self) -> None:
        """The table takes the moves in flight (a refusal comes back as one)."""
        for move in self.in_flight:
            reason = self.match.move_reason(SEAT, move)
            if reason is None:
                self.pending.extend(self.match.apply(SEAT, move))
            else:
                self.pending.append(MoveRefused(str(move), reason))
        self.in_flight.clear()
