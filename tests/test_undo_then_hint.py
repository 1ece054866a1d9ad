"""Ctrl+Z, then a hint: the hint is the tutor's for the position undo restored (the player's
decision before the card taken back), never for the position undone (whose hint was just
shown), and says the same as it would have said at that decision the first time."""

from __future__ import annotations

import time

import pygame
import pytest

from game.engine.hand import Phase
from game.engine.view import SeatView
from scenes.core import thinking
from scenes.core.app import App
from scenes.core.i18n import render_sentence
from scenes.table.table_scene import TableScene
from tests.helpers.window import (
    frames,
    key,
    local,
    plain_move,
    session_of,
    start_game,
    wait_for_player,
)

pytestmark = pytest.mark.app(speed="instant", seed=11)

CTRL_Z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")


def play_to_trick(app: App, table: TableScene, trick: int) -> None:
    """The pass and the lowest legal cards, until the player must play in ``trick`` (from 0)."""
    while True:
        wait_for_player(app, table)
        view = table.view
        if view.phase is Phase.PLAY and view.trick_number >= trick and table.human_to_play():
            return
        plain_move(table)


def hint_shown(app: App, table: TableScene) -> str:
    """H, and the hint once the tutor has answered."""
    key(app, pygame.K_h)
    deadline = time.monotonic() + 60
    while not table.advisor.hint_text:
        assert time.monotonic() < deadline, "no hint"
        frames(app)
        time.sleep(0.002)
    return table.advisor.hint_text


def test_a_hint_after_undo_is_for_the_restored_position(app: App) -> None:
    app.prefs.ask_before_hint = False
    table = start_game(app)
    play_to_trick(app, table, 3)
    before: SeatView = table.view
    seed = local(table).tutor_seed
    cards, sentence = thinking.advise(before, seed)  # the tutor's word at this decision
    expected = render_sentence(sentence, seat_name=table.name)
    # Played: not the tutor's card, so that the positions' hints cannot agree by chance.
    legal = table.legal_cards()
    others = [c for c in table.model.hand if legal >> c & 1 and c != cards[0]]
    played = others[-1] if others else cards[0]
    table.play_card(played)
    play_to_trick(app, table, 4)  # the next decision: a hint here would be another one
    undone = thinking.advise(table.view, seed)
    assert hint_shown(app, table) == render_sentence(undone[1], seat_name=table.name)
    app.stack.handle_event(CTRL_Z)
    again = app.stack.top
    assert isinstance(again, TableScene) and again is not table
    frames(app)
    assert session_of(again).practice
    assert again.view == before  # the very decision, as the player saw it
    assert not again.advisor.hint_text  # the undone position's hint is not shown over it
    said = hint_shown(app, again)
    assert said == expected, (said, render_sentence(undone[1], seat_name=again.name))
    focus = again.hand.focus
    assert focus is not None and again.model.hand[focus] == cards[0]  # the tutor's card
    assert played in again.model.hand
