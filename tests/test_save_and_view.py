"""Saving and loading a match; what a seat may see; events as a seat receives them."""

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cards import cards_of
from game.engine.events import PassesExchanged, event_to_dict, for_seat
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import MoonMode, Rules
from game.engine.save import InvalidSave, load_match, save_match
from game.engine.view import SeatView


def advance_randomly(match: Match, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        phase = match.phase
        if phase is Phase.PASS:
            seat = next(s for s, p in enumerate(match.hand.passes) if p is None)
            match.choose_pass(seat, rng.sample(cards_of(match.hand.hands[seat]), 3))
        elif phase is Phase.PLAY:
            match.play(rng.choice(match.hand.legal_cards()))
        elif phase is Phase.MOON_CHOICE:
            match.choose_moon(rng.random() < 0.5)
        elif phase is Phase.HAND_OVER:
            match.next_hand()
        else:
            return


def same_match(a: Match, b: Match) -> None:
    assert (a.hand_number, a.dealer, a.totals, a.history, a.winners) == (
        b.hand_number,
        b.dealer,
        b.totals,
        b.history,
        b.winners,
    )
    assert a.phase is b.phase
    assert a.hand.hands == b.hand.hands
    assert a.hand.passes == b.hand.passes
    assert a.hand.tricks == b.hand.tricks and a.hand.trick == b.hand.trick
    assert a.hand.turn == b.hand.turn and a.hand.hearts_broken == b.hand.hearts_broken
    for seat in range(a.rules.players):
        assert a.view(seat) == b.view(seat)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 400), players=st.sampled_from([3, 4, 5]))
def test_save_and_load_resume_exactly_at_any_point(seed: int, moves: int, players: int) -> None:
    rules = Rules(players=players, moon=MoonMode.SHOOTER_CHOOSES, target=60)
    match = Match.new(rules, seed)
    advance_randomly(match, random.Random(seed), moves)
    data = json.loads(json.dumps(save_match(match)))  # really plain data
    loaded = load_match(data)
    same_match(match, loaded)
    # and both go on the same way
    advance_randomly(match, random.Random(1), 60)
    advance_randomly(loaded, random.Random(1), 60)
    same_match(match, loaded)


def saved_example() -> dict[str, Any]:
    match = Match.new(Rules(), seed=4)
    advance_randomly(match, random.Random(4), 30)
    return save_match(match)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.update(format="chess"), "not a saved Dame de pique game"),
        (lambda d: d.update(version=99), "newer version"),
        (lambda d: d.update(version="1"), "wrong type"),
        (lambda d: d.pop("seed"), "'seed' is missing"),
        (lambda d: d.update(rules={"players": 9}), "rules: players must be 3, 4 or 5"),
        (lambda d: d.update(hands=[]), "no hand recorded"),
        (lambda d: d["hands"][0].update(dealt=[["2C"]] * 4), "not the ones the seed deals"),
        (lambda d: d["hands"][0]["plays"].append("ZZ"), "is not a card"),
        (lambda d: d["hands"][0]["plays"].insert(0, "AH"), "breaks the rules"),
        (lambda d: d["hands"][0].update(passes=[["2C", "3C", "4C"]] * 4), "breaks the rules"),
        (lambda d: d["hands"][0].update(pass_direction="up"), "left, right, across or hold"),
        (lambda d: d["hands"][0].update(dealer=7), "not a seat"),
        (lambda d: d.update(rules={**d["rules"], "players": 3}, first_pass="across"), "across"),
    ],
)
def test_damaged_saves_are_refused_with_a_clear_message(
    damage: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = saved_example()
    damage(data)
    with pytest.raises(InvalidSave, match=message):
        load_match(data)


@pytest.mark.parametrize("junk", [None, 3, "text", [], {"format": "dame-de-pique/match"}])
def test_junk_is_refused(junk: object) -> None:
    with pytest.raises(InvalidSave):
        load_match(junk)


def test_a_finished_game_saves_and_loads() -> None:
    match = Match.new(Rules(target=30), seed=8)
    play_match(match, [RandomPlayer(s) for s in range(4)])
    assert match.is_over
    same_match(match, load_match(save_match(match)))


def test_a_seat_view_holds_no_other_seats_cards() -> None:
    match = Match.new(Rules(), seed=21)
    advance_randomly(match, random.Random(2), 3)  # two seats have chosen their pass
    view = match.view(0)
    assert view.hand == match.hand.hands[0]
    assert view.received == 0 and view.passed == match.hand.passes[0]
    assert view.pass_chosen == (True, True, True, False)
    text = json.dumps(view.to_dict())
    for seat in (1, 2, 3):
        # the view names only cards of seat 0 (its hand) and none held by the others (but the
        # opening club, which is public)
        for card in cards_of(match.hand.hands[seat] & ~(1 << view.first_lead)):
            assert f'"{card}"' not in text
    advance_randomly(match, random.Random(3), 1)  # the exchange
    view = match.view(0)
    assert view.received == match.hand.received(0) != 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 120))
def test_a_seat_view_travels_as_plain_data(seed: int, moves: int) -> None:
    match = Match.new(Rules(jack_of_diamonds=True), seed)
    advance_randomly(match, random.Random(seed), moves)
    for seat in range(4):
        view = match.view(seat)
        again = SeatView.from_dict(json.loads(json.dumps(view.to_dict())))
        assert again == view
        assert again.legal_mask() == view.legal_mask()
        if view.my_turn:
            assert view.legal_mask() == match.hand.legal_mask()
            for card in cards_of(view.hand):
                assert view.why_illegal(card) == match.hand.why_illegal(card)


@pytest.mark.parametrize("junk", [None, {}, {"format": "dame-de-pique/seat-view", "version": 1}])
def test_a_bad_view_is_refused(junk: object) -> None:
    with pytest.raises(ValueError):
        SeatView.from_dict(junk)


def test_events_for_a_seat_hide_the_other_seats_passes() -> None:
    match = Match.new(Rules(), seed=5)
    events = []
    for seat in range(4):
        events += match.choose_pass(seat, cards_of(match.hand.hands[seat])[:3])
    exchanged = events[-1]
    assert isinstance(exchanged, PassesExchanged)
    mine = for_seat(exchanged, 2)
    assert isinstance(mine, PassesExchanged)
    assert [g is None for g in mine.given] == [True, True, False, True]
    assert [r is None for r in mine.received] == [True, True, False, True]
    assert mine.received[2] == tuple(cards_of(match.hand.received(2)))
    json.dumps(event_to_dict(mine))


@pytest.mark.parametrize("moon", [MoonMode.OTHERS_PLUS, MoonMode.SHOOTER_MINUS])
def test_a_game_with_a_moon_under_fixed_moon_rules_loads(moon: MoonMode) -> None:
    # The save records how the moon scored (moon_subtract false or true) even when the rules
    # gave the shooter no choice; loading must accept it, not ask for a choice (the history of
    # finished games, the statistics and the hand review load every game).
    match = Match.new(Rules(moon=moon), seed=1)
    play_match(match, [RandomPlayer(seat) for seat in range(4)])
    shooters = [h.moon_shooter for h in [*match.past_hands, match.hand]]
    assert any(s is not None for s in shooters)  # seed 1 has a moon in hand 8
    data = json.loads(json.dumps(save_match(match)))
    same_match(match, load_match(data))
    flipped = json.loads(json.dumps(data))
    moon_hand = next(i for i, s in enumerate(shooters) if s is not None)
    flipped["hands"][moon_hand]["moon_subtract"] = moon is MoonMode.OTHERS_PLUS
    with pytest.raises(InvalidSave, match="moon"):
        load_match(flipped)
