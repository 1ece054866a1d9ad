"""Invariants over many seeded random games (hypothesis picks the seeds and the variants)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cards import CARDS, PENALTY_MASK, cards_of, mask_of
from game.engine.events import CardPlayed, HandScored, TrickWon
from game.engine.hand import Phase
from game.engine.legality import IllegalPlay
from game.engine.match import Match
from game.engine.rules import HAND_POINTS, JACK_POINTS, MoonMode, Rules, TieRule

rules_strategy = st.builds(
    Rules,
    players=st.sampled_from([3, 4, 5]),
    target=st.sampled_from([26, 50, 100]),
    queen_breaks_hearts=st.booleans(),
    moon=st.sampled_from(list(MoonMode)),
    jack_of_diamonds=st.booleans(),
    tie=st.sampled_from(list(TieRule)),
)


def play_random_hand(match: Match, rng: random.Random) -> list[object]:
    """Plays the current hand with random legal moves, trying an illegal card before each play."""
    events: list[object] = []
    hand = match.hand
    if match.phase is Phase.PASS:
        for seat in range(match.rules.players):
            events += match.choose_pass(seat, rng.sample(cards_of(hand.hands[seat]), 3))
    while match.phase is Phase.PLAY:
        legal = hand.legal_mask()
        assert legal, "the legal set is never empty while cards remain"
        assert legal & ~hand.hands[hand.turn] == 0
        # legal_cards() is the legal set as an immutable tuple, lowest first
        assert hand.legal_cards() == tuple(cards_of(legal))
        illegal = [c for c in cards_of(hand.hands[hand.turn]) if not legal >> c & 1]
        if illegal:
            card = rng.choice(illegal)
            try:
                match.play(card)
            except IllegalPlay as exc:
                assert hand.why_illegal(card) == str(exc)
            else:
                raise AssertionError(f"{CARDS[card]} was accepted but is not legal")
        events += match.play(rng.choice(cards_of(legal)))
    if match.phase is Phase.MOON_CHOICE:
        events += match.choose_moon(rng.random() < 0.5)
    return events


@settings(max_examples=150, deadline=None)
@given(rules=rules_strategy, seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**16))
def test_random_hands_keep_every_invariant(rules: Rules, seed: int, play_seed: int) -> None:
    match = Match.new(rules, seed)
    rng = random.Random(play_seed)
    for _ in range(3):
        if match.is_over:
            break
        hand = match.hand
        events = play_random_hand(match, rng)
        plays = [e for e in events if isinstance(e, CardPlayed)]
        # every card in play is played exactly once
        assert sorted(e.card for e in plays) == cards_of(rules.deck)
        assert hand.played == rules.deck and not any(hand.hands)
        # tricks: the right size, won by the highest card of the led suit
        tricks = [e for e in events if isinstance(e, TrickWon)]
        assert len(tricks) == rules.hand_size
        for trick in tricks:
            assert len(trick.cards) == rules.players
            led = trick.cards[0].suit
            best = max(c for c in trick.cards if c.suit == led)
            assert trick.winner == (trick.leader + trick.cards.index(best)) % rules.players
            assert trick.points == rules.points_of(mask_of(trick.cards))
        # points: 26 a hand (16 with the jack), moons aside
        (scored,) = [e for e in events if isinstance(e, HandScored)]
        assert sum(scored.taken) == HAND_POINTS + (JACK_POINTS if rules.jack_of_diamonds else 0)
        assert list(scored.taken) == [
            sum(t.points for t in tricks if t.winner == s) for s in range(rules.players)
        ]
        if scored.moon_shooter is None:
            assert scored.points == scored.taken
        else:
            assert hand.taken[scored.moon_shooter] & PENALTY_MASK == PENALTY_MASK
            assert sum(scored.points) in (
                (rules.players - 1) * 26 + (JACK_POINTS if rules.jack_of_diamonds else 0),
                -26 + (JACK_POINTS if rules.jack_of_diamonds else 0),
            )
        if not match.is_over:
            match.next_hand()
    assert match.totals == [sum(h[s] for h in match.history) for s in range(rules.players)]


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy, seed=st.integers(0, 2**32))
def test_whole_games_end_with_the_lowest_total_winning(rules: Rules, seed: int) -> None:
    match = Match.new(rules, seed)
    rng = random.Random(seed)
    for _ in range(200):
        play_random_hand(match, rng)
        if match.is_over:
            break
        match.next_hand()
    assert match.is_over
    assert max(match.totals) >= rules.target
    lowest = min(match.totals)
    assert match.winners == tuple(s for s, t in enumerate(match.totals) if t == lowest)
    if rules.tie is TieRule.PLAY_ON:
        assert len(match.winners) == 1
