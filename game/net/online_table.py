"""One online table without any networking: seats, the match, the bots' turns, what to send.

:class:`NetTable` is the authority of a table. It takes decoded client messages from a seat,
checks every move with the engine (nothing changes on a refusal) and queues, for each seated
person, only what :func:`game.engine.events.for_seat` and :class:`game.engine.view.SeatView` let
that seat know. The server (:mod:`game.net.server`) moves bytes between websockets and this outbox
and runs the bots' decisions off its event loop; tests drive a table directly.

>>> table = NetTable("ABCDEFGH", Rules(), "easy", seed=1)
>>> seat, token = table.sit("Ada", None)
>>> table.receive(seat, p.Start())
>>> [table.seats[s].kind for s in range(4)], table.match is not None
(['human', 'bot', 'bot', 'bot'], True)
"""

from __future__ import annotations

import logging
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from game.ai import make_player
from game.engine.cards import CARDS
from game.engine.events import Event
from game.engine.hand import Phase
from game.engine.legality import IllegalMove
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.players import Player
from game.engine.rules import Rules
from game.engine.view import SeatView
from game.net import protocol as p
from game.net.name_key import name_key, undrawn

log = logging.getLogger("game.net.server")

BOT_NAMES: Final = p.BOT_NAMES


_PLAYS: Final = {str(m): m for m in map(Move.play, CARDS)}
"""The 52 plays as clients write them, parsed once (the engine still checks each one)."""


SEAT_HANDED_OVER: Final = (
    "A computer player has your seat now: join again with your seat token to take it back"
)
KEPT_SEAT: Final = (
    "This name's seat is kept for its owner: join from the window that holds it, or ask the"
    " host to free it (Give to computer) and join again"
)
NAME_RULE: Final = "A name is 1 to 24 printable characters: letters, digits, spaces, signs"
NAME_GLYPHS: Final = "A name may hold only letters, digits and signs the game can draw (no emoji)"


def clean_name(name: str) -> str:
    """The name as the table shows it (NFKC, runs of spaces made one), or :class:`SitRefused`
    (code ``malformed``) for a blank name, one with a tab, line break or other control, or
    one with a character the game's font cannot draw (an emoji).

    >>> clean_name("  Ada  Lovelace ")
    'Ada Lovelace'
    """
    if not name.isprintable():
        raise SitRefused("malformed", NAME_RULE)
    # NFKC: "ＨＯＳＴ" in full-width letters (which the font lacks) is "HOST".
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not name:
        raise SitRefused("malformed", NAME_RULE)
    if undrawn(name) is not None:  # every window would draw it as an empty box (issue 40)
        raise SitRefused("malformed", NAME_GLYPHS)
    return name


class SitRefused(Exception):
    """Nobody may sit: ``code`` is a protocol error code, ``reason`` the sentence."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass
class Seat:
    index: int
    name: str = ""
    kind: str = "empty"  # "human" (a person is connected), "bot" or "empty"
    token: str | None = None  # the person's seat token; kept while a bot plays for them
    ready: bool = False  # has seen the hand's score
    bot: Player | None = None
    away: bool = False  # a person whose time ran out: the computer played for them
    protocol: int = p.PROTOCOL_VERSION  # the version its person's program speaks

    def info(self) -> p.SeatInfo:
        kind = "away" if self.kind == "human" and self.away else self.kind
        return p.SeatInfo(seat=self.index, name=self.name, kind=kind)  # type: ignore[arg-type]


@dataclass
class BotTurn:
    """A bot owes a move: decide(player, view), then give it back with :meth:`NetTable.bot_move`
    quoting ``version`` (a move made on a table that has moved on since is dropped)."""

    seat: int
    player: Player
    view: SeatView
    version: int
    for_person: bool = False  # the move of a person whose time ran out (the turn timer)


@dataclass
class NetTable:
    """One table: its seats, its match once dealt, and the messages waiting to go out."""

    code: str
    rules: Rules
    level: str
    seed: int | str
    make_bot: Callable[[str, str], Player] = make_player
    seats: list[Seat] = field(init=False)
    host: int = 0
    match: Match | None = None
    outbox: list[tuple[int, bytes]] = field(default_factory=list)  # (seat, encoded message)
    moves: list[tuple[int, Move]] = field(default_factory=list)  # every move applied, in order
    version: int = 0  # bumped by every change of the match or of who plays a seat
    closed: bool = False
    fresh_hand: bool = False  # dealt, and nobody has chosen a move of this hand yet
    turn_seconds: int = 0  # the host's turn timer (0: off): then the computer plays the move
    games: int = 0  # the games played at this table before the one under way (Play again)
    on_game_over: Callable[[NetTable], None] | None = None  # (the server's record of games)

    def __post_init__(self) -> None:
        self.seats = [Seat(s) for s in range(self.rules.players)]

    # -- who sits where ------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.match is not None

    def connected(self) -> list[int]:
        return [s.index for s in self.seats if s.kind == "human"]

    def sit(self, name: str, token: str | None) -> tuple[int, str]:
        """Seat a person (the host first); returns (seat, token) or raises :class:`SitRefused`.

        A token reclaims its seat wherever the game stands. A newcomer takes an empty seat
        before the deal; once dealt, a seat a bot fills for nobody, and only while no card of
        the hand has been chosen (:meth:`newcomer_must_wait`: the server holds a newcomer
        until the next deal). A seat that was a person's stays theirs until the host frees it.
        """
        name = clean_name(name)
        if token is not None:
            for seat in self.seats:
                if seat.token is not None and secrets.compare_digest(seat.token, token):
                    if seat.name != name:
                        raise SitRefused("refused", "This seat belongs to someone else")
                    self._seat_person(seat, name, token, reclaim=True)
                    return seat.index, token
            raise SitRefused("refused", "That seat token is not one of this table's")
        self.check_name(name)
        free = self._free_seats()
        if not free:
            raise SitRefused("refused", "The table is full")
        new_token = secrets.token_urlsafe(18)
        self._seat_person(free[0], name, new_token, reclaim=False)
        return free[0].index, new_token

    def check_name(self, name: str) -> None:
        """A newcomer's name: printable, not blank, and nobody's at the table, a computer
        player's included (:class:`SitRefused` otherwise)."""
        name = clean_name(name)
        key = name_key(name)  # "Hоst" (a Cyrillic о) is "host" (issue 40)
        taken = [s for s in self.seats if s.kind != "empty" and name_key(s.name) == key]
        if taken and taken[0].kind == "bot" and taken[0].token is not None:
            raise SitRefused("refused", KEPT_SEAT)  # the friend's own seat, kept for them
        if taken:
            raise SitRefused("refused", "Someone at this table already has that name")

    def _free_seats(self) -> list[Seat]:
        free = [s for s in self.seats if s.kind == "empty"]
        if not free and self.started:
            free = [s for s in self.seats if s.kind == "bot" and s.token is None]
        return free

    def newcomer_must_wait(self, token: str | None) -> bool:
        """True when a newcomer (no token) would take a bot's seat in the middle of a hand:
        they wait for the next deal rather than see a hand half played (issue 27, item 11).
        A table that is full waits too: the refusal comes when they may sit."""
        if token is not None or not self.started or self.closed:
            return False
        assert self.match is not None
        if self.match.is_over:
            return False
        return not self.fresh_hand and self.match.phase is not Phase.HAND_OVER

    def _seat_person(self, seat: Seat, name: str, token: str, *, reclaim: bool) -> None:
        seat.name, seat.kind, seat.token, seat.bot = name, "human", token, None
        seat.ready = seat.away = False
        self.version += 1
        log.info(
            "table %s: %s %s seat %d",
            self.code,
            name,
            "back in" if reclaim else "sits at",
            seat.index,
        )
        self._tell_seat(seat)

    def welcome(self, seat: int) -> p.Welcome:
        s = self.seats[seat]
        assert s.token is not None
        return p.Welcome(
            version=p.PROTOCOL_VERSION,
            code=self.code,
            seat=seat,
            token=s.token,
            host=self.host,
            rules=p.RulesSpec.of(self.rules),
            level=self.level,  # type: ignore[arg-type]
            turn_seconds=self.turn_seconds,
            seats=[x.info() for x in self.seats],
            started=self.started,
            view=None if self.match is None else self.match.view(seat).to_dict(),
        )

    def drop(self, seat: int, why: str) -> None:
        """The person at ``seat`` left or lost the connection: a bot takes the seat at once
        (before the deal the seat is simply free again; the host leaving closes the table)."""
        s = self.seats[seat]
        if s.kind != "human":
            return
        log.info("table %s: %s left seat %d (%s)", self.code, s.name, seat, why)
        if not self.started:
            if seat == self.host:
                self.close("host-left", "The host left the table")
                return
            s.name, s.kind, s.token = "", "empty", None
        else:
            self._bot_sits(s)
        self.version += 1
        self._tell_seat(s)
        self._deal_on_if_ready()

    def _bot_sits(self, seat: Seat) -> None:
        seat.kind = "bot"
        seat.bot = self.make_bot(self.level, f"{self.seed}/{seat.index}")
        if not seat.name:
            taken = {s.name for s in self.seats}
            seat.name = next((n for n in BOT_NAMES if n not in taken), f"Bot {seat.index + 1}")

    def close(self, code: str, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        self._broadcast(p.Closed(code=code, reason=reason))
        log.info("table %s: closed (%s)", self.code, code)

    # -- messages from a seated person ---------------------------------------------------------

    def receive_frame(self, seat: int, raw: bytes | str) -> p.ClientMessage | None:
        """One websocket frame from ``seat``: decoded strictly, then :meth:`receive`; a frame
        that cannot be decoded gets an error saying why, and changes nothing."""
        try:
            message = p.decode_client(raw)
        except p.ProtocolError as exc:
            self._error(seat, exc.code, exc.reason)
            return None
        self.receive(seat, message)
        return message

    def receive(self, seat: int, message: p.ClientMessage) -> None:
        """One decoded message from the person at ``seat``; every refusal is told, and leaves
        the table as it was."""
        if self.closed:
            return
        if self.seats[seat].kind != "human" and not isinstance(message, p.Leave):
            # A bot plays this seat now (the host handed it over): nothing from the old
            # connection is applied; it takes the seat back with hello and its token.
            self._error(seat, "not-seated", SEAT_HANDED_OVER, force=True)
            return
        if self.seats[seat].away and isinstance(message, p.Play | p.Ready):
            self._back(self.seats[seat])  # the person acts again: no longer away
        match message:
            case p.Play():
                self._play(seat, message.move)
            case p.Ready():
                self._ready(seat)
            case p.Start():
                self._start(seat)
            case p.GiveToBot():
                self._give_to_bot(seat, message.seat)
            case p.Again():
                self._again(seat)
            case p.Leave():
                self.drop(seat, "left")
            case p.Hello() | p.Create():
                self._error(seat, "malformed", "You are already seated at this table")

    def _error(self, seat: int, code: str, reason: str, *, force: bool = False) -> None:
        log.warning("table %s seat %d: %s: %s", self.code, seat, code, reason)
        if force:  # to the connection that still holds the seat's place, a person's or not
            self.outbox.append((seat, p.encode(p.Error(code=code, reason=reason))))
        else:
            self._send(seat, p.Error(code=code, reason=reason))

    def _play(self, seat: int, text: str) -> None:
        try:
            move = _PLAYS.get(text) or Move.parse(text)
        except ValueError as exc:
            self._send(seat, p.Refused(move=text, reason=str(exc)))
            return
        if self.match is None:
            self._send(seat, p.Refused(move=text, reason="The game has not started yet"))
            return
        try:
            events = self.match.apply(seat, move)
        except IllegalMove as exc:
            hand = self.match.hand
            refused = p.refused(text, exc, hand.led_suit, hand.first_lead)
            if self.seats[seat].protocol < 3:  # a version 2 program would not decode the code
                refused = p.Refused(move=text, reason=refused.reason)
            self._send(seat, refused)
            return
        self._applied(seat, move, events)

    def _applied(self, seat: int, move: Move, events: list[Event]) -> None:
        assert self.match is not None
        self.moves.append((seat, move))
        self.version += 1
        self.fresh_hand = False
        if self.match.phase is Phase.HAND_OVER:
            for s in self.seats:
                s.ready = s.kind != "human"
        self._send_events(events)
        if self.match.is_over:
            totals = " ".join(map(str, self.match.totals))
            log.info(
                "table %s: game over, totals %s, winners %s",
                self.code,
                totals,
                list(self.match.winners),
            )
            if self.on_game_over is not None:
                self.on_game_over(self)
        self._deal_on_if_ready()

    # -- the turn timer -------------------------------------------------------------------------

    def owing(self) -> list[tuple[int, tuple[object, ...]]]:
        """The people the table waits for now, each with what they owe (a move of this hand
        at this point, or their OK on the score): the turn timer counts from when it began."""
        m = self.match
        if m is None or self.closed or m.is_over or not self.turn_seconds:
            return []
        if m.phase is Phase.HAND_OVER:
            key: tuple[object, ...] = (m.hand_number, "ready")
            return [(s.index, key) for s in self.seats if s.kind == "human" and not s.ready]
        step = len(self.moves) if m.phase is not Phase.PASS else -1  # a pass is one decision
        key = (m.hand_number, m.phase.value, step)
        return [(seat, key) for seat in m.to_act() if self.seats[seat].kind == "human"]

    def time_out(self, seat: int) -> BotTurn | None:
        """The person at ``seat`` let the time run out: they are away (said to everyone), and
        the computer owes their move (a :class:`BotTurn`, its decision given back to
        :meth:`bot_move`); at the score, they are ready."""
        s, m = self.seats[seat], self.match
        if m is None or s.kind != "human":
            return None
        if not s.away:
            s.away = True
            log.info("table %s: %s's time ran out at seat %d", self.code, s.name, seat)
            self._tell_seat(s)
        if m.phase is Phase.HAND_OVER:
            s.ready = True
            self._deal_on_if_ready()
            return None
        player = self.make_bot(self.level, f"{self.seed}/{seat}")
        return BotTurn(seat, player, m.view(seat), self.version, for_person=True)

    def _still_owes(self, turn: BotTurn) -> bool:
        """A person's timed-out pass is still theirs to make, whatever others passed since."""
        m = self.match
        return (
            turn.for_person
            and m is not None
            and m.phase is Phase.PASS is turn.view.phase
            and m.hand_number == turn.view.hand_number
            and turn.seat in m.to_act()
        )

    def _back(self, seat: Seat) -> None:
        seat.away = False
        log.info("table %s: %s is back at seat %d", self.code, seat.name, seat.index)
        self._tell_seat(seat)

    def _ready(self, seat: int) -> None:
        if self.match is None or self.match.phase is not Phase.HAND_OVER:
            self._error(seat, "malformed", "There is no score to acknowledge now")
            return
        self.seats[seat].ready = True
        self._deal_on_if_ready()

    def _deal_on_if_ready(self) -> None:
        m = self.match
        if m is None or m.phase is not Phase.HAND_OVER or m.is_over:
            return
        if all(s.ready or s.kind != "human" for s in self.seats):
            self.version += 1
            self.fresh_hand = True
            self._send_events(m.next_hand())

    def _start(self, seat: int) -> None:
        if seat != self.host:
            self._error(seat, "not-host", "Only the host may start the game")
            return
        if self.started:
            self._error(seat, "malformed", "The game has already started")
            return
        for s in self.seats:
            if s.kind == "empty":
                self._bot_sits(s)
                self._tell_seat(s)
        self.match = Match.new(self.rules, self.seed)
        self.version += 1
        self.fresh_hand = True
        log.info(
            "table %s: game starts, seats %s",
            self.code,
            ", ".join(f"{s.name} ({s.kind})" for s in self.seats),
        )
        self._send_events([self.match.start_event()])

    def _again(self, seat: int) -> None:
        """(host) Another game at the same table once this one is over: the same seats, a new
        deal (each game its own seed), the host's seat dealing first again."""
        if seat != self.host:
            self._error(seat, "not-host", "Only the host may deal a new game")
            return
        if self.match is None or not self.match.is_over:
            self._error(seat, "malformed", "The game is not over")
            return
        self.games += 1
        self.match = Match.new(self.rules, f"{self.seed}/game{self.games}")
        for s in self.seats:
            s.ready = False
        self.version += 1
        self.fresh_hand = True
        log.info("table %s: game %d starts", self.code, self.games + 1)
        self._send_events([self.match.start_event()])

    def _give_to_bot(self, seat: int, target: int) -> None:
        if seat != self.host:
            self._error(seat, "not-host", "Only the host may hand a seat to a bot")
            return
        if not 0 <= target < len(self.seats) or target == seat:
            self._error(seat, "malformed", "There is no such other seat at this table")
            return
        s = self.seats[target]
        if self.started and s.kind == "bot" and s.token is not None:
            # Asked again for a seat a bot already plays for someone: the host frees it. The
            # person's token no longer takes it back; a newcomer may sit at the next deal.
            log.info("table %s: the host frees %s's seat %d", self.code, s.name, target)
            s.token, s.name = None, ""
            self._bot_sits(s)
            self.version += 1
            self._tell_seat(s)
            return
        if not self.started or s.kind != "human":
            self._error(seat, "malformed", "Only a person's seat in a game can go to a bot")
            return
        # The person keeps the token to reclaim the seat; their connection stays open and is
        # told at once (a seat message for their own seat, kind bot), and any move it sends
        # from now on is answered not-seated.
        self.drop(target, "handed to a bot by the host")
        info = s.info()
        self.outbox.append(
            (target, p.encode(p.SeatUpdate(seat=info.seat, name=info.name, kind=info.kind)))
        )

    # -- bots ----------------------------------------------------------------------------------

    def bot_turns(self) -> list[BotTurn]:
        """The bots that owe a move now (none while no person is connected: the table waits
        for someone to come back rather than playing on for nobody)."""
        if self.match is None or self.closed or not self.connected():
            return []
        turns = []
        for seat in self.match.to_act():
            s = self.seats[seat]
            if s.kind == "bot" and s.bot is not None:
                turns.append(BotTurn(seat, s.bot, self.match.view(seat), self.version))
        return turns

    def bot_move(self, turn: BotTurn, move: Move) -> bool:
        """A bot's decision; applied only if the table has not moved on since it was asked."""
        if self.closed or self.match is None:
            return False
        if turn.version != self.version and not self._still_owes(turn):
            return False
        if self.seats[turn.seat].kind != ("human" if turn.for_person else "bot"):
            return False
        try:
            events = self.match.apply(turn.seat, move)
        except IllegalMove as exc:  # a bot is a player like any other: the engine checks it
            log.error("table %s: bot at seat %d refused: %s", self.code, turn.seat, exc)
            return False
        self._applied(turn.seat, move, events)
        return True

    # -- what goes out -------------------------------------------------------------------------

    def _send(self, seat: int, message: p.ServerMessage) -> None:
        if self.seats[seat].kind == "human":
            self.outbox.append((seat, p.encode(message)))

    def _broadcast(self, message: p.ServerMessage) -> None:
        data = p.encode(message)
        self.outbox.extend((s, data) for s in self.connected())

    def _tell_seat(self, seat: Seat) -> None:
        info = seat.info()
        self._broadcast(p.SeatUpdate(seat=info.seat, name=info.name, kind=info.kind))

    def _send_events(self, events: list[Event]) -> None:
        match = self.match
        assert match is not None
        seats = self.connected()
        # The views of every seat at once: the public play is worked out and encoded once.
        for seat, data in zip(seats, p.encode_updates(events, match.views(seats)), strict=True):
            self.outbox.append((seat, data))

    def take_outbox(self) -> list[tuple[int, bytes]]:
        out, self.outbox = self.outbox, []
        return out
