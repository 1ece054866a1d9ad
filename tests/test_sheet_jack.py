"""Issue 41: the jack of diamonds and the moon as a family writes them on paper.

A paper-sheet model here (never the sheet's code) deals the point cards of a hand (each heart,
the queen, the jack) and works out what each player writes and scores. Every form a family
could type for that hand must be read as that hand: the paper figures (the jack's taker writes
the jack counted: the queen, 3 hearts and the jack make 6), the jack's taker's figure without
the jack, the moon written as its scores, and the moon's scores with the taker's figure
without the jack. The two readings of a marked figure can never both hold, so both forms are
accepted. Then the pad, by keys: the figures typed with V, and corrections shown as typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.rules import MoonMode, Rules
from game.records import scoresheet
from game.records.scoresheet import HandEntry, SheetProblem
from scenes.core import i18n
from scenes.core.app import App, Options
from scenes.records.sheet_pad import SheetScene
from scenes.records.sheet_setup import SheetSetupScene
from tests.helpers.records_window import enter_hand, key_and_frame, open_from_menu, texts_drawn

NAMES = ("Mamie", "Papa", "Léa", "Théo", "Zoé")


@dataclass(frozen=True)
class PaperHand:
    """One hand as the family counts it: what each writes, and what each scores."""

    rules: Rules
    written: tuple[int, ...]  # each player's figure, the jack counted (-10)
    jack: int | None  # who took the jack of diamonds (with the variant)
    shooter: int | None  # who took every heart and the queen
    subtract: bool | None  # the shooter's choice (when the rules let them choose)
    scores: tuple[int, ...]  # what goes on the sheet for the hand


@st.composite
def paper_hands(draw: st.DrawFn) -> PaperHand:
    n = draw(st.sampled_from([3, 4, 5]))
    rules = Rules(
        players=n,
        moon=draw(st.sampled_from(list(MoonMode))),
        jack_of_diamonds=draw(st.booleans()),
    )
    if draw(st.booleans()):  # a moon: one player takes every heart and the queen
        shooter = draw(st.integers(0, n - 1))
        hearts = [13 if s == shooter else 0 for s in range(n)]
        queen = shooter
    else:
        hearts = [0] * n
        for heart in draw(st.lists(st.integers(0, n - 1), min_size=13, max_size=13)):
            hearts[heart] += 1
        queen = draw(st.integers(0, n - 1))
    jack = draw(st.integers(0, n - 1)) if rules.jack_of_diamonds else None
    # the rule book: a heart 1, the queen 13, the jack -10; the moon 26 to the others (or 26 off
    # the shooter), the jack still counted for its taker
    written = tuple(
        hearts[s] + (13 if s == queen else 0) - (10 if s == jack else 0) for s in range(n)
    )
    shot = queen if hearts[queen] == 13 else None
    subtract = {MoonMode.SHOOTER_MINUS: True, MoonMode.OTHERS_PLUS: False}.get(rules.moon)
    if shot is not None and rules.moon is MoonMode.SHOOTER_CHOOSES:
        subtract = draw(st.booleans())
    if shot is None:
        scores = written
    else:
        jack_part = [(-10 if s == jack else 0) for s in range(n)]
        if subtract:
            scores = tuple(j - 26 if s == shot else j for s, j in enumerate(jack_part))
        else:
            scores = tuple(j if s == shot else j + 26 for s, j in enumerate(jack_part))
    chosen = subtract if rules.moon is MoonMode.SHOOTER_CHOOSES and shot is not None else None
    return PaperHand(rules, written, jack, shot, chosen, scores)


def forms(hand: PaperHand) -> list[tuple[str, tuple[int, ...], bool | None]]:
    """Every way the family may type the hand: (form, figures, the moon choice said)."""

    def without_jack(figures: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(f + 10 if s == hand.jack else f for s, f in enumerate(figures))

    typed = [("paper", hand.written, hand.subtract)]
    if hand.jack is not None:
        typed.append(("without the jack", without_jack(hand.written), hand.subtract))
    if hand.shooter is not None:
        typed.append(("the moon's scores", hand.scores, None))
        if hand.jack is not None:
            typed.append(("the moon's scores without the jack", without_jack(hand.scores), None))
    return typed


def reading(hand: PaperHand, figures: tuple[int, ...], choice: bool | None) -> object:
    try:
        return scoresheet.read_hand(hand.rules, HandEntry(figures, hand.jack, choice))[0].scores
    except SheetProblem:
        return None


@settings(max_examples=600, deadline=None, derandomize=True)
@given(hand=paper_hands())
def test_every_form_a_family_writes_is_read_as_the_hand(hand: PaperHand) -> None:
    for form, figures, choice in forms(hand):
        checked, _said = scoresheet.read_typed(hand.rules, figures, hand.jack, choice, NAMES)
        assert checked.scores == hand.scores, form
        assert checked.moon_shooter == hand.shooter, form
        assert checked.entry.typed == tuple(str(f) for f in figures)  # shown again as typed
        again = scoresheet.check_hand(hand.rules, checked.entry)  # stored: checks again
        assert again.scores == hand.scores


@settings(max_examples=600, deadline=None, derandomize=True)
@given(hand=paper_hands())
def test_the_two_readings_of_the_jacks_figure_never_both_hold(hand: PaperHand) -> None:
    """Read as typed (the jack counted) and read with the jack's -10 added: for any figures a
    family types, at most one of the two is a hand, so accepting both can never mislead."""
    if hand.jack is None:
        return
    for _form, figures, choice in forms(hand):
        as_paper = reading(hand, figures, choice)
        counted = tuple(f - 10 if s == hand.jack else f for s, f in enumerate(figures))
        as_counted = reading(hand, counted, choice)
        assert as_paper is None or as_counted is None
        assert (as_paper or as_counted) == hand.scores


def test_the_issues_hands() -> None:
    three = Rules(players=3, target=50, jack_of_diamonds=True)
    checked, said = scoresheet.read_typed(three, (5, 6, 5), jack=1)
    assert checked.scores == (5, 6, 5) and said is None
    checked, said = scoresheet.read_typed(three, (26, 16, 0), jack=1)  # a moon, the jack apart
    assert checked.scores == (26, 16, 0) and checked.moon_shooter == 2
    checked, said = scoresheet.read_typed(three, (5, 16, 5), jack=1)  # the jack not counted
    assert checked.scores == (5, 6, 5) and said == scoresheet.JACK_ADDED
    with pytest.raises(SheetProblem, match="add to 17"):  # neither: the paper sum is said
        scoresheet.read_typed(three, (5, 7, 5), jack=1)


# -- the pad, by keys ---------------------------------------------------------------------------


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(1024, 700), lang="en")


def sheet_of(
    app: App, players: int, jack: bool, moon: MoonMode = MoonMode.OTHERS_PLUS
) -> SheetScene:
    listing = open_from_menu(app, "Score sheet")
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.set_count(players)
    setup.names[:players] = NAMES[:players]
    setup.jack, setup.moon, setup.target = jack, moon, 50
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, SheetScene)
    return scene


def test_six_with_v_is_the_paper_figure(app: App) -> None:
    scene = sheet_of(app, 3, jack=True)
    i18n.set_language("fr")
    enter_hand(app, ["5", "6v", "5"])
    assert scene.problem == "" and scene.sheet.totals == (5, 6, 5)
    enter_hand(app, ["26", "16v", "0"])  # Léa's moon, Papa took the jack
    assert scene.problem == "" and scene.sheet.totals == (31, 22, 5)
    assert scene.sheet.hands[1].moon_shooter == 2
    key_and_frame(app, pygame.K_UP)  # the correction shows the hand as typed
    assert scene.inputs == ["26", "16", "0"] and scene.jack == 1
    key_and_frame(app, pygame.K_UP)
    assert scene.inputs == ["5", "6", "5"] and scene.jack == 1


def test_a_moon_typed_as_its_scores_comes_back_as_typed(app: App) -> None:
    scene = sheet_of(app, 4, jack=False)
    enter_hand(app, ["26", "26", "0", "26"])
    assert scene.sheet.hands[0].moon_shooter == 2
    key_and_frame(app, pygame.K_UP)
    assert scene.inputs == ["26", "26", "0", "26"]
    key_and_frame(app, pygame.K_RETURN)  # validated again unchanged: the same hand
    assert scene.problem == "" and scene.sheet.totals == (26, 26, 0, 26)
    stored = app.profile.sheets()[0].hands[0]
    assert stored["points"] == [0, 0, 26, 0] and stored["typed"] == ["26", "26", "0", "26"]


def test_the_box_says_how_v_works(app: App) -> None:
    scene = sheet_of(app, 4, jack=True)
    i18n.set_language("fr")
    hint = " ".join(texts_drawn(app, scene))
    assert "valet compris" in hint and "V\u00a0: qui a pris le V♦" in hint
