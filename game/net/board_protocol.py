"""The friends' board's messages (docs/protocol.md, "The friends' board"): JSON objects over a
websocket, decoded strictly like the table's (:mod:`game.net.protocol`).

>>> decode_board_client(b'{"type": "board-show", "date": "2026-12-06"}')
Show(date='2026-12-06')
>>> decode_board_client(b'{"type": "board-show", "date": 6}')
Traceback (most recent call last):
...
game.net.protocol.ProtocolError: malformed: Expected `str`, got `int` - at `$.date`
"""

from __future__ import annotations

import datetime as _dt
from typing import Annotated, Final

import msgspec

from game.net.daily_board import MAX_RESULT_TEXT
from game.net.protocol import Name, ProtocolError, Token

BOARD_VERSION: Final = 1
MAX_BOARD_MESSAGE: Final = MAX_RESULT_TEXT * 4 + 512  # bytes: the hand's text in UTF-8, and more
DateText = Annotated[str, msgspec.Meta(min_length=10, max_length=10)]
Points = Annotated[int, msgspec.Meta(ge=-100, le=100)]


class _Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    pass


class CreateGroup(_Message, tag="board-create", frozen=True):
    """First message on ``/board/new``: a new group, with you as its first member."""

    version: int
    name: Name


class Join(_Message, tag="board-hello", frozen=True):
    """First message on ``/board/<code>``: join the group (``token`` keeps your name yours)."""

    version: int
    name: Name
    token: Token | None = None


class Result(_Message, tag="board-result", frozen=True):
    """Your result of a date's challenge: the points and the hand in the notation."""

    date: DateText
    points: Points
    hand: str  # (longer than MAX_RESULT_TEXT characters: refused too-big by the board)


class Show(_Message, tag="board-show", frozen=True):
    """Ask for the board of a date."""

    date: DateText


BoardClientMessage = CreateGroup | Join | Result | Show


class Welcome(_Message, tag="board-welcome", frozen=True):
    version: int
    code: str
    name: str
    token: str


class Line(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    points: int | None
    against_par: int | None
    week: int
    days: int
    streak: int


class BoardMessage(_Message, tag="board", frozen=True):
    date: str
    par: int | None
    lines: list[Line]


class Accepted(_Message, tag="board-accepted", frozen=True):
    date: str
    points: int


class Refused(_Message, tag="board-refused", frozen=True):
    code: str
    reason: str


class Error(_Message, tag="error", frozen=True):
    code: str
    reason: str


BoardServerMessage = Welcome | BoardMessage | Accepted | Refused | Error

_encoder: Final = msgspec.json.Encoder()
_client_decoder: Final = msgspec.json.Decoder(BoardClientMessage)
_server_decoder: Final = msgspec.json.Decoder(BoardServerMessage)


def encode_board(message: BoardClientMessage | BoardServerMessage) -> bytes:
    return _encoder.encode(message)


def decode_board_client(data: bytes | str) -> BoardClientMessage:
    """A client's message, or :class:`ProtocolError` (``too-big``, ``unknown``, ``malformed``)."""
    if len(data) > MAX_BOARD_MESSAGE:
        raise ProtocolError("too-big", "That message is too long")
    try:
        return _client_decoder.decode(data)
    except msgspec.ValidationError as exc:
        text = str(exc)
        code = "unknown" if "$.type" in text and "Invalid value" in text else "malformed"
        raise ProtocolError(code, text) from None
    except msgspec.DecodeError as exc:
        raise ProtocolError("malformed", f"not JSON: {exc}") from None


def decode_board_server(data: bytes | str) -> BoardServerMessage:
    return _server_decoder.decode(data)


def read_date(text: str) -> _dt.date:
    """A ``YYYY-MM-DD`` date, or :class:`ProtocolError` ``malformed``."""
    try:
        return _dt.date.fromisoformat(text)
    except ValueError:
        raise ProtocolError("malformed", f"{text!r} is not a date written YYYY-MM-DD") from None
