"""Issue 40: who is a person, who is the computer, who is away was said only in a 2.8 s line
of text. Each seat's name plate at an online table now carries a mark for as long as it is
true, and a long name is cut with "…" on the plate and on the buttons."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.core import i18n
from scenes.core.app import App
from scenes.table.table_scene import TableScene
from tests.helpers.seat_source import HostedSeat
from tests.helpers.window import shoot

pytestmark = pytest.mark.app(speed="instant")

KINDS = ("remote", "bot", "away", "idle")


def plate_pixels(app: App, table: TableScene, seat: int) -> bytes:
    """The pixels of ``seat``'s plate as the table draws it now (no cache)."""
    table.update(0.0)
    surface = pygame.Surface(app.screen.get_size())
    table.renderer.redraw(surface)
    plate = table.layout.place(seat, table.bottom).plate
    return pygame.image.tobytes(surface.subsurface(plate), "RGB")


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_plate_is_drawn_apart_for_each_kind_of_seat(app: App, size: tuple[int, int]) -> None:
    source = HostedSeat(4)
    table = TableScene(app, source)
    app.show_table(table)
    table.resize(size)
    drawn = {}
    for kind in KINDS:
        source.kinds = ("human", kind, "bot", "remote")
        drawn[kind] = plate_pixels(app, table, 1)
        table.update(5.0)  # the mark stays for as long as it is true, not a few seconds
        assert plate_pixels(app, table, 1) == drawn[kind], kind
    # A person, the computer, away: three different plates (away and idle read alike).
    assert len({drawn["remote"], drawn["bot"], drawn["away"]}) == 3
    assert drawn["away"] == drawn["idle"]
    # The window's own seat carries no mark: the same plate whatever the others are.
    source.kinds = ("human", "bot", "bot", "bot")
    own = plate_pixels(app, table, 0)
    source.kinds = ("human", "remote", "away", "remote")
    assert plate_pixels(app, table, 0) == own


def test_the_mark_is_in_the_players_language(app: App) -> None:
    from scenes.table.seat_marks import mark_label

    i18n.set_language("fr")
    assert [mark_label(k) for k in KINDS] == ["en ligne", "ordinateur", "absent", "absent"]
    i18n.set_language("en")
    assert [mark_label(k) for k in KINDS] == ["online", "computer", "away", "away"]


def test_a_long_name_stays_on_its_plate_and_in_the_pass_button(app: App) -> None:
    source = HostedSeat(4)
    source.names = ("Ada", "B" * 46, "Cy", "Dee")
    table = TableScene(app, source)
    app.show_table(table)
    for size in ((800, 600), (1280, 800)):
        table.resize(size)
        table.update(0.0)
        bounds = table.renderer._plate_bounds(table.renderer._plate_picture(1))
        plate = table.layout.place(1, table.bottom).plate
        assert plate.contains(pygame.Rect(bounds)), (size, bounds, plate)
        surface = pygame.Surface(size)
        surface.fill((1, 2, 3))
        button = table.pass_button
        outside = button.rect.inflate(button.rect.w // 2, 0)
        table.pass_button.draw(surface)
        row = [
            surface.get_at((x, button.rect.centery))[:3] for x in range(outside.x, button.rect.x)
        ]
        assert all(pixel == (1, 2, 3) for pixel in row), size  # nothing drawn left of it


@pytest.mark.parametrize("players", [4, 5])
def test_marks_seen_at_two_sizes_in_both_languages(app: App, shots: Path, players: int) -> None:
    """Screenshots (looked at): every kind of seat at once; each mark lies on its plate and
    under no button."""
    source = HostedSeat(players)
    source.kinds = ("human", "remote", "bot", "away", "idle")[:players]
    source.names = ("Ada", "Bartholomew Fitzgerald-M", "Computer 2", "Chloé", "Dan")[:players]
    table = TableScene(app, source)
    app.show_table(table)
    for language in ("en", "fr"):
        i18n.set_language(language)
        for size in ((800, 600), (1280, 800)):
            app.screen = pygame.display.set_mode(size)
            app.resize()
            table.update(0.0)
            app.stack.draw(app.screen)
            shoot(app, shots, f"marks_{players}_{language}_{size[0]}x{size[1]}.png")
            buttons = [b.rect for b in table.buttons() if b.visible]
            for seat in range(1, players):
                picture = table.renderer._plate_picture(seat)
                plate = table.layout.place(seat, table.bottom).plate
                bounds = pygame.Rect(table.renderer._plate_bounds(picture))
                assert plate.contains(bounds), (language, size, seat)
                assert bounds.collidelist(buttons) < 0, (language, size, seat)
    i18n.set_language("en")


def test_a_long_name_stays_in_its_score_column(app: App) -> None:
    """Issue 40: a long name ran over its neighbours' in the score window's header."""
    from scenes.table.score import ScoreScene

    source = HostedSeat(4)
    source.names = ("W" * 24, "Bea", "Cy", "Dee")
    table = TableScene(app, source)
    app.show_table(table)
    table.update(0.0)
    score = ScoreScene(app, table)
    app.stack.push(score)
    surface = app.screen
    app.stack.draw(surface)
    sheet = score.sheet
    label_w = round(sheet.w * 0.2)
    col_w = (sheet.w - label_w) // 4
    y = sheet.y + score.row_h // 2
    gap = range(sheet.x + label_w + col_w - 2, sheet.x + label_w + col_w + 3)
    # Between the first and the second name's columns, the header shows the white sheet.
    assert all(surface.get_at((x, y))[:3] == (255, 255, 255) for x in gap)
