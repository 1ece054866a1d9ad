"""Issue 29, item 11: the small things a classic player noticed. The score sheet asks the rule
variants in New game's words; History's final scores say whose they are; the chart's axis
never prints two labels over each other."""

from __future__ import annotations

import itertools

from game.records.profile import FinishedGame
from scenes.core.app import App
from scenes.records.chart import axis_labels
from scenes.records.history import final_scores
from scenes.records.sheet_setup import SheetSetupScene
from scenes.screens.new_game import NewGameScene
from scenes.ui.widgets import ChoiceRow

RULE_QUESTIONS = 4  # target, moon, jack, tie: the rows both screens ask


def rule_rows(rows: list[object]) -> list[tuple[str, list[str]]]:
    """The label and the choices' words of the rows after "Players" and the names."""
    found = [
        (row.label, [text for _value, text in row.options])
        for row in rows
        if isinstance(row, ChoiceRow) and row.label not in ("Players", "Difficulty")
    ]
    levels = ["Easy", "Medium", "Hard"]  # each opponent's level: New game's own rows
    return [
        (label, words)
        for label, words in found
        if label not in ("Teaching mode", "Queen breaks hearts") and words != levels
    ]


def test_the_score_sheet_asks_the_rules_in_new_games_words(app: App) -> None:
    sheet = rule_rows(list(SheetSetupScene(app).form.rows))
    new_game = rule_rows(list(NewGameScene(app).form.rows))
    assert len(sheet) == RULE_QUESTIONS
    assert sheet == new_game


def test_the_sheets_rules_still_reach_the_engine(app: App) -> None:
    setup = SheetSetupScene(app)
    moon = next(r for r in setup.form.rows if isinstance(r, ChoiceRow) and "moon" in r.label)
    tie = next(r for r in setup.form.rows if isinstance(r, ChoiceRow) and "Tie" in r.label)
    moon.set(moon.options[1][0])
    tie.set(tie.options[1][0])
    rules = setup.rules()
    assert rules.moon.value == moon.options[1][0] and rules.tie.value == tie.options[1][0]


def test_history_says_whose_final_score_is_whose() -> None:
    game = FinishedGame(
        rules={},
        level="hard",
        human_seat=0,
        names=("Anne", "Margaret", "Hugo", "Ouest"),
        totals=(52, 78, 101, 40),
        winners=(3,),
        practice=False,
        hands=9,
        match=None,
    )
    # A name one letter longer than kept stays whole ("Oues" reads as a typo); a longer one is
    # cut with a full stop, as an abbreviation is written.
    assert final_scores(game) == "Anne 52 · Marg. 78 · Hugo 101 · Ouest 40"


def test_two_close_values_on_the_axis_keep_one_label() -> None:
    placed = axis_labels([0, 50, 51, -5], lambda value: 300 - 3 * value, 12)
    assert [value for value, _y in placed] == [0, 50, -5]  # 51 sits on 50: left out
    heights = sorted(y for _value, y in placed)
    assert all(b - a >= 12 for a, b in itertools.pairwise(heights))
