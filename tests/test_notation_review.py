"""A game or hand read from the notation opens in the hand review: the same cards and points as
the game it was written from, an unfinished hand up to where it stops, a hand alone with the
totals before it."""

from __future__ import annotations

import dataclasses

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import Rules
from game.engine.save import save_match
from game.notation import read_game, write_match
from game.tutor import review
from tests.helpers.notation_games import play


def test_a_read_game_reviews_exactly_as_its_save() -> None:
    match = Match.new(Rules(target=40), seed=17)
    play_match(match, [RandomPlayer(s) for s in range(4)])
    read = read_game(write_match(match)).match
    data = save_match(match)
    for index in range(len(match.past_hands) + 1):
        for seat in (0, 2):
            assert review.review_of(read, index, seat) == review.replay_hand(data, index, seat)


def test_an_unfinished_hand_reviews_to_where_it_stops() -> None:
    match = Match.new(Rules(players=3), seed=2)
    play(match, 3 + 3 * 4 + 2, greedy=False, seed=2)  # the passes, four tricks, two cards
    read = read_game(write_match(match, hands=[0])).match
    r = review.review_of(read, 0, seat=1)
    assert not r.finished
    assert len(r.steps) == 1 + 4 + 1
    assert r.steps[-1].winner is None and len(r.steps[-1].trick) == 2
    assert r.scores == tuple(match.hand.points_taken())
    plays = [d for d in r.decisions if d.kind == review.PLAY]
    assert [d.chosen[0] for d in plays] == [
        c for s, c in [(t, c) for step in r.steps[1:] for t, c in step.trick] if s == 1
    ]


def test_a_hand_alone_reviews_with_the_totals_before_it() -> None:
    match = Match.new(Rules(target=60), seed=5)
    play_match(match, [RandomPlayer(s) for s in range(4)])
    alone = read_game(write_match(match, hands=[2])).match
    r = review.review_of(alone, 0, seat=3)
    whole = review.replay_hand(save_match(match), 2, seat=3)
    # A hand alone holds no earlier hands' scores (the AI and the tutor read only the totals).
    without_history = [dataclasses.replace(d.view, history=()) for d in whole.decisions]
    assert [d.view for d in r.decisions] == without_history
    assert dataclasses.replace(r, decisions=()) == dataclasses.replace(whole, decisions=())
    assert r.hand_number == 2
    before = [sum(h[s] for h in match.history[:2]) for s in range(4)]
    assert r.decisions[0].view.totals == tuple(before)
