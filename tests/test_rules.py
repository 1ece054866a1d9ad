"""Each rule of the game, and each edge case, as a named scenario."""

import pytest

from game.engine.cards import (
    HEARTS_MASK,
    JACK_OF_DIAMONDS_BIT,
    QUEEN_OF_SPADES_BIT,
    Card,
    cards_of,
    mask_of,
    parse_cards,
)
from game.engine.events import CardPlayed, HandScored, HeartsBroken, MoonChoiceNeeded, TrickWon
from game.engine.hand import HandState, Phase, score_hand
from game.engine.legality import IllegalPass, IllegalPlay, Reason
from game.engine.match import Match, game_result
from game.engine.rules import MoonMode, PassDirection, Rules, TieRule
from tests.helpers.engine import hands_from, phase_of, state_from

C = Card.parse


def names(mask: int) -> str:
    return " ".join(str(c) for c in cards_of(mask))


# -- the deck and the deal ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "size", "removed"), [(3, 17, "2C"), (4, 13, ""), (5, 10, "2C 2D")]
)
def test_deck_and_hand_size_by_player_count(players: int, size: int, removed: str) -> None:
    rules = Rules(players=players)
    assert rules.hand_size == size
    assert names(rules.removed) == removed
    match = Match.new(rules, seed=11)
    assert [h.bit_count() for h in match.hand.hands] == [size] * players
    assert sum(match.hand.hands) == rules.deck


def _bad_deal(rules: Rules, hands: list[int], direction: PassDirection = PassDirection.LEFT) -> str:
    with pytest.raises(ValueError) as caught:
        HandState.deal(rules, hands, direction)
    return str(caught.value)


def test_a_deal_that_is_not_whole_is_refused_with_the_fault_named() -> None:
    rules = Rules()
    good = hands_from(rules, {})
    HandState.deal(rules, good, PassDirection.LEFT)  # the good deal is accepted
    assert _bad_deal(rules, good[:3]) == "4 hands are needed, not 3"
    short = [good[0] & ~(1 << C("2C")), good[1] | 1 << C("2C"), *good[2:]]
    assert _bad_deal(rules, short) == "seat 0 holds 12 cards, not 13"
    # Seat 1 holds one of seat 0's cards instead of its own: sizes right, a card twice.
    own = good[1] & -good[1]
    twice = [good[0], good[1] & ~own | (good[0] & -good[0]), *good[2:]]
    assert _bad_deal(rules, twice) == "a card is dealt twice: [Card('2C')]"
    # Three players: a deal holding the two of clubs is not the cards in play.
    three = Rules(players=3)
    hands = hands_from(three, {})
    with_two = [hands[0] & ~(hands[0] & -hands[0]) | 1 << C("2C"), *hands[1:]]
    assert _bad_deal(three, with_two) == "the hands do not hold exactly the cards in play"
    assert (
        _bad_deal(three, hands, PassDirection.ACROSS)
        == "there is no pass across with 3 or 5 players"
    )


@pytest.mark.parametrize(
    ("players", "cycle"),
    [
        (4, ["LEFT", "RIGHT", "ACROSS", "HOLD", "LEFT", "RIGHT"]),
        (3, ["LEFT", "RIGHT", "HOLD", "LEFT", "RIGHT", "HOLD"]),
        (5, ["LEFT", "RIGHT", "HOLD", "LEFT", "RIGHT", "HOLD"]),
    ],
)
def test_pass_cycle(players: int, cycle: list[str]) -> None:
    rules = Rules(players=players)
    assert [rules.pass_direction(k).name for k in range(6)] == cycle


def test_pass_targets_follow_clockwise_seats() -> None:
    assert [PassDirection.LEFT.target(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert [PassDirection.RIGHT.target(s, 4) for s in range(4)] == [3, 0, 1, 2]
    assert [PassDirection.ACROSS.target(s, 4) for s in range(4)] == [2, 3, 0, 1]
    assert [PassDirection.HOLD.target(s, 4) for s in range(4)] == [0, 1, 2, 3]


def test_dealer_rotates_clockwise_and_pass_follows_hand_number() -> None:
    match = Match.new(Rules(), seed=5)
    seen = []
    for _ in range(5):
        seen.append((match.dealer, match.hand.pass_direction.name))
        # finish the hand quickly with the lowest legal card
        for seat in range(4):
            if match.phase is Phase.PASS:
                match.choose_pass(seat, cards_of(match.hand.hands[seat])[:3])
        while match.phase is Phase.PLAY:
            match.play(match.hand.legal_cards()[0])
        if match.phase is Phase.MOON_CHOICE:
            match.choose_moon(False)
        match.next_hand()
    assert seen == [(0, "LEFT"), (1, "RIGHT"), (2, "ACROSS"), (3, "HOLD"), (0, "LEFT")]


def test_a_deal_must_be_whole() -> None:
    rules = Rules()
    hands = hands_from(rules, {})
    with pytest.raises(ValueError, match="cards, not 13"):
        HandState.deal(rules, [hands[0] | hands[1], 0, hands[2], hands[3]], PassDirection.HOLD)
    with pytest.raises(ValueError, match="4 hands"):
        HandState.deal(rules, hands[:3], PassDirection.HOLD)
    with pytest.raises(ValueError, match="no pass across"):
        HandState.deal(Rules(players=3), hands_from(Rules(players=3), {}), PassDirection.ACROSS)


# -- passing -----------------------------------------------------------------------------------


def test_every_seat_chooses_before_anyone_receives() -> None:
    match = Match.new(Rules(), seed=2)
    hand = match.hand
    before = list(hand.hands)
    chosen = [cards_of(before[s])[-3:] for s in range(4)]
    for seat in range(3):
        events = match.choose_pass(seat, chosen[seat])
        assert [type(e).__name__ for e in events] == ["PassChosen"]
        # nobody has received anything yet, and the chooser still holds its cards
        assert hand.hands == before
        assert match.view(seat + 1).received == 0
    events = match.choose_pass(3, chosen[3])
    assert [type(e).__name__ for e in events] == ["PassChosen", "PassesExchanged"]
    for seat in range(4):
        source = PassDirection.LEFT.source(seat, 4)
        assert match.view(seat).received == mask_of(chosen[source])
        assert hand.hands[seat] == before[seat] & ~mask_of(chosen[seat]) | mask_of(chosen[source])
    assert match.phase is Phase.PLAY


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("2C 3C", Reason.PASS_COUNT),
        ("2C 3C 4C 5C", Reason.PASS_COUNT),
        ("2C 2C 3C", Reason.PASS_COUNT),
    ],
)
def test_a_pass_is_three_distinct_cards(cards: str, reason: Reason) -> None:
    rules = Rules()
    state = HandState.deal(
        rules, hands_from(rules, {0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"}), PassDirection.LEFT
    )
    with pytest.raises(IllegalPass) as caught:
        state.choose_pass(0, parse_cards(cards))
    assert caught.value.reason is reason
    assert "3 cards" in str(caught.value)


def test_a_pass_is_of_own_cards_and_chosen_once() -> None:
    rules = Rules()
    state = HandState.deal(
        rules, hands_from(rules, {0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"}), PassDirection.LEFT
    )
    with pytest.raises(IllegalPass, match="do not hold"):
        state.choose_pass(0, parse_cards("2C 3C AH"))
    state.choose_pass(0, parse_cards("2C 3C 4C"))
    with pytest.raises(IllegalPass, match="already chosen"):
        state.choose_pass(0, parse_cards("5C 6C 7C"))


def test_no_pass_on_a_hold_hand() -> None:
    state = state_from({})
    assert state.phase is Phase.PLAY
    with pytest.raises(IllegalPass, match="not being passed"):
        state.choose_pass(0, cards_of(state.hands[0])[:3])


# -- leading and following ---------------------------------------------------------------------


def test_two_of_clubs_opens_the_hand() -> None:
    state = state_from({2: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"})
    assert state.turn == 2
    assert state.legal_cards() == (C("2C"),)
    assert state.why_illegal(C("3C")) == "You must lead the 2♣"
    with pytest.raises(IllegalPlay) as caught:
        state.play(C("3C"))
    assert caught.value.reason is Reason.MUST_LEAD_LOWEST_CLUB


@pytest.mark.parametrize("players", [3, 5])
def test_lowest_club_opens_with_three_or_five_players(players: int) -> None:
    rules = Rules(players=players)
    match = Match.new(rules, seed=9)
    assert match.hand.first_lead == C("3C")
    while match.phase is Phase.PASS:
        for seat in range(players):
            match.choose_pass(seat, cards_of(match.hand.hands[seat])[-3:])
    leader = match.hand.turn
    assert match.hand.hands[leader] >> C("3C") & 1
    assert match.hand.legal_cards() == (C("3C"),)


def test_must_follow_suit_when_able() -> None:
    state = state_from(
        {
            0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D",
            1: "AC 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        },
        plays="2C",
    )
    assert state.turn == 1
    assert state.legal_cards() == (C("AC"),)
    assert state.why_illegal(C("3D")) == "You must follow clubs"
    assert state.play_reason(C("3D")) is Reason.MUST_FOLLOW_SUIT


def test_highest_card_of_the_led_suit_wins_no_trumps() -> None:
    state = state_from(
        {
            0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D",
            1: "AC 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        },
        plays="2C AC",
    )
    # seats 2 and 3 hold no clubs: whatever they play, the ace of clubs wins
    events = state.play(state.legal_cards()[-1])
    events += state.play(state.legal_cards()[-1])
    won = [e for e in events if isinstance(e, TrickWon)]
    assert len(won) == 1
    assert won[0].winner == 1 and won[0].leader == 0
    assert state.turn == 1 and state.leader == 1


def test_first_trick_no_points_when_void_in_clubs() -> None:
    state = state_from(
        {
            0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
            1: "2D QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
        },
        plays="2C",
    )
    assert state.legal_cards() == (C("2D"),)
    assert state.why_illegal(C("QS")) == "No points on the first trick"
    assert state.play_reason(C("5H")) is Reason.NO_POINTS_FIRST_TRICK


def test_first_trick_only_penalty_cards_may_play_any_of_them() -> None:
    hand = "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    state = state_from({0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", 1: hand}, plays="2C")
    assert state.legal_mask() == mask_of(parse_cards(hand))
    events = state.play(C("QS"))
    assert [type(e) for e in events] == [CardPlayed]  # the queen does not break hearts
    assert not state.hearts_broken


def test_first_trick_only_hearts_may_play_a_heart_and_it_breaks_hearts() -> None:
    hand = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    state = state_from({0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", 1: hand}, plays="2C")
    events = state.play(C("AH"))
    assert [type(e) for e in events] == [CardPlayed, HeartsBroken]
    assert state.hearts_broken


def _win_first_trick(hand_of_seat_1: str) -> HandState:
    """Seat 1 wins the first trick with the ace of clubs and is left to lead."""
    state = state_from(
        {0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D", 1: hand_of_seat_1}, plays="2C AC"
    )
    state.play(state.legal_cards()[0])
    state.play(state.legal_cards()[0])
    assert state.turn == 1 and state.trick_number == 1 and not state.hearts_broken
    return state


def test_hearts_not_led_until_broken() -> None:
    state = _win_first_trick("AC 3D 4D 5D 6D 7D 8D 9D 10D 2H 3H 4H 5H")
    assert state.legal_cards() == tuple(parse_cards("3D 4D 5D 6D 7D 8D 9D 10D"))
    assert state.why_illegal(C("2H")) == "Hearts are not broken yet"


def test_hearts_only_hand_may_lead_hearts_before_they_are_broken() -> None:
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    state = _win_first_trick("AC " + hearts)
    assert state.legal_mask() == mask_of(parse_cards(hearts))
    events = state.play(C("2H"))
    assert HeartsBroken(1, C("2H")) in events


def test_hearts_and_queen_hand_must_lead_the_queen() -> None:
    state = _win_first_trick("AC QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH")
    assert state.legal_cards() == (C("QS"),)
    assert state.why_illegal(C("2H")) == "Hearts are not broken yet"


def test_queen_may_be_led_after_the_first_trick_and_does_not_break_hearts() -> None:
    state = _win_first_trick("AC QS 3D 4D 5D 6D 7D 8D 9D 10D 2H 3H 4H")
    assert C("QS") in state.legal_cards()
    state.play(C("QS"))
    for _ in range(3):
        state.play(state.legal_cards()[0])
    assert not state.hearts_broken


def test_house_rule_queen_breaks_hearts() -> None:
    rules = Rules(queen_breaks_hearts=True)
    state = state_from(
        {
            0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D",
            1: "AC QS 3D 4D 5D 6D 7D 8D 9D 10D 2H 3H 4H",
        },
        rules=rules,
        plays="2C AC",
    )
    state.play(state.legal_cards()[0])
    state.play(state.legal_cards()[0])
    events = state.play(C("QS"))
    assert HeartsBroken(1, C("QS")) in events
    for _ in range(3):
        state.play(state.legal_cards()[0])
    # Seat 3 took the queen's trick with the king and leads next, holding the ace of spades and
    # hearts: the queen broke hearts, so it may lead one (without the house rule: only the ace).
    assert state.turn == 3 and state.hearts_broken
    assert C("5H") in state.legal_cards() and C("AS") in state.legal_cards()


def test_only_the_seat_to_act_may_play() -> None:
    state = state_from({0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"})
    with pytest.raises(IllegalPlay, match="not your turn"):
        state.play(C("2C"), seat=1)
    with pytest.raises(IllegalPlay, match="do not hold"):
        state.play(C("2D"))
    with pytest.raises(IllegalPlay, match="not a card"):
        state.play(99)


# -- scoring -----------------------------------------------------------------------------------

MOON_HANDS = {0: "AC KC QC AD KD QD AS KS QS AH KH QH JH"}


def _play_moon(rules: Rules) -> tuple[HandState, list[object]]:
    """Seat 0 holds the top three cards of every suit and the four top hearts: it takes every
    trick, hence every point (the other seats play their lowest legal card)."""
    state = state_from(MOON_HANDS, rules=rules)
    events: list[object] = []
    while state.phase is Phase.PLAY:
        legal = state.legal_cards()
        events += state.play(legal[-1] if state.turn == 0 else legal[0])
    return state, events


def test_moon_others_plus_26() -> None:
    state, events = _play_moon(Rules())
    assert state.moon_shooter == 0
    assert state.hand_scores == (0, 26, 26, 26)
    scored = [e for e in events if isinstance(e, HandScored)]
    assert scored == [HandScored((0, 26, 26, 26), (26, 0, 0, 0), 0, False)]


def test_moon_shooter_minus_26() -> None:
    state, _ = _play_moon(Rules(moon=MoonMode.SHOOTER_MINUS))
    assert state.hand_scores == (-26, 0, 0, 0)


@pytest.mark.parametrize(("subtract", "scores"), [(True, (-26, 0, 0, 0)), (False, (0, 26, 26, 26))])
def test_moon_shooter_chooses(subtract: bool, scores: tuple[int, ...]) -> None:
    state, events = _play_moon(Rules(moon=MoonMode.SHOOTER_CHOOSES))
    assert events[-1] == MoonChoiceNeeded(0)
    assert state.phase is Phase.MOON_CHOICE and state.turn == 0
    with pytest.raises(IllegalPlay):
        state.play(C("2C"))
    with pytest.raises(ValueError, match="not your turn"):
        state.choose_moon(subtract, seat=1)
    (scored,) = state.choose_moon(subtract, seat=0)
    assert isinstance(scored, HandScored) and scored.points == scores
    assert state.hand_scores == scores and phase_of(state) is Phase.HAND_OVER


def test_moon_with_the_jack_of_diamonds_still_counts_for_its_taker() -> None:
    state, _ = _play_moon(Rules(jack_of_diamonds=True))
    # the shooter took the jack too (every trick): 0 - 10
    assert state.hand_scores == (-10, 26, 26, 26)
    taken = [HEARTS_MASK | QUEEN_OF_SPADES_BIT, JACK_OF_DIAMONDS_BIT, 0, 0]
    assert score_hand(Rules(jack_of_diamonds=True), taken) == (0, 16, 26, 26)
    assert score_hand(Rules(jack_of_diamonds=True), taken, subtract=True) == (-26, -10, 0, 0)


def test_twelve_hearts_and_the_queen_is_not_a_moon() -> None:
    taken = [HEARTS_MASK & ~(1 << C("2H")) | QUEEN_OF_SPADES_BIT, 1 << C("2H"), 0, 0]
    assert score_hand(Rules(), taken) == (25, 1, 0, 0)


def test_jack_of_diamonds_is_minus_ten_and_not_needed_for_a_moon() -> None:
    rules = Rules(jack_of_diamonds=True)
    assert rules.points_of(JACK_OF_DIAMONDS_BIT | 1 << C("5H")) == -9
    assert Rules().points_of(JACK_OF_DIAMONDS_BIT) == 0


# -- the end of the game -----------------------------------------------------------------------


def test_game_ends_after_the_hand_reaching_the_target_lowest_wins() -> None:
    assert game_result(Rules(), [99, 98, 0, 5]) == (False, ())
    assert game_result(Rules(), [100, 98, 0, 5]) == (True, (2,))
    assert game_result(Rules(target=50), [51, 30, 20, 40]) == (True, (2,))


def test_tie_for_lowest_plays_another_hand_by_default() -> None:
    assert game_result(Rules(), [110, 20, 20, 60]) == (False, (1, 2))


def test_tie_for_lowest_shared_victory_option() -> None:
    assert game_result(Rules(tie=TieRule.SHARED), [110, 20, 20, 60]) == (True, (1, 2))


def test_rules_refuse_impossible_values() -> None:
    for bad in ({"players": 6}, {"players": 2}, {"target": 0}, {"target": True}):
        with pytest.raises(ValueError):
            Rules(**bad)
    with pytest.raises(ValueError, match="unknown rule"):
        Rules.from_dict({"trumps": True})
    with pytest.raises(ValueError, match="bad rule value"):
        Rules.from_dict({"moon": "whatever"})
    assert Rules.from_dict(Rules(players=5, jack_of_diamonds=True).to_dict()) == Rules(
        players=5, jack_of_diamonds=True
    )


def test_play_inferences_never_exclude_a_card_the_seat_holds() -> None:
    """The AI's deductions run the play rules backwards (game.engine.legality.play_inferences): over
    random games, some dealt a seat mostly hearts so the rare cases occur, no deduction ever
    rules out a card the seat really holds. A change to legal_mask that one of them does not
    follow fails here."""
    import random

    from game.engine.cards import PENALTY_MASK, SUIT_MASKS
    from game.engine.legality import play_inferences

    rng = random.Random("inferences")
    hits = {"void": 0, "hearts only": 0, "points only": 0}
    for game in range(300):
        rules = [Rules(), Rules(queen_breaks_hearts=True), Rules(players=3), Rules(players=5)][
            game % 4
        ]
        deck = cards_of(rules.deck)
        rng.shuffle(deck)
        hearts = [c for c in deck if 1 << c & HEARTS_MASK]
        others = [c for c in deck if not 1 << c & HEARTS_MASK]
        many = min(len(hearts), rng.randrange(rules.hand_size - 3, rules.hand_size + 1))
        first = hearts[:many] + others[: rules.hand_size - many]
        rest = hearts[many:] + others[rules.hand_size - many :]
        rng.shuffle(rest)
        hands = [mask_of(first)] + [
            mask_of(rest[i * rules.hand_size : (i + 1) * rules.hand_size])
            for i in range(rules.players - 1)
        ]
        state = HandState.deal(rules, hands, PassDirection.HOLD)
        while state.phase is Phase.PLAY:
            tricks = [(leader, cards) for leader, cards, _ in state.tricks]
            tricks.append((state.leader, tuple(state.trick)))
            voids, excluded = play_inferences(tricks, rules.players, rules.queen_breaks_hearts)
            for seat in range(rules.players):
                held = state.hands[seat]
                assert not held & excluded[seat], (game, seat, tricks)
                for suit in range(4):
                    if voids[seat] >> suit & 1:
                        assert not held & SUIT_MASKS[suit], (game, seat, suit, tricks)
                hits["void"] += voids[seat].bit_count()
                hits["hearts only"] += excluded[seat] == ~HEARTS_MASK
                hits["points only"] += excluded[seat] == ~PENALTY_MASK
            state.play(rng.choice(cards_of(state.legal_mask())))
    assert all(hits.values()), hits  # each deduction was made, and checked, at least once
