"""The arena's yardsticks: the moon runner and the information-set MCTS play by the rules,
decide by seed and view, and do what they are for."""

from __future__ import annotations

from game.ai.baselines import IsmctsPlayer, RunnerPlayer
from game.ai.facts import moon_plausible, moon_strength
from game.ai.medium import MediumPlayer
from game.arena.duplicate import run_arena
from game.engine.cards import mask_of, parse_cards
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import Rules
from tests.helpers.ai import deal_state, view_of

# Seat 0 holds every top card: the runner cashes its winners and runs the hearts.
RUNNER_DEAL = {
    0: "AC KC QC AD KD AS KS AH KH QH JH 10H 9H",
    1: "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S 2H",
    2: "6C 7C 8C 9C 6D 7D 8D 9D 6S 7S 8S 9S 3H",
    3: "10C JC 10D JD QD 10S JS QS 4H 5H 6H 7H 8H",
}


def test_moon_plausible_reads_the_honours() -> None:
    strong = mask_of(parse_cards(RUNNER_DEAL[0]))
    assert moon_strength(strong) == 4 + 3 + 2 + 4 + 3 + 4 + 3 + 4 + 3 + 2 + 1
    assert moon_plausible(strong)
    assert not moon_plausible(mask_of(parse_cards(RUNNER_DEAL[1])))
    # Honours without the ace of hearts or long hearts: no run.
    assert not moon_plausible(mask_of(parse_cards("AC KC QC JC AD KD QD AS KS QS 2H 3H 4D")))


def test_the_runner_shoots_the_moon_with_a_strong_hand() -> None:
    state = deal_state(RUNNER_DEAL)
    players = [RunnerPlayer(0), MediumPlayer(1), MediumPlayer(2), MediumPlayer(3)]
    while state.phase is Phase.PLAY:
        state.play(players[state.turn].choose_play(view_of(state)))
    assert state.moon_shooter == 0


def test_the_runner_passes_its_low_cards_when_it_runs() -> None:
    view = view_of(deal_state(RUNNER_DEAL, passes={}), seat=0)
    assert RunnerPlayer(0).choose_pass(view) == parse_cards("9H 10H JH")
    weak = view_of(deal_state(RUNNER_DEAL, passes={}), seat=1)
    assert RunnerPlayer(0).choose_pass(weak) == MediumPlayer(0).choose_pass(weak)


def test_ismcts_plays_legal_cards_and_decides_by_seed_and_view() -> None:
    match = Match.new(Rules(), seed="ismcts", single_hand=True)
    players = [IsmctsPlayer("a", iterations=80)] + [RandomPlayer(s) for s in range(3)]
    decisions = 0
    while match.phase in (Phase.PASS, Phase.PLAY):
        if match.phase is Phase.PASS:
            for seat in range(4):
                match.choose_pass(seat, players[seat].choose_pass(match.view(seat)))
            continue
        seat = match.hand.turn
        view = match.view(seat)
        card = players[seat].choose_play(view)
        if seat == 0:
            assert IsmctsPlayer("a", iterations=80).choose_play(view) == card
            decisions += 1
        assert card in view.legal_cards()
        match.play(card, seat)
    assert decisions == 13


def test_the_yardsticks_are_arena_levels() -> None:
    report = run_arena(
        ["ismcts", "runner", "random", "random"], deals=2, seed=1, jobs=1, ismcts_iterations=60
    )
    assert report.hands["ismcts"] == 8 and report.hands["runner"] == 8
    # ISMCTS, even small, takes fewer points than random players.
    assert report.mean["ismcts"] < report.mean["random"]


def test_ismcts_beats_random_players_in_a_whole_game() -> None:
    match = Match.new(Rules(target=50), seed="ismcts-game")
    players = [IsmctsPlayer(0, iterations=100)] + [RandomPlayer(s) for s in range(3)]
    result = play_match(match, players)
    assert result.totals[0] < min(result.totals[1:])
