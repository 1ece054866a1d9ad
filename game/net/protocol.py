"""The online table's messages: JSON objects over a websocket, versioned, decoded strictly.

Every message is a JSON object whose ``"type"`` names it. What a client may send is a closed set
of :mod:`msgspec` structs: a frame that is not JSON, too big, of an unknown type, with a missing,
extra or wrongly typed field is refused by :func:`decode_client` with a :class:`ProtocolError`
saying why, before anything else reads it. ``docs/protocol.md`` documents the exchange.

>>> decode_client(b'{"type": "move", "move": "play QS"}')
Play(move='play QS')
>>> decode_client(b'{"type": "move", "move": 7}')
Traceback (most recent call last):
...
game.net.protocol.ProtocolError: malformed: Expected `str`, got `int` - at `$.move`
>>> decode_client(b'{"type": "shuffle"}')
Traceback (most recent call last):
...
game.net.protocol.ProtocolError: unknown: Invalid value 'shuffle' - at `$.type`
>>> encode(Refused(move="play QS", reason="Follow suit"))
b'{"type":"refused","move":"play QS","reason":"Follow suit"}'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Any, Final, Literal

import msgspec

from game.engine import events as ev
from game.engine.codec import (
    CARD_NAMES,
    card_names,
    direction_name,
    names_of,
    rules_from,
)
from game.engine.events import for_seat
from game.engine.legality import NO_LED_SUIT, SUIT_NAMES, IllegalMove, Reason, reason_blanks
from game.engine.rules import Rules
from game.engine.view import VIEW_FORMAT, VIEW_VERSION, SeatView
from game.net.event_wire import (
    CardPlayedMsg as CardPlayedMsg,
)
from game.net.event_wire import (
    EventMessage as EventMessage,
)
from game.net.event_wire import (
    ExtraHandMsg as ExtraHandMsg,
)
from game.net.event_wire import (
    GameOverMsg as GameOverMsg,
)
from game.net.event_wire import (
    HandScoredMsg as HandScoredMsg,
)
from game.net.event_wire import (
    HandStartedMsg as HandStartedMsg,
)
from game.net.event_wire import (
    HeartsBrokenMsg as HeartsBrokenMsg,
)
from game.net.event_wire import (
    MoonChoiceNeededMsg as MoonChoiceNeededMsg,
)
from game.net.event_wire import (
    PassChosenMsg as PassChosenMsg,
)
from game.net.event_wire import (
    PassesExchangedMsg as PassesExchangedMsg,
)
from game.net.event_wire import (
    TrickWonMsg as TrickWonMsg,
)
from game.net.event_wire import (
    event_message as event_message,
)
from game.net.event_wire import (
    to_event as to_event,
)

PROTOCOL_VERSION: Final = 3
"""Bumped whenever a message changes shape; a client of another version is told so."""
OLDEST_VERSION: Final = 2
"""The oldest version a table still seats: version 2 differs only by ``refused`` without
``code``, ``suit`` and ``card``, which a version 2 client would not decode (it gets none)."""
MAX_CLIENT_MESSAGE: Final = 2048
"""Bytes. The longest honest client message (``create``) is about 250."""
MAX_FRAME: Final = 4 * MAX_CLIENT_MESSAGE
"""The websocket frame cap on the server: bigger frames close the connection (code 1009)."""
MAX_SERVER_MESSAGE: Final = 1 << 20
"""The client's frame cap: a view with every trick of a 5-player hand is about 3 kB."""
CODE_ALPHABET: Final = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""Table codes: 32 letters and digits, none that reads like another (no 0/O, 1/I)."""
CODE_RANDOM_CHARS: Final = 8
"""8 characters of 5 bits: 40 random bits in every code (at least 30 are asked for)."""
LEVELS: Final = ("easy", "medium", "hard")
BOT_NAMES: Final = ("Hops", "Pip", "Shelly", "Lily", "Fern")
"""The computer players' names (the frog and its friends of the rule pages); a seat a bot
plays under another name is a person's, kept for them (a client shows it as away)."""
CLOSE_TAKEN_OVER: Final = 4001
"""The websocket close code of a connection whose seat was taken back from another one."""
TAKEN_OVER: Final = "Your seat is now played from another window"
"""The reason of the ``closed`` message (code ``taken-over``) that precedes that close."""

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=24)]
Token = Annotated[str, msgspec.Meta(min_length=8, max_length=64)]
SeatNumber = Annotated[int, msgspec.Meta(ge=0, le=4)]
MoveText = Annotated[str, msgspec.Meta(max_length=40)]
Level = Literal["easy", "medium", "hard"]
SeatKind = Literal["human", "away", "bot", "empty"]
TurnSeconds = Annotated[int, msgspec.Meta(ge=0, le=600)]  # the turn timer; 0: off


class _Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    pass


class RulesSpec(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """:class:`game.engine.rules.Rules` on the wire (every field optional: the classic game)."""

    players: Literal[3, 4, 5] = 4
    target: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 100
    queen_breaks_hearts: bool = False
    moon: Literal["others+26", "shooter-26", "shooter-chooses"] = "others+26"
    jack_of_diamonds: bool = False
    tie: Literal["play-on", "shared"] = "play-on"

    def to_rules(self) -> Rules:
        return rules_from(**msgspec.structs.asdict(self))

    @classmethod
    def of(cls, rules: Rules) -> RulesSpec:
        return msgspec.convert(rules.to_dict(), cls)


# -- client to server ----------------------------------------------------------------------------


class Hello(_Message, tag="hello", frozen=True):
    """First message on ``/t/<code>``: sit at that table (``token`` reclaims one's seat)."""

    version: int
    name: Name
    token: Token | None = None


class Create(_Message, tag="create", frozen=True):
    """First message on ``/new``: open a table with these rules and sit at it as its host."""

    version: int
    name: Name
    rules: RulesSpec = RulesSpec()
    level: Level = "medium"
    turn_seconds: TurnSeconds = 0


class Play(_Message, tag="move", frozen=True):
    """The seat's intention, in the engine's notation: "pass 2C 3C 4C", "play QS", "moon -26"."""

    move: MoveText


class Ready(_Message, tag="ready", frozen=True):
    """The seat has seen the hand's score: the next hand is dealt when every person is ready."""


class Start(_Message, tag="start", frozen=True):
    """(host) Deal: bots sit in the empty seats."""


class GiveToBot(_Message, tag="bot", frozen=True):
    """(host) A bot plays ``seat`` from now on (an idle friend's); its owner may reclaim it."""

    seat: SeatNumber


class Leave(_Message, tag="leave", frozen=True):
    """The person leaves the table (a bot takes the seat)."""


class Again(_Message, tag="again", frozen=True):
    """(host) The game is over: another at the same table, the same people in the same seats."""


ClientMessage = Hello | Create | Play | Ready | Start | GiveToBot | Leave | Again


# -- server to client ----------------------------------------------------------------------------


class SeatInfo(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    seat: int
    name: str
    kind: SeatKind


class Welcome(_Message, tag="welcome", frozen=True):
    """You sit at ``seat`` of table ``code``; keep ``token`` to reclaim the seat after a drop."""

    version: int
    code: str
    seat: int
    token: str
    host: int  # the host's seat
    rules: RulesSpec
    level: Level
    seats: list[SeatInfo]
    started: bool
    view: dict[str, Any] | None  # SeatView.to_dict() once dealt
    turn_seconds: int = 0  # the host's turn timer (0: off)


class SeatUpdate(_Message, tag="seat", frozen=True):
    """Who sits where changed: someone joined, left, or a bot took over."""

    seat: int
    name: str
    kind: SeatKind


class Update(_Message, tag="update", frozen=True):
    """What one move (or a new deal) caused, as this seat may see it, and its view after."""

    events: list[EventMessage]
    view: dict[str, Any]


class Refused(_Message, tag="refused", frozen=True, omit_defaults=True):
    """The engine refused the seat's move; nothing changed. ``reason`` is the English sentence;
    ``code`` the engine's :class:`~game.engine.legality.Reason` by name, with the suit or card
    the sentence names, for a client to say it in its own language ("" when there is none)."""

    move: str
    reason: str
    # Read leniently (any JSON value): a code of the wrong type or one this program does not
    # know is not a reason to lose the refusal, whose ``reason`` is then said as it is.
    code: object = ""  # a Reason's name ("MUST_FOLLOW_SUIT"); "": say ``reason``
    suit: object = ""  # the suit the sentence names ("diamonds"), if it names one
    card: object = ""  # the card the sentence names ("2C"), if it names one


class Error(_Message, tag="error", frozen=True):
    """A message the table could not take; nothing changed. ``code`` is one of ERROR_CODES."""

    code: str
    reason: str


class Closed(_Message, tag="closed", frozen=True):
    """The table is closed (``code``: host-left, shutdown, idle) or, for this connection only,
    ``taken-over`` (the seat was taken back from another connection); a flooder gets an ``Error``
    with code flood before its connection closes, see docs/protocol.md)."""

    code: str
    reason: str


ServerMessage = Welcome | SeatUpdate | Update | Refused | Error | Closed


def refused(move: str, exc: IllegalMove, led_suit: int, first_lead: int) -> Refused:
    """The ``refused`` message for a move the engine refused with ``exc`` (``led_suit`` and
    ``first_lead`` are the hand's, as the engine's sentence names them).

    >>> from game.engine.legality import IllegalPlay, Reason
    >>> encode(refused("play QS", IllegalPlay(Reason.MUST_FOLLOW_SUIT, "You must follow hearts"), 3, 0))
    b'{"type":"refused","move":"play QS","reason":"You must follow hearts","code":"MUST_FOLLOW_SUIT","suit":"hearts"}'
    """  # noqa: E501
    blanks = reason_blanks(exc.reason, led_suit, first_lead)
    return Refused(
        move=move,
        reason=str(exc),
        code=exc.reason.name,
        suit="" if blanks.suit is None else SUIT_NAMES[blanks.suit],
        card="" if blanks.card is None else CARD_NAMES[int(blanks.card)],
    )


def refusal_of(message: Refused) -> tuple[Reason, int, int] | None:
    """The engine's reason of a ``refused`` message with the led suit and the opening card its
    sentence names, or None when it has no code, or one this program does not know (a newer
    table's) or that names no suit or card it should: the client then says ``reason``.

    >>> refusal_of(Refused(move="play 2H", reason="...", code="MUST_FOLLOW_SUIT", suit="clubs"))
    (<Reason.MUST_FOLLOW_SUIT: 'You must follow {suit}'>, 0, 0)
    >>> refusal_of(Refused(move="play 2H", reason="...", code="MUST_FOLLOW_SUIT", suit="stars"))
    """
    code, suit, card = message.code, message.suit, message.card
    reason = Reason.__members__.get(code) if isinstance(code, str) else None
    if reason is None:
        return None
    led_suit, first_lead = NO_LED_SUIT, 0
    if "{suit}" in reason.value:
        if not isinstance(suit, str) or suit not in SUIT_NAMES:
            return None
        led_suit = SUIT_NAMES.index(suit)
    if "{card}" in reason.value:
        if not isinstance(card, str) or card not in CARD_NAMES:
            return None
        first_lead = CARD_NAMES.index(card)
    return reason, led_suit, first_lead


# -- encoding and strict decoding ----------------------------------------------------------------

ERROR_CODES: Final = {
    "malformed": "The message is not one this table understands",
    "too-big": "The message is too long",
    "unknown": "There is no such kind of message",
    "version": "The table speaks another version of the protocol",
    "wrong-code": "There is no table with this code",
    "refused": "The table did not let you sit",
    "not-host": "Only the host may do that",
    "not-seated": "Sit at a table first",
    "flood": "Too many messages: slow down",
    "idle": "Nothing was heard from you for too long",
}


class ProtocolError(ValueError):
    """A message that cannot be taken; ``code`` is one of :data:`ERROR_CODES`."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason

    def message(self) -> Error:
        return Error(code=self.code, reason=self.reason)


_encoder: Final = msgspec.json.Encoder()
_client_decoder: Final = msgspec.json.Decoder(ClientMessage)
_server_decoder: Final = msgspec.json.Decoder(ServerMessage)


def encode(message: ClientMessage | ServerMessage | EventMessage) -> bytes:
    return _encoder.encode(message)


# -- the server's hot path: an update per seat per move ------------------------------------------
#
# A move sends every seated person an ``update``: the same events (but for the exchange of
# passes) and that seat's view. Of a view, only the seat's own cards differ from one seat to the
# next: the rest (the public play) and the events are encoded once per move, and each seat's
# bytes are put together from the pieces, exactly the bytes ``encode(Update(...))`` would be
# (msgspec writes an object's fields in order, with no spaces). tests/test_net_protocol.py checks
# them against the engine's own forms after every move of whole games.

_RULES_JSON: dict[Rules, bytes] = {}


def _fields(data: dict[str, Any]) -> bytes:
    """The encoded fields of an object, without its braces: ``"a":1,"b":[2]``."""
    return _encoder.encode(data)[1:-1]


_UPDATE_HEAD: Final = b'{"type":"update","events":['
_VIEW_HEAD: Final = (
    b'],"view":{' + _fields({"format": VIEW_FORMAT, "version": VIEW_VERSION}) + b',"seat":'
)


_CARDS_JSON: dict[int, bytes] = {}
_CARDS_JSON_MOST: Final = 1 << 16  # sets of cards remembered (a few MB) before starting afresh


def _cards_json(mask: int) -> bytes:
    """The names of a set of cards as JSON, remembered: of the hands in the updates of a move,
    all but the player's are the ones the last move sent."""
    data = _CARDS_JSON.get(mask)
    if data is None:
        if len(_CARDS_JSON) >= _CARDS_JSON_MOST:
            _CARDS_JSON.clear()
        data = _CARDS_JSON[mask] = _encoder.encode(names_of(mask))
    return data


_TRICKS_JSON: dict[tuple[int, tuple[int, ...], int], bytes] = {}


def _trick_json(trick: tuple[int, tuple[int, ...], int]) -> bytes:
    """A finished trick of a view as JSON, remembered: every move of a hand sends them again."""
    data = _TRICKS_JSON.get(trick)
    if data is None:
        if len(_TRICKS_JSON) >= _CARDS_JSON_MOST:
            _TRICKS_JSON.clear()
        leader, cards, winner = trick
        data = _TRICKS_JSON[trick] = _encoder.encode((leader, card_names(cards), winner))
    return data


def event_bytes(event: ev.Event) -> bytes:
    """One event (already filtered with :func:`game.engine.events.for_seat`), encoded."""
    return _encoder.encode(event_message(event))


def encode_updates(events: Sequence[ev.Event], views: Sequence[SeatView]) -> list[bytes]:
    """For each view, the bytes of ``encode(Update(events=[event_message(for_seat(e, seat))
    for e in events], view=view.to_dict()))``, made faster. The views are one match's at one
    moment (:meth:`game.engine.match.Match.views`): what they show alike is encoded once, from
    the first (only :data:`game.engine.view.PRIVATE_FIELDS` are read from each).

    >>> from game.engine.match import Match
    >>> match = Match.new(Rules(), 1)
    >>> events = [match.start_event()]
    >>> fast = encode_updates(events, match.views(range(4)))
    >>> plain = [
    ...     encode(Update(events=[event_message(e) for e in events], view=v.to_dict()))
    ...     for v in match.views(range(4))
    ... ]
    >>> fast == plain
    True
    """
    if not views:
        return []
    public, ending = _shared_view_json(views[0])
    # Each event encoded once for every seat; only the exchange of passes differs from seat to
    # seat (for_seat keeps the cards a seat passed and received, hides the rest).
    shared: list[bytes | None] = [None] * len(events)
    out = []
    for view in views:
        seat = view.seat
        mine = []
        for i, event in enumerate(events):
            seen = for_seat(event, seat)
            if seen is event:
                data = shared[i]
                if data is None:
                    data = shared[i] = event_bytes(event)
            else:
                data = event_bytes(seen)
            mine.append(data)
        private = b"".join(
            (
                b'"hand":',
                _cards_json(view.hand),
                b',"passed":',
                _cards_json(view.passed),
                b',"received":',
                _cards_json(view.received),
            )
        )
        out.append(
            b"".join(
                (
                    _UPDATE_HEAD,
                    b",".join(mine),
                    _VIEW_HEAD,
                    str(seat).encode(),
                    public,
                    private,
                    ending,
                )
            )
        )
    return out


def _shared_view_json(first: SeatView) -> tuple[bytes, bytes]:
    """What every seat's view shows alike: the JSON before its private fields and after."""
    rules = _RULES_JSON.get(first.rules)
    if rules is None:
        rules = _RULES_JSON.setdefault(first.rules, _encoder.encode(first.rules.to_dict()))
    middle = _fields(
        {
            "phase": first.phase.value,
            "hand_number": first.hand_number,
            "dealer": first.dealer,
            "pass_direction": direction_name(first.pass_direction),
        }
    )
    play = _fields(
        {
            "pass_chosen": first.pass_chosen,
            "leader": first.leader,
            "turn": first.turn,
            "trick": card_names(first.trick),
            "trick_number": first.trick_number,
            "hearts_broken": first.hearts_broken,
            "first_lead": CARD_NAMES[first.first_lead],
        }
    )
    scores = _fields(
        {
            "card_counts": first.card_counts,
            "totals": first.totals,
            "history": first.history,
            "hand_scores": first.hand_scores,
            "moon_shooter": first.moon_shooter,
            "winners": first.winners,
        }
    )
    public = b',"rules":' + rules + b"," + middle + b","
    tricks = b",".join(map(_trick_json, first.tricks))
    ending = b"".join((b",", play, b',"tricks":[', tricks, b"],", scores, b"}}"))
    return public, ending


def decode_client(data: bytes | str) -> ClientMessage:
    """One client message, or :class:`ProtocolError` (too-big, unknown or malformed)."""
    if len(data) > MAX_CLIENT_MESSAGE:
        raise ProtocolError("too-big", f"at most {MAX_CLIENT_MESSAGE} bytes")
    try:
        message: ClientMessage = _client_decoder.decode(data)
    except msgspec.ValidationError as exc:
        text = str(exc)
        code = (
            "unknown" if text.endswith("at `$.type`") and "Invalid value" in text else "malformed"
        )
        raise ProtocolError(code, text) from None
    except (msgspec.DecodeError, UnicodeError) as exc:
        text = str(exc)
        raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
        if "truncated" in text and _HALF_CHARACTER.search(raw):
            # msgspec reads a lone high surrogate (\ud800) as text cut short.
            text = "a \\u escape names half a character (a lone surrogate)"
        raise ProtocolError("malformed", f"not JSON: {text}") from None
    return message


_HALF_CHARACTER: Final = re.compile(rb"\\u[dD][89abAB][0-9a-fA-F]{2}")


def decode_server(data: bytes | str) -> ServerMessage:
    """One server message (the client's side), or :class:`ProtocolError`."""
    try:
        message: ServerMessage = _server_decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise ProtocolError("malformed", str(exc)) from None
    except (msgspec.DecodeError, UnicodeError) as exc:
        raise ProtocolError("malformed", f"not JSON: {exc}") from None
    return message
