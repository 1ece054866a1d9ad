"""Issue 40, defect 2: two windows holding one seat no longer take it from each other for ever.

A seat taken back with its token from another connection tells the old connection so (a
``closed`` message with code ``taken-over``, then websocket close code 4001, both named in
docs/protocol.md), and the old window does not reconnect by itself. The server log's rate limit
covers every line, not only warnings.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

import pytest

from game.engine.rules import Rules
from game.net import server_log
from game.net.client import Problem, RemoteTable, Status
from tests.helpers.net import serving, wait_for
from tests.helpers.protocol_peer import Peer

CLOSE_TAKEN_OVER = 4001  # docs/protocol.md, "Drops and reconnection"


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 60))


def test_a_seat_taken_over_is_told_so_and_closed_with_the_documented_code() -> None:
    with serving(seed_of=lambda code: 3) as server:

        async def test() -> None:
            ada = await Peer.create(server.port, "Ada")
            bea = await Peer.hello(server.port, ada.code, "Bea")
            await ada.send({"type": "start"})
            await bea.expect("update")
            other = await Peer.hello(server.port, ada.code, "Bea", token=bea.token)
            assert other.welcome is not None and bea.welcome is not None
            assert other.welcome["seat"] == bea.welcome["seat"]
            told = await bea.expect("closed", code="taken-over")
            assert "another window" in told["reason"]
            assert await bea.closed()
            assert bea.ws.close_code == CLOSE_TAKEN_OVER
            # The newer connection keeps the seat: it is the one the table tells.
            seat = other.welcome["seat"]
            await ada.send({"type": "bot", "seat": seat})
            await other.expect("seat", seat=seat, kind="bot")
            for peer in (ada, other):
                await peer.close()

        run(test)


def test_our_client_taken_over_stays_out(caplog: pytest.LogCaptureFixture) -> None:
    """Two windows on one profile: the first is told, does not reconnect, and the log has
    one "back in" line, not hundreds."""
    caplog.set_level(logging.INFO, logger="game.net.server")
    with serving(seed_of=lambda code: 4) as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()
        first = RemoteTable.join(server.address, host.code, "Bea", retry_delays=(0.05,) * 5)
        assert first.wait_seated()
        host.start()
        wait_for(lambda: first.has_view(), what="the deal")
        second = RemoteTable.join(
            server.address, host.code, "Bea", token=first.token, retry_delays=(0.05,) * 5
        )
        assert second.wait_seated()
        wait_for(lambda: first.status is Status.OVER, what="the first window told")
        assert first.problem is Problem.TAKEN_OVER
        time.sleep(0.5)  # long enough for several rounds of the old fight
        assert first.reconnects == 0 and second.reconnects == 0
        assert second.status is Status.SEATED
        back = [r for r in caplog.records if "back in seat" in r.getMessage()]
        assert len(back) == 1, [r.getMessage() for r in back]
        for table in (second, host):
            table.close()


def test_the_log_rate_limit_covers_information_lines() -> None:
    now = [0.0]
    limit = server_log.LogRateLimit(clock=lambda: now[0])
    logger = logging.getLogger("tests.take_over.rate")
    record = logger.makeRecord(logger.name, logging.INFO, __file__, 1, "back in seat", (), None)
    written = sum(limit.filter(record) for _ in range(10_000))
    assert written <= server_log.INFO_BURST + 1
    now[0] += 10.0
    late = logger.makeRecord(logger.name, logging.INFO, __file__, 1, "later", (), None)
    assert limit.filter(late)
    assert "lines left out" in late.getMessage()
    error = logger.makeRecord(logger.name, logging.ERROR, __file__, 1, "boom", (), None)
    written = sum(limit.filter(error) for _ in range(10_000))
    assert written <= server_log.LOG_BURST + 1
