"""Issue 42's small things a classic player notices, at the table."""

from __future__ import annotations

from scenes.core.app import App
from scenes.table.help_line import help_line
from tests.helpers.window import click, frames, start_game, wait_for_player


def test_the_pass_line_says_what_to_do_once_three_cards_are_chosen(app: App) -> None:
    """ "Choose three cards to pass" stayed after three were chosen."""
    table = start_game(app)
    wait_for_player(app, table)
    assert table.human_to_pass()
    assert help_line(table) == "Choose three cards to pass"
    for index in (0, 1, 2):
        rect = table.hand.rects()[index]
        click(app, (rect.x + 6, rect.centery))
    frames(app)
    assert len(table.hand.selected) == 3
    assert help_line(table) == "Three cards chosen: press the pass button (P)"
