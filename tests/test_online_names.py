"""Issue 40: look-alike names are one name at a table (NFKC, case folding, and the Cyrillic and
Greek letters drawn like Latin ones), checked with raw protocol clients."""

from __future__ import annotations

import asyncio

import pytest

from tests.helpers.net import serving
from tests.helpers.protocol_peer import Peer


@pytest.mark.parametrize("other", ["H\u043est", "\uff28\uff2f\uff33\uff34", "host"])
def test_a_look_alike_name_is_refused(other: str) -> None:
    with serving() as server:

        async def test() -> None:
            ada = await Peer.create(server.port, "Host")
            twin = await Peer.hello(server.port, ada.code, other, wait=False)
            error = await twin.expect("error")
            assert error["code"] == "refused" and "already has that name" in error["reason"]
            fine = await Peer.hello(server.port, ada.code, "Hosta")
            assert fine.welcome is not None
            for peer in (ada, fine):
                await peer.close()

        asyncio.run(asyncio.wait_for(test(), 30))
