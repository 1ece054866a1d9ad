"""The table layout at every window size and for 3, 4 and 5 players: everything on screen,
nothing on top of a name plate or the hint button."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import itertools
import math

import pygame
import pytest

from scenes.table.layout import BOTTOM, LEFT, RIGHT, TOP, TableLayout

WIDTHS = (640, 720, 800, 1024, 1280, 1600, 1920, 2560, 3840)
HEIGHTS = (480, 600, 800, 1080, 1100, 1440, 2160)
SIZES = [(w, h) for w, h in itertools.product(WIDTHS, HEIGHTS)]
PLAYERS = (3, 4, 5)
CASES = [(size, n) for size in SIZES for n in PLAYERS]
IDS = [f"{w}x{h}-{n}p" for (w, h), n in CASES]


def fan_rects(layout: TableLayout, side: int, count: int | None = None) -> list[pygame.Rect]:
    rects = []
    count = layout.hand_size if count is None else count
    for (x, y), angle in layout.fan(side, count):
        w, h = (
            (layout.back_h, layout.back_w)
            if angle in (90.0, 270.0)
            else (
                layout.back_w,
                layout.back_h,
            )
        )
        rects.append(pygame.Rect(round(x - w / 2), round(y - h / 2), w, h))
    return rects


@pytest.mark.parametrize(("size", "players"), CASES, ids=IDS)
def test_everything_is_inside_the_window(size: tuple[int, int], players: int) -> None:
    layout = TableLayout(size, players)
    screen = pygame.Rect((0, 0), size)
    for count in (layout.hand_size, 7, 1):
        for rect in layout.hand_rects(count):
            assert screen.contains(rect.move(0, -layout.raise_px)), (count, rect)
    for side in range(1, players):
        for rect in fan_rects(layout, side):
            assert screen.contains(rect), (side, rect)
    for place in layout.places:
        assert screen.contains(place.plate)
        trick = pygame.Rect(0, 0, layout.trick_w, layout.trick_h)
        trick.center = (round(place.trick[0]), round(place.trick[1]))
        assert screen.contains(trick)
    assert screen.contains(layout.button)
    assert screen.contains(layout.hint_button)


@pytest.mark.parametrize(("size", "players"), CASES, ids=IDS)
def test_name_plates_stay_clear_of_cards_and_each_other(
    size: tuple[int, int], players: int
) -> None:
    layout = TableLayout(size, players)
    plates = [place.plate for place in layout.places]
    for a, b in itertools.combinations([*plates, layout.hint_button], 2):
        assert not a.colliderect(b)
    cards = [r.move(0, -layout.raise_px) for r in layout.hand_rects(layout.hand_size)]
    for side in range(1, players):
        cards += fan_rects(layout, side)
    for one, other in itertools.combinations(range(1, players), 2):  # the fans apart
        assert (
            not fan_rects(layout, one)[0]
            .unionall(fan_rects(layout, one))
            .colliderect(fan_rects(layout, other)[0].unionall(fan_rects(layout, other)))
        )
    for plate in [*plates, layout.hint_button]:
        for rect in cards:
            assert not plate.colliderect(rect), (plate, rect)


@pytest.mark.parametrize("size", [(1280, 800), (2560, 1440), (800, 600), (3840, 2160)])
def test_wide_windows_use_one_row_and_cards_grow_with_the_window(size: tuple[int, int]) -> None:
    layout = TableLayout(size)
    assert not layout.two_rows
    assert len({r.y for r in layout.hand_rects(13)}) == 1
    assert layout.card_h >= size[1] * 0.15


@pytest.mark.parametrize("size", [(720, 1100), (640, 960), (800, 1280), (1080, 1920)])
def test_portrait_windows_use_two_rows_of_readable_cards(size: tuple[int, int]) -> None:
    layout = TableLayout(size)
    assert layout.two_rows
    rects = layout.hand_rects(13)
    assert len({r.y for r in rects}) == 2
    assert layout.card_w >= size[0] / 8  # far larger than 13 cards in one row would be


def test_the_player_sits_at_the_bottom_and_play_goes_clockwise() -> None:
    layout = TableLayout((1280, 800))
    sides = [layout.place(seat, bottom_seat=0).side for seat in range(4)]
    assert sides == [BOTTOM, LEFT, TOP, RIGHT]
    assert layout.place(2, bottom_seat=2).side == BOTTOM
    three = TableLayout((1280, 800), players=3)
    assert [three.place(seat).side for seat in range(3)] == [BOTTOM, LEFT, RIGHT]
    five = TableLayout((1280, 800), players=5)
    assert [five.place(seat).side for seat in range(5)] == [BOTTOM, LEFT, TOP, TOP, RIGHT]
    # Across the top, clockwise: the seat after the left one sits left of the one after it.
    assert five.place(2).fan_centre[0] < five.place(3).fan_centre[0]
    # Each seat's trick card is nearest its own place.
    for layout in (three, five):
        for seat in range(layout.players):
            fx, fy = layout.place(seat).fan_centre
            nearest = min(
                range(layout.players),
                key=lambda s: math.dist(layout.place(s).trick, (fx, fy)),
            )
            assert nearest == seat


def trick_rects(layout: TableLayout) -> list[pygame.Rect]:
    rects = []
    for place in layout.places:
        rect = pygame.Rect(0, 0, layout.trick_w, layout.trick_h)
        rect.center = (round(place.trick[0]), round(place.trick[1]))
        rects.append(rect)
    return rects


@pytest.mark.parametrize(("size", "players"), CASES, ids=IDS)
def test_the_trick_is_laid_out_by_seat_each_card_clear_of_the_others(
    size: tuple[int, int], players: int
) -> None:
    """Each seat's card on its own side of the centre (the player's below, the left seat's
    left, the seats across above, the right seat's right), none hiding another once the window
    is 800x600 or more, and none on a plate, a fan, the hand or a button."""
    layout = TableLayout(size, players)
    cx, cy = layout.centre
    rects = trick_rects(layout)
    for place, rect in zip(layout.places, rects, strict=True):
        x = rect.centerx
        if place.side == BOTTOM:
            assert rect.top > cy - layout.trick_h * 0.3 and abs(x - cx) <= 1
        elif place.side == TOP:
            assert rect.bottom < cy + layout.trick_h * 0.3
        elif place.side == LEFT:
            assert x < cx - layout.trick_w / 2
        else:
            assert x > cx + layout.trick_w / 2
    if players == 3:  # the two opponents' cards above the centre, each on its own side
        assert rects[1].right <= rects[2].left and rects[1].bottom < rects[0].bottom
    if players == 5:  # the two across side by side, left of right as they sit
        assert rects[2].right <= rects[3].left
    if size[0] >= 800 and size[1] >= 600:
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (a, b)
    taken = [place.plate for place in layout.places]
    taken += [layout.hint_button, layout.menu_button, layout.score_button]
    taken += [r.move(0, -layout.raise_px) for r in layout.hand_rects(layout.hand_size)]
    for side in range(1, players):
        taken += fan_rects(layout, side)
    for rect in rects:
        assert rect.collidelist(taken) < 0, (rect, taken[rect.collidelist(taken)])


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize(
    "size", [(1280, 800), (800, 600), (2560, 1440), (720, 1100), (1024, 600), (640, 960)]
)
def test_the_hands_name_and_the_hint_button_sit_clear_of_everything(
    size: tuple[int, int], players: int
) -> None:
    """ "Daily challenge, par 14" (its French too) and "Practice" under it touch no card of the
    hand, no fan, no plate, no button and no trick card; the hint button stays beside the
    player's plate at every size (it went to the far corner at 2560x1440)."""
    from scenes.ui.widgets import text_surface

    pygame.font.init()
    layout = TableLayout(size, players)
    pos, anchor, step = layout.hand_label
    taken = [place.plate for place in layout.places]
    taken += [layout.hint_button, layout.menu_button, layout.score_button]
    taken += [layout.last_trick_button, layout.hearts_icon]
    taken += [r.move(0, -layout.raise_px) for r in layout.hand_rects(layout.hand_size)]
    taken += trick_rects(layout)
    for side in range(1, players):
        taken += fan_rects(layout, side)
    screen = pygame.Rect((0, 0), size)
    daily = ("Daily challenge, par 14", "Défi du jour, par 14") if players == 4 else ()
    for text in (*daily, "Hand 12"):
        label = text_surface(text, layout.small_font).get_rect(**{anchor: pos})
        practice = label.move(0, step * label.h)
        for rect in (label, practice):
            assert screen.contains(rect) and rect.collidelist(taken) < 0, (text, rect)
    plate = layout.places[BOTTOM].plate
    hint = layout.hint_button
    assert abs(hint.centery - plate.centery) <= plate.h or hint.bottom <= plate.top
    if hint.left >= plate.right:
        gap = hint.left - plate.right
    elif hint.right <= plate.left:
        gap = plate.left - hint.right
    else:
        gap = plate.top - hint.bottom
    assert 0 <= gap <= layout.margin * 1.5


@pytest.mark.parametrize(("size", "players"), CASES, ids=IDS)
def test_the_menu_button_takes_the_corner_and_the_last_trick_the_inside(
    size: tuple[int, int], players: int
) -> None:
    """Before the first trick the Last trick button is hidden: its empty slot lies on the
    felt's side of the group, never between the window's edge and the Menu button."""
    layout = TableLayout(size, players)
    menu, score, last = layout.menu_button, layout.score_button, layout.last_trick_button
    assert menu.y == score.y == last.y
    assert menu.collidelist([score, last]) < 0 and score.colliderect(last) == 0
    assert min(menu.x, last.x) < score.x < max(menu.x, last.x)  # the score sheet in between
    group = menu.union(last)
    if group.centerx < size[0] / 2:
        assert menu.x < last.x
    elif group.centerx > size[0] / 2:
        assert menu.x > last.x
