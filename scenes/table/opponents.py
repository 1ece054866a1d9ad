"""The computer players the window seats: one function, so the AI can be swapped in one place."""

from __future__ import annotations

from game.ai import make_player
from game.engine.players import Player


def make_opponent(level: str, seed: str) -> Player:
    """A computer player of ``level`` ("easy", "medium" or "hard") with its own seed."""
    return make_player(level, seed)
