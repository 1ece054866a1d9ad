"""The table scene is driven by a TableSource and nothing else: a fake source that knows the
game only through one seat's view plays whole games through the window, and raises if the table
asks it for anything the protocol does not offer (another seat's cards above all)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.engine.cards import cards_of
from game.engine.events import PassesExchanged
from game.engine.moves import Move
from game.engine.rules import Rules
from game.engine.source import TableSource, Update
from scenes.core.app import App
from scenes.table.score import ScoreScene
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.seat_source import SEAT, SeatViewOnlySource
from tests.helpers.window import FRAME, click, plain_move, point_on_card

pytestmark = pytest.mark.app(speed="instant")


def test_the_fake_source_fills_the_protocol() -> None:
    source = SeatViewOnlySource(Rules(), 1)
    assert isinstance(source, TableSource)
    with pytest.raises(AssertionError, match="outside the protocol"):
        source.match  # noqa: B018  (the test: anything else raises)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_whole_game_through_a_seat_view_only_source(app: App, players: int) -> None:
    source = SeatViewOnlySource(Rules(players=players, target=40), seed=players)
    table = TableScene(app, source)
    app.show_table(table)
    passed = played = refused = scores = 0
    for _frame in range(20000):
        app.stack.update(FRAME)
        app.stack.draw(app.screen)
        top = app.stack.top
        if isinstance(top, ScoreScene):
            scores += 1
            shown = [c.text for c in top.cells() if c.bold and c.row > 0 and c.column >= 0]
            assert shown == [str(t) for t in source.totals()]
            if source.game_over():
                break
            click(app, top.buttons[0].rect.center)
        elif isinstance(top, ChoiceDialog):
            top.buttons[0].action()
        elif table.human_to_pass():
            for index in range(3):
                click(app, point_on_card(table, index))
            key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")
            app.stack.handle_event(key)
            passed += 1
        elif table.human_to_play():
            legal = table.legal_cards()
            assert table.shown_greyed() == {c for c in table.model.hand if not legal >> c & 1}
            illegal = [i for i, c in enumerate(table.model.hand) if not legal >> c & 1]
            if illegal and refused < 3:  # the table refuses it with the reason, sends nothing
                sent = source.asked.count("send")
                click(app, point_on_card(table, illegal[0]))
                assert source.asked.count("send") == sent and table.message
                refused += 1
            index = next(i for i, c in enumerate(table.model.hand) if legal >> c & 1)
            click(app, point_on_card(table, index))
            played += 1
    else:
        raise AssertionError("the game did not end")
    assert source.game_over() and scores >= 2 and played >= 52 // players * scores
    assert passed >= 1 and refused >= 1
    assert source.views > 0 and source.events > 0
    assert set(source.asked) <= SeatViewOnlySource.PROTOCOL


def test_a_refused_move_comes_back_as_a_message(app: App) -> None:
    source = SeatViewOnlySource(Rules(), 3)
    table = TableScene(app, source)
    app.show_table(table)
    for _ in range(200):
        app.stack.update(FRAME)
        if table.human_to_pass():
            break
    # A pass of cards the seat does not hold: the view would refuse it, so send it directly.
    others = [c for c in range(52) if c not in table.model.hand][:3]
    table.send(Move.pass_cards(others))
    for _ in range(5):
        app.stack.update(FRAME)
    assert "hold" in table.message and table.human_to_pass()


def test_events_reach_the_table_filtered_for_its_seat() -> None:
    source = SeatViewOnlySource(Rules(), 2)
    source.poll()  # the deal
    hand = cards_of(source.view().hand)
    source.send(Move.pass_cards(hand[:3]))
    updates: list[Update] = []
    for _ in range(10):
        updates += source.poll()
    exchanged = [u for u in updates if isinstance(u, PassesExchanged)]
    assert exchanged and all(g is None for s, g in enumerate(exchanged[0].given) if s != SEAT)


def test_after_the_score_the_table_waits_for_the_others_without_asking_again(app: App) -> None:
    """A remote table deals the next hand only when everyone has seen the score: meanwhile the
    score window does not come back, and the next hand is shown when it is dealt."""
    source = SeatViewOnlySource(Rules(target=200), seed=6, others_ready_after=30)
    table = TableScene(app, source)
    app.show_table(table)
    for _frame in range(5000):
        app.stack.update(FRAME)
        top = app.stack.top
        if isinstance(top, ScoreScene):
            break
        plain_move(table)
    else:
        raise AssertionError("the hand did not end")
    click(app, top.buttons[0].rect.center)
    assert app.stack.top is table
    for _frame in range(20):  # the others are not ready yet
        app.stack.update(FRAME)
        assert app.stack.top is table and table.view.hand_number == 0
    for _frame in range(200):
        app.stack.update(FRAME)
        if table.human_to_pass():
            break
    assert table.view.hand_number == 1 and app.stack.top is table


def test_the_window_asks_a_source_only_what_its_classes_declare() -> None:
    """HostControls says the window never asks a source for more than the protocol (and what
    HostControls itself declares): no getattr probe on a source anywhere in the window, and the
    members online_news reads of a HostControls source are declared there."""
    import ast

    from game.engine.source import HostControls

    root = Path(__file__).resolve().parent.parent / "scenes"
    probes = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr":
                target = ast.unparse(node.args[0]) if node.args else ""
                if target == "source" or target.endswith(".source"):
                    probes.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    assert probes == []
    assert {"kinds", "retrying", "is_host", "give_to_bot", "take_back"} <= set(dir(HostControls))
