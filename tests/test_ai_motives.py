"""The motives Medium and Hard give (the tutor's raw material) are true in their positions."""

from __future__ import annotations

import random

from game.ai.decision import Decision, Motive
from game.ai.facts import LOW_SPADES, moon_runner, moon_threat, run_suspect, trick_winner
from game.ai.hard import HardPlayer
from game.ai.knowledge import Knowledge
from game.ai.medium import MediumPlayer
from game.engine.cards import (
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Suit,
    cards_of,
    mask_of,
)
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.view import SeatView


def check_play(view: SeatView, decision: Decision) -> None:
    card = decision.card
    legal = view.legal_mask()
    assert legal >> card & 1
    know = Knowledge.of(view)
    motive = decision.motive
    if motive is Motive.FORCED_ONLY_CARD:
        assert legal == 1 << card
        return
    if view.trick:
        best, winner = trick_winner(view)
        led = view.led_suit
    if motive is Motive.FLUSH_QUEEN:
        assert not view.trick and card // 13 == Suit.SPADES and card < QUEEN_OF_SPADES
        assert know.out(QUEEN_OF_SPADES)
    elif motive is Motive.LEAD_LOW_SAFE:
        suit_cards = view.hand & SUIT_MASKS[card // 13]
        assert not view.trick and card == (suit_cards & -suit_cards).bit_length() - 1
    elif motive in (Motive.DUCK_UNDER, Motive.DUMP_QUEEN):
        if motive is Motive.DUMP_QUEEN:
            assert card == QUEEN_OF_SPADES and not (card // 13 == led and card > best)
        else:
            assert card // 13 == led and card < best
    elif motive is Motive.FOLLOW_LOW:
        assert card // 13 == led and card > best
    elif motive is Motive.WIN_CHEAPLY_LAST:
        assert len(view.trick) == view.rules.players - 1 and card // 13 == led and card > best
    elif motive is Motive.PLAY_HIGH_FIRST_TRICK:
        assert view.trick_number == 0
    elif motive is Motive.DUMP_HIGH_HEART:
        assert view.trick and card // 13 != led and 1 << card & HEARTS_MASK
        assert card == (view.hand & HEARTS_MASK).bit_length() - 1
    elif motive in (Motive.DUMP_HIGH_SPADE, Motive.DUMP_HIGH_CARD):
        assert view.trick and card // 13 != led
    elif motive is Motive.BLOCK_MOON:
        holders = [s for s in range(view.rules.players) if know.taken[s] & PENALTY_MASK]
        threat = moon_threat(view, know.taken)
        assert threat is not None or (len(holders) == 1 and holders[0] != view.seat)
        if view.trick:
            assert card // 13 == led and card > best
            assert (mask_of(view.trick) | 1 << card) & PENALTY_MASK or led == Suit.HEARTS
        else:  # a heart no card still out can beat: it takes a trick from the runner
            assert card // 13 == Suit.HEARTS and not know.unseen & HEARTS_MASK & ~((1 << card) - 1)
    elif motive is Motive.LEAD_ABOVE_QUEEN:
        assert not view.trick and card in (37, 38) and view.hand >> QUEEN_OF_SPADES & 1
    elif motive is Motive.KEEP_STOPPER:
        runner = moon_threat(view, know.taken)
        suspect = run_suspect(view, know.taken)
        if runner is None and suspect is not None and card // 13 == led == Suit.HEARTS:
            # (AI 8) under a suspected runner's heart, the lowest heart
            runner = suspect
            assert card == (legal & -legal).bit_length() - 1
        elif runner is None:  # (AI 7, AI 8) void, no heart thrown on a lone taker or a runner
            runner = moon_runner(know.taken) if suspect is None else suspect
            assert card // 13 != led and not 1 << card & HEARTS_MASK and legal & HEARTS_MASK
        assert runner is not None and runner != view.seat and winner == runner
        same = legal & SUIT_MASKS[card // 13]
        assert card == (same & -same).bit_length() - 1 or not 1 << card & PENALTY_MASK
    elif motive is Motive.SHOOT_MOON:
        holders = [s for s in range(view.rules.players) if know.taken[s] & PENALTY_MASK]
        assert holders == [view.seat]
    else:
        assert motive is Motive.BEST_ODDS, motive


def check_pass(view: SeatView, decision: Decision) -> None:
    passed = mask_of(decision.cards)
    assert passed.bit_count() == 3 and not passed & ~view.hand
    assert sorted(c for c, _ in decision.per_card) == sorted(decision.cards)
    low_spades = (view.hand & LOW_SPADES).bit_count()
    for card, motive in decision.per_card:
        if motive is Motive.PASS_DANGEROUS_QUEEN:
            assert card == QUEEN_OF_SPADES and low_spades < 3
        elif motive is Motive.PASS_HIGH_SPADES:
            assert card in (37, 38) and not view.hand & ~passed & 1 << QUEEN_OF_SPADES
        elif motive is Motive.VOID_SUIT:
            assert not view.hand & ~passed & SUIT_MASKS[card // 13]
        elif motive is Motive.PASS_HIGH_HEARTS:
            assert card // 13 == Suit.HEARTS and card % 13 >= 9


def test_motives_are_true_over_whole_games() -> None:
    counts: dict[Motive, int] = {}
    for seed in range(4):
        match = Match.new(Rules(target=50), seed=f"m{seed}")
        players = [HardPlayer(seed, work=2000, pass_samples=6), MediumPlayer(0)] * 2
        while not match.is_over:
            if match.phase is Phase.PASS:
                for seat, p in enumerate(players):
                    decision = p.decide_pass(match.view(seat))
                    check_pass(match.view(seat), decision)
                    match.choose_pass(seat, decision.cards)
            elif match.phase is Phase.PLAY:
                seat = match.hand.turn
                view = match.view(seat)
                decision = players[seat].decide_play(view)
                check_play(view, decision)
                counts[decision.motive] = counts.get(decision.motive, 0) + 1
                match.play(decision.card, seat)
            elif match.phase is Phase.MOON_CHOICE:
                match.choose_moon(True)
            else:
                match.next_hand()
    assert len(counts) >= 8  # many kinds of situation were met


def test_hard_pass_reasons_are_true() -> None:
    rng = random.Random(4)
    deck = list(range(52))
    for _ in range(12):
        rng.shuffle(deck)
        hands = [mask_of(deck[i * 13 : (i + 1) * 13]) for i in range(4)]
        match = Match.new(Rules(), seed=rng.randrange(10**6))
        match.hand.hands = hands
        view = match.view(0)
        assert view.hand == hands[0] and cards_of(view.hand)
        check_pass(view, HardPlayer(1, pass_samples=8).decide_pass(view))
