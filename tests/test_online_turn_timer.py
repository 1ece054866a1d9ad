"""Issue 40, defect 5: the turn timer the host sets. A person who lets it run out has that
decision made by the computer and is shown away (seat kind ``away``) until they act again;
written against docs/protocol.md with raw protocol clients, then with our client."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from game.engine.rules import Rules
from game.net.client import RemoteTable
from tests.helpers.net import serving, wait_for
from tests.helpers.protocol_peer import Peer


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 60))


def test_the_computer_passes_for_a_person_whose_time_ran_out() -> None:
    with serving(seed_of=lambda code: 7) as server:

        async def test() -> None:
            ada = await Peer.create(server.port, "Ada", turn_seconds=1)
            assert ada.welcome is not None and ada.welcome["turn_seconds"] == 1
            bea = await Peer.hello(server.port, ada.code, "Bea")
            assert bea.welcome is not None and bea.welcome["turn_seconds"] == 1
            seat = bea.welcome["seat"]
            await ada.send({"type": "start"})
            # Nobody passes: after a second each is away, and the computer passed for them.
            away = await ada.expect("seat", timeout=5, seat=seat, kind="away")
            assert away["name"] == "Bea"
            await bea.expect("seat", timeout=5, seat=seat, kind="away")
            for _ in range(50):
                view = bea.view()
                if view is not None and len(view["passed"]) == 3:
                    break
                await bea.next(timeout=1)
            view = bea.view()
            assert view is not None and len(view["passed"]) == 3, "nobody passed for Bea"
            # Bea acts again: her seat is a person's again before her message is taken.
            await bea.send({"type": "move", "move": "play 2C"})
            await ada.expect("seat", timeout=5, seat=seat, kind="human")
            for peer in (ada, bea):
                await peer.close()

        run(test)


def test_no_timer_by_default() -> None:
    with serving() as server:

        async def test() -> None:
            ada = await Peer.create(server.port, "Ada")
            assert ada.welcome is not None and ada.welcome["turn_seconds"] == 0
            await ada.send({"type": "start"})
            got = await ada.drain(quiet=1.5)
            assert not any(m["type"] == "seat" and m["kind"] == "away" for m in got)
            await ada.close()

        run(test)


def test_our_client_sees_the_idle_friend() -> None:
    with serving(seed_of=lambda code: 8) as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy", turn_seconds=1)
        assert host.wait_seated() and host.turn_seconds == 1
        friend = RemoteTable.join(server.address, host.code, "Bea")
        assert friend.wait_seated() and friend.turn_seconds == 1
        host.start()
        wait_for(lambda: (host.poll(), host.kinds[friend.seat] == "idle")[1], what="Bea idle")
        wait_for(lambda: (friend.poll(), friend.kinds[friend.seat] == "idle")[1], what="own")
        friend.close()
        host.close()
