"""Issue 42: the teaching banner (the tutor's box above the hand) never covers a card or a
control: wrapped to two or three lines, in French, with large cards, at every size. And the
"Hearts broken" badge and the table's banner keep clear of the cards too."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from game.engine.cards import parse_cards
from game.engine.legality import SUIT_NAMES
from game.text import sentences as words
from scenes.core import i18n
from scenes.core.app import App
from scenes.table import games
from scenes.table.layout import TableLayout
from scenes.table.table_scene import TableScene
from scenes.table.teaching_box import keep_out, teaching_box
from tests.helpers.table_controls import placed_controls
from tests.helpers.window import frames

SIZES = ((800, 600), (1280, 800), (640, 1000), (1024, 768), (2560, 1440), (720, 1100))


def tutor_texts(count: int = 12) -> list[str]:
    """The longest sentences the tutor says, in the current language (with the longest cards
    and seat names), and a pass with its three clauses."""
    texts = []
    for template in words.all_templates():
        if template in words.SINGULAR_TO_PLURAL.values() or "{reason}" in template:
            continue
        blanks = set(re.findall(r"\{(\w+)\}", template))
        if "{first}" in template:
            continue
        ten = parse_cards("10C")[0]
        values: dict[str, object] = {
            "card": ten,
            "winning": parse_cards("10D")[0],
            "low": parse_cards("10H")[0],
            "cards": words.CardRef(tuple(parse_cards("10C 10D 10H"))),
            "suit": words.Sentence(SUIT_NAMES[1]),
            "seat": words.SeatRef(3),
            "count": 2,
            "number": 5,
        }
        said = words.sentence(
            template,
            words.SINGULAR_TO_PLURAL.get(template),
            **{k: v for k, v in values.items() if k in blanks},
        )
        texts.append(i18n.render_sentence(said))
    clause = words.counted(words.ABOVE_FEW, 2, card=parse_cards("10H")[0])
    three = words.sentence(
        words.PASS_EACH,
        cards=words.CardRef(tuple(parse_cards("10C 10D 10H"))),
        first=words.brief(clause),
        second=words.brief(clause),
        third=words.brief(clause),
    )
    texts.append(i18n.render_sentence(three))
    return sorted(texts, key=len, reverse=True)[:count]


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_teaching_box_never_covers_a_card_or_a_control(
    size: tuple[int, int], players: int, lang: str, large: bool
) -> None:
    pygame.font.init()
    i18n.set_language(lang)
    try:
        layout = TableLayout(size, players, large_cards=large, teaching=True)
        controls = placed_controls(layout)
        obstacles = keep_out(layout, controls)
        window = pygame.Rect((0, 0), size)
        heading = i18n._("Teach me")
        checked = 0
        for text in tutor_texts():
            box = teaching_box(layout, text, heading, controls)
            assert window.contains(box.rect), (text, box.rect)
            hit = box.rect.collidelist(obstacles)
            assert hit < 0, (text, box.rect, obstacles[hit])
            assert " ".join(box.lines) == " ".join(text.split(" "))
            assert box.size >= 8
            checked += 1
        assert checked >= 12
    finally:
        i18n.set_language("en")


def test_a_teaching_table_keeps_room_for_the_box_at_its_real_height(app: App) -> None:
    """The table scene lays a teaching game out with the box's room, and the box it draws
    (the pass's three reasons) covers no card and no control."""
    app.prefs.new_game.teaching = True
    games.new_game(app, app.prefs.new_game)
    table = app.stack.top
    assert isinstance(table, TableScene)
    deadline = time.monotonic() + 120
    while not (table.human_to_pass() and table.advisor.teaching_text()):
        assert time.monotonic() < deadline, "no teaching text"
        frames(app)
        time.sleep(0.005)
    assert table.layout.teaching_room > 0
    controls = [button.rect for button in table.buttons() if button.visible]
    box = teaching_box(table.layout, table.advisor.teaching_text(), i18n._("Teach me"), controls)
    obstacles = keep_out(table.layout, controls)
    hit = box.rect.collidelist(obstacles)
    assert hit < 0, (box.rect, obstacles[hit])


BADGE_SIZES = (*SIZES, (640, 480), (1024, 768))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", BADGE_SIZES, ids=[f"{w}x{h}" for w, h in BADGE_SIZES])
def test_the_hearts_broken_badge_never_covers_a_card_or_a_control(
    size: tuple[int, int], lang: str
) -> None:
    """ "Hearts broken" was written over Hugo's cards (the fans across, a tall window) and over
    the last cards of a full hand."""
    from scenes.table.teaching_box import hearts_badge

    pygame.font.init()
    i18n.set_language(lang)
    try:
        for players in (3, 4, 5):
            for large in (False, True):
                layout = TableLayout(size, players, large_cards=large)
                icon, words = hearts_badge(layout, i18n._("Hearts broken"))
                controls = placed_controls(layout)
                obstacles = keep_out(layout, controls)[:-2]  # the hand: its cards, not its strip
                hand = layout.hand_rects(layout.hand_size)
                obstacles += [card.inflate(0, 2 * layout.raise_px) for card in hand]
                for rect in (icon, words):
                    assert pygame.Rect((0, 0), size).contains(rect), (players, large, rect)
                    hit = rect.collidelist(obstacles)
                    assert hit < 0, (players, large, rect, obstacles[hit])
    finally:
        i18n.set_language("en")
