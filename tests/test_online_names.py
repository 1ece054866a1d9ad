"""Issue 40: look-alike names are one name at a table (NFKC, case folding, and the Cyrillic and
Greek letters drawn like Latin ones), checked with raw protocol clients."""

from __future__ import annotations

import asyncio
import os

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


@pytest.mark.parametrize("name", ["Bea \U0001f389", "\U0001f44d", "Zo\u4e00"])
def test_a_name_the_font_cannot_draw_is_refused_with_a_sentence(name: str) -> None:
    """Issue 40: an emoji in a name drew as an empty box in every window: the table refuses
    it (``malformed``), saying why; a name of letters and card signs is welcome."""
    with serving() as server:

        async def test() -> None:
            ada = await Peer.create(server.port, "Ada \u2665")
            boxed = await Peer.hello(server.port, ada.code, name, wait=False)
            error = await boxed.expect("error")
            assert error["code"] == "malformed" and "no emoji" in error["reason"]
            fine = await Peer.hello(server.port, ada.code, "Zoé Œ")
            assert fine.welcome is not None
            for peer in (ada, fine):
                await peer.close()

        asyncio.run(asyncio.wait_for(test(), 30))


def test_the_font_table_matches_the_bundled_font() -> None:
    """The server's table of drawable characters says what pygame draws with the font."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.net.name_key import undrawn
    from scenes.core import assets

    pygame.font.init()
    font = assets.font(20)
    box = pygame.image.tobytes(font.render("\U0010fffd", True, (0, 0, 0)), "RGBA")
    for char in "aZé€♥♠Ωж\U0001f600":
        assert undrawn(char) is None
        assert pygame.image.tobytes(font.render(char, True, (0, 0, 0)), "RGBA") != box, char
    for char in "\U0001f389\U0001f44d\u4e00":
        assert undrawn(char) == char
        assert pygame.image.tobytes(font.render(char, True, (0, 0, 0)), "RGBA") == box, char
