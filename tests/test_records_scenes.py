"""The statistics, history, hand review and score sheet screens, driven headless by synthetic
keys, text and dropped files, and checked against the profile and the engine."""

from __future__ import annotations

import ast
import csv
import os
import re
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import MoonMode, Rules
from game.engine.save import save_match
from game.records import scoresheet, stats
from game.records.profile import FinishedGame, Profile
from game.records.scoresheet import HandEntry, ScoreSheet
from game.tutor.review import judge, seat_points
from scenes.core import i18n
from scenes.core.app import App
from scenes.records.hand_review import HandReviewScene
from scenes.records.history import GameScene, HistoryScene
from scenes.records.photos import THUMBNAIL
from scenes.records.players import PlayersScene
from scenes.records.sheet import SheetListScene
from scenes.records.sheet_pad import SheetScene
from scenes.records.sheet_setup import SheetSetupScene
from scenes.records.statistics import StatisticsScene
from scenes.table import games as start
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.records_window import (
    enter_hand,
    key_and_frame,
    new_sheet,
    open_from_menu,
    typed,
    until,
)

ROOT = Path(__file__).resolve().parent.parent
NEW_SCREENS = [
    "records/statistics",
    "records/history",
    "records/hand_review",
    "records/sheet",
    "records/sheet_words",
    "records/sheet_setup",
    "records/sheet_pad",
    "records/sheet_drawing",
    "records/players",
    "records/photos",
    "ui/report",
]


def record(profile: Profile, seed: int, level: str, practice: bool = False) -> Match:
    match = Match.new(Rules(target=60, moon=MoonMode.OTHERS_PLUS), seed=seed)
    play_match(match, [RandomPlayer(seed * 10 + s) for s in range(4)])
    profile.record_game(
        FinishedGame(
            rules=match.rules.to_dict(),
            level=level,
            human_seat=0,
            names=("You", "West", "North", "East"),
            totals=tuple(match.totals),
            winners=tuple(match.winners),
            practice=practice,
            hands=len(match.history),
            match=save_match(match),
        )
    )
    return match


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "profile"


@pytest.fixture
def profile_folder(folder: Path) -> Path:
    return folder


pytestmark = pytest.mark.app(size=(1024, 700))


@pytest.fixture
def games(folder: Path) -> list[Match]:
    profile = Profile.open(folder)
    matches = [record(profile, 1, "easy"), record(profile, 2, "hard", practice=True)]
    matches.append(record(profile, 3, "hard"))
    profile.close()
    return matches


def test_statistics_from_the_menu_match_the_stored_games(app: App, games: list[Match]) -> None:
    scene = open_from_menu(app, "Statistics")
    assert isinstance(scene, StatisticsScene)
    until(app, lambda: scene.figures is not None)  # counted in the worker
    assert scene.figures is not None
    expected = stats.game_statistics(
        stats.read_history(Profile.open(app.profile.path.parent).game_rows()).games
    )
    assert scene.figures == expected
    overall = scene.figures[stats.ALL_LEVELS]
    assert overall.played == 3 and overall.practice == 1
    assert overall.won == sum(1 for m in (games[0], games[2]) if 0 in m.winners)


def test_reset_asks_first_and_keeps_the_history(app: App, games: list[Match]) -> None:
    scene: StatisticsScene = open_from_menu(app, "Statistics")
    until(app, lambda: scene.figures is not None)
    scene.ask_reset()
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    key_and_frame(app, pygame.K_DOWN)  # Cancel
    key_and_frame(app, pygame.K_RETURN)
    assert app.stack.top is scene and app.profile.setting(stats.RESET_SETTING) is None
    scene.ask_reset()
    key_and_frame(app, pygame.K_RETURN)  # Reset
    until(app, lambda: scene.figures is not None)
    assert scene.figures is not None and scene.figures[stats.ALL_LEVELS].played == 0
    assert len(stats.read_history(app.profile.game_rows()).games) == 3


def test_history_lists_newest_first_opens_a_game_and_reviews_a_hand(
    app: App, games: list[Match]
) -> None:
    history = open_from_menu(app, "History")
    assert isinstance(history, HistoryScene)
    until(app, lambda: not history.busy())  # read in the worker
    rows = history.rows()
    scores = [[part.rsplit(" ", 1) for part in r[3].split(" · ")] for r in rows]
    assert [[total for _name, total in row] for row in scores] == [
        [str(t) for t in m.totals] for m in reversed(games)
    ]
    assert all(name for row in scores for name, _total in row)  # each score says whose it is
    assert rows[1][5] == "practice"
    key_and_frame(app, pygame.K_DOWN)
    key_and_frame(app, pygame.K_DOWN)  # the oldest: seed 1
    key_and_frame(app, pygame.K_RETURN)
    game = app.stack.top
    assert isinstance(game, GameScene)
    assert game.scores == [tuple(h) for h in games[0].history]
    rows = game.table_rows()
    assert [r[1:] for r in rows] == [[str(p) for p in h] for h in games[0].history]
    key_and_frame(app, pygame.K_UP)
    selected = game.selected
    key_and_frame(app, pygame.K_RETURN)
    review = app.stack.top
    assert isinstance(review, HandReviewScene)
    assert review.review is not None and review.review.hand_number == selected
    until(app, lambda: not review.busy(), seconds=120)  # every verdict from the worker
    assert len(review.judgements) == len(review.review.decisions)
    # what the worker sent back is exactly the tutor's search for each position, by seed
    seed = review.review.tutor_seed
    for index, point in enumerate(review.review.decisions):
        assert review.judgements[index] == judge(point, seed)
    line = review.cost_line()  # points the player can picture, explained in the line
    taken = review.review.scores[review.review.seat]
    assert line.startswith(f"You took {taken} point") and "average" not in line
    # A figure of points "more than its own" is never more than the player took (17 taken,
    # "about 22 more" read as the tutor taking -5); past that, the line points to the steps.
    figure = re.search(r"take about (\d+) points? more than its own", line)
    assert figure is None or int(figure[1]) <= taken, line
    assert figure or "would have chosen otherwise at" in line or "as many as its own" in line
    for _step in range(3):
        key_and_frame(app, pygame.K_RIGHT)
    assert review.step == 3 and review.headline().startswith(f"Hand {selected + 1} · Trick 3")
    key_and_frame(app, pygame.K_END)
    assert review.step == len(review.review.steps) - 1
    key_and_frame(app, pygame.K_HOME)
    lines = review.verdict_lines()
    first = review.review.decisions[0]
    if first.kind == "pass":
        assert lines[0] == "You passed {}.".format(" ".join(c.symbol() for c in first.chosen))
        judged = review.judgements[0]
        said = "The tutor agrees" if judged.agrees else "The tutor would pass"
        assert lines[1].startswith(said)
        # the pass's cost, if any, in points taken in the player's seat
        assert judged.tutor_value is not None and judged.player_value is not None
        points = round(seat_points(judged.cost, 4))
        assert (
            (lines[2:] == []) if points == 0 else (" about " + str(points) + " point" in lines[2])
        )
        assert not any("average" in text for text in lines)
        assert judged.cost == max(0.0, judged.tutor_value - judged.player_value)
        # Each line a whole sentence: the tutor's reason ended bare ("...and lead again")
        for step in range(len(review.review.steps)):
            review.go(step)
            step_lines = review.verdict_lines()
            assert all(text.endswith((".", "!", "?", "…")) for text in step_lines), step_lines
        review.go(0)
    else:
        assert lines == ["No pass this hand."]
    # every step where the tutor differs marks its card in the player's hand
    for index, judged in review.judgements.items():
        review.go(judged.step)
        wanted = set() if judged.agrees else {int(c) for c in judged.tutor_cards}
        assert review.tutor_marks() == wanted, index
    key_and_frame(app, pygame.K_ESCAPE)
    assert app.stack.top is game


def test_export_writes_a_csv_next_to_the_profile_and_says_where(
    app: App, games: list[Match]
) -> None:
    history = open_from_menu(app, "History")
    history.export()
    path = app.profile.path.parent / "history.csv"
    assert str(path) in history.message
    with path.open(encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0][:2] == ["Game", "Finished (local time)"]
    columns = [rows[0].index(f"Total {seat + 1}") for seat in range(4)]  # one column each
    assert [[int(r[c]) for c in columns] for r in rows[1:]] == [list(m.totals) for m in games]
    assert (path.parent / "sheets.csv").exists() and history.folder_button.visible


def test_export_failure_is_said_and_loses_nothing(
    app: App, games: list[Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    history = open_from_menu(app, "History")

    def full(*_args: Any, **_kw: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "open", full)
    history.export()
    assert "could not be exported" in history.message and "No space" in history.message
    assert len(stats.read_history(app.profile.game_rows()).games) == 3


@pytest.mark.app(size=(1024, 700), seed=3)
def test_the_score_window_offers_the_review_of_the_hand_just_played(app: App) -> None:
    app.prefs.new_game.level = "easy"
    start.new_game(app, app.prefs.new_game, autoplay=False)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.local is not None
    match = table.local.match
    players = [RandomPlayer(s) for s in range(4)]
    play_match(match, players, max_hands=1)
    table.view = table.source.view()  # as a poll would leave it: the hand is over
    from scenes.table.score import ScoreScene

    app.stack.push(ScoreScene(app, table))
    score = app.stack.top
    assert isinstance(score, ScoreScene)

    def key(app: App, code: int) -> None:
        app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))

    labels = [b.label for b in score.buttons]
    for _ in range(labels.index("Review hand")):  # Review hand, by keyboard
        key(app, pygame.K_TAB)
    assert score.buttons[score.focus].label == "Review hand"
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, HandReviewScene) and scene.review is not None
    assert scene.review.scores == match.hand.hand_scores
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is score
    # Issue 42: Enter back on the score window went on to the review again.
    assert score.buttons[score.focus].label != "Review hand"


# -- the score sheet -----------------------------------------------------------------------


def test_a_sheet_by_keyboard_refuses_a_wrong_hand_keeps_the_figures_and_stores_good_ones(
    app: App,
) -> None:
    scene = new_sheet(app, ["Ann", "Bob", "Cid", "Dee"])
    enter_hand(app, ["13", "5", "6", "0"])
    assert scene.problem == "The points add to 24; a hand holds 26"
    assert scene.inputs == ["13", "5", "6", "0"]  # nothing typed is lost
    assert scene.sheet.hands == []
    key_and_frame(
        app, pygame.K_TAB
    )  # every box holds a figure: Tab never wraps onto one (issue 41)
    assert scene.field == 3
    key_and_frame(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back from Dee's box to Cid's
    assert scene.field == 2
    key_and_frame(app, pygame.K_BACKSPACE)
    typed(app, "8")
    key_and_frame(app, pygame.K_RETURN)
    assert scene.problem == "" and scene.sheet.totals == (13, 5, 8, 0)
    enter_hand(app, ["0", "26", "0", "0"])  # Bob shoots the moon
    assert scene.sheet.totals == (39, 5, 34, 26)
    stored = app.profile.sheets()[0]
    assert [h["points"] for h in stored.hands] == [[13, 5, 8, 0], [0, 26, 0, 0]]
    # a correction: Up chooses the last hand, its figures come back to be changed
    key_and_frame(app, pygame.K_UP)
    assert scene.correcting == 1 and scene.inputs == ["0", "26", "0", "0"]
    scene.inputs = ["", "", "", ""]
    scene.field = 0
    enter_hand(app, ["1", "12", "13", "0"])
    assert scene.correcting is None and scene.sheet.totals == (14, 17, 21, 0)
    assert app.profile.sheets()[0].hands[1]["points"] == [1, 12, 13, 0]
    # resumed from the list, the sheet is the same
    key_and_frame(app, pygame.K_ESCAPE)
    listing = app.stack.top
    assert isinstance(listing, SheetListScene)
    listing.open_selected()
    again = app.stack.top
    assert isinstance(again, SheetScene) and again.sheet.totals == (14, 17, 21, 0)


def test_the_moon_choice_and_the_jack_are_asked_for(app: App) -> None:
    listing = open_from_menu(app, "Score sheet")
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.set_count(3)
    setup.names[:3] = ["Ann", "Bob", "Cid"]
    setup.moon = MoonMode.SHOOTER_CHOOSES
    setup.jack = True
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, SheetScene)
    enter_hand(app, ["26", "-10", "0"])
    assert scene.problem == "Say who took the jack of diamonds"
    scene.field = 1
    typed(app, "j")  # Bob took the jack
    key_and_frame(app, pygame.K_RETURN)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog) and "Ann" in dialog.message
    key_and_frame(app, pygame.K_RETURN)  # 26 off Ann's score
    assert app.stack.top is scene
    assert scene.sheet.hands[0].scores == (-26, -10, 0)


def test_a_finished_sheet_says_the_winner_and_takes_no_more_hands(app: App) -> None:
    scene = new_sheet(app, ["Ann", "Bob", "Cid", "Dee"])
    sheet = ScoreSheet(Rules(), ("Ann", "Bob", "Cid", "Dee"))
    for _ in range(4):
        enter_hand(app, ["13", "13", "0", "0"])
        sheet.add_hand(HandEntry((13, 13, 0, 0)))
    assert scene.sheet.totals == sheet.totals == (52, 52, 0, 0)
    for _ in range(4):
        enter_hand(app, ["13", "13", "0", "0"])
    assert scene.sheet.status().over is False  # 104 104 0 0: a tie for the lowest
    enter_hand(app, ["13", "13", "1", "0"])  # wrong: 27
    assert "27" in scene.problem
    scene.inputs = ["", "", "", ""]
    scene.field = 0
    enter_hand(app, ["12", "13", "1", "0"])
    assert scene.sheet.status().winners == (3,)
    assert app.profile.sheets()[0].finished and app.profile.sheets()[0].winners == (3,)
    enter_hand(app, ["13", "13", "0", "0"])  # no box to type in any more
    assert scene.inputs == ["", "", "", ""] and not scene.entering()
    assert scene.problem == "The game is over: no more hands"


def photo_file(path: Path, size: tuple[int, int] = (640, 480)) -> Path:
    image = pygame.Surface(size)
    image.fill((200, 40, 40))
    pygame.draw.circle(image, (250, 220, 180), (size[0] // 2, size[1] // 2), min(size) // 3)
    pygame.image.save(image, str(path))
    return path


def test_a_dropped_photo_is_kept_as_a_small_thumbnail_and_bad_files_are_refused(
    app: App, tmp_path: Path
) -> None:
    profile = app.profile
    profile.add_player("Ann")
    listing = open_from_menu(app, "Score sheet")
    listing.buttons[2].action()  # Players
    scene = app.stack.top
    assert isinstance(scene, PlayersScene)
    picture = photo_file(tmp_path / "ann.png")
    app.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(picture)))
    (ann,) = profile.players()
    assert ann.photo is not None
    thumb = pygame.image.load(__import__("io").BytesIO(ann.photo), "t.png")
    assert max(thumb.get_size()) == THUMBNAIL and thumb.get_size() == (96, 72)
    assert "ann.png" in scene.message
    # a file that is not an image
    text = tmp_path / "notes.png"
    text.write_text("not a picture")
    app.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(text)))
    assert "not an image the game can read" in scene.message
    # a huge file (sparse: no disk used)
    huge = tmp_path / "huge.jpg"
    with huge.open("wb") as f:
        f.truncate(40 * 1024 * 1024)
    typed(app, str(huge))
    key_and_frame(app, pygame.K_RETURN)
    assert "too big (40 MB)" in scene.message
    # a path that leads nowhere, typed
    scene.path = ""
    typed(app, "'/no/such/photo.png'")
    key_and_frame(app, pygame.K_RETURN)
    assert scene.message == "There is no file at /no/such/photo.png."
    assert profile.players()[0].photo == ann.photo  # the good photo is still there
    # a new player by name
    key_and_frame(app, pygame.K_TAB)
    typed(app, "Bob")
    key_and_frame(app, pygame.K_RETURN)
    assert [p.name for p in profile.players()] == ["Ann", "Bob"]


def test_french_translates_every_new_string() -> None:
    """Every string of the new screens and every sentence of the sheet has its French."""
    po = (ROOT / "assets" / "locale" / "fr" / "LC_MESSAGES" / "dame.po").read_text("utf-8")
    catalog = {ast.literal_eval(m) for m in re.findall(r'^msgid (".*")$', po, re.MULTILINE)}
    wanted = set(scoresheet.all_sentences())
    for name in NEW_SCREENS:
        tree = ast.parse((ROOT / "scenes" / f"{name}.py").read_text("utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_", "ngettext")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                wanted.add(node.args[0].value)
    assert len(wanted) > 100  # the scan found the screens' strings
    assert sorted(wanted - catalog) == []
    i18n.set_language("fr")
    try:
        assert (
            i18n._(scoresheet.BAD_TOTAL)
            == "Les points font {total} ; une donne en compte {expected}"
        )
    finally:
        i18n.set_language("en")


def test_statistics_opened_again_replay_only_the_new_games(
    app: App, games: list[Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_from_menu(app, "Statistics")
    until(app, lambda: scene.figures is not None)
    key_and_frame(app, pygame.K_ESCAPE)
    record(app.profile, 4, "easy")
    asked: list[list[int]] = []
    real = app.thinker.submit

    def spy(work: Any, *args: Any) -> Any:
        if work is stats.facts_by_id:
            asked.append([game_id for game_id, _ in args[0]])
        return real(work, *args)

    monkeypatch.setattr(app.thinker, "submit", spy)
    again = open_from_menu(app, "Statistics")
    until(app, lambda: again.figures is not None)
    assert asked == [[app.profile.game_ids()[-1]]]  # only the new game is replayed
    assert again.figures is not None and again.figures[stats.ALL_LEVELS].played == 4
    fresh = stats.game_statistics(stats.read_history(app.profile.game_rows()).games)
    assert again.figures == fresh


def test_a_failed_sheet_write_is_said_and_made_good_by_the_next(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    scene = new_sheet(app, ["Ann", "Bob", "Cid"])
    real = app.profile.save_sheet_hands
    calls = {"n": 0}

    def flaky(*args: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise sqlite3.OperationalError("disk I/O error")
        real(*args)

    monkeypatch.setattr(app.profile, "save_sheet_hands", flaky)
    enter_hand(app, ["13", "13", "0"])
    assert "cannot be written" in scene.message and "disk I/O error" in scene.message
    assert scene.sheet.totals == (13, 13, 0)  # kept on the sheet
    enter_hand(app, ["0", "0", "26"])
    assert scene.message == ""
    stored = app.profile.sheets()[0]
    assert [h["points"] for h in stored.hands] == [[13, 13, 0], [0, 0, 26]]


def test_the_review_shows_the_shooters_moon_choice_after_the_last_trick(app: App) -> None:
    match = Match.new(Rules(target=100, moon=MoonMode.SHOOTER_CHOOSES), seed=1)
    play_match(match, [RandomPlayer(seat) for seat in range(4)])
    hands = [*match.past_hands, match.hand]
    index = next(i for i, h in enumerate(hands) if h.moon_shooter is not None)
    shooter = hands[index].moon_shooter
    assert shooter is not None
    names = ["You", "West", "North", "East"]
    scene = HandReviewScene(app, save_match(match), index, shooter, names, work=2000)
    app.stack.push(scene)
    until(app, lambda: not scene.busy(), seconds=120)
    key_and_frame(app, pygame.K_END)
    lines = scene.verdict_lines()
    said = (
        "You took 26 off your score."
        if hands[index].moon_subtracted
        else "You gave everyone else 26 points."
    )
    assert said in lines
    assert lines[0].startswith("You played")  # the last card comes first
