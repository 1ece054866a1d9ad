"""The table as a player of the classic game expects it, headless: the last trick shown by seat
(a button, L, a click on the trick) mid-trick and changing nothing; the cards received raised
and marked until the player says OK (or leads), in a game and in a daily hand; the turn ring on
the seat the engine waits for."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.engine.cards import cards_of
from game.engine.events import CardPlayed
from game.engine.hand import Phase
from game.engine.save import save_match
from game.records import daily
from scenes.core import i18n
from scenes.core.app import App
from scenes.records import daily as daily_scene
from scenes.records.daily import DailyScene
from scenes.table.last_trick import LastTrickScene
from scenes.table.table_scene import TableScene
from tests.helpers.daily_pins import PARS
from tests.helpers.narrowing import of_kind
from tests.helpers.window import (
    click,
    frames,
    key,
    local,
    make_app,
    point_on_card,
    session_of,
    shoot,
    shoot_sizes,
    start_game,
)
from tests.helpers.window import wait_for_player as wait_for_turn

pytestmark = pytest.mark.app(seed=5, speed="instant")


@pytest.fixture
def new_game_level() -> str:
    return "easy"


DAY = dt.date(2026, 7, 14)  # a daily challenge tests/helpers/daily_pins.py pins


def run_until(app: App, done: Callable[[], object], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the table did not get there in time"
        frames(app)
        time.sleep(0.001)


def first_legal(table: TableScene) -> int:
    legal = table.legal_cards()
    return next(c for c in table.model.hand if legal >> c & 1)


def advance(app: App, table: TableScene, done: Callable[[], object], seconds: float = 90) -> None:
    """Frames (at the app's speed, 1/60 s each) with the player passing its three lowest,
    saying OK and playing its first legal card, until ``done()``: checked after every frame,
    so a moment that lasts a few frames (mid-trick) is never skipped."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the table did not get there in time"
        if table.human_to_pass():
            table.hand.selected = set(table.model.hand[:3])
            table.confirm_pass()
        elif table.ok_button.visible and not table.human_to_play():
            click(app, table.ok_button.rect.center)
        elif table.human_to_play():
            table.play_card(first_legal(table))
        frames(app)
        if local(table).thinking:
            time.sleep(0.001)


# -- the last trick --------------------------------------------------------------------------------


def test_the_last_trick_is_shown_by_seat_mid_trick_and_changes_nothing(
    tmp_path: Path, shots: Path
) -> None:
    app = make_app(tmp_path, seed=5, speed="normal")  # every moment lasts some frames
    try:
        check_last_trick(app, shots)
    finally:
        app.shutdown()


def check_last_trick(app: App, shots: Path) -> None:
    table = start_game(app)
    match = local(table).match
    advance(app, table, lambda: table.ok_button.visible)  # passed; the cards received shown
    # Before the hand's first trick is taken there is nothing to show: no button, L refused
    # with a sentence, a click on the trick does nothing.
    assert not match.hand.tricks and not table.last_trick_button.visible
    key(app, pygame.K_l)
    assert app.stack.top is table and "No trick" in table.status_text()
    click(app, table.layout.trick_area.center)
    assert app.stack.top is table

    # Play on until the second trick has cards on the table (mid-trick).
    def first_trick() -> list[tuple[int, int]]:
        leader, cards, _winner = match.hand.tricks[0]
        return [((leader + i) % 4, int(c)) for i, c in enumerate(cards)]

    advance(
        app,
        table,
        lambda: (
            bool(table.model.trick)
            and table.animator.idle
            and bool(match.hand.tricks)
            and table.model.last_trick == first_trick()
        ),
    )
    frames(app)
    assert table.last_trick_button.visible
    expected, winner = first_trick(), match.hand.tricks[0][2]
    before = save_match(match)
    shown_before = (list(table.model.hand), list(table.model.trick))
    for index, (open_it, close_it) in enumerate(
        (
            (lambda: key(app, pygame.K_l), lambda: key(app, pygame.K_ESCAPE)),
            (lambda: click(app, table.last_trick_button.rect.center), lambda: click(app, (5, 5))),
            (lambda: click(app, table.layout.trick_area.center), lambda: key(app, pygame.K_l)),
        )
    ):
        open_it()
        view = app.stack.top
        assert isinstance(view, LastTrickScene)
        assert view.cards == expected and view.winner == winner
        shown = view.arrangement()
        # Each card where that seat's card lies in a trick (the panel may only shift them all).
        dx = shown.cards[0][2].centerx - round(table.layout.place(expected[0][0]).trick[0])
        dy = shown.cards[0][2].centery - round(table.layout.place(expected[0][0]).trick[1])
        for seat, _card, rect in shown.cards:
            x, y = table.layout.place(seat).trick
            assert (rect.centerx - round(x), rect.centery - round(y)) == (dx, dy)
        assert table.name(winner) in view.caption()
        assert shown.box.contains(shown.title) and shown.box.contains(shown.caption)
        frames(app, 30)  # the table waits while the trick is shown
        assert app.stack.top is view and save_match(match) == before
        if index == 0:
            shoot_sizes(app, shots, "last_trick_mid_trick")
            assert app.stack.top is view
        close_it()
        assert app.stack.top is table
        assert save_match(match) == before
        assert (list(table.model.hand), list(table.model.trick)) == shown_before
    # The game goes on, and the next trick taken becomes the last one.
    advance(app, table, lambda: len(match.hand.tricks) >= 2 and table.idle)
    leader, cards, winner = match.hand.tricks[-1]
    assert table.model.last_trick == [((leader + i) % 4, int(c)) for i, c in enumerate(cards)]


@pytest.mark.parametrize("players", [3, 5])
def test_the_last_trick_of_three_and_five_sits_by_seat(
    tmp_path: Path, shots: Path, players: int
) -> None:
    app = make_app(tmp_path, seed=5, speed="normal", players=players)
    try:
        app.prefs.new_game.level = "easy"
        table = start_game(app)
        match = local(table).match
        advance(app, table, lambda: match.hand.tricks and table.idle)
        key(app, pygame.K_l)
        view = app.stack.top
        assert isinstance(view, LastTrickScene) and len(view.cards) == players
        rects = {seat: rect for seat, _card, rect in view.arrangement().cards}
        assert rects[0].top > max(rects[s].top for s in range(1, players))  # the player's lowest
        assert rects[1].centerx < rects[0].centerx < rects[players - 1].centerx
        for a in rects.values():
            assert sum(a.colliderect(b) for b in rects.values()) == 1  # none hides another
        shoot_sizes(app, shots, f"last_trick_{players}p")
    finally:
        app.shutdown()


# -- the cards received ----------------------------------------------------------------------------


def received_marks(table: TableScene) -> set[int]:
    """The cards drawn with the received mark this frame (from the drawn parts' keys)."""
    marked = set()
    for part in table.renderer._hand_parts():
        card, _rect, _following, _w, _four, marks = of_kind(part.key, tuple)
        if marks[1]:
            marked.add(card)
    return marked


def pass_and_wait_for_received(app: App, table: TableScene) -> set[int]:
    wait_for_turn(app, table, 60)
    assert table.human_to_pass()
    table.hand.selected = set(table.model.hand[:3])
    frames(app)
    click(app, table.pass_button.rect.center)
    run_until(app, lambda: table.hand.received)
    received = {int(c) for c in cards_of(local(table).match.hand.received(table.bottom))}
    assert table.hand.received == received
    return received


def check_received_wait(app: App, table: TableScene, received: set[int]) -> None:
    """For many seconds the received cards stay raised and marked, OK waits to be pressed and
    nothing is played; OK lowers them and the game goes on."""
    match = local(table).match
    plays = len(match.hand.plays)
    for _ in range(6 * 60):  # six seconds of frames
        frames(app)
    assert received_marks(table) == received
    raised = [
        rect.y < table.layout.hand_top
        for rect, card in zip(table.hand.rects(), table.model.hand, strict=True)
        if card in received
    ]
    assert raised == [True, True, True]
    assert table.ok_button.visible and table.ok_button.text() == "OK"
    assert len(match.hand.plays) == plays == 0  # the classic game waits for OK
    giver = table.name(match.hand.pass_direction.source(table.bottom, 4))
    assert table.status_text() == f"Cards received from {giver}: press OK"
    click(app, table.ok_button.rect.center)
    assert not table.hand.received and not received_marks(table)
    frames(app)
    assert not table.ok_button.visible
    run_until(app, lambda: len(match.hand.plays) > 0 or table.human_to_play())


@pytest.mark.parametrize("speed", ["normal", "instant"])
def test_the_cards_received_stay_raised_and_marked_until_ok(
    tmp_path: Path, shots: Path, speed: str
) -> None:
    app = make_app(tmp_path, seed=5, speed=speed)
    try:
        table = start_game(app)
        received = pass_and_wait_for_received(app, table)
        match = local(table).match
        assert match.hand.turn != table.bottom  # this deal: another seat leads
        if speed == "normal":
            shoot_sizes(app, shots, "received_wait_for_ok")
        check_received_wait(app, table, received)
    finally:
        app.shutdown()


def test_the_leader_plays_without_ok_and_the_marks_go(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=LEADER_SEED, speed="normal")
    try:
        table = start_game(app)
        received = pass_and_wait_for_received(app, table)
        assert local(table).match.hand.turn == table.bottom  # the player holds the two of clubs
        frames(app, 3 * 60)
        assert received_marks(table) == received and table.human_to_play()
        assert table.status_text().endswith("your lead")
        two = next(i for i, c in enumerate(table.model.hand) if table.legal_cards() >> c & 1)
        click(app, point_on_card(table, two))
        assert not table.hand.received and len(local(table).match.hand.plays) == 1
    finally:
        app.shutdown()


LEADER_SEED = 4  # the player holds the two of clubs after the first pass


def test_a_daily_hand_shows_the_cards_received_until_ok(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(daily_scene, "today", lambda: DAY)
    app = make_app(tmp_path, seed=5, speed="normal")
    try:
        app.profile.set_daily_par(DAY.isoformat(), daily.par_key(), PARS[DAY][0], PARS[DAY][1])
        app.stack.push(DailyScene(app))
        scene = app.stack.top
        assert isinstance(scene, DailyScene)
        run_until(app, scene.ready, 120)
        scene.play()
        table = app.stack.top
        assert isinstance(table, TableScene) and session_of(table).daily is not None
        received = pass_and_wait_for_received(app, table)
        if local(table).match.hand.turn == table.bottom:
            frames(app, 3 * 60)
            assert received_marks(table) == received
        else:
            check_received_wait(app, table, received)
        assert local(table).match.hand.phase is Phase.PLAY
    finally:
        app.shutdown()


# -- the turn ring ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 3])
def test_the_turn_ring_follows_the_engine_and_leaves_a_card_as_it_flies(
    tmp_path: Path, players: int
) -> None:
    """Frame by frame through a hand at normal speed: the ring is never on a seat whose card
    of this trick is on the table or on its way there, and with the screen caught up it is on
    the seat the engine waits for (none while a full trick shows)."""
    app = make_app(tmp_path, seed=5, speed="normal", players=players)
    try:
        app.prefs.new_game.level = "easy"
        table = start_game(app)
        match = local(table).match
        checked = flying = 0
        deadline = time.monotonic() + 120
        while match.hand_number == 0 and match.phase is not Phase.HAND_OVER:
            assert time.monotonic() < deadline, "the hand did not end"
            frames(app)
            if app.stack.top is not table:
                break
            rings = [s for s in range(players) if table.renderer._plate_picture(s)[4]]
            assert len(rings) <= 1
            played = {seat for seat, _card in table.model.trick}
            event = table.animator.current_event
            if event is not None and isinstance(event[0], CardPlayed):
                played.add(event[0].seat)
                flying += 1
            assert not played & set(rings), (rings, table.model.trick)
            view = table.view
            if table.idle and view.phase is Phase.PLAY and not table.held:
                full = len(table.model.trick) == players
                assert rings == ([] if full else [view.turn])
                checked += 1
            if table.ok_button.visible:
                table.accept_received()
            if table.human_to_pass():
                table.hand.selected = set(table.model.hand[:3])
                table.confirm_pass()
            elif table.human_to_play():
                table.play_card(first_legal(table))
            time.sleep(0.001)
        assert checked > 30 and flying > 300  # both checks ran, many times
    finally:
        app.shutdown()


# -- the notice bar --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (720, 1100)])
def test_the_not_saved_notice_pushes_the_table_down_instead_of_covering_it(
    tmp_path: Path, shots: Path, size: tuple[int, int]
) -> None:
    from game.records.profile import write_problem

    app = make_app(tmp_path, size=size, seed=5, speed="instant")
    try:
        table = start_game(app)
        wait_for_turn(app, table)
        assert table.layout.top_inset == 0
        app.save_notice.failed(write_problem(OSError(28, "No space left on device")))
        frames(app)
        notice = app.save_notice.height(size)
        assert notice > 0 and table.layout.top_inset == notice
        layout = table.layout
        tops = [place.plate.top for place in layout.places]
        tops += [layout.menu_button.top, layout.score_button.top, layout.last_trick_button.top]
        tops += [round(y - layout.back_h / 2) for (_x, y), _a in layout.fan(2, 13)]
        assert min(tops) >= notice
        app.stack.draw(app.screen)
        app.draw_save_notice()  # as the main loop does, over the scenes
        w, h = size
        shoot(app, shots, f"notice_over_table_{w}x{h}.png")
        app.save_notice.saved()
        app.save_notice.update(10.0)
        frames(app)
        assert table.layout.top_inset == 0
    finally:
        app.shutdown()


# -- the name fields ------------------------------------------------------------------------------


def test_an_empty_name_field_shows_its_placeholder_as_an_example_not_as_disabled(
    app: App, shots: Path
) -> None:
    from scenes.screens.settings import SettingsScene
    from scenes.ui.widgets import DISABLED_INK, PLACEHOLDER_INK, TextRow

    app.stack.push(SettingsScene(app))
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    frames(app)
    form = scene.form
    fields = [(row, rect) for row, rect in zip(form.rows, form.rects, strict=True)]
    names = [(row, rect) for row, rect in fields if isinstance(row, TextRow)]
    assert names and all(row.placeholder_text() for row, _rect in names)
    for row, rect in names:
        split = rect.x + round(rect.w * form.label_width)
        box = pygame.Rect(split, rect.y + 2, rect.right - split - 2, rect.h - 4).inflate(-6, -6)
        colours = {
            tuple(app.screen.get_at((x, y)))[:3]
            for x in range(box.left, box.right, 1)
            for y in range(box.top, box.bottom, 2)
        }
        assert PLACEHOLDER_INK in colours, row.label  # the placeholder's own ink
        assert DISABLED_INK not in colours, row.label  # not a disabled control's grey
    shoot_sizes(app, shots, "names_placeholders")


def test_the_hand_review_names_cards_in_french_as_the_table_does(app: App) -> None:
    """The review's own lines ("Vous avez passé ...") and the tutor's sentences in it say D,
    R, V in French, as the table's tutor does (they said Q, K, J)."""
    from game.engine.cards import parse_cards
    from game.engine.match import Match
    from game.engine.players import RandomPlayer, play_match
    from game.text import sentences as tutor
    from game.text.sentences import CardRef, Sentence
    from scenes.records.hand_review import HandReviewScene

    match = Match.new(app.prefs.new_game.rules(), seed=3)
    play_match(match, [RandomPlayer(s) for s in range(4)], max_hands=1)
    i18n.set_language("fr")
    scene = HandReviewScene(app, save_match(match), 0, 0, ["Vous", "Ouest", "Nord", "Est"])
    queen, king, jack = (int(c) for c in parse_cards("QC KC JC"))
    assert scene.cards_text((queen, king, jack)) == "D♣ R♣ V♣"
    pass_sentence = Sentence(
        tutor.PASS_ALL,
        (
            ("cards", CardRef(tuple(parse_cards("QS KH")))),
            ("reason", Sentence(tutor.Q_COSTLY, (("card", CardRef(tuple(parse_cards("QS")))),))),
        ),
    )
    text = scene.render(pass_sentence)
    assert "D♠" in text and "R♥" in text and "Q♠" not in text and "K♥" not in text


def test_three_cards_and_pass_clicked_within_one_frame_make_the_pass(app: App) -> None:
    """A quick player (or a busy computer) may click the third card and Pass before the next
    frame: the button counts the cards at once."""
    table = start_game(app)
    wait_for_turn(app, table)
    assert table.human_to_pass() and not table.pass_button.enabled
    for index in (0, 1, 2):
        click(app, point_on_card(table, index))
    click(app, table.pass_button.rect.center)  # no frame in between
    assert local(table).match.hand.passes[table.bottom] is not None
