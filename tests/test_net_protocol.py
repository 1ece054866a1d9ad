"""The online table's messages: the engine's events on the wire both ways, and strict decoding."""

from __future__ import annotations

import json

import msgspec
import pytest

from game.events import Event, event_to_dict, for_seat
from game.match import Match
from game.net import protocol as p
from game.players import RandomPlayer, play_match
from game.rules import MoonMode, Rules


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
