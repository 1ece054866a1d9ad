"""The online table's messages: the engine's events on the wire both ways, and strict decoding."""

from __future__ import annotations

import json

import msgspec
import pytest

from game.engine.events import Event, event_to_dict, for_seat
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.players import RandomPlayer, decide, play_match
from game.engine.rules import MoonMode, Rules
from game.net import protocol as p


def _events(rules: Rules, seed: int) -> list[Event]:
    events: list[Event] = []
    match = Match.new(rules, seed)
    events.append(match.start_event())
    play_match(
        match, [RandomPlayer(f"{seed}/{s}") for s in range(rules.players)], on_event=events.append
    )
    return events


@pytest.mark.parametrize(
    "rules", [Rules(target=60), Rules(players=3, target=40), Rules(moon=MoonMode.SHOOTER_CHOOSES)]
)
def test_every_event_goes_over_the_wire_as_the_engine_writes_it_and_comes_back(
    rules: Rules,
) -> None:
    kinds = set()
    for seed in range(3):
        for event in _events(rules, seed):
            for seat in range(rules.players):
                mine = for_seat(event, seat)
                wire = p.encode(p.event_message(mine))
                assert json.loads(wire) == event_to_dict(mine)  # the engine's own plain form
                decoded = msgspec.json.decode(wire, type=p.EventMessage)
                assert p.to_event(decoded) == mine
                kinds.add(type(event).__name__)
    assert {
        "HandStarted",
        "PassChosen",
        "PassesExchanged",
        "CardPlayed",
        "HeartsBroken",
        "TrickWon",
        "HandScored",
        "GameOver",
    } <= kinds


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (b"", "malformed"),
        (b"\xff\xfe", "malformed"),
        (b"[]", "malformed"),
        (b'{"type": "move"}', "malformed"),  # a field is missing
        (b'{"type": "move", "move": "play QS", "extra": 1}', "malformed"),  # one too many
        (b'{"type": "bot", "seat": 9}', "malformed"),  # out of range
        (b'{"type": "bot", "seat": true}', "malformed"),  # a bool is not a seat
        (b'{"type": "hello", "version": 1, "name": ""}', "malformed"),  # an empty name
        (b'{"type": "create", "version": 1, "name": "A", "rules": {"players": 6}}', "malformed"),
        (b'{"type": "welcome"}', "unknown"),  # a server's message from a client
        (b'{"type": 7}', "malformed"),
        (b'{"type": "x" }', "unknown"),
        (json.dumps({"type": "move", "move": "x" * 3000}).encode(), "too-big"),
    ],
)
def test_bad_frames_are_named(raw: bytes, code: str) -> None:
    with pytest.raises(p.ProtocolError) as refused:
        p.decode_client(raw)
    assert refused.value.code == code
    assert refused.value.code in p.ERROR_CODES and refused.value.reason


def test_rules_go_over_the_wire_unchanged() -> None:
    for rules in (
        Rules(),
        Rules(
            players=5,
            target=50,
            jack_of_diamonds=True,
            moon=MoonMode.SHOOTER_MINUS,
            queen_breaks_hearts=True,
        ),
    ):
        spec = p.RulesSpec.of(rules)
        assert msgspec.json.decode(p._encoder.encode(spec), type=p.RulesSpec).to_rules() == rules


def _check_updates(match: Match, events: list[Event]) -> int:
    """Every seat's fast update for ``events`` against the plain one; returns the seats checked."""
    n = match.rules.players
    plain = [
        p.encode(
            p.Update(
                events=[p.event_message(for_seat(e, seat)) for e in events],
                view=match.view(seat).to_dict(),
            )
        )
        for seat in range(n)
    ]
    assert p.encode_updates(events, match.views(range(n))) == plain
    # Any few seats, in any order (the server sends only to the seats a person holds).
    some = [n - 1, 0] if n > 2 else [0]
    assert p.encode_updates(events, match.views(some)) == [plain[s] for s in some]
    assert [match.view(s) for s in range(n)] == match.views(range(n))
    return n


@pytest.mark.parametrize(
    "rules",
    [
        Rules(target=60),
        Rules(players=3, target=40),
        Rules(players=5, target=40),
        Rules(moon=MoonMode.SHOOTER_CHOOSES),
    ],
)
def test_the_servers_fast_updates_are_the_engines_views_and_events_byte_for_byte(
    rules: Rules,
) -> None:
    """The server writes each update from events encoded once and a faster form of the view:
    after every move of whole games, for every seat, its bytes are those of the plain
    ``Update(events=[for_seat...], view=SeatView.to_dict())``."""
    checked = 0
    for seed in range(2):
        match = Match.new(rules, seed)
        players = [RandomPlayer(f"{seed}/{s}") for s in range(rules.players)]
        checked += _check_updates(match, [match.start_event()])
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                checked += _check_updates(match, match.next_hand())
                continue
            seat = match.to_act()[0]
            events = match.apply(seat, decide(players[seat], match.view(seat)))
            checked += _check_updates(match, events)
    assert checked > 500


def test_docs_protocol_names_every_message_code_and_limit() -> None:
    """docs/protocol.md documents the protocol: every message, event and error code defined in
    game/net/protocol.py, and the limits the server enforces, are written there."""
    from pathlib import Path
    from typing import get_args

    from game.net import table_server as server

    text = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text("utf-8")
    union = (*get_args(p.ClientMessage), *get_args(p.ServerMessage), *get_args(p.EventMessage))
    for message in union:
        assert f"`{message.__struct_config__.tag}`" in text, message
    for code in p.ERROR_CODES:
        assert f"`{code}`" in text, code
    assert f"(version {p.PROTOCOL_VERSION})" in text
    for figure in (
        f"{p.MAX_CLIENT_MESSAGE} bytes",
        f"{p.MAX_FRAME} bytes",
        f"{server.RATE:g} a second ({server.BURST:g} at once)",
        f"{server.HELLO_TIMEOUT:g} s to say hello",
        f"{server.IDLE_TIMEOUT:g} s of silence",
        f"waits {server.ABANDON_AFTER / 60:g} minutes",
        f"{p.CODE_RANDOM_CHARS} characters",
        f"{5 * p.CODE_RANDOM_CHARS} random bits",
    ):
        assert figure in text, figure
