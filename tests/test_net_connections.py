"""The connection's life at an online table over loopback: drops and reconnections, what a
person is told when it goes wrong, and the limits (frame size, flooding, idle time)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Sequence
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.engine.cards import Card
from game.engine.events import GameOver
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.players import RandomPlayer
from game.engine.rules import Rules
from game.engine.source import MoveRefused, SeatChanged, TableClosed, Update
from game.engine.view import SeatView
from game.net import protocol as p
from game.net.client import Address, Problem, RemoteTable, Status
from tests.helpers.net import LOOPBACK, act, heard_until, play_until_over, serving, wait_for

# The first retry waits long enough for the server to see the cut first, even on a loaded
# machine: back before that, Ada would simply keep her seat (no bot ever sat) and the test,
# waiting for the bot's card, would stall (seen under `pytest -n auto` at load average 10+).
FAST_RETRY = (0.2, 0.2, 0.5, 1.0, 2.0)


@pytest.mark.slow
def test_fifty_drops_in_the_middle_of_tricks_and_the_game_finishes() -> None:
    """Ada's connection is cut 50 times while a trick is on the table and it is her turn: a bot
    plays for her at once (Bea is still there), she takes her seat back with her token, and the
    game finishes; every move the table made replays through the engine to the same scores."""
    with serving(seed_of=lambda code: 7) as server:
        ada = RemoteTable.host(
            server.address, "Ada", Rules(), level="easy", retry_delays=FAST_RETRY
        )
        assert ada.wait_seated()
        bea = RemoteTable.join(server.address, ada.code, "Bea")
        assert bea.wait_seated()
        ada.start()
        drops = 0
        bot_played_for_ada = 0
        players = [(ada, RandomPlayer("a")), (bea, RandomPlayer("b"))]
        done: dict[int, set[tuple[Any, ...]]] = {0: set(), 1: set()}
        seen: list[Update] = []
        deadline = time.monotonic() + 90
        while not (ada.has_view() and ada.view().phase is Phase.GAME_OVER):
            assert time.monotonic() < deadline, f"stalled after {drops} drops"
            seen.extend(ada.poll())
            bea.poll()
            view = ada.view() if ada.has_view() else None
            if (
                drops < 50
                and view is not None
                and view.my_turn
                and view.trick
                and ada.status is Status.SEATED
            ):
                before = ada.reconnects
                hand_before = view.hand
                ada.drop_connection()
                drops += 1

                def reconnected(b: int = before) -> bool:
                    return ada.reconnects > b and ada.status is Status.SEATED

                def bot_played(h: int = hand_before) -> bool:
                    return ada.view().hand != h or not ada.view().my_turn

                wait_for(reconnected, what=f"Ada's reconnection after drop {drops}")
                wait_for(bot_played, what="the bot's card for Ada")
                bot_played_for_ada += ada.view().hand != hand_before
                done[0].clear()
                continue
            for table, player in players:
                act(table, player, done[table.seat])
            time.sleep(0.001)
        seen.extend(ada.poll())
        moves = server.call(lambda: list(next(iter(server.table_server.tables.values())).moves))
        ada.close()
        bea.close()
    assert drops == 50
    assert bot_played_for_ada == 50  # the bot took her seat at once every time
    assert ada.seat == 0 and ada.reconnects == 50
    # Every move the table made, replayed through the engine alone, gives the same game.
    match = Match.new(Rules(), 7)
    for seat, move in moves:
        match.apply(seat, move)
        if match.phase is Phase.HAND_OVER and not match.is_over:
            match.next_hand()
    assert match.is_over and tuple(match.totals) == ada.view().totals
    assert [e for e in seen if isinstance(e, GameOver)][-1].totals == tuple(match.totals)


def test_problems_are_told_in_words() -> None:
    with serving() as server:
        address = server.address
        # Wrong code.
        lost = RemoteTable.join(address, "ZZZZZZZZ", "Ada")
        assert not lost.wait_seated()
        assert lost.problem is Problem.WRONG_CODE
        # Version mismatch.
        old = RemoteTable(address, p.Hello(version=99, name="Ada"), "/t/ZZZZZZZZ")
        assert not old.wait_seated()
        assert old.problem is Problem.VERSION
        assert f"version {p.PROTOCOL_VERSION}" in old.problem_detail
        # Refused: the table is full.
        host = RemoteTable.host(address, "Ada", Rules(players=3))
        assert host.wait_seated()
        guests = [RemoteTable.join(address, host.code, n) for n in ("Bea", "Cy")]
        assert all(g.wait_seated() for g in guests)
        extra = RemoteTable.join(address, host.code, "Dee")
        assert not extra.wait_seated()
        assert extra.problem is Problem.REFUSED and extra.problem_detail == "The table is full"
        # A taken name is refused too.
        twin = RemoteTable.join(address, host.code, "bea")
        assert not twin.wait_seated() and twin.problem is Problem.REFUSED
        # The host leaves before the deal: everyone is told.
        host.close()
        for guest in guests:

            def told(g: RemoteTable = guest) -> bool:
                return g.status is Status.OVER

            wait_for(told, what="the host's departure")
            assert guest.problem is Problem.HOST_LEFT
            assert any(isinstance(u, TableClosed) for u in guest.poll())
    # Unreachable: nothing listens there any more.
    gone = RemoteTable.join(address, "ZZZZZZZZ", "Ada", connect_timeout=2)
    assert not gone.wait_seated()
    assert gone.problem is Problem.UNREACHABLE


def test_the_server_stopping_is_told_and_nothing_blocks() -> None:
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules())
        assert host.wait_seated()
        host.start()
        wait_for(host.has_view, what="the deal")
        started = time.monotonic()
    assert host.poll() is not None and time.monotonic() - started < 5
    wait_for(lambda: host.status is Status.OVER, what="the shutdown")
    assert host.problem is Problem.CLOSED and host.problem_detail == "The server is stopping"


def test_host_hands_an_idle_seat_to_a_bot_and_the_owner_takes_it_back() -> None:
    with serving(seed_of=lambda code: 3) as server:
        host = RemoteTable.host(server.address, "Ada", Rules(target=20), level="easy")
        assert host.wait_seated()
        bea = RemoteTable.join(server.address, host.code, "Bea")
        assert bea.wait_seated()
        host.start()
        wait_for(host.has_view, what="the deal")
        host.give_to_bot(1)
        wait_for(lambda: host.kinds[1] == "away", what="the bot in Bea's seat (away)")
        assert host.names[1] == "Bea"  # the seat keeps its owner's name
        host.poll()  # the news so far (Bea's first arrival among it, as "remote")
        # Bea is still connected but no longer plays; she rejoins with her token.
        back = RemoteTable.join(server.address, host.code, "Bea", token=bea.token)
        assert back.wait_seated() and back.seat == 1
        heard_until(  # told as a SeatChanged, then the seat's kind
            host,
            lambda u: isinstance(u, SeatChanged) and (u.seat, u.kind) == (1, "remote"),
            "Bea back",
        )
        assert host.kinds[1] == "remote"
        # A token is not a key to someone else's seat.
        thief = RemoteTable.join(server.address, host.code, "Eve", token=bea.token)
        assert not thief.wait_seated() and thief.problem is Problem.REFUSED
        updates = play_until_over([(host, RandomPlayer(1)), (back, RandomPlayer(2))])
        assert any(isinstance(u, GameOver) for u in updates[0])
        for t in (host, bea, back):
            t.close()


async def _raw_session(
    port: int, code: str, frames: Sequence[bytes | str], expect: int = 99
) -> list[dict[str, Any]]:
    """Sit at table ``code`` with a raw websocket, send ``frames``, return what came back
    (until ``expect`` messages, the connection closes, or a second of silence)."""
    got: list[dict[str, Any]] = []
    async with connect(f"ws://{LOOPBACK}:{port}/t/{code}", close_timeout=1) as ws:
        await ws.send(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name="Raw")).decode())
        got.append(json.loads(await ws.recv()))
        with contextlib.suppress(ConnectionClosed):  # the server may hang up mid-way
            for frame in frames:
                await ws.send(frame)
        try:
            while len(got) < expect:
                got.append(json.loads(await asyncio.wait_for(ws.recv(), 1)))
        except (ConnectionClosed, TimeoutError):
            pass
    return got


def test_oversized_and_flooding_clients() -> None:
    with serving(rate=5.0, burst=10.0) as server:
        host = RemoteTable.host(server.address, "Ada", Rules())
        assert host.wait_seated()
        big = json.dumps({"type": "move", "move": "x" * p.MAX_CLIENT_MESSAGE})
        frames = [big, '{"type": "ready"}']
        got = asyncio.run(_raw_session(server.port, host.code, frames, expect=4))
        errors = [m for m in got if m["type"] == "error"]
        assert errors[0]["code"] == "too-big"  # told, and the connection stays open
        assert errors[1]["code"] == "malformed"  # the next message is still read
        # Frames beyond the websocket cap close the connection (1009).
        huge = "x" * (p.MAX_FRAME + 1)
        got = asyncio.run(_raw_session(server.port, host.code, [huge, '{"type": "ready"}']))
        assert [m["type"] for m in got if m["type"] == "error"] == []
        # Flooding: refused messages beyond the burst disconnect the client.
        junk = ['{"type": "ready"}'] * 40
        got = asyncio.run(_raw_session(server.port, host.code, junk))
        codes = [m.get("code") for m in got if m["type"] == "error"]
        assert codes[-1] == "flood" and len(codes) < 20
        # The table is still there for the host.
        assert host.status is Status.SEATED
        host.close()


async def _silent(port: int, path: str) -> list[dict[str, Any]]:
    """Connect to ``path`` (create a table first on /new), then say nothing: what came back
    before the server closed the connection."""
    async with connect(f"ws://{LOOPBACK}:{port}{path}") as ws:
        if path == "/new":
            create = p.Create(version=p.PROTOCOL_VERSION, name="Ada")
            await ws.send(p.encode(create).decode())
        got = []
        with pytest.raises(ConnectionClosed):
            while True:
                got.append(json.loads(await asyncio.wait_for(ws.recv(), 5)))
        return got


def test_idle_and_silent_connections_time_out() -> None:
    # Each limit on a server of its own: with both at 0.3 s, a slow client's create came after
    # the hello limit and met a closed connection.
    with serving(hello_timeout=0.3) as server:
        said_nothing = asyncio.run(_silent(server.port, "/t/ZZZZZZZZ"))
        assert said_nothing[-1]["code"] == "idle"
    with serving(idle_timeout=0.3) as server:
        went_quiet = asyncio.run(_silent(server.port, "/new"))
        assert went_quiet[0]["type"] == "welcome" and went_quiet[-1]["code"] == "idle"


def test_a_table_code_carries_forty_random_bits() -> None:
    from game.net.table_server import new_code

    codes = {new_code("", lambda c: False) for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(c) == p.CODE_RANDOM_CHARS for c in codes)
    assert len(p.CODE_ALPHABET) ** p.CODE_RANDOM_CHARS >= 2**40
    # Every character is used at every position (no fixed or predictable part).
    for i in range(p.CODE_RANDOM_CHARS):
        assert {c[i] for c in codes} == set(p.CODE_ALPHABET)


def test_address_urls() -> None:
    assert Address("::1", 80).url("/new") == "ws://[::1]:80/new"
    assert Address("example.org", 443, secure=True).url("/t/AB") == "wss://example.org:443/t/AB"


def test_a_reader_that_falls_far_behind_is_cut_off_and_a_bot_takes_its_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A client that stops reading must not hold its table: once the socket's buffer is full,
    messages queue, and past the queue's bound the connection is cut and the seat freed."""
    import game.net.connection as server_module

    monkeypatch.setattr(server_module, "SEND_QUEUE", 3)
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules())
        assert host.wait_seated()

        async def stop_reading() -> None:
            async with connect(f"ws://{LOOPBACK}:{server.port}/t/{host.code}") as ws:
                await ws.send(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name="Slow")).decode())
                assert json.loads(await ws.recv())["type"] == "welcome"
                conn = server.call(lambda: server.table_server.conns[(host.code, 1)])
                # Fill the socket's buffers, then the queue, faster than anyone could read.
                blob = b'"' + b"x" * 65536 + b'"'

                def flood() -> int:
                    pushed = 0
                    while not conn.cut and pushed < 2000:
                        conn.push(blob)
                        pushed += 1
                    return pushed

                assert server.call(flood) < 2000
                with pytest.raises(ConnectionClosed):
                    while True:
                        await asyncio.wait_for(ws.recv(), 5)

        asyncio.run(stop_reading())
        wait_for(lambda: host.kinds[1] == "empty", what="the slow reader's seat freed")
        host.close()


class SlowBot:
    """A bot whose every decision lasts until the test releases it (a hard search, say, as
    long as the test needs: a fixed second made the test a race on a loaded machine)."""

    thinking = threading.Event()  # set as soon as one of them starts a decision
    released = threading.Event()  # set by the test: the decisions end

    def __init__(self, level: str, seed: str) -> None:
        self.player = RandomPlayer(seed)

    def choose_pass(self, view: SeatView) -> list[Card]:
        SlowBot.thinking.set()
        SlowBot.released.wait(30)
        return self.player.choose_pass(view)

    def choose_play(self, view: SeatView) -> Card:
        SlowBot.thinking.set()
        SlowBot.released.wait(30)
        return self.player.choose_play(view)

    def choose_moon(self, view: SeatView) -> bool:
        return self.player.choose_moon(view)


def test_bots_think_off_the_event_loop() -> None:
    """While three slow bots think at one table, another table's refusals come back at once:
    the loop never waits on a decision."""
    SlowBot.thinking.clear()
    SlowBot.released.clear()
    with serving(make_bot=SlowBot, bot_workers=3) as server:
        try:
            busy = RemoteTable.host(server.address, "Ada", Rules())
            assert busy.wait_seated()
            busy.start()  # three bots choose their passes, in parallel, until released
            other = RemoteTable.host(server.address, "Bea", Rules())
            assert other.wait_seated()
            wait_for(SlowBot.thinking.is_set, what="the bots thinking")
            for _ in range(5):  # a decision on the loop would hold every answer till released
                other.send(Move.play(0))  # before any deal: refused, with a sentence
                wait_for(
                    lambda: any(isinstance(u, MoveRefused) for u in other.poll()),
                    timeout=5,
                    what="the refusal",
                )
            wait_for(
                lambda: server.call(lambda: len(server.table_server.thinking)) == 3,
                what="the three bots thinking at once",
            )
        finally:
            SlowBot.released.set()
        busy.close()
        other.close()


def test_a_server_that_never_answers_freezes_nothing() -> None:
    """Something listens but never answers the websocket handshake (a dead or hung server):
    joining returns at once, polling never waits, and the person is told in words."""
    import socket

    with socket.socket() as silent:
        silent.bind((LOOPBACK, 0))
        silent.listen()
        started = time.monotonic()
        table = RemoteTable.join(
            Address(LOOPBACK, silent.getsockname()[1]), "ZZZZZZZZ", "Ada", connect_timeout=3
        )
        polled = table.poll()
        assert time.monotonic() - started < 1.5 and polled == []  # a join that waited: 3 s
        assert table.status is Status.CONNECTING
        assert not table.wait_seated(10)
    assert table.problem is Problem.UNREACHABLE and table.problem_detail == "no answer"
    assert Problem.UNREACHABLE.value == "The table cannot be reached"


def test_everyone_sees_who_joins_and_who_leaves() -> None:
    with serving() as server:
        ada = RemoteTable.host(server.address, "Ada", Rules())
        assert ada.wait_seated()
        bea = RemoteTable.join(server.address, ada.code, "Bea")
        assert bea.wait_seated() and bea.names[0] == "Ada" and bea.kinds[0] == "remote"
        wait_for(lambda: "Bea" in ada.names, what="Bea on Ada's table")
        cy = RemoteTable.join(server.address, ada.code, "Cy")
        assert cy.wait_seated()
        wait_for(lambda: "Cy" in bea.names, what="Cy on Bea's table")
        cy.close()  # before the deal the seat is free again
        wait_for(lambda: bea.kinds[cy.seat] == "empty", what="Cy's leaving on Bea's table")
        # Ada hears it in her own time (her client's thread may run after Bea's): gathered
        # until the leaving comes, then the whole sequence compared.
        heard = heard_until(
            ada,
            lambda u: isinstance(u, SeatChanged) and (u.seat, u.kind) == (cy.seat, "empty"),
            "Cy's leaving on Ada's table",
        )
        changes = [u for u in heard if isinstance(u, SeatChanged) and u.seat != ada.seat]
        assert [(u.seat, u.name, u.kind) for u in changes] == [
            (1, "Bea", "remote"),
            (2, "Cy", "remote"),
            (2, "", "empty"),
        ]
        ada.start()  # bots fill the empty seats; once dealt, a person leaving is replaced
        wait_for(bea.has_view, what="the deal")
        bea.close()
        wait_for(lambda: ada.kinds[1] == "away", what="a bot in Bea's seat (away)")
        assert ada.names[1] == "Bea"
        ada.close()


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_the_servers_own_frames_are_websockets_frames(size: int) -> None:
    """The fast send writes each text frame itself: the very bytes websockets would frame, and
    a websocket reader takes the message back whole."""
    from websockets.frames import Frame, Opcode
    from websockets.streams import StreamReader

    from game.net.connection import text_frame

    data = bytes(ord("a") + i % 26 for i in range(size))
    frame = text_frame(data)
    assert frame == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])
    reader = StreamReader()
    reader.feed_data(frame)
    parser = Frame.parse(reader.read_exact, mask=False)
    with pytest.raises(StopIteration) as parsed:
        while True:
            next(parser)
    assert parsed.value.value == Frame(Opcode.TEXT, data)
