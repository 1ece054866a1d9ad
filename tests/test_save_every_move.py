"""Save and load after every move of whole seeded AI games, in every variant, with deals skewed
so that moons are frequent: the loaded match must be the same match (every seat's view, the
legal set, the scores) and must go on the same way."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

import game.engine.match
from game.ai import make_player
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.players import Player
from game.engine.rules import MoonMode, Rules, TieRule
from game.engine.save import InvalidSave, load_match, save_match
from tests.helpers.moon_deals import power_deal

VARIANTS = (
    Rules(),
    Rules(moon=MoonMode.SHOOTER_MINUS, target=50),
    Rules(moon=MoonMode.SHOOTER_CHOOSES, queen_breaks_hearts=True),
    Rules(players=3, target=50, jack_of_diamonds=True),
    Rules(players=3, moon=MoonMode.SHOOTER_MINUS, tie=TieRule.SHARED, target=50),
    Rules(players=3, moon=MoonMode.SHOOTER_CHOOSES, target=50),
    Rules(players=5, target=50, queen_breaks_hearts=True),
    Rules(players=5, moon=MoonMode.SHOOTER_MINUS, jack_of_diamonds=True, target=50),
    Rules(players=5, moon=MoonMode.SHOOTER_CHOOSES, tie=TieRule.SHARED, target=50),
    Rules(moon=MoonMode.SHOOTER_MINUS, target=50, jack_of_diamonds=True, tie=TieRule.SHARED),
)
GAMES_PER_VARIANT = 3
MAX_HANDS = 5  # a game longer than this is cut (moons that take 26 off can make games long)
LEVELS = ("easy", "medium")


@dataclass
class Counts:
    games: int = 0
    finished: int = 0  # games that reached their end
    moves: int = 0  # moves after which the match was saved, loaded and compared
    moons: int = 0  # hands that ended in a moon


def state_of(match: Match) -> tuple[object, ...]:
    """Everything that makes up a match's position, the legal sets included."""
    hand = match.hand
    legal = hand.legal_mask() if hand.phase is Phase.PLAY else None
    return (
        match.phase,
        match.hand_number,
        match.dealer,
        tuple(match.totals),
        tuple(match.history),
        match.winners,
        hand.hands,
        tuple(hand.passes),
        tuple(hand.tricks),
        tuple(hand.trick),
        hand.turn,
        hand.hearts_broken,
        hand.hand_scores,
        hand.moon_shooter,
        hand.moon_subtracted,
        legal,
        tuple(match.view(seat) for seat in range(match.rules.players)),
        tuple(match.view(seat).legal_mask() for seat in range(match.rules.players)),
    )


def round_trip(match: Match) -> Match:
    return load_match(json.loads(json.dumps(save_match(match))))


def move(match: Match, players: list[Player]) -> bool:
    """One move of the match; False when the game is over."""
    phase = match.phase
    if phase is Phase.PASS:
        seat = next(s for s, p in enumerate(match.hand.passes) if p is None)
        match.choose_pass(seat, players[seat].choose_pass(match.view(seat)))
    elif phase is Phase.PLAY:
        seat = match.hand.turn
        match.play(players[seat].choose_play(match.view(seat)), seat)
    elif phase is Phase.MOON_CHOICE:
        seat = match.hand.turn
        match.choose_moon(players[seat].choose_moon(match.view(seat)), seat)
    elif phase is Phase.HAND_OVER:
        match.next_hand()
    else:
        return False
    return True


def play_and_round_trip(rules: Rules, seed: int, counts: Counts) -> None:
    level = LEVELS[seed % len(LEVELS)]
    players = [make_player(level, f"{seed}/{s}") for s in range(rules.players)]
    match = Match.new(rules, seed)
    while True:
        loaded = round_trip(match)
        assert state_of(loaded) == state_of(match)
        assert save_match(loaded) == save_match(match)
        counts.moves += 1
        if match.phase is Phase.HAND_OVER and match.hand_number + 1 >= MAX_HANDS:
            break
        if not move(match, players):
            counts.finished += 1
            break
    counts.games += 1
    counts.moons += sum(h.moon_shooter is not None for h in [*match.past_hands, match.hand])


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.players}p-{r.moon.value}")
def test_every_move_of_skewed_ai_games_saves_and_loads_exactly(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game.engine.match, "deal_hands", power_deal)
    counts = Counts()
    for seed in range(GAMES_PER_VARIANT):
        play_and_round_trip(rules, seed, counts)
    print(f"{rules.players}p {rules.moon.value}: {counts}")
    assert counts.games == GAMES_PER_VARIANT
    assert counts.moons > 0, "the skewed deals must bring moons"
    ALL_COUNTS.append(counts)


ALL_COUNTS: list[Counts] = []


def a_match_with_a_moon(rules: Rules) -> Match:
    """The first seeded Medium game (skewed deals) whose first hand ends in a moon, played to
    the end of that hand."""
    for seed in range(50):
        players = [make_player("medium", f"{seed}/{s}") for s in range(rules.players)]
        match = Match.new(rules, seed)
        while match.phase is not Phase.HAND_OVER:
            move(match, players)
        if match.hand.moon_shooter is not None:
            return match
    raise AssertionError("no moon in 50 skewed deals")


@pytest.mark.parametrize("mode", [MoonMode.OTHERS_PLUS, MoonMode.SHOOTER_MINUS])
def test_a_moon_the_rules_score_is_saved_without_a_choice_and_old_saves_still_load(
    mode: MoonMode, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game.engine.match, "deal_hands", power_deal)
    match = a_match_with_a_moon(Rules(moon=mode))
    data = save_match(match)
    assert data["hands"][0]["moon_subtract"] is None  # the rules chose: nothing to replay
    assert state_of(load_match(data)) == state_of(match)
    # Version 0.1.0 wrote what the rules did as if it were a choice: still loads.
    data["hands"][0]["moon_subtract"] = mode is MoonMode.SHOOTER_MINUS
    assert state_of(load_match(data)) == state_of(match)
    # The other choice never happened: refused with a sentence.
    data["hands"][0]["moon_subtract"] = mode is not MoonMode.SHOOTER_MINUS
    with pytest.raises(InvalidSave, match="moon choice is recorded where there was none"):
        load_match(data)
