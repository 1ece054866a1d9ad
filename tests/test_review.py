"""The hand review: the replay shows what the engine played, the decisions are the views the
player decided from, and the tutor's figures are exactly what its search returns there."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from game.ai.hard import PASS_PRIOR, HardPlayer, pass_candidates
from game.ai.medium import heuristic_pass, stopper_kept
from game.engine.cards import CARDS, cards_of, mask_of
from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import MoonMode, Rules
from game.engine.save import InvalidSave, save_match
from game.tutor import advice as tutor
from game.tutor import review
from game.tutor.corrections import settle_play

WORK = 6000  # a small search: the same figures whatever the machine, in a fraction of the time


@pytest.fixture(scope="module")
def game() -> tuple[Match, dict[str, Any]]:
    match = Match.new(Rules(target=40, moon=MoonMode.OTHERS_PLUS), seed=4)
    play_match(match, [RandomPlayer(s) for s in range(4)])
    return match, save_match(match)


def test_the_replay_shows_every_trick_as_the_engine_played_it(game: Any) -> None:
    match, data = game
    hands = [*match.past_hands, match.hand]
    for index, played in enumerate(hands):
        r = review.replay_hand(data, index, seat=0)
        assert r.scores == played.hand_scores
        assert len(r.steps) == 1 + len(played.tricks)
        assert r.steps[0].hands == played.dealt
        for step, (leader, cards, winner) in zip(r.steps[1:], played.tricks, strict=True):
            assert [int(c) for _, c in step.trick] == list(cards)
            assert step.trick[0][0] == leader and step.winner == winner
            # the cards left in hand and the trick's cards never overlap
            for seat, card in step.trick:
                assert not step.hands[seat] >> card & 1
        assert r.steps[-1].hands == (0, 0, 0, 0)
        assert sum(r.steps[-1].points) == 26
        assert r.tutor_seed == f"{match.seed}/tutor"


def test_the_decisions_are_the_players_own(game: Any) -> None:
    match, data = game
    played = match.past_hands[1]
    r = review.replay_hand(data, 1, seat=2)
    kinds = [d.kind for d in r.decisions]
    assert kinds == ["pass"] + ["play"] * 13  # hand 2 passes right
    assert set(r.decisions[0].chosen) == set(cards_of(played.passes[2]))
    mine = [c for _, cards, _ in played.tricks for c in cards]
    for point in r.decisions[1:]:
        view = point.view
        assert view.seat == 2 and view.my_turn
        card = point.chosen[0]
        assert view.legal_mask() >> card & 1
        assert card in mine
    with pytest.raises(ValueError, match="no hand 99"):
        review.replay_hand(data, 98, seat=0)
    with pytest.raises(InvalidSave):
        review.replay_hand({"hands": [{}]}, 0, seat=0)


def test_the_tutors_figures_equal_what_its_search_returns_there(game: Any) -> None:
    _match, data = game
    r = review.replay_hand(data, 0, seat=0)
    compared = differed = 0
    for point in r.decisions:
        judged = review.judge(point, r.tutor_seed, work=WORK)
        again = review.judge(point, r.tutor_seed, work=WORK)
        assert judged == again  # deterministic by seed
        player = HardPlayer(r.tutor_seed, work=WORK)
        if point.kind == "pass":
            advice = tutor.advise_pass(point.view, r.tutor_seed, player=player)
            assert judged.tutor_cards == advice.cards
            # both figures straight from the Hard AI's pass search (deterministic by seed)
            mine, theirs = mask_of(point.chosen), mask_of(advice.cards)
            values = HardPlayer(r.tutor_seed, work=WORK).pass_values(
                point.view, extra=(mine, theirs)
            )
            assert judged.tutor_value == values[theirs]
            assert judged.player_value == values[mine]
            assert judged.cost == max(0.0, values[theirs] - values[mine])
            continue
        # straight from the Hard AI's search, not through the review or the tutor
        decision = HardPlayer(r.tutor_seed, work=WORK).decide_play(point.view)
        decision = settle_play(point.view, decision)  # the tutor's rules of thumb
        assert judged.tutor_cards == (CARDS[decision.card],)
        if decision.expected and judged.tutor_value is not None:
            assert judged.tutor_value == review.equivalent_value(
                point.view, decision.card, {int(c): v for c, v in decision.expected.items()}
            )
            compared += 1
            assert judged.player_value is not None
            assert judged.cost == pytest.approx(max(0.0, judged.tutor_value - judged.player_value))
            if not judged.agrees:
                differed += 1
                assert judged.cost > 0
        else:
            assert judged.tutor_value is None and judged.cost == 0 and judged.agrees
    assert compared >= 3 and differed >= 1  # random play: the tutor disagrees somewhere


def test_the_window_uses_the_tutors_own_search(game: Any) -> None:
    """Without ``work`` the review's figures are those of the tutor the game's hints use."""
    _match, data = game
    r = review.replay_hand(data, 0, seat=0)
    point = next(p for p in r.decisions if p.kind == "play" and p.view.legal_mask().bit_count() > 2)
    judged = review.judge(point, r.tutor_seed)
    advice = tutor.advise_play(point.view, r.tutor_seed)
    assert judged.tutor_cards == advice.cards
    assert judged.tutor_value == advice.decision.expected.get(advice.card)


def test_a_card_the_search_did_not_try_gets_its_equivalents_figure(game: Any) -> None:
    _match, data = game
    for index in range(3):
        r = review.replay_hand(data, index, seat=1)
        for point in r.decisions:
            if point.kind != "play":
                continue
            view = point.view
            decision = HardPlayer(r.tutor_seed, work=WORK).decide_play(view)
            expected = {int(c): v for c, v in decision.expected.items()}
            if not expected:
                continue
            for card in cards_of(view.legal_mask()):
                value = review.equivalent_value(view, card, expected)
                if card in expected:
                    assert value == expected[card]
                    continue
                # independently: a tried card of the suit below with nothing out between
                tried = [c for c in expected if c // 13 == card // 13 and c < card]
                assert tried, "every legal card has a tried card below it in its run"
                nearest = max(tried)
                between = [c for c in range(nearest + 1, card) if view.unseen >> c & 1]
                assert not between
                assert value == expected[nearest]
                return
    pytest.fail("no position with an untried equivalent card was found")


def test_the_hand_cost_adds_the_decisions_costs() -> None:
    j = review.Judgement("play", 1, (CARDS[0],), (CARDS[1],), None, 2.5, 1.0)
    k = review.Judgement("play", 2, (CARDS[3],), (CARDS[3],), None, 1.0, 1.0)
    forced = review.Judgement("play", 3, (CARDS[5],), (CARDS[6],), None, None, None)
    assert j.cost == 1.5 and not j.agrees
    assert k.cost == 0 and k.agrees
    assert forced.cost == 0 and forced.agrees
    assert review.total_cost([j, k, forced]) == 1.5


def test_the_shooters_moon_choice_is_a_decision_the_tutor_judges() -> None:
    match = Match.new(Rules(target=100, moon=MoonMode.SHOOTER_CHOOSES), seed=1)
    play_match(match, [RandomPlayer(seat) for seat in range(4)])
    hands = [*match.past_hands, match.hand]
    index = next(i for i, h in enumerate(hands) if h.moon_shooter is not None)
    shooter = hands[index].moon_shooter
    assert shooter is not None
    r = review.replay_hand(save_match(match), index, seat=shooter)
    moon = r.decisions[-1]
    assert moon.kind == "moon" and moon.subtract == hands[index].moon_subtracted
    assert moon.step == len(r.steps) - 1 and moon.view.phase.name == "MOON_CHOICE"
    judged = review.judge(moon, r.tutor_seed)
    advice = tutor.advise_moon(moon.view)
    assert judged.sentence == advice.sentence
    assert judged.tutor_subtract == (advice.decision.motive.name == "MOON_SUBTRACT")
    assert judged.agrees == (judged.tutor_subtract == moon.subtract)
    assert judged.cost == 0  # the search gives no figure for the moon choice
    # another seat of the same hand has no moon decision
    other = review.replay_hand(save_match(match), index, seat=(shooter + 1) % 4)
    assert all(d.kind != "moon" for d in other.decisions)


def pass_points(data: dict[str, Any]) -> list[tuple[review.DecisionPoint, str]]:
    """Every pass decision of the stored game (each hand, each seat) with its tutor's seed."""
    points = []
    for index in range(review.hand_count(data)):
        for seat in range(4):
            r = review.replay_hand(data, index, seat=seat)
            points += [(p, r.tutor_seed) for p in r.decisions if p.kind == "pass"]
    return points


def test_the_pass_figures_are_those_the_hard_pass_search_chose_from(game: Any) -> None:
    """The figures the pass search exposes are the ones it decides on: recomputing its choice
    from them (the careful pass first, with its benefit of the doubt) gives the pass it makes."""
    _match, data = game
    points = pass_points(data)
    assert len(points) >= 8
    moved = 0
    for point, seed in points:
        view = point.view
        player = HardPlayer(seed)  # the tutor's own pass search size
        values = player.pass_values(view)
        # (AI 7: the top heart kept as a stopper is in no set tried.)
        options = pass_candidates(view.hand, heuristic_pass(view.hand), stopper_kept(view.hand))
        assert list(values) == options
        scores = [values[o] + (PASS_PRIOR if i == 0 else 0.0) for i, o in enumerate(options)]
        best = max(range(len(options)), key=lambda i: (scores[i], -i))
        assert mask_of(player.decide_pass(view).cards) == options[best]
        moved += best != 0
        # a set it does not try gets a figure without changing the others'
        outside = next(
            mask_of(t)
            for t in zip(*[iter(cards_of(view.hand))] * 3, strict=False)
            if mask_of(t) not in values
        )
        more = player.pass_values(view, extra=(outside,))
        assert {k: v for k, v in more.items() if k != outside} == values
        assert HardPlayer(f"{seed}+").pass_values(view) != values  # the seed decides the deals
        with pytest.raises(ValueError, match="three cards"):
            player.pass_values(view, extra=(mask_of(cards_of(view.hand)[:2]),))
    assert moved >= 1  # the search does overrule the careful pass somewhere


def test_a_pass_the_tutor_agrees_with_costs_nothing(game: Any) -> None:
    _match, data = game
    point, seed = pass_points(data)[0]
    judged = review.judge(point, seed)
    same = dataclasses.replace(point, chosen=judged.tutor_cards)
    agreed = review.judge(same, seed)
    assert agreed.agrees and agreed.cost == 0
    assert agreed.tutor_value == agreed.player_value == judged.tutor_value is not None
    # the player's own pass (a random one) is judged from the same figures, and counts
    assert judged.player_value is not None and not judged.agrees
    assert review.total_cost([judged, agreed]) == judged.cost


def test_the_hand_cost_counts_the_pass() -> None:
    passed = review.Judgement(
        "pass",
        0,
        tuple(CARDS[c] for c in (0, 1, 2)),
        tuple(CARDS[c] for c in (10, 11, 12)),
        None,
        4.0,
        1.5,
    )
    play = review.Judgement("play", 1, (CARDS[0],), (CARDS[1],), None, 2.5, 1.0)
    assert passed.cost == 2.5 and not passed.agrees
    assert review.total_cost([passed, play]) == 4.0


# -- issue 28, item 10: the hand in points a player can picture --------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_gap_in_the_search_figure_is_the_points_the_seat_takes(players: int) -> None:
    """The search's figure (game.ai.hard.utility, away from the match's end) moves by
    n/(n-1) for each point the seat takes from the others: seat_points undoes exactly that."""
    from game.ai.hard import utility

    base = [6] * players
    base[0] = 26 - 6 * (players - 1)
    for moved in range(1, base[1] + 1):
        shifted = list(base)
        shifted[0] += moved
        shifted[1] -= moved
        gap = utility(base, 0, [0] * players, 100) - utility(shifted, 0, [0] * players, 100)
        assert review.seat_points(gap, players) == pytest.approx(moved)


def test_the_hand_figure_is_what_you_took_against_what_the_tutor_expects() -> None:
    match = Match.new(Rules(target=100), seed=3)
    play_match(match, [RandomPlayer(s) for s in range(4)])
    hand = review.replay_hand(save_match(match), 0, seat=0)
    taken = hand.scores[0]
    card = (CARDS[0],)
    costly = review.Judgement("play", 1, card, (CARDS[1],), None, 2.0, -6.0)  # 8: 6 points
    same = review.Judgement("play", 2, card, card, None, 1.0, 1.0)
    figure = review.hand_figure(hand, [costly, same])
    assert (figure.taken, figure.saved) == (taken, 6)
    # a figure swollen by the match's end never reads as more than a hand's 26 points
    huge = review.Judgement("play", 1, card, (CARDS[1],), None, 40.0, -40.0)
    assert 0 <= review.hand_figure(hand, [huge]).saved <= 26
    assert review.hand_figure(hand, [same]).saved == 0
    # The steps' figures, added: a decision within a point of the tutor's (the search's noise
    # between two cards it rates alike) shows none and adds none, however many there are.
    noise = review.Judgement("play", 3, card, (CARDS[1],), None, 1.0, 0.4)  # 0.45 seat points
    figure = review.hand_figure(hand, [costly, *[noise] * 12])
    assert (figure.saved, figure.costly) == (6, 1)
    assert review.step_points(noise, 4) == 0 and review.step_points(costly, 4) == 6
