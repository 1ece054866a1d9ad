"""Easy: "often distracted". A sensible player (Medium's heuristics) that, a fair part of the
time, plays a random legal card or passes three random cards. It still follows every rule.

>>> from game.engine.rules import Rules
>>> from game.engine.match import Match
>>> view = Match.new(Rules(), seed=4).view(1)
>>> EasyPlayer(3).choose_pass(view) == EasyPlayer(3).choose_pass(view)
True
"""

from __future__ import annotations

from typing import Final

from game.ai.decision import Decision, Motive
from game.ai.medium import DecidingPlayer, heuristic_pass, heuristic_play
from game.ai.seeding import decision_rng
from game.engine.cards import CARDS, cards_of
from game.engine.rules import PASS_SIZE
from game.engine.view import SeatView

CARELESS_PLAY_RATE: Final = 0.37  # share of plays picked at random among the legal cards
CARELESS_PASS_RATE: Final = 0.40  # share of passes picked at random


class EasyPlayer(DecidingPlayer):
    level = "easy"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = str(seed)

    def decide_pass(self, view: SeatView) -> Decision:
        rng = decision_rng(self.seed, view, "easy-pass")
        if rng.random() < CARELESS_PASS_RATE:
            cards = tuple(sorted(rng.sample(cards_of(view.hand), PASS_SIZE)))
            return Decision(cards, Motive.CARELESS_PASS)
        return heuristic_pass(view.hand)

    def decide_play(self, view: SeatView) -> Decision:
        legal = view.legal_cards()
        if not legal:
            raise ValueError("it is not this seat's turn to play")
        rng = decision_rng(self.seed, view, "easy-play")
        if len(legal) > 1 and rng.random() < CARELESS_PLAY_RATE:
            return Decision.play(CARDS[rng.choice(legal)], Motive.CARELESS_PLAY)
        return heuristic_play(view)
