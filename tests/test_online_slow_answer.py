"""Issue 40: a server frozen 20 s said nothing and the clicked card stayed in the hand. A move
sent and not answered shows its cards raised (sent) at once, and after a few seconds the help
line says the table is slow to answer; the answer takes both away. The frames go on meanwhile
(a source that does not answer, under the dummy driver)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import signal
from pathlib import Path

import pytest

from game.engine.hand import Phase
from game.engine.moves import Move
from game.net.client import Address
from scenes.core import i18n
from scenes.core.app import App, Options
from scenes.table.table_scene import TableScene
from tests.helpers.net import LOOPBACK, dealt_to_bea, server_process
from tests.helpers.online_forms import window_at_the_pass
from tests.helpers.seat_source import SEAT, LaggingSource
from tests.helpers.window import FRAME, shoot, until

WAITING = "Waiting for the table to answer…"


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(800, 600), lang="en", speed="instant")


def _frames(app: App, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        app.stack.update(FRAME)
        app.stack.draw(app.screen)


def _raised(table: TableScene) -> set[int]:
    """The cards of the hand drawn above the others."""
    rects = table.hand.rects()
    low = max(r.y for r in rects)
    return {c for c, r in zip(table.model.hand, rects, strict=True) if r.y < low}


def _to_my_turn(app: App, source: LaggingSource, table: TableScene) -> None:
    """The pass made and answered, the others pass and play until the seat's turn."""
    _frames(app, 0.5)
    table.hand.selected = set(table.model.hand[:3])
    table.confirm_pass()
    source.answer()
    for seat in (1, 2, 3):
        source.another_seat_passes(seat)
    _frames(app, 0.5)
    match = source.match
    while SEAT not in match.to_act():
        seat = match.to_act()[0]
        source.pending.extend(match.apply(seat, source.move_of(seat)))
    _frames(app, 2.0)
    table.hand.end_received()
    assert table.human_to_play()


def test_a_card_sent_and_not_answered_is_shown_sent_then_said(app: App, shots: Path) -> None:
    source = LaggingSource(seed=7)
    table = TableScene(app, source)
    app.show_table(table)
    _to_my_turn(app, source, table)
    card = table.view.legal_cards()[0]
    table.card_chosen(card)
    assert source.in_flight == [Move.play(card)]
    _frames(app, 0.5)
    assert _raised(table) == {card}, "the card sent looks as if the click was lost"
    assert table.status_text() != WAITING, "said before the table had a chance to answer"
    _frames(app, 3.0)
    assert table.status_text() == WAITING
    shoot(app, shots, "slow_answer_en.png")
    i18n.set_language("fr")
    assert table.status_text() == "En attente de la table…"
    _frames(app, 0.1)
    shoot(app, shots, "slow_answer_fr.png")
    i18n.set_language("en")
    source.answer()
    _frames(app, 1.0)
    assert card not in table.model.hand and table.status_text() != WAITING


def test_a_pass_sent_stays_raised_until_answered(app: App) -> None:
    source = LaggingSource(seed=8)
    table = TableScene(app, source)
    app.show_table(table)
    _frames(app, 0.5)
    assert table.view.phase is Phase.PASS
    chosen = set(table.model.hand[:3])
    table.hand.selected = set(chosen)
    table.confirm_pass()
    _frames(app, 3.5)
    assert _raised(table) == chosen and table.status_text() == WAITING
    source.answer()
    _frames(app, 0.5)
    assert table.view.pass_chosen[SEAT] and table.status_text() != WAITING


def test_a_frozen_server_is_said_and_the_pass_goes_on_after(app: App, shots: Path) -> None:
    """A real server stopped (SIGSTOP) with the pass on its way, then let go (SIGCONT)."""
    with server_process() as (proc, port):
        ada, bea = dealt_to_bea(Address(LOOPBACK, port))
        table = window_at_the_pass(app, bea)
        chosen = set(table.model.hand[:3])
        table.hand.selected = set(chosen)
        proc.send_signal(signal.SIGSTOP)  # the server freezes
        try:
            table.confirm_pass()
            until(app, lambda: table.status_text() == WAITING, 10)
            assert table.status_text() == WAITING and _raised(table) == chosen
            shoot(app, shots, "frozen_server_en.png")
        finally:
            proc.send_signal(signal.SIGCONT)  # the server answers again
        until(app, lambda: table.view.pass_chosen[table.bottom], 15)
        assert table.view.pass_chosen[table.bottom] and table.status_text() != WAITING
        bea.close()
        ada.close()
