"""Card pictures: right sizes, one picture per card, suit colours in the corners, greyed darker."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine.cards import Card, Suit
from scenes.core.card_art import BACK_STYLES, CardArt
from scenes.core.card_shapes import CLASSIC_COLOURS, FOUR_COLOURS, card_height, suit_surface

pygame.font.init()


def _bytes(surface: pygame.Surface) -> bytes:
    return bytes(pygame.image.tobytes(surface, "RGBA"))


def _count(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    return sum(
        1
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if tuple(surface.get_at((x, y)))[:3] == colour
    )


def _brightness(surface: pygame.Surface) -> float:
    return sum(pygame.transform.average_color(surface)[:3]) / 3


@pytest.mark.parametrize("width", [40, 90, 200])
def test_every_face_has_the_card_size_and_its_own_picture(width: int) -> None:
    art = CardArt()
    faces = [art.face(card, width) for card in range(52)]
    assert all(face.get_size() == (width, card_height(width)) for face in faces)
    assert card_height(width) == round(width * 1.4)
    assert len({_bytes(face) for face in faces}) == 52


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("card", ["2C", "10D", "QS", "AH", "JC", "7H"])
def test_corner_symbol_is_in_the_suit_colour(card: str, four_colour: bool) -> None:
    parsed = Card.parse(card)
    width = 120
    colours = FOUR_COLOURS if four_colour else CLASSIC_COLOURS
    face = CardArt(four_colour=four_colour).face(parsed, width)
    corner = pygame.Rect(0, 0, round(width * 0.19), round(card_height(width) * 0.24))
    assert _count(face, corner, colours[parsed.suit]) > 40
    for suit, colour in colours.items():
        if colour != colours[parsed.suit]:
            assert _count(face, corner, colour) == 0, f"{Suit(suit).name} ink in the corner"


def test_the_bottom_corner_repeats_the_index_upside_down() -> None:
    face = CardArt().face(Card.parse("KH"), 120)
    top = face.subsurface((0, 0, 21, 45))
    bottom = pygame.transform.flip(face.subsurface((99, 123, 21, 45)), True, True)
    assert _bytes(top) == _bytes(bottom)


def test_four_colour_changes_only_clubs_and_diamonds() -> None:
    classic, four = CardArt(), CardArt(four_colour=True)
    for card in ("5C", "5D", "5S", "5H"):
        c = Card.parse(card)
        same = _bytes(classic.face(c, 90)) == _bytes(four.face(c, 90))
        assert same == (c.suit in (Suit.SPADES, Suit.HEARTS))


def test_greyed_is_darker_and_the_same_size() -> None:
    art = CardArt()
    for card in range(0, 52, 5):
        face, grey = art.face(card, 90), art.greyed(card, 90)
        assert grey.get_size() == face.get_size()
        assert _brightness(grey) < _brightness(face) - 30


def test_faces_are_cached_per_card_width_and_colours() -> None:
    art = CardArt()
    assert art.face(12, 90) is art.face(12, 90)
    assert art.face(12, 90) is not art.face(12, 91)
    art.four_colour = True
    assert art.face(0, 90) is not CardArt().face(0, 90)
    assert art.greyed(12, 90) is art.greyed(12, 90)


def test_backs_are_distinct_designs_with_round_corners() -> None:
    art = CardArt()
    backs = [art.back(90, style) for style in range(len(BACK_STYLES))]
    assert len(BACK_STYLES) >= 3
    assert all(back.get_size() == (90, 126) for back in backs)
    assert len({_bytes(back) for back in backs}) == len(backs)
    assert all(back.get_at((0, 0)).a == 0 and back.get_at((45, 63)).a == 255 for back in backs)
    with pytest.raises(ValueError, match="style"):
        art.back(90, len(BACK_STYLES))


def test_bad_card_number_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="0 to 51"):
        CardArt().face(52, 90)


def test_suit_surfaces_are_sized_coloured_and_distinct() -> None:
    symbols = [suit_surface(suit, 32, (200, 0, 0)) for suit in Suit]
    assert all(s.get_size() == (32, 32) for s in symbols)
    assert len({_bytes(s) for s in symbols}) == 4
    for s in symbols:
        assert _count(s, s.get_rect(), (200, 0, 0)) > 200
        assert s.get_at((0, 0)).a == 0


def test_avatars_are_distinct_round_badges() -> None:
    from scenes.table.avatars import AVATAR_NAMES, avatar

    assert len(AVATAR_NAMES) >= 6
    badges = [avatar(i, 64) for i in range(len(AVATAR_NAMES))]
    assert all(b.get_size() == (64, 64) for b in badges)
    assert len({_bytes(b) for b in badges}) == len(badges)
    assert all(b.get_at((0, 0)).a == 0 and b.get_at((32, 32)).a == 255 for b in badges)
    assert avatar(len(AVATAR_NAMES), 64) is avatar(0, 64)  # the index wraps around


def test_dragging_the_window_through_many_widths_keeps_the_caches_bounded() -> None:
    """The module caches were unbounded (functools.cache): every width the window passed
    through stayed in memory. Now each has a bound, and a new window size empties them."""
    from scenes.core import card_art, card_shapes
    from scenes.table import avatars

    art = CardArt()
    for width in range(40, 40 + 3 * card_shapes.WIDTH_CACHE):
        art.face(12, width)
        art.back(width)
        avatars.avatar(0, width)
    caches = {
        "blank": (card_art._blank, card_shapes.WIDTH_CACHE),
        "back": (card_art._back, card_shapes.WIDTH_CACHE),
        "suit": (card_shapes.suit_surface, card_shapes.SHAPE_CACHE),
        "index": (card_art._corner_index, card_shapes.INDEX_CACHE),
        "portrait": (avatars._avatar, avatars.PORTRAIT_CACHE),
    }
    for name, (cached, bound) in caches.items():
        info = cached.cache_info()
        assert info.maxsize == bound and info.currsize <= bound, name
    assert card_art._back.cache_info().currsize == card_shapes.WIDTH_CACHE  # it did fill up
    art.clear()  # what the app does when the window changes size
    assert card_art._blank.cache_info().currsize == 0 and not art._faces
