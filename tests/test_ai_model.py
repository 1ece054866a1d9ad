"""Hard weighs each sampled deal by how well the others' plays so far fit it: the plays the
playout policy (a careful player's) would not have made from that deal (game.ai.playout.
model_misses, HardPlayer's ``model``)."""

from __future__ import annotations

import random

from game.ai.easy import EasyPlayer
from game.ai.hard import HardPlayer, HardSettings
from game.ai.knowledge import Knowledge
from game.ai.playout import dealt_state, model_misses, plays_of
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.view import SeatView
from tests.helpers.ai import deal_state, medium_plays, view_of

HANDS = {
    0: "2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D",
    1: "JC QC KC AC 6D 7D 8D 9D TD 2S 3S 4S 5S",
    2: "JD QD KD AD 6S 7S 8S 9S TS JS QS AS 2H",
    3: "KS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
}


def misses(view: SeatView, hands: list[int], me: int | None = None, starve: bool = True) -> int:
    played_by, plays = plays_of(view)
    seat = view.seat if me is None else me
    return model_misses(dealt_state(view, hands, played_by), plays, seat, True, starve)


def test_the_real_deal_of_four_medium_fits_better_than_the_deals_sampled() -> None:
    real_total = positions = before = 0
    sampled_total = 0.0
    for seed, state, view, _card in medium_plays(range(12)):
        if len(view.tricks) < 4 or len(view.tricks) % 3:
            continue  # a few positions a hand, late enough for the plays to tell
        positions += 1
        real_total += misses(view, list(state.hands))
        before += misses(view, list(state.hands), starve=False)
        know = Knowledge.of(view)
        rng = random.Random(seed)
        sampled_total += sum(misses(view, know.sample(rng)) for _ in range(8)) / 8
    assert positions >= 30
    # Medium plays as the policy does (bar a runner's own lead, which Medium does not model):
    # few misses on the real deal, several on a deal that only agrees with the cards and voids
    # seen. Issue 44: the policy starves a lone taker as AI 7's Medium does (9 misses in 144
    # positions; without, 18: Medium's discards on the taker's tricks).
    assert real_total <= positions * 0.07
    assert before >= 2 * real_total
    assert sampled_total >= positions * 1.5


def test_only_the_other_seats_plays_are_checked() -> None:
    # Four Easy players (often careless) miss the policy's card often. Seen from seat s, the
    # misses are everyone's but s's own: summed over the seats, each miss counts n - 1 times.
    for seed in range(6):
        match = Match.new(Rules(), seed=seed, single_hand=True)
        players = [EasyPlayer(f"model{seed}-{s}") for s in range(4)]
        for seat in range(4):
            match.choose_pass(seat, players[seat].choose_pass(match.view(seat)))
        while match.hand.phase is Phase.PLAY and len(match.hand.tricks) < 9:
            seat = match.hand.turn
            match.play(players[seat].choose_play(match.view(seat)), seat)
        hands = list(match.hand.hands)
        everyone = misses(match.view(0), hands, me=-1)
        seen = [misses(match.view(s), hands, me=s) for s in range(4)]
        assert everyone > 0
        assert sum(seen) == 3 * everyone
        assert all(count <= everyone for count in seen)


def test_the_weighting_is_off_at_1_and_every_decision_is_replayable() -> None:
    view = view_of(deal_state(HANDS, "2C AC 6S KS 6D AD 3H 2D JD"))
    plain = HardPlayer(2, work=6000)
    weighted = HardPlayer(2, work=6000, settings=HardSettings(model=0.3))
    off = HardPlayer(2, work=6000, settings=HardSettings(model=1.0))
    assert off.decide_play(view).expected == plain.decide_play(view).expected
    rebuilt = SeatView.from_dict(view.to_dict())
    assert weighted.decide_play(view) == weighted.decide_play(rebuilt)
