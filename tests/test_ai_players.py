"""Every level plays by the rules, in every variant, and decides the same way every time."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.ai import LEVELS, make_player
from game.ai.easy import EasyPlayer
from game.ai.hard import HardPlayer
from game.ai.medium import MediumPlayer
from game.engine.cards import QUEEN_OF_SPADES, Card
from game.engine.events import event_to_dict
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.players import Player, RandomPlayer, play_match
from game.engine.rules import MoonMode, Rules
from game.engine.view import SeatView

ROOT = Path(__file__).resolve().parent.parent
SMALL_WORK = 1500  # Hard's search, cut down so whole games stay fast


def player(level: str, seed: int | str) -> Player:
    if level == "hard":
        return HardPlayer(seed, work=SMALL_WORK)
    if level == "random":
        return RandomPlayer(seed)
    return make_player(level, seed)


def game_digest(seed: int, lineup: tuple[str, ...], rules: Rules) -> str:
    """Play a whole match and hash every event: equal digests mean equal games."""
    match = Match.new(rules, seed=seed)
    players = [player(level, f"{seed}/{i}") for i, level in enumerate(lineup)]
    result = play_match(match, players)
    text = repr([event_to_dict(e) for e in result.events])
    return hashlib.sha256(text.encode()).hexdigest()


def test_make_player_levels() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    for level in LEVELS:
        assert isinstance(make_player(level, 1), Player)
    assert isinstance(make_player("easy", 1), EasyPlayer)
    assert isinstance(make_player("medium", "x"), MediumPlayer)
    assert isinstance(make_player("hard", 2), HardPlayer)
    with pytest.raises(ValueError, match="unknown level"):
        make_player("expert", 1)


VARIANTS = [
    Rules(target=60),
    Rules(players=3, target=40),
    Rules(players=5, target=40),
    Rules(target=50, jack_of_diamonds=True, moon=MoonMode.SHOOTER_CHOOSES),
    Rules(target=50, queen_breaks_hearts=True, moon=MoonMode.SHOOTER_MINUS),
]


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.players}p-{r.moon.value}")
@pytest.mark.parametrize("seed", [1, 2])
def test_every_level_plays_only_legal_cards(rules: Rules, seed: int) -> None:
    lineup = ("hard", "medium", "easy", "hard", "medium")[: rules.players]
    match = Match.new(rules, seed=f"legal/{seed}")
    players = [player(level, i) for i, level in enumerate(lineup)]
    checked = 0
    # Ask each decision through the view and check it against the engine's legality before the
    # engine checks it again (play_match would raise IllegalMove on a wrong card or pass).
    while not match.is_over:
        phase = match.phase
        if phase is Phase.PASS:
            for seat, p in enumerate(players):
                view = match.view(seat)
                cards = p.choose_pass(view)
                assert len(set(cards)) == 3 and all(view.hand >> c & 1 for c in cards)
                match.choose_pass(seat, cards)
        elif phase is Phase.PLAY:
            seat = match.hand.turn
            view = match.view(seat)
            card = players[seat].choose_play(view)
            assert isinstance(card, Card) and view.legal_mask() >> card & 1, view.why_illegal(card)
            match.play(card, seat)
            checked += 1
        elif phase is Phase.MOON_CHOICE:
            seat = match.hand.turn
            match.choose_moon(players[seat].choose_moon(match.view(seat)), seat)
        else:
            match.next_hand()
    assert checked >= rules.hand_size * rules.players


def test_random_games_against_random_players_stay_legal() -> None:
    for seed in range(6):
        match = Match.new(Rules(target=80), seed=f"r{seed}")
        lineup = [player(LEVELS[seed % 3], seed), RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)]
        assert play_match(match, lineup).winners


def test_medium_never_takes_the_queen_it_could_avoid() -> None:
    """Over many random games: when the queen lies in the trick and some legal card would not
    win it, Medium's card does not win it; and Medium never leads the queen from choice."""
    seen = 0
    for seed in range(30):
        match = Match.new(Rules(target=60), seed=f"q{seed}")
        medium = MediumPlayer(seed)
        others = [RandomPlayer(seed * 10 + s) for s in range(3)]
        while not match.is_over:
            if match.phase is Phase.PASS:
                for seat in range(4):
                    p = medium if seat == 0 else others[seat - 1]
                    match.choose_pass(seat, p.choose_pass(match.view(seat)))
            elif match.phase is Phase.PLAY:
                seat = match.hand.turn
                view = match.view(seat)
                p = medium if seat == 0 else others[seat - 1]
                card = p.choose_play(view)
                if seat == 0:
                    seen += _check_queen(view, card)
                match.play(card, seat)
            elif match.phase is Phase.MOON_CHOICE:
                match.choose_moon(True)
            else:
                match.next_hand()
    assert seen >= 20  # the situation did come up


def _check_queen(view: SeatView, card: Card) -> int:
    legal = view.legal_cards()
    if not view.trick:
        return 0  # a lead: nobody can tell yet who will win it
    if QUEEN_OF_SPADES not in view.trick and card != QUEEN_OF_SPADES:
        return 0
    led = view.led_suit
    best = max(c for c in view.trick if c // 13 == led)

    def wins(c: int) -> bool:
        return c // 13 == led and c > best

    if any(not wins(c) for c in legal):
        assert not wins(card), f"took the queen with {card} holding {legal}"
        return 1
    return 0


@pytest.mark.parametrize("lineup", [("hard", "medium", "easy", "hard")])
def test_same_seed_same_game(lineup: tuple[str, ...]) -> None:
    rules = Rules(target=40)
    first = game_digest(5, lineup, rules)
    assert game_digest(5, lineup, rules) == first
    assert game_digest(6, lineup, rules) != first
    # A fresh interpreter (another hash seed, nothing cached) plays the same game.
    code = (
        "from tests.test_ai_players import game_digest; from game.engine.rules import Rules; "
        f"print(game_digest(5, {lineup!r}, Rules(target=40)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "123", "PATH": ""},
    )
    assert out.stdout.strip() == first


def test_a_player_recreated_mid_game_decides_the_same() -> None:
    match = Match.new(Rules(target=30), seed="again")
    levels = ("hard", "medium", "easy", "hard")
    players = [player(level, f"p{i}") for i, level in enumerate(levels)]
    decisions = 0
    while not match.is_over and decisions < 120:
        phase = match.phase
        if phase is Phase.PASS:
            for seat in range(4):
                view = match.view(seat)
                cards = players[seat].choose_pass(view)
                assert player(levels[seat], f"p{seat}").choose_pass(view) == cards
                match.choose_pass(seat, cards)
        elif phase is Phase.PLAY:
            seat = match.hand.turn
            view = match.view(seat)
            card = players[seat].choose_play(view)
            assert players[seat].choose_play(view) == card  # asking twice changes nothing
            assert player(levels[seat], f"p{seat}").choose_play(view) == card
            match.play(card, seat)
            decisions += 1
        elif phase is Phase.MOON_CHOICE:
            match.choose_moon(True)
        else:
            match.next_hand()


def test_decisions_from_threads_match() -> None:
    """The window decides in a worker thread: concurrent decisions do not disturb each other."""
    match = Match.new(Rules(), seed="threads")
    for seat in range(4):
        match.choose_pass(seat, MediumPlayer(0).choose_pass(match.view(seat)))
    view = match.view(match.hand.turn)
    for _ in range(3):
        match.play(MediumPlayer(0).choose_play(view))
        view = match.view(match.hand.turn)
    hard = HardPlayer("t", work=4000)
    expected = hard.choose_play(view)
    results: list[Card] = []

    def decide() -> None:
        results.append(hard.choose_play(view))

    threads = [threading.Thread(target=decide) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 4


def test_decisions_depend_on_the_view_value_not_its_python_types() -> None:
    """A network client rebuilds views from plain data (cards as ``Card`` where the engine keeps
    ints): every level decides the same from the rebuilt view as from the engine's."""
    from game.ai.seeding import position_key

    compared = 0
    for game in range(3):
        match = Match.new(Rules(), seed=f"by-value/{game}", single_hand=True)
        levels = ("easy", "medium", "hard", "easy")
        players = [player(level, f"v{game}/{i}") for i, level in enumerate(levels)]
        while match.phase in (Phase.PASS, Phase.PLAY):
            if match.phase is Phase.PASS:
                for seat in range(4):
                    view = match.view(seat)
                    rebuilt = SeatView.from_dict(view.to_dict())
                    assert rebuilt == view
                    cards = players[seat].choose_pass(view)
                    assert players[seat].choose_pass(rebuilt) == cards
                    match.choose_pass(seat, cards)
                continue
            seat = match.hand.turn
            view = match.view(seat)
            rebuilt = SeatView.from_dict(view.to_dict())
            assert position_key(rebuilt) == position_key(view)
            for level in ("easy", "medium", "hard"):
                p = player(level, f"w{game}/{seat}")
                assert p.choose_play(rebuilt) == p.choose_play(view), (level, view.to_dict())
                compared += 1
            match.play(players[seat].choose_play(view), seat)
    assert compared >= 3 * 13 * 4 * 3
