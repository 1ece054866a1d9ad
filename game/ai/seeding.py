"""Per-decision random generators: a decision depends on the player's seed and the position only.

The key describes the position a seat sees (hand number, seat, phase, the cards played in order,
its own cards), so a player recreated in the middle of a game, in another thread or process,
makes the same choice.

>>> from game.engine.rules import Rules
>>> from game.engine.match import Match
>>> view = Match.new(Rules(), seed=1).view(0)
>>> decision_rng(7, view, "play").random() == decision_rng("7", view, "play").random()
True
>>> position_key(SeatView.from_dict(view.to_dict())) == position_key(view)
True
"""

from __future__ import annotations

import random

from game.engine.view import SeatView


def position_key(view: SeatView) -> str:
    """A stable text naming what the seat sees now."""
    # int(): a card may be a plain int or a Card (which prints "QS"); the key reads the value.
    plays = ".".join(str(int(c)) for _, cards, _ in view.tricks for c in cards)
    current = ".".join(str(int(c)) for c in view.trick)
    return (
        f"{view.hand_number}|{view.seat}|{view.phase.value}|{view.hand:x}|{view.passed:x}"
        f"|{plays}|{view.leader}:{current}"
    )


def decision_rng(seed: int | str, view: SeatView, purpose: str) -> random.Random:
    """A generator seeded by the player's seed, the purpose and the position (SHA-512 of the
    text, so it is the same on every machine and in every process)."""
    return random.Random(f"dame-de-pique/ai|{seed}|{purpose}|{position_key(view)}")
