"""The name plates and the score sheet at the table, headless: the game's totals and this hand's
points apart on each plate, the moon's shooter named, the score window opened at any time."""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.engine.match import Match
from game.engine.rules import PassDirection
from scenes.core import i18n
from scenes.core.app import App
from scenes.core.scene import Scene
from scenes.table.layout import TableLayout
from scenes.table.score import ScoreScene
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.widgets import text_surface
from tests.helpers.window import (
    click,
    frames,
    key,
    moon_table,
    play_to_moon,
    shoot_sizes,
    start_game,
    top,
    wait_for_player,
)

pytestmark = pytest.mark.app(seed=5, speed="instant")


@pytest.fixture
def new_game_level() -> str:
    return "easy"


def moon_for_the_others(app: App) -> tuple[TableScene, Match, ScoreScene]:
    """The player shoots the moon in the first hand and gives the others 26: the score window."""
    table, match = moon_table(app)
    play_to_moon(app, table)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    click(app, dialog.buttons[1].rect.center)  # give the others 26
    wait_for_player(app, table)
    window = app.stack.top
    assert isinstance(window, ScoreScene)
    return table, match, window


def plate_texts(table: TableScene, seat: int) -> list[str]:
    return [t[0] for t in table.renderer._plate_texts(table.renderer._plate_picture(seat))]


def test_plates_show_totals_and_this_hand_apart_and_name_the_moon_shooter(
    app: App, shots: Path
) -> None:
    table, match, _window = moon_for_the_others(app)
    assert match.history[0] == (0, 26, 26, 26)
    # The shooter's plate says so instead of "26 points"; every plate shows the game's total.
    mine = plate_texts(table, 0)
    assert "Total 0" in mine and "Moon!" in mine
    assert not any("26" in text for text in mine)
    for seat in (1, 2, 3):  # issue 42: the hand as scored, not "hand 0" beside +26
        texts = plate_texts(table, seat)
        assert "Total 26" in texts and "hand 26" in texts
    app.stack.remove(top(app, Scene))
    frames(app)
    shoot_sizes(app, shots, "plates_moon")
    # The next hand: the totals stay on the plates while this hand's points start again, and
    # the moon's banner, said before the score window, is not shown again over the deal.
    table.next_hand()
    frames(app)
    assert table.renderer._overlay_picture()[-1] == ""
    wait_for_player(app, table)
    for seat in (1, 2, 3):
        assert "Total 26" in plate_texts(table, seat)
    assert "hand 0" in plate_texts(table, 1)
    assert "Moon!" not in plate_texts(table, 0)


def test_the_score_sheet_opens_at_any_time_and_changes_nothing(app: App, shots: Path) -> None:
    from game.engine.save import save_match
    from scenes.screens.menu import MenuScene

    table, match, window = moon_for_the_others(app)
    click(app, window.buttons[0].rect.center)  # OK: the next hand
    wait_for_player(app, table)
    assert table.human_to_pass() and match.hand_number == 1
    table.hand.selected = set(table.model.hand[:3])
    frames(app)
    click(app, table.pass_button.rect.center)
    wait_for_player(app, table)
    legal = table.legal_cards()
    table.play_card(next(c for c in table.model.hand if legal >> c & 1))
    frames(app, 3)  # mid-trick
    before = save_match(match)
    shown_before = (list(table.model.hand), list(table.model.trick))
    opened = 0
    openers: list[Callable[[], None]] = [
        lambda: key(app, pygame.K_s),
        lambda: key(app, pygame.K_F4),
        lambda: click(app, table.score_button.rect.center),
    ]
    for open_it in openers:
        open_it()
        sheet = app.stack.top
        assert isinstance(sheet, ScoreScene) and sheet.read_only
        opened += 1
        texts = [cell.text for cell in sheet.cells()]
        assert "Hand 1" in texts and "Hand 2" not in texts  # every hand so far
        totals = [c.text for c in sheet.cells() if c.row == 2 and c.column >= 0]
        assert totals == [str(t) for t in match.totals] == ["0", "26", "26", "26"]
        assert [b.text() for b in sheet.buttons] == ["OK"]
        frames(app, 30)  # the game waits while the sheet is open
        assert app.stack.top is sheet and save_match(match) == before
        if opened == 1:
            shoot_sizes(app, shots, "score_sheet_mid_hand")
            key(app, pygame.K_ESCAPE)
        else:
            click(app, sheet.buttons[0].rect.center)
        assert top(app, TableScene) is table
        assert save_match(match) == before
        assert (list(table.model.hand), list(table.model.trick)) == shown_before
    assert opened == 3
    # The game goes on after.
    wait_for_player(app, table)
    assert table.human_to_play() and app.stack.top is table
    shoot_sizes(app, shots, "table_buttons")
    # The menu button is the mouse's way out (Esc already was).
    click(app, table.menu_button.rect.center)
    assert isinstance(app.stack.top, MenuScene)


def test_the_pass_button_names_the_neighbour_who_receives_the_cards(app: App, shots: Path) -> None:
    table = start_game(app)
    wait_for_player(app, table)
    assert table.human_to_pass()
    # Each direction names the seat whose plate is on that side of the screen.
    plates = {seat: table.layout.place(seat, table.bottom).plate for seat in (1, 2, 3)}
    on_left = min(plates, key=lambda s: plates[s].centerx)
    on_right = max(plates, key=lambda s: plates[s].centerx)
    across = min(plates, key=lambda s: plates[s].centery)
    expected = {
        PassDirection.LEFT: f"Pass left (to {table.name(on_left)})",
        PassDirection.RIGHT: f"Pass right (to {table.name(on_right)})",
        PassDirection.ACROSS: f"Pass across (to {table.name(across)})",
    }
    assert table.model.pass_direction is PassDirection.LEFT  # the first hand
    assert table.pass_button.text() == expected[PassDirection.LEFT]
    for direction, text in expected.items():
        table.model.pass_direction = direction
        assert table.pass_button.text() == text
    table.model.pass_direction = PassDirection.ACROSS
    i18n.set_language("fr")
    assert table.pass_button.text() == f"Passer en face (à {table.name(across)})"
    table.hand.selected = set(table.model.hand[:3])
    frames(app)
    shoot_sizes(app, shots, "pass_button_fr")
    # The button holds its text at both sizes, in each direction (the French is the longest).
    for direction in expected:
        table.model.pass_direction = direction
        for size in ((1280, 800), (720, 1100)):
            button = TableLayout(size, 4).button
            drawn = text_surface(table.pass_button.text(), max(10, round(button.h * 0.45)))
            assert drawn.get_width() < button.w


def check_point_card_rows(window: ScoreScene, match: Match) -> list[int]:
    """Each row of the strip holds exactly what its player took, by the engine's tricks, with
    every card's corner showing; returns the seats with a row."""
    from game.engine.cards import cards_of

    penalty = {int(c) for c in cards_of(match.rules.penalty)}
    taken: dict[int, set[int]] = {}
    for _leader, cards, winner in match.hand.tricks:
        taken.setdefault(winner, set()).update({int(c) for c in cards} & penalty)
    rows = window.point_card_rows()
    assert [seat for seat, _row in rows] == sorted(s for s, cards in taken.items() if cards)
    tops = set()
    for seat, row in rows:
        places = window.point_card_places(seat, row)
        assert {card for card, _rect in places} == taken[seat]
        for (_card, rect), (_next, following) in itertools.pairwise(places):
            assert following.x - rect.x >= rect.w * 0.45  # the corner's rank and suit show
        assert {rect.top for _card, rect in places} == {row.top}
        assert window.rect.contains(places[-1][1].union(places[0][1]))
        tops.add(row.top)
    assert len(tops) == len(rows)  # a row each
    return [seat for seat, _row in rows]


def test_the_point_cards_strip_has_a_row_per_player_with_every_corner_showing(
    app: App, shots: Path
) -> None:
    table, match, window = moon_for_the_others(app)
    for size in ((1280, 800), (720, 1100), (800, 600)):
        window.resize(size)
        assert check_point_card_rows(window, match) == [0]  # the moon: one row of 14
        assert len(window.point_card_places(0, window.point_card_rows()[0][1])) == 14
    window.resize((1280, 800))
    shoot_sizes(app, shots, "score_point_cards_moon")
    click(app, window.buttons[0].rect.center)
    play_to_moon(app, table)  # the second hand, to its score window
    window = top(app, ScoreScene)
    assert isinstance(window, ScoreScene) and match.hand_number == 1
    for size in ((1280, 800), (720, 1100), (800, 600)):
        window.resize(size)
        assert len(check_point_card_rows(window, match)) >= 2
    window.resize((1280, 800))
    shoot_sizes(app, shots, "score_point_cards")


def test_the_score_window_says_when_no_point_card_is_taken_yet(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opened (S) before anyone took a point, its "Point cards this hand" headed a blank
    strip; it says "None yet" there, and only then."""
    from scenes.ui.widgets import draw_text as real

    drawn: list[str] = []

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr("scenes.table.score.draw_text", spy)
    table = start_game(app)
    wait_for_player(app, table)  # the pass: no card played yet
    key(app, pygame.K_s)
    sheet = top(app, ScoreScene)
    assert sheet.read_only and sheet.point_card_rows() == []
    drawn.clear()
    sheet.draw(app.screen)
    assert "Point cards this hand" in drawn and "None yet" in drawn
    table, _match, window = moon_for_the_others(app)
    drawn.clear()
    window.draw(app.screen)
    assert window.point_card_rows() and "None yet" not in drawn
