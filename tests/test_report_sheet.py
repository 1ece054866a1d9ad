"""The report sheets' cells (History, Statistics, a game's scores) never run into the next
column: a text too long for its cell is cut and ended with "…"."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.core import assets
from scenes.core.text import ELLIPSIS, fit_text
from scenes.ui.report import draw_sheet
from scenes.ui.widgets import WHITE

SIZE = 14


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def width(text: str) -> int:
    return int(assets.font(SIZE, False).size(text)[0])


def test_a_text_that_fits_is_left_whole() -> None:
    text = "Vous 101 · Ouest 95"
    assert fit_text(text, SIZE, width(text), False) == text


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.text(min_size=1, max_size=60), st.integers(min_value=1, max_value=300))
def test_a_cut_text_fits_its_width_and_says_it_was_cut(text: str, room: int) -> None:
    shown = fit_text(text, SIZE, room, False)
    if shown == text:
        assert width(text) <= room
        return
    assert shown.endswith(ELLIPSIS)
    assert text.startswith(shown[: -len(ELLIPSIS)])
    # Only the lone mark may overflow a width too small for any letter.
    assert width(shown) <= room or shown == ELLIPSIS


def test_a_long_cell_stops_before_the_next_column() -> None:
    surface = pygame.Surface((600, 200))
    area = pygame.Rect(0, 0, 600, 200)
    long_name = "Marguerite-Alexandrine de la Tour d'Auvergne " * 3
    row_h = draw_sheet(surface, area, ["", ""], [[long_name, ""]], [0.0, 0.5], 1.0)
    top = row_h + 2
    # The second column of the row (its left edge and a little more) holds no ink.
    for x in range(302, 400):
        for y in range(top + 2, top + row_h - 2):
            assert surface.get_at((x, y))[:3] == WHITE, (x, y)
    # ... while the first column does hold the (cut) text.
    inked = any(
        surface.get_at((x, y))[:3] != WHITE for x in range(4, 290) for y in range(top, top + row_h)
    )
    assert inked
