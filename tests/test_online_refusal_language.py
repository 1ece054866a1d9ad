"""A move the host's table refuses is said in the player's language (the window said the
server's English sentence to a French player). The ``refused`` message carries the engine's
reason by name (``code``) with the suit or card its sentence names, beside the English
``reason`` (docs/protocol.md); a program of version 2 gets the message it knew, and a code this
program does not know, or a malformed one, falls back to the English sentence."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from game.engine.legality import Reason
from game.engine.moves import Move
from game.engine.source import MoveRefused
from game.net import protocol as p
from game.net.client import Address, RemoteTable, Status
from scenes.core import i18n
from scenes.core.app import App, Options
from tests.helpers.net import LOOPBACK, dealt_to_bea, serving
from tests.helpers.online_forms import window_at_the_pass
from tests.helpers.protocol_peer import Peer
from tests.helpers.window import shoot, until

SUITS = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
NOT_PLAYING_FR = "Ce n'est pas le moment de jouer une carte"


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 90))


def _suit(card: str) -> str:
    return SUITS[card[-1]]


async def _refused_until_follow_suit(ada: Peer, view: dict[str, Any]) -> dict[str, Any]:
    """Play Ada's seat (a card after another until the table takes one, as the document
    allows) until she may follow the suit led and holds another: then that other card, whose
    ``refused`` is returned."""
    tried: set[str] = set()
    while True:
        if view["phase"] == "play" and view["turn"] == view["seat"]:
            trick, hand = view["trick"], view["hand"]
            led = _suit(trick[0]) if trick else ""
            other = [c for c in hand if _suit(c) != led]
            if led and other and len(other) < len(hand):
                await ada.send({"type": "move", "move": f"play {other[0]}"})
                return await ada.expect("refused")
            card = next(c for c in hand if c not in tried)
            tried.add(card)
            await ada.send({"type": "move", "move": f"play {card}"})
        message = await ada.next(10)
        assert message is not None, "the table went quiet"
        if message["type"] == "update":
            view, tried = message["view"], set()
        elif message["type"] in ("error", "closed"):
            raise AssertionError(message)


def test_a_refused_move_names_the_engines_reason_on_the_wire() -> None:
    """A client written from the document alone sees ``code`` (and ``suit`` when the sentence
    names one) beside the English ``reason``."""
    with serving(seed_of=lambda code: 3) as server:

        async def test() -> None:
            ada = await Peer.create(server.port, "Ada", level="easy")
            await ada.send({"type": "start"})
            view = (await ada.expect("update"))["view"]
            await ada.send({"type": "move", "move": f"play {view['hand'][0]}"})
            refused = await ada.expect("refused")
            assert refused["code"] == "NOT_PLAYING", refused
            assert refused["reason"] == "Cards are not being played now"
            assert "suit" not in refused and "card" not in refused
            await ada.send({"type": "move", "move": "pass " + " ".join(view["hand"][:3])})
            view = (await ada.expect("update"))["view"]
            refused = await _refused_until_follow_suit(ada, view)
            led = refused["suit"]
            assert refused["code"] == "MUST_FOLLOW_SUIT" and led in SUITS.values(), refused
            assert refused["reason"] == f"You must follow {led}"
            await ada.close()

        run(test)


def test_the_document_names_every_code() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text("utf-8")
    missing = [reason.name for reason in Reason if f"`{reason.name}`" not in text]
    assert missing == [] and len(Reason) > 10


def test_a_version_2_program_is_seated_and_refused_as_it_knew() -> None:
    """A program of version 2 (which decoded ``refused`` strictly) still plays: its refusals
    come without the new fields."""
    with serving(seed_of=lambda code: 3) as server:

        async def test() -> None:
            old = await Peer.open(server.port, "/new")
            await old.send({"type": "create", "version": 2, "name": "Old", "level": "easy"})
            welcome = await old.expect("welcome")
            assert welcome["seat"] == 0
            await old.send({"type": "start"})
            view = (await old.expect("update"))["view"]
            await old.send({"type": "move", "move": f"play {view['hand'][0]}"})
            refused = await old.expect("refused")
            assert set(refused) == {"type", "move", "reason"}, refused
            await old.close()
            # Older still: version 1 is told the table speaks another version.
            older = await Peer.open(server.port, "/new")
            await older.send({"type": "create", "version": 1, "name": "Older"})
            assert (await older.expect("error"))["code"] == "version"
            await older.close()

        run(test)


def _offline_table() -> RemoteTable:
    """A client that never connects: the test hands it the server's frames itself."""
    table = RemoteTable(Address(LOOPBACK, 9), p.Hello(version=3, name="Ada"), "/t/X")
    table.status = Status.SEATED
    return table


HOSTILE_CODES: list[dict[str, Any]] = [
    {"code": "RULE_OF_A_NEWER_TABLE"},
    {"code": "__class__"},
    {"code": 7},
    {"code": None},
    {"code": ["MUST_FOLLOW_SUIT"]},
    {"code": "MUST_FOLLOW_SUIT"},  # names no suit
    {"code": "MUST_FOLLOW_SUIT", "suit": "stars"},
    {"code": "MUST_FOLLOW_SUIT", "suit": 3},
    {"code": "MUST_LEAD_LOWEST_CLUB", "card": "ZZ"},
    {"code": "MUST_LEAD_LOWEST_CLUB", "card": {"rank": 2}},
    {"code": "x" * 1000},
]


@pytest.mark.parametrize("fields", HOSTILE_CODES, ids=json.dumps)
def test_an_unknown_or_malformed_code_falls_back_to_the_english_sentence(
    fields: dict[str, Any],
) -> None:
    table = _offline_table()
    frame = {"type": "refused", "move": "play QS", "reason": "Some newer rule", **fields}
    assert table._receive(json.dumps(frame))
    [update] = table.poll()
    assert isinstance(update, MoveRefused) and update.code is None
    i18n.set_language("fr")
    try:
        assert i18n.refused_message(update) == "Some newer rule"
    finally:
        i18n.set_language("en")


def test_a_known_code_is_said_in_french_with_its_suit_and_card() -> None:
    table = _offline_table()
    frames = [
        {"code": "MUST_FOLLOW_SUIT", "suit": "diamonds"},
        {"code": "MUST_LEAD_LOWEST_CLUB", "card": "3C"},
        {"code": "NOT_PLAYING"},
    ]
    for fields in frames:
        frame = {"type": "refused", "move": "play QS", "reason": "English", **fields}
        assert table._receive(json.dumps(frame))
    updates = table.poll()
    i18n.set_language("fr")
    try:
        said = [i18n.refused_message(u) for u in updates if isinstance(u, MoveRefused)]
    finally:
        i18n.set_language("en")
    assert said == ["Vous devez fournir à carreau", "Vous devez entamer le 3♣", NOT_PLAYING_FR]


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(1280, 800), lang="fr", speed="instant")


def test_the_hosts_refusal_is_said_in_french_at_the_table(app: App, shots: Path) -> None:
    """Bea, in French at Ada's table, plays a card while the cards are being passed: the help
    line says the table's refusal in French."""
    with serving(seed_of=lambda code: 3) as server:
        ada, bea = dealt_to_bea(Address(LOOPBACK, server.port))
        try:
            table = window_at_the_pass(app, bea)
            bea.send(Move.play(table.model.hand[0]))
            until(app, lambda: table.status_text() == NOT_PLAYING_FR, 10)
            assert table.status_text() == NOT_PLAYING_FR
            assert table.message != Reason.NOT_PLAYING.value
            shoot(app, shots, "refused_fr.png")
        finally:
            bea.close()
            ada.close()
