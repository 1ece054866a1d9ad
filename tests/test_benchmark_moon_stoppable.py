"""benchmarks/moon_stoppable.py: the exact search of which moons a seat could have stopped."""

from __future__ import annotations

import pytest

from benchmarks.hard_paired import moon_against
from benchmarks.moon_stoppable import (
    STOPPABLE,
    UNKNOWN,
    UNSTOPPABLE,
    Table,
    best_response,
    distinct,
    main,
    replayed,
    search,
)
from game.ai.baselines import OpportunistPlayer
from game.ai.hard import utility
from game.engine.cards import parse_cards
from game.engine.players import Player
from tests.helpers.ai import deal_state

# Seat 1 holds the top of every suit: it wins every trick whatever the others do, and takes
# every point. Seat 0's clubs touch (no other seat holds a club between them), so do its
# diamonds: the search has at most two cards to try at each of its turns.
RUN_ALL = {
    0: "2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D",
    1: "AC KC QC JC AD KD QD AS KS QS AH KH QH",
    2: "6D 7D 8D 9D 10D JD 2S 3S 4S 5S 6S 7S 8S",
    3: "9S 10S JS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
}
# The same with seat 0's 5 of diamonds and seat 1's ace of hearts swapped: seat 0 can win a
# trick with a heart in it, so some line of its stops the moon.
ACE_SWAPPED = {
    0: "2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D AH",
    1: "AC KC QC JC AD KD QD AS KS QS 5D KH QH",
    2: RUN_ALL[2],
    3: RUN_ALL[3],
}


def table_of(seat: int = 0) -> Table:
    players: list[Player] = [OpportunistPlayer(f"t/{s}") for s in range(4)]
    return Table(seat, players, hand_number=0, dealer=0, totals=(0, 0, 0, 0))


def test_cards_touching_in_what_the_others_hold_are_searched_once() -> None:
    state = deal_state(RUN_ALL)  # seat 0 leads the two of clubs: its only legal card
    assert distinct(state, 0) == parse_cards("2C")
    state.advance(parse_cards("2C")[0])
    # Seat 1 to play: its clubs touch (the others' highest is the 10, seat 0's 9 below it).
    assert distinct(state, 1) == parse_cards("AC")
    # Seat 2 is void in clubs on the first trick, and holds diamonds and spades: one of each
    # run it holds, and the 8 of spades does not touch the queen (seat 1 holds the queen, a
    # point card, and the king and ace; seat 3 holds the 9 to the jack).
    state.advance(parse_cards("AC")[0])
    assert distinct(state, 2) == parse_cards("8S JD")


def test_a_moon_no_line_of_the_seat_beside_it_can_stop() -> None:
    state = deal_state(RUN_ALL)
    verdict, line = search(state, table_of(), budget=10_000)
    assert (verdict, line) == (UNSTOPPABLE, [])
    # And the hand does end in a moon when seat 0 plays its lowest cards.
    scores = replayed(state, table_of(), [])
    assert scores is not None and moon_against(scores, 0)


def test_a_moon_one_line_stops_and_the_line_is_returned() -> None:
    state = deal_state(ACE_SWAPPED)
    verdict, line = search(state, table_of(), budget=10_000)
    assert verdict == STOPPABLE and line
    scores = replayed(state, table_of(), line)
    assert scores is not None and not moon_against(scores, 0) and scores[0] > 0


def test_the_best_response_rates_at_least_every_line_it_is_compared_with() -> None:
    def rated(scores: tuple[int, ...] | None) -> float:
        assert scores is not None
        return utility(scores, 0, (0, 0, 0, 0), 100)

    state = deal_state(RUN_ALL)
    best = best_response(state, table_of(), budget=10_000)
    assert best is not None and moon_against(best, 0)  # nothing stops it
    state = deal_state(ACE_SWAPPED)
    best = best_response(state, table_of(), budget=10_000)
    _, stop = search(state, table_of(), budget=10_000)
    lines = [[], stop]  # its lowest cards, and the stop the search finds
    assert all(rated(best) >= rated(replayed(state, table_of(), line)) for line in lines)
    assert best_response(state, table_of(), budget=2) is None


def test_a_search_out_of_budget_says_it_does_not_know() -> None:
    verdict, line = search(deal_state(RUN_ALL), table_of(), budget=2)
    assert (verdict, line) == (UNKNOWN, [])


def test_the_report_counts_the_moons_and_their_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--deals", "2", "--seed", "t1", "--player", "medium", "--budget", "500", "--best"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "2 deals x 4 seats, seed t1: Medium beside three opportunist" in out
    assert "another seat's moon in" in out and "unstoppable:" in out
    assert "the best response to each moon" in out
