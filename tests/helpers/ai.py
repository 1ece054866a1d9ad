"""Seat views of hand-written positions, for the AI's scenario tests."""

from __future__ import annotations

from collections.abc import Iterator

from game.arena.duplicate import medium_hands
from game.engine.cards import Card, mask_of, parse_cards
from game.engine.hand import HandState
from game.engine.rules import PassDirection, Rules
from game.engine.view import SeatView

# Seat 1 kept a strong hand from the pass (the opportunist's trigger): it wins the first trick
# with the king of clubs, then leads the ace and the queen of diamonds: nobody has a point yet,
# but it has won every trick, leading from the top. Seat 0, void in diamonds, used to throw it
# the king of hearts (its stopper) on the queen of diamonds; later it ducked the ace of hearts
# with that king. (From the arena: seed d1, deal 7.)
# The opportunist tests and the teaching window's test share it.
RUN_DEAL = {
    0: "KH JH 6H 5H 4S 2S KD AC QC JC 9C 4C 2C",
    1: "AH QH 9H AS 10S 5S AD QD 5D 3D KC 7C 3C",
    2: "10H 7H 2H JS 8S 7S JD 10D 8D 7D 4D 2D 8C",
    3: "8H 4H 3H KS QS 9S 6S 3S 9D 6D 10C 6C 5C",
}
RUN_PLAYS = "2C KC 8C 10C  AD JD 9D KD  QD 10D 6D"


def deal_state(
    hands: dict[int, str],
    plays: str = "",
    rules: Rules | None = None,
    passes: dict[int, str] | None = None,
) -> HandState:
    """A hand dealt exactly as written (every seat given), after ``passes`` to the left (when
    given, else a hold hand; an empty dict leaves the hand in the pass phase) and the checked
    ``plays``."""
    rules = rules or Rules()
    masks = [mask_of(parse_cards(hands[seat])) for seat in range(rules.players)]
    direction = PassDirection.HOLD if passes is None else PassDirection.LEFT
    state = HandState.deal(rules, masks, direction)
    for seat, cards in (passes or {}).items():
        state.choose_pass(seat, parse_cards(cards))
    for card in parse_cards(plays):
        state.play(card)
    return state


def view_of(
    state: HandState, seat: int | None = None, totals: tuple[int, ...] | None = None
) -> SeatView:
    """What ``seat`` (default: the seat to act) sees in ``state``, as the first hand of a match
    with the given totals before it."""
    seat = state.turn if seat is None else seat
    return SeatView.of_hand(state, seat, totals=totals)


def medium_plays(seeds: range) -> Iterator[tuple[int, HandState, SeatView, Card]]:
    """Every play of single hands of four Medium (one a seed): the seed, the state and view
    before the play, and Medium's card, which is then played."""
    for seed, state, view, decision in medium_hands(seeds):
        yield seed, state, view, decision.card
