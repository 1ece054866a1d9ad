"""Running a table server on loopback for the online table's tests, scripted players, and an
independent leak check of what a seat is sent."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from game.engine.cards import CARDS, Card, cards_of
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.players import Player, decide
from game.engine.rules import Rules
from game.engine.source import Update
from game.net.client import Address, RemoteTable, Status
from game.net.table_server import TableServer

LOOPBACK = "127.0.0.1"
ROOT = Path(__file__).resolve().parents[2]


class ServerThread:
    """A :class:`TableServer` listening on a free loopback port, in its own thread and loop."""

    def __init__(self, **options: Any) -> None:
        self.options = options
        self.server: TableServer | None = None
        self.port = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self._up = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self.server = TableServer(**self.options)
        async with self.server.start(LOOPBACK, 0) as ws_server:
            self.port = next(iter(ws_server.sockets)).getsockname()[1]
            self._up.set()
            await self._stop.wait()
            self.server.shutdown()
            await asyncio.sleep(0.05)

    def __enter__(self) -> ServerThread:
        self._thread.start()
        assert self._up.wait(10), "the server did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.loop is not None and self._stop is not None
        self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    @property
    def address(self) -> Address:
        return Address(LOOPBACK, self.port)

    @property
    def table_server(self) -> TableServer:
        """The running server (in the server's own thread: read it through :meth:`call`)."""
        assert self.server is not None, "the server is not running"
        return self.server

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the server's loop (to read its tables safely) and return its result."""
        assert self.loop is not None

        async def run() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)


@contextlib.contextmanager
def serving(**options: Any) -> Iterator[ServerThread]:
    with ServerThread(**options) as server:
        yield server


def wait_for(condition: Callable[[], bool], timeout: float = 10.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        time.sleep(0.002)


def heard_until(
    table: RemoteTable, sign: Callable[[Update], bool], what: str, timeout: float = 10.0
) -> list[Update]:
    """Every update ``table`` polls until one is ``sign`` (that one included): news awaited,
    not polled once after another connection or a changed field said it came (the client
    sets its fields a moment before it queues the news)."""
    heard: list[Update] = []

    def came() -> bool:
        fresh = table.poll()
        heard.extend(fresh)
        return any(sign(update) for update in fresh)

    wait_for(came, timeout, what)
    return heard


def dealt_to_bea(
    address: Address, rules: Rules | None = None, host_kind: type[RemoteTable] = RemoteTable
) -> tuple[RemoteTable, RemoteTable]:
    """Ada hosts a table at ``address`` (a script), Bea sits at it, Ada deals: both seats,
    Bea's with the deal in view. What it opened is closed if a step fails."""
    ada = host_kind.host(address, "Ada", rules or Rules(), level="easy")
    bea: RemoteTable | None = None
    try:
        assert ada.wait_seated()
        bea = RemoteTable.join(address, ada.code, "Bea")
        assert bea.wait_seated()
        ada.start()
        wait_for(bea.has_view, what="the deal")
        return ada, bea
    except BaseException:
        if bea is not None:
            bea.close()
        ada.close()
        raise


def decision_key(table: RemoteTable) -> tuple[Any, ...] | None:
    """What decision the seat owes now (None: none); the same key twice is the same decision."""
    if not table.has_view():
        return None
    view = table.view()
    if view.phase is Phase.PASS and not view.passed:
        return ("pass", view.hand_number)
    if view.phase is Phase.MOON_CHOICE and view.turn == view.seat:
        return ("moon", view.hand_number)
    if view.my_turn:
        return ("play", view.hand_number, view.trick_number, len(view.trick))
    if view.phase is Phase.HAND_OVER:
        return ("ready", view.hand_number)
    return None


def act(table: RemoteTable, player: Player, done: set[tuple[Any, ...]]) -> bool:
    """Make the seat's decision once (a scripted person at a window); True if it acted."""
    key = decision_key(table)
    if key is None or key in done:
        return False
    done.add(key)
    view = table.view()
    if key[0] == "pass":
        table.send(Move.pass_cards(player.choose_pass(view)))
    elif key[0] == "moon":
        table.send(Move.moon(player.choose_moon(view)))
    elif key[0] == "play":
        table.send(Move.play(player.choose_play(view)))
    else:
        table.ready()
    return True


def play_until_over(
    seats: list[tuple[RemoteTable, Player]],
    timeout: float = 60.0,
    between: Callable[[], None] | None = None,
) -> dict[int, list[Update]]:
    """Play every scripted seat until each has seen the game end; returns each seat's updates."""
    updates: dict[int, list[Update]] = {t.seat: [] for t, _ in seats}
    done: dict[int, set[tuple[Any, ...]]] = {t.seat: set() for t, _ in seats}
    reconnects = {t.seat: t.reconnects for t, _ in seats}
    deadline = time.monotonic() + timeout
    while True:
        for table, player in seats:
            updates[table.seat].extend(table.poll())
            if table.reconnects != reconnects[table.seat]:
                # Back after a drop: a move sent into the cut may never have arrived.
                reconnects[table.seat] = table.reconnects
                done[table.seat].clear()
            act(table, player, done[table.seat])
        if all(t.has_view() and t.view().phase is Phase.GAME_OVER for t, _ in seats):
            for table, _ in seats:
                updates[table.seat].extend(table.poll())
            return updates
        for table, _ in seats:
            assert table.status is not Status.OVER, (table.problem, table.problem_detail)
        if between is not None:
            between()
        if time.monotonic() > deadline:
            raise AssertionError("the game did not finish in time")
        time.sleep(0.001)


# -- the leak check -----------------------------------------------------------------------------

_CARD_NAME = re.compile(r"^(10|[2-9JQKA])[CDSH]$")
_OWN_WORDS = {"reason", "move"}  # a refusal quotes the seat's own words back


def cards_named(message: bytes | str) -> set[int]:
    """Every card a server message names (outside the seat's own words quoted back)."""
    found: set[int] = set()

    def walk(value: Any, key: str = "") -> None:
        if key in _OWN_WORDS:
            return
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str) and _CARD_NAME.match(value):
            found.add(Card.parse(value))

    walk(json.loads(message))
    return found


def may_know(match: Match, seat: int) -> set[int]:
    """The cards ``seat`` may know now, from the full state (independently of for_seat and
    SeatView): what it was dealt, holds and received, every card played this hand, and the
    card that opens every hand."""
    hand = match.hand
    held = 0
    for cards in hand.hands:
        held |= cards
    played = hand.rules.deck & ~held
    known = hand.dealt[seat] | hand.hands[seat] | hand.received(seat) | played
    return {int(c) for c in cards_of(known)} | {hand.rules.first_lead}


def assert_no_leak(match: Match, seat: int, message: bytes | str) -> int:
    """Fails if ``message`` names a card ``seat`` may not know; returns how many it named."""
    named = cards_named(message)
    leaked = named - may_know(match, seat)
    assert not leaked, f"seat {seat} was sent {[str(CARDS[c]) for c in leaked]}: {message!r}"
    return len(named)


def play_friend(friend: RemoteTable, player: Player, done: set[tuple[int, ...]]) -> None:
    """The friend's script: answer each decision the friend's seat owes, once."""
    friend.poll()
    if not friend.has_view():
        return
    view = friend.view()
    key = (view.hand_number, view.trick_number, len(view.trick), int(view.phase is Phase.PASS))
    if view.phase is Phase.HAND_OVER:
        if (-1, view.hand_number) not in done:
            done.add((-1, view.hand_number))
            friend.ready()
        return
    owes = (view.phase is Phase.PASS and not view.passed) or view.my_turn
    owes = owes or (view.phase is Phase.MOON_CHOICE and view.turn == view.seat)
    if owes and key not in done:
        done.add(key)
        friend.send(decide(player, view))


def start_server(*args: str) -> tuple[subprocess.Popen[str], int]:
    """``python -m game.net.server`` on a free loopback port; returns the process and port."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--host", LOOPBACK, "--port", "0", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    line = proc.stdout.readline()
    found = re.fullmatch(r"port (\d+)\n", line)
    if found is None:
        proc.kill()
        raise AssertionError(f"the server said {line!r}: {proc.stderr.read()}")
    return proc, int(found.group(1))


@contextlib.contextmanager
def server_process(*args: str) -> Iterator[tuple[subprocess.Popen[str], int]]:
    proc, port = start_server(*args)
    try:
        yield proc, port
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
