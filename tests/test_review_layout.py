"""The hand review lays a trick out as the table does (a gap between the cards, none hiding
another or a hand), with the reviewed seat at the bottom whatever its number."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import Rules
from game.engine.save import save_match
from scenes.core.app import App, Options
from scenes.records.hand_review import HandReviewScene

SIZES = [(800, 600), (1280, 800), (2560, 1440)]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def app_options(profile_folder: Path, request: pytest.FixtureRequest) -> Options:
    return Options(profile=profile_folder, size=request.param, lang="en")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_reviews_trick_cards_overlap_nothing_and_face_their_players(
    app: App, players: int
) -> None:
    match = Match.new(Rules(players=players, target=200), seed=players)
    play_match(match, [RandomPlayer(players * 10 + s) for s in range(players)], max_hands=1)
    names = [f"P{seat}" for seat in range(players)]
    for seat in (0, players - 1):  # an online player may sit at any seat
        scene = HandReviewScene(app, save_match(match), 0, seat, names, work=200)
        app.stack.push(scene)
        app.stack.update(1 / 60)
        app.stack.draw(app.screen)
        try:
            assert scene.review is not None
            tricks = [scene.trick_rect(s, players) for s in range(players)]
            size = Rules(players=players).hand_size
            rows = [scene.row_rect(s, players, size) for s in range(players)]
            for s, rect in enumerate(tricks):
                others = tricks[:s] + tricks[s + 1 :]
                assert rect.collidelist(others) < 0, (seat, s, rect, others)
                assert rect.collidelist(rows) < 0, (seat, s, rect, rows)
                assert scene.table.contains(rect)
            # the reviewed seat's hand at the bottom, its card the lowest of the trick
            assert max(rows, key=lambda r: r.centery) == rows[seat]
            assert max(tricks, key=lambda r: r.centery) == tricks[seat]
            # every other card lies on its player's side of the centre
            centre = scene.table.center
            for s in range(players):
                if s == seat:
                    continue
                row, card = rows[s], tricks[s]
                if abs(row.centerx - centre[0]) > row.w / 2:  # a seat beside the centre
                    assert (row.centerx < centre[0]) == (card.centerx < centre[0]), s
                else:  # a seat across
                    assert card.centery < centre[1], s
        finally:
            app.stack.pop()


def test_the_cost_line_is_drawn_whole_in_french(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The line under the verdict is drawn in bold: it was fitted in regular letters, so the
    French "Vous avez pris 20 points dans cette donne ; selon le tuteur, ..." ran under the
    buttons and lost its end."""
    from scenes.core import assets, i18n
    from scenes.records import hand_review

    match = Match.new(Rules(), seed=11)
    play_match(match, [RandomPlayer(40 + s) for s in range(4)], max_hands=1)
    scene = HandReviewScene(app, save_match(match), 0, 0, ["A", "B", "C", "D"], work=200)
    long_line = (
        "Vous avez pris 20 points dans cette donne ; selon le tuteur, vos choix devaient vous "
        "faire prendre environ 8 points de plus que les siens"
    )
    monkeypatch.setattr(scene, "cost_line", lambda: long_line)
    drawn: list[tuple[str, int, bool]] = []
    real = hand_review.draw_text  # type: ignore[attr-defined]

    def recording(surface: object, text: str, size: int, *args: object, **kw: object) -> object:
        drawn.append((text, size, bool(kw.get("bold"))))
        return real(surface, text, size, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(hand_review, "draw_text", recording)
    i18n.set_language("fr")
    try:
        app.stack.push(scene)
        app.stack.update(1 / 60)
        app.stack.draw(app.screen)
        room = scene.buttons[0].rect.x - scene.panel.x - 2 * round(12 * scene.scale)
        [(text, size, bold)] = [call for call in drawn if call[0] == long_line]
        assert bold
        assert assets.font(size, bold).size(text)[0] <= room, (size, room)
    finally:
        app.stack.pop()
        i18n.set_language("en")
