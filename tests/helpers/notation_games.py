"""Seeded games for the notation's tests: played to a number of moves, or greedily (a seat
holding the top cards plays them and shoots the moon)."""

from __future__ import annotations

from game.engine.cards import Card
from game.engine.match import Match
from game.engine.players import RandomPlayer, decide
from game.engine.view import SeatView


class GreedyPlayer(RandomPlayer):
    """Plays its highest legal card: with a strong deal, it takes every trick (a moon)."""

    def choose_play(self, view: SeatView) -> Card:
        return max(view.legal_cards(), key=lambda c: c % 13)


def play(match: Match, moves: int | None, greedy: bool, seed: int) -> int:
    """Play ``match`` (to its end, or ``moves`` moves); returns the moves made."""
    players = [GreedyPlayer(seed) if greedy else RandomPlayer(f"{seed}/{s}") for s in range(5)]
    made = 0
    while moves is None or made < moves:
        acting = match.to_act()
        if not acting:
            if match.is_over:
                break
            match.next_hand()
            continue
        seat = acting[0]
        match.apply(seat, decide(players[seat], match.view(seat)))
        made += 1
    return made
