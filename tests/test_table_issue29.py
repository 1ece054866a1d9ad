"""Issue 29, the table as a classic Hearts player meets it: P says OK after the exchange, the
status line never over a control, the Menu, Score and Last trick buttons in one place and order."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pygame
import pytest

from game.engine.legality import Reason
from game.records.profile import Profile
from scenes.core import i18n
from scenes.core.app import App
from scenes.core.card_art import CardArt
from scenes.core.i18n import _, reason_message
from scenes.core.preferences import DEFAULT_NAMES, Preferences
from scenes.table.layout import BOTTOM, TableLayout
from scenes.table.status_line import status_lines
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.table_controls import placed_controls
from tests.helpers.window import click, frame, key, local, start_game, wait_for_player


def test_p_says_ok_after_the_exchange(app: App) -> None:
    """The README says P passes and says OK: after the exchange, P puts the cards received
    down (it was taken by the pass, which had nothing to do, and the player was stuck)."""
    table = start_game(app)
    wait_for_player(app, table)
    assert table.human_to_pass()
    table.hand.selected = set(table.model.hand[:3])
    frame(app)
    key(app, pygame.K_p)
    deadline = time.monotonic() + 30
    while not table.ok_button.visible and time.monotonic() < deadline:
        frame(app)
        if local(table).thinking:
            time.sleep(0.001)
    assert table.ok_button.visible and table.hand.received
    key(app, pygame.K_p)
    assert not table.hand.received
    frame(app)
    assert not table.ok_button.visible
    click(app, (1, 1))  # nothing there: the game goes on


SIZES = ((800, 600), (1280, 800), (2560, 1440), (720, 1100))
"""The four sizes of the issue (the last one portrait)."""


def status_sentences() -> list[str]:
    """Every sentence the help line above the hand says, in the current language, with the
    longest of the default names."""
    name = max((_(n) for n in DEFAULT_NAMES), key=len)
    sentences = [
        _("Cards received from {name}: your lead").format(name=name),
        _("Cards received from {name}: press OK").format(name=name),
        _("Choose three cards to pass"),
        _("Three cards chosen: press the pass button (P)"),
        _("Your turn"),
        _("No trick has been taken yet this hand"),
        _("The computer plays for {name} from now on").format(name=name),
    ]
    for reason in Reason:
        for suit in range(4):
            sentences.append(reason_message(reason, suit, 0))
    # A refusal long enough to wrap at every size (a table elsewhere says its own reasons).
    sentences.append(". ".join(reason_message(reason, 3, 0) for reason in Reason))
    return sentences


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_status_sentence_is_written_over_a_control(
    size: tuple[int, int], players: int, lang: str
) -> None:
    """ "Cards received from …: your lead" was written over the Hint button, "Choisissez trois
    cartes…" too at 800x600 with five players: every sentence of the help line, at every size
    and seat count, in both languages, lies clear of every button and of the player's plate,
    inside the window and above the hand."""
    pygame.font.init()
    i18n.set_language(lang)
    try:
        layout = TableLayout(size, players)
        controls = placed_controls(TableLayout(size, players))
        plate = layout.places[BOTTOM].plate
        window = pygame.Rect((0, 0), size)
        checked = 0
        for sentence in status_sentences():
            lines = status_lines(layout, sentence, controls)
            assert " ".join(line for line, _rect in lines) == " ".join(sentence.split())
            for (_a, above), (_b, below) in itertools.pairwise(lines):  # wrapped lines breathe
                assert below.top - above.bottom >= layout.font_size // 8, (sentence, above, below)
            for line, rect in lines:
                assert window.contains(rect), (sentence, rect)
                hit = rect.collidelist([*controls, plate])
                assert hit < 0, (line, rect, [*controls, plate][hit])
                assert rect.bottom <= layout.hand_area.top, (line, rect)
                checked += 1
        assert checked >= len(status_sentences())
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_menu_score_and_last_trick_keep_one_place_and_one_order(players: int) -> None:
    """They moved from corner to corner with the size and the seat count (top right, top left,
    top centre, bottom right) and swapped order: now Menu, Score, Last trick, left to right,
    in the window's top-left corner, at every size, seat count and notice."""
    sizes = [*SIZES, (640, 480), (1024, 600), (1920, 1080), (3840, 2160), (640, 960)]
    for size in sizes:
        for inset in (0, 40):
            layout = TableLayout(size, players, top_inset=inset)
            menu, score, last = layout.menu_button, layout.score_button, layout.last_trick_button
            m = layout.margin
            assert menu.left == m and menu.top >= inset + m, (size, menu)
            assert menu.y == score.y == last.y
            assert menu.right < score.left < score.right < last.left, (size, menu, score, last)
            assert last.right < size[0] / 2, (size, last)
            # Nothing of the table under them: the plates, the fans and the hearts mark below.
            others = [place.plate for place in layout.places] + [layout.hearts_icon]
            others += [layout.hint_button, layout.button, layout.hand_area]
            group = menu.union(last)
            assert group.collidelist(others) < 0, (size, group, others[group.collidelist(others)])
            assert all(top >= group.bottom for top in fan_tops(layout)), size


def fan_tops(layout: TableLayout) -> list[int]:
    """The top of every back of every opponent's full fan."""
    return [
        round(y - layout.back_h / 2)
        for side in range(1, layout.players)
        for (_x, y), _angle in layout.fan(side, layout.hand_size)
    ]


def the_layout_rules_hold(layout: TableLayout) -> None:
    """The table's layout rules (as tests/test_scenes_layout.py checks them): everything inside
    the window, the plates clear of every card and of one another, the trick's cards clear of
    one another (from 800x600 up), of the plates and of the fans."""
    size = layout.size
    screen = pygame.Rect((0, 0), size)
    hand = [r.move(0, -layout.raise_px) for r in layout.hand_rects(layout.hand_size)]
    fans = []
    for side in range(1, layout.players):
        for (x, y), angle in layout.fan(side, layout.hand_size):
            across = angle == 180.0  # a back at the top stands upright, at the sides it lies
            w, h = (layout.back_w, layout.back_h) if across else (layout.back_h, layout.back_w)
            fans.append(pygame.Rect(round(x - w / 2), round(y - h / 2), w, h))
    plates = [place.plate for place in layout.places]
    tricks = []
    for place in layout.places:
        card = pygame.Rect(0, 0, layout.trick_w, layout.trick_h)
        card.center = (round(place.trick[0]), round(place.trick[1]))
        tricks.append(card)
    for rect in [*hand, *fans, *plates, *tricks, layout.button, layout.hint_button]:
        assert screen.contains(rect), (size, rect)
    for plate in [*plates, layout.hint_button]:
        assert plate.collidelist([*hand, *fans]) < 0, (size, plate)
    for a, b in itertools.combinations([*plates, layout.hint_button], 2):
        assert not a.colliderect(b), (size, a, b)
    if size[0] >= 800 and size[1] >= 600:
        for a, b in itertools.combinations(tricks, 2):
            assert not a.colliderect(b), (size, a, b)
    for card in tricks:
        assert card.collidelist([*plates, *fans, *hand]) < 0, (size, card)


LAYOUT_SIZES = [
    (w, h)
    for w in (640, 720, 800, 1024, 1280, 1600, 1920, 2560, 3840)
    for h in (480, 600, 800, 1080, 1100, 1440, 2160)
]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_large_cards_are_larger_and_laid_out_at_every_size(players: int) -> None:
    """The "Large cards" setting (for players who see less well): the hand's cards larger
    wherever the window leaves room, and the table's layout rules still kept at every size."""
    for size in LAYOUT_SIZES:
        normal, large = TableLayout(size, players), TableLayout(size, players, large_cards=True)
        assert large.card_w >= normal.card_w, size
        the_layout_rules_hold(normal)  # the rules as checked hold for the usual size
        the_layout_rules_hold(large)
    for size in SIZES:  # the four: clearly larger
        normal, large = TableLayout(size, players), TableLayout(size, players, large_cards=True)
        assert large.card_w >= normal.card_w * 1.14, (size, large.card_w, normal.card_w)


def test_the_faces_print_r_d_v_in_french_unless_english_letters_are_asked(app: App) -> None:
    """The sentences say D♠, R♦, V♠: the French faces carry R, D, V as French decks do; the
    setting keeps K, Q, J. The corner of a French king differs from an English one, and the
    English-letters face is the English face."""
    art = CardArt()
    king = 11 + 13  # K♦

    def corner(card: int) -> bytes:
        face = art.face(card, 120)
        return pygame.image.tobytes(face.subsurface((0, 0, 30, 34)), "RGBA")

    english = corner(king)
    assert art.rank_letters()[9:12] == ("J", "Q", "K")
    i18n.set_language("fr")
    try:
        assert art.rank_letters()[9:12] == ("V", "D", "R")
        assert corner(king) != english
        assert corner(2) == pygame.image.tobytes(  # a 4 is a 4 in both
            CardArt().face(2, 120).subsurface((0, 0, 30, 34)), "RGBA"
        )
        art.english_indices = True
        assert art.rank_letters()[9:12] == ("J", "Q", "K")
        assert corner(king) == english
    finally:
        art.english_indices = False
        i18n.set_language("en")


def test_the_first_hint_of_a_game_asks_once_and_can_stop_asking(app: App) -> None:
    """One hint quietly made the game a practice game. Now the first hint of a game asks
    (Back: no hint, the game still counts); once practice, no more questions; "don't ask
    again" is remembered in the profile for the next games."""
    table = start_game(app)
    wait_for_player(app, table)
    session = local(table).session
    key(app, pygame.K_h)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog) and not session.practice
    key(app, pygame.K_RETURN)  # Enter alone: Back, the default (issue 42), the game counts
    assert app.stack.top is table and not session.practice and table.advisor.hint is None
    key(app, pygame.K_h)
    key(app, pygame.K_ESCAPE)  # Esc: Back as well (it did nothing: only Enter closed it)
    assert app.stack.top is table and not session.practice and table.advisor.hint is None
    click(app, table.hint_button.rect.center)
    assert isinstance(app.stack.top, ChoiceDialog)
    key(app, pygame.K_DOWN)  # from Back round to "Show the hint"
    key(app, pygame.K_RETURN)
    assert app.stack.top is table and session.practice and table.advisor.hint is not None
    key(app, pygame.K_h)  # already a practice game: no question
    assert app.stack.top is table
    # The next game asks again, until "don't ask again".
    app.prefs.new_game.players = 4
    second = start_game(app)
    wait_for_player(app, second)
    key(app, pygame.K_h)
    assert isinstance(app.stack.top, ChoiceDialog)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)  # "Show it, and don't ask again"
    assert app.stack.top is second and local(second).session.practice
    assert Preferences.load(Profile.open(app.options.profile)).ask_before_hint is False


def test_the_keyboard_focus_never_rests_on_a_greyed_card(app: App) -> None:
    """On the player's turn the focus leaves a greyed card for the nearest playable one, and
    the arrows step over greyed cards (they stopped on them: Enter then only said why not)."""
    app.prefs.ask_before_hint = False
    table = start_game(app)
    for _turn in range(40):
        wait_for_player(app, table)
        if table.human_to_pass():
            table.hand.selected = set(table.model.hand[:3])
            key(app, pygame.K_p)
            continue
        if table.shown_greyed():
            break
        legal = table.legal_cards()
        table.play_card(next(c for c in table.model.hand if legal >> c & 1))
    greyed = table.shown_greyed()
    hand = table.model.hand
    assert greyed and len(greyed) < len(hand)
    table.hand.focus = hand.index(next(iter(greyed)))
    frame(app)
    assert hand[table.hand.focus] not in greyed
    seen = set()
    for arrow in [pygame.K_RIGHT] * len(hand) + [pygame.K_LEFT] * len(hand):
        key(app, arrow)
        assert table.hand.focus is not None and hand[table.hand.focus] not in greyed
        seen.add(hand[table.hand.focus])
    assert seen == set(hand) - greyed  # every playable card is reached


def shown(app: App) -> object:
    """The top scene, read afresh (after a key changed it)."""
    return app.stack.top


def f_key(app: App, k: int) -> None:
    """A function key, through the App as the main loop hands it over."""
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_f2_starts_a_new_game_asking_first_when_one_is_in_progress(app: App) -> None:
    """F2 as in the classic game: at the menu without a game, a new game at once; with a game
    in progress, the abandon question first (Continue keeps the same game on the table)."""
    f_key(app, pygame.K_F2)
    table = app.stack.top
    assert isinstance(table, TableScene)
    wait_for_player(app, table)
    f_key(app, pygame.K_F2)
    assert isinstance(app.stack.top, ChoiceDialog)
    key(app, pygame.K_RETURN)  # Enter alone continues the game in progress
    assert shown(app) is table
    f_key(app, pygame.K_F2)
    key(app, pygame.K_UP)  # "Abandon it and start the new game"
    key(app, pygame.K_RETURN)
    fresh = app.stack.top
    assert isinstance(fresh, TableScene) and fresh is not table
    assert [game.outcome for game in app.profile.finished_games()] == ["abandoned"]


def test_f1_shows_the_rules_and_the_keys(app: App) -> None:
    from scenes.screens.rules_summary import RulesScene

    table = start_game(app)
    f_key(app, pygame.K_F1)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    text = " ".join(rules.paragraphs())
    for word in ("F1", "F2", "P passes", "H asks", "Esc"):
        assert word in text
    f_key(app, pygame.K_F1)  # not twice
    assert app.stack.scenes.count(rules) == 1 and app.stack.top is rules
    key(app, pygame.K_ESCAPE)
    assert shown(app) is table


def test_the_first_launch_asks_the_players_name_once(app: App) -> None:
    """A new profile: the name is asked over the menu and typed at once; kept; never asked
    again. A profile from before the question (settings already stored) is not asked."""
    from scenes.screens.menu import MenuScene
    from scenes.screens.welcome import WelcomeScene

    assert not app.prefs.welcomed
    app.welcome()
    assert isinstance(app.stack.top, WelcomeScene)
    f_key(app, pygame.K_F2)  # no game over the question
    assert isinstance(app.stack.top, WelcomeScene)
    for letter in "Ada":
        app.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    key(app, pygame.K_RETURN)  # the name typed: Enter goes on (issue 42: it toggled editing)
    assert isinstance(app.stack.top, MenuScene)
    stored = Preferences.load(Profile.open(app.options.profile))
    assert stored.names[0] == "Ada" and stored.welcomed
    app.prefs.welcomed = stored.welcomed
    app.welcome()
    assert isinstance(app.stack.top, MenuScene)
    old = Preferences.load(Profile.open(app.options.profile))
    assert old.welcomed


def test_a_profile_from_before_the_question_is_not_asked(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path / "profile")
    profile.set_setting("language", "en")  # a player who has been here already
    assert Preferences.load(profile).welcomed
    assert not Preferences.load(Profile.open(tmp_path / "fresh")).welcomed
