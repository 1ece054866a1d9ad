"""The host's "Computer plays" buttons sit by their seats' name plates and cover nothing: no
card of a full fan (each back's rectangle as it is drawn, turned), no plate, no card of the
hand, no other button, at the window sizes people use, for three to five players."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame
import pytest

from scenes.core import assets, i18n
from scenes.core.app import App
from scenes.table.layout import BOTTOM, TOP
from scenes.table.table_scene import TableScene
from tests.helpers.seat_source import HostedSeat

pytestmark = pytest.mark.app(speed="instant")


SIZES = [(1280, 800), (800, 600), (1024, 768), (1920, 1080), (1366, 768), (700, 1000)]


def backs_drawn(table: TableScene) -> list[pygame.Rect]:
    """Every back of the opponents' full fans, as drawn: the back's picture, turned."""
    layout = table.layout
    rects = []
    for index, place in enumerate(layout.places):
        if place.side == BOTTOM:
            continue
        for (x, y), _angle in layout.fan(index, layout.hand_size):
            w, h = layout.back_w, layout.back_h
            rect = pygame.Rect(0, 0, w, h) if place.side == TOP else pygame.Rect(0, 0, h, w)
            rect.center = (round(x), round(y))
            rects.append(rect)
    return rects


@pytest.mark.parametrize("players", [3, 4, 5])
def test_computer_plays_buttons_cover_no_card_and_no_plate(app: App, players: int) -> None:
    table = TableScene(app, HostedSeat(players))
    app.show_table(table)
    for size in SIZES:
        table.resize(size)
        table.update(0.0)
        layout = table.layout
        shown = [(s, b.rect) for s, b in enumerate(table.bot_buttons) if b.visible]
        assert [s for s, _ in shown] == list(range(1, players)), size
        window = pygame.Rect(0, 0, *size)
        others = [table.menu_button.rect, table.score_button.rect, layout.hand_area]
        plates = [p.plate for p in layout.places]
        backs = backs_drawn(table)
        for seat, rect in shown:
            where = (size, players, seat, rect)
            assert window.contains(rect), where
            assert rect.collidelist(backs) < 0, ("covers a card", where)
            assert rect.collidelist(plates) < 0, ("covers a plate", where)
            assert rect.collidelist(others) < 0, ("covers a button or the hand", where)
            assert rect.collidelist([r for s, r in shown if s != seat]) < 0, where
            plate = layout.place(seat, table.bottom).plate
            near = plate.inflate(4 * layout.margin, 4 * layout.margin)
            assert near.colliderect(rect), ("far from its plate", where)
            for language in ("en", "fr"):  # the label fits, in either language
                i18n.set_language(language)
                label = assets.font(max(10, round(rect.h * 0.45))).size(table.bot_buttons[1].text())
                assert label[0] < rect.w - 4, (language, label, where)
            i18n.set_language("en")


CROWDED = [(640, 480), (720, 480), (640, 800), (720, 920), (800, 1000), (840, 1120), (800, 600)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_two_controls_overlap_even_on_a_crowded_table(app: App, players: int) -> None:
    """Issue 40: on a small or tall window two "Give to computer" buttons sat on top of each
    other between two plates. No control lies on another (nor on a plate), at any size."""
    table = TableScene(app, HostedSeat(players))
    app.show_table(table)
    sizes = [*SIZES, *CROWDED, *((w, h) for w in range(640, 1400, 120) for h in (480, 720, 1000))]
    for size in sizes:
        table.resize(size)
        table.update(0.0)
        bots = [b.rect for b in table.bot_buttons if b.visible]
        assert len(bots) == players - 1, size
        others = [b.rect for b in table.buttons() if b.visible and b.rect not in bots]
        plates = [p.plate for p in table.layout.places]
        for index, rect in enumerate(bots):
            where = (size, players, rect)
            assert rect.collidelist(bots[index + 1 :]) < 0, ("on another button", where)
            assert rect.collidelist(others) < 0, ("on a control", where)
            assert rect.collidelist(plates) < 0, ("on a plate", where)
