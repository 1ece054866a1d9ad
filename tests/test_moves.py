"""The engine's move API (Match.to_act / legal_moves / move_reason / apply, Move, Trick) and the
checks on what callers hand the engine (the window, saves, and soon strangers on a network)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cards import CARDS, HEARTS_MASK, QUEEN_OF_SPADES_BIT, SUIT_MASKS, cards_of, mask_of
from game.engine.events import MoonChoiceNeeded, TrickWon
from game.engine.hand import Phase
from game.engine.legality import IllegalMove, IllegalPass, IllegalPlay, Reason
from game.engine.match import Match
from game.engine.moves import Move, MoveKind
from game.engine.rules import MoonMode, PassDirection, Rules
from game.engine.save import save_match
from game.engine.trick import Trick, trick_winner
from tests.helpers.engine import phase_of

VARIANTS = [
    Rules(),
    Rules(moon=MoonMode.SHOOTER_CHOOSES, jack_of_diamonds=True),
    Rules(players=3),
    Rules(players=5, queen_breaks_hearts=True),
]


def play_through_the_move_api(match: Match, rng: random.Random) -> tuple[int, int]:
    """A whole match made only of ``apply`` with moves drawn from ``legal_moves``; checks at
    every step that the move lists agree with the engine's own sets. Returns (moves, refusals
    checked)."""
    moves = refusals = 0
    while not match.is_over:
        if match.phase is Phase.HAND_OVER:
            match.next_hand()
            continue
        acting = match.to_act()
        assert acting, match
        for seat in range(match.rules.players):
            listed = match.legal_moves(seat)
            assert listed == match.view(seat).legal_moves()
            if seat not in acting:
                assert listed == []
        seat = rng.choice(acting)
        listed = match.legal_moves(seat)
        if match.phase is Phase.PLAY:
            assert [m.card for m in listed] == list(match.hand.legal_cards())
            # Every card the engine refuses is refused through the move API too, unchanged.
            refused = cards_of(match.rules.deck & ~match.hand.legal_mask())
            before = save_match(match)
            for card in refused:
                assert match.move_reason(seat, Move.play(card)) is not None
                with pytest.raises(IllegalMove):
                    match.apply(seat, Move.play(card))
                refusals += 1
            assert save_match(match) == before
        elif match.phase is Phase.PASS:
            assert len(listed) == {17: 680, 13: 286, 10: 120}[match.hand.hands[seat].bit_count()]
        else:
            assert listed == [Move.moon(True), Move.moon(False)]
        move = rng.choice(listed)
        assert match.move_reason(seat, move) is None
        match.apply(seat, move)
        moves += 1
    return moves, refusals


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.players}p-{r.moon.name}")
def test_whole_games_through_legal_moves_and_apply(rules: Rules) -> None:
    for seed in range(2):
        match = Match.new(replace(rules, target=20), seed)
        moves, refusals = play_through_the_move_api(match, random.Random(seed))
        assert moves > 50 and refusals > 100


def test_the_moon_choice_is_a_move_of_the_shooter_only() -> None:
    # Seat 1 holds every club and leads them all: nobody else can follow, so it takes every
    # heart seat 0 throws and the queen seat 3 throws. A moon, with the shooter to choose.
    rules = Rules(moon=MoonMode.SHOOTER_CHOOSES)
    hands = [HEARTS_MASK, SUIT_MASKS[0], SUIT_MASKS[1], SUIT_MASKS[2]]
    match = Match.from_hands(rules, hands, pass_direction=PassDirection.HOLD)
    events = []
    while match.phase is Phase.PLAY:
        seat = match.to_act()[0]
        events += match.apply(seat, match.legal_moves(seat)[-1])  # its highest legal card
    assert match.phase is Phase.MOON_CHOICE and match.to_act() == (1,)
    assert MoonChoiceNeeded(1) in events
    assert match.legal_moves(1) == [Move.moon(True), Move.moon(False)]
    assert match.legal_moves(0) == []
    assert match.move_reason(0, Move.moon(True)) == Reason.NOT_YOUR_TURN.value
    assert match.move_reason(1, Move.play(0)) == Reason.NOT_PLAYING.value
    match.apply(1, Move.moon(True))
    assert phase_of(match) is Phase.HAND_OVER and match.to_act() == ()
    assert match.history == [(0, -26, 0, 0)]


@pytest.mark.parametrize("seat", [-1, 4, 7, True, 1.0, "0", None])
def test_a_seat_that_does_not_exist_is_refused(seat: object) -> None:
    match = Match.new(Rules(), seed=3)
    before = save_match(match)
    cards = cards_of(match.hand.hands[3])[:3]
    with pytest.raises(IllegalMove) as refused:
        match.choose_pass(seat, cards)
    assert refused.value.reason is Reason.NO_SUCH_SEAT
    with pytest.raises(IllegalMove):
        match.apply(seat, Move.pass_cards(cards))
    assert save_match(match) == before
    assert match.hand.passes == [None] * 4


@pytest.mark.parametrize("card", [0.9, False, True, "0", -1, 52, None, 2.0])
def test_a_value_that_is_not_a_card_is_refused_with_the_engines_error(card: object) -> None:
    match = Match.new(Rules(), seed=1, first_pass=PassDirection.HOLD)
    before = save_match(match)
    with pytest.raises(IllegalPlay) as refused:
        match.play(card)
    assert refused.value.reason is Reason.NOT_A_CARD
    assert save_match(match) == before
    seat = match.to_act()[0]
    assert match.view(seat).why_illegal(card) == Reason.NOT_A_CARD.value
    assert match.hand.why_illegal(card) == Reason.NOT_A_CARD.value
    with pytest.raises(ValueError):
        Move.play(card)  # type: ignore[arg-type]


def test_a_pass_of_things_that_are_not_cards_is_refused() -> None:
    match = Match.new(Rules(), seed=1)
    with pytest.raises(IllegalPass) as refused:
        match.choose_pass(0, [0.0, 1, 2])
    assert refused.value.reason is Reason.NOT_A_CARD
    assert match.hand.passes[0] is None


@pytest.mark.parametrize("choice", ["no", 0, 1, None, "False"])
def test_a_moon_choice_must_be_a_bool(choice: object) -> None:
    match = Match.new(Rules(), seed=1)
    with pytest.raises(IllegalMove) as refused:
        match.choose_moon(choice)
    assert refused.value.reason is Reason.NOT_A_CHOICE
    with pytest.raises(ValueError):
        Move.moon(choice)  # type: ignore[arg-type]


def test_a_forged_move_value_is_refused_not_crashed_on() -> None:
    match = Match.new(Rules(), seed=2, first_pass=PassDirection.HOLD)
    seat = match.to_act()[0]
    for forged in (
        Move(MoveKind.PLAY, ()),
        Move(MoveKind.PLAY, (CARDS[0], CARDS[1])),
        Move(MoveKind.MOON, subtract="yes"),  # type: ignore[arg-type]
        Move("play", (CARDS[0],)),  # type: ignore[arg-type]
        "play 2C",
    ):
        assert match.move_reason(seat, forged) is not None
        with pytest.raises(IllegalMove):
            match.apply(seat, forged)
        assert match.view(seat).move_reason(forged) is not None  # type: ignore[arg-type]


def test_the_pass_checks_of_the_view_match_the_engines() -> None:
    match = Match.new(Rules(), seed=4)
    rng = random.Random(4)
    own = cards_of(match.hand.hands[1])
    others = cards_of(match.rules.deck & ~match.hand.hands[1])
    tries = [own[:3], own[:2], own[:4], [*own[:2], others[0]], [own[0], own[0], own[1]]]
    tries += [rng.sample(own + others, 3) for _ in range(50)]
    for cards in tries:
        move = Move.pass_cards(cards)
        assert (match.view(1).move_reason(move) is None) == (match.move_reason(1, move) is None)


@settings(max_examples=200, derandomize=True)
@given(st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True), st.booleans())
def test_moves_print_and_parse_back(cards: list[int], subtract: bool) -> None:
    for move in (Move.play(cards[0]), Move.pass_cards(cards), Move.moon(subtract)):
        assert Move.parse(str(move)) == move
        assert eval(repr(move), {"Move": Move}) == move


@pytest.mark.parametrize("text", ["", "play", "play QS KS", "moon yes", "jump 2C", "pass XX"])
def test_a_move_that_does_not_parse_says_so(text: str) -> None:
    with pytest.raises(ValueError):
        Move.parse(text)


def test_trick_values_agree_with_the_engine_on_every_trick_of_random_games() -> None:
    checked = 0
    for rules in VARIANTS:
        for seed in range(3):
            match = Match.new(rules, seed, single_hand=True)
            rng = random.Random(seed)
            while match.phase is not Phase.GAME_OVER:
                seat = rng.choice(match.to_act())
                for event in match.apply(seat, rng.choice(match.legal_moves(seat))):
                    if isinstance(event, TrickWon):
                        trick = match.view(0).finished_tricks[-1]
                        assert trick.complete and trick.cards == event.cards
                        assert (trick.leader, trick.winner, trick.points) == (
                            event.leader,
                            event.winner,
                            event.points,
                        )
                        assert trick.card_of(event.winner) == max(
                            c for c in event.cards if c.suit == event.cards[0].suit
                        )
                        checked += 1
                if match.phase is Phase.PLAY and match.hand.trick:
                    current = match.view(0).current_trick
                    assert current.winner == match.hand.best_seat
                    assert [s for s, _ in current.plays] == [s for s, _ in match.hand.trick_seats()]
    assert checked > 150


def test_an_empty_trick_has_no_winner() -> None:
    assert trick_winner(1, [], 4) is None
    trick = Trick.of(Rules(), 2, [])
    assert (trick.winner, trick.led, trick.points, trick.plays) == (None, None, 0, ())
    assert Trick.of(Rules(), 0, [QUEEN_OF_SPADES_BIT.bit_length() - 1]).points == 13


def test_a_match_from_given_hands_plays_them() -> None:
    hands = [mask_of(cards_of(SUIT_MASKS[s])) for s in (2, 0, 3, 1)]
    match = Match.from_hands(Rules(), hands, pass_direction=PassDirection.ACROSS)
    assert match.hand.dealt == tuple(hands) and match.phase is Phase.PASS
    assert match.pass_direction is PassDirection.ACROSS
    with pytest.raises(ValueError):
        Match.from_hands(Rules(), hands[:3])
